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


def test_a_game_that_would_never_end_stops_after_max_rounds():
    # Workshop/Gardens on a kingdom with neither buys Silver and Copper, then nothing: each
    # such game ran to 20,000 answers (0.7 s of CPU for four players), so one simulation of
    # 2,000 of them held the simulations worker for 23 minutes.
    from engine.setup import new_game

    spec = {**SPEC, "kingdom": ["Chapel", "Moneylender", "Throne Room", "Library", "Bureaucrat",
                                "Bandit", "Sentry", "Harbinger", "Vassal", "Poacher"],
            "bots": ["workshop-gardens"] * 2}
    g = new_game(arena.setup_of(spec, 2), "endless")
    arena._play(g, [arena._player("workshop-gardens", g, s, "endless") for s in range(2)])
    assert not g.over
    assert max(p.turns for p in g.players) <= arena.MAX_ROUNDS + 1
    assert arena.run_chunk(spec, 0, 1)["unfinished"] == 1
