"""Simulations in ranges that add up: the engine side of the simulator (engine.bots.arena)."""
from __future__ import annotations

from engine.bots import arena

SPEC = {"kingdom": ["Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel",
                    "Smithy", "Village", "Workshop"], "seed": "arena", "edition": 2,
        "shelters": "auto", "bots": ["smithy", {"name": "gold", "buy": ["Province", "Gold",
                                                                        "Silver"]}, "random"]}


def test_any_split_of_the_games_adds_up_to_the_same_totals():
    whole = arena.run_chunk(SPEC, 0, 6)
    assert arena.merge([arena.run_chunk(SPEC, 3, 6), arena.run_chunk(SPEC, 0, 3)]) == whole
    assert whole["games"] == 6 and sum(whole["lengths"].values()) == 6 - whole["unfinished"]


def test_the_summary_has_win_rates_intervals_and_vp_by_turn():
    out = arena.summary(arena.run_chunk(SPEC, 0, 6), ["smithy", "gold", "random"])
    rows = out["bots"]
    assert [r["bot"] for r in rows] == ["smithy", "gold", "random"]
    assert round(sum(r["wins"] for r in rows), 6) == out["games"] - out["unfinished"]
    for r in rows:
        assert r["ci95"][0] <= r["win_rate"] <= r["ci95"][1]
        assert len(r["vp_by_turn"]) == max(out["lengths"])
    assert arena.summary({}, ["a", "b"]) == {"games": 0, "bots": []}
    assert arena.merge([]) == {}


def test_a_simulation_knows_the_planner_tables_it_may_meet():
    tables = arena.plan_tables({**SPEC, "kingdom": ["Rats", *SPEC["kingdom"][1:]]}, 3)
    assert sorted(k[3] for k in tables) == [False, True]  # the Shelters rule may go either way
