"""The planner: its library covers the kinds of plan the issue lists, every plan is a valid
strategy, a plan depends only on the table (public) and is deterministic, and it is made
once per table."""
from __future__ import annotations

import random

import pytest

from engine import CARDS, new_game
from engine.bots import planner, seat_player
from engine.bots.common import SeatView
from engine.bots.plans import candidates
from engine.bots.rules import parse
from engine.kingdoms import random_kingdom
from tests.engine.helpers import decision, position, seat, treasures

K = ["Witch", "Smithy", "Village", "Chapel", "Gardens", "Workshop", "Throne Room", "Militia",
     "Laboratory", "Moat"]


@pytest.fixture
def quick_planner(monkeypatch):
    """A small tournament (the real one plays about a thousand games per table)."""
    monkeypatch.setattr(planner, "ROUNDS", ((2, 3), (4, 1)))
    monkeypatch.setattr(planner, "FINAL_HEAD_TO_HEAD", 2)
    monkeypatch.setattr(planner, "_PLANS", type(planner._PLANS)())
    return planner


def _key(kingdom, players=2, shelters=False):
    g = new_game({"players": players, "kingdom": kingdom, "shelters": shelters}, "any")
    return SeatView(g, 0).setup_key()


def test_the_library_has_every_kind_of_plan_the_issue_names():
    kingdom = ["Witch", "Smithy", "Village", "Chapel", "Gardens", "Workshop", "Throne Room",
               "Militia", "Laboratory", "Duke"]
    names = [d["name"] for d in candidates(kingdom)]
    assert names[0] == "big-money"
    for expected in ("bm-smithy", "bm-smithy-2", "bm-witch-2", "bm-militia",
                     "bm-smithy-militia", "bm-witch-laboratory", "bm-witch-village",
                     "gardens-workshop", "duke", "throne-witch", "engine-village-witch"):
        assert expected in names, expected
    engine = next(d for d in candidates(kingdom) if d["name"].startswith("engine-"))
    assert "Chapel" in engine["requires"] and engine["trash"]
    dark = [d["name"] for d in candidates(["Rebuild", "Feodum", "Counterfeit", "Cultist",
                                           "Hunting Grounds", "Urchin", "Rats", "Count",
                                           "Bandit Camp", "Squire"])]
    assert {"rebuild", "feodum", "bm-counterfeit", "bm-cultist-3",
            "bm-hunting-grounds"} <= set(dark)
    assert "bm-minion-many" in [d["name"] for d in candidates(["Minion", *kingdom[1:]])]


def test_no_plan_buys_many_moneyless_attacks_before_silver():
    """Eight Urchins bought instead of Silver lost every game to Big Money Ultimate."""
    kingdom = ["Urchin", "Smithy", "Village", "Militia", "Market", "Moat", "Cellar",
               "Workshop", "Chapel", "Festival"]
    names = [d["name"] for d in candidates(kingdom)]
    assert not [n for n in names if n.startswith("bm-urchin-many")]


def test_knights_are_tried_but_the_kingdoms_better_terminals_pair_first():
    """Big Money with Knights makes about what Big Money alone makes (most Knights add no
    coins): the Knights plans stay in the library, but the pair and helper plans are built
    from the terminals that do better (Militia, Moneylender here)."""
    kingdom = ["Knights", "Militia", "Moneylender", "Smithy", "Laboratory", "Village",
               "Cellar", "Moat", "Workshop", "Chapel"]
    names = [d["name"] for d in candidates(kingdom)]
    assert "bm-knights-2" in names
    assert "bm-smithy-militia" in names and "bm-smithy-knights" not in names
    assert "bm-militia-laboratory" in names and "bm-knights-laboratory" not in names


@pytest.mark.parametrize("seed", range(8))
def test_every_candidate_is_a_valid_strategy(seed):
    kingdom = random_kingdom(random.Random(seed), CARDS.values())
    for definition in candidates(kingdom):
        strategy = parse(definition)
        assert strategy.fits(kingdom), definition["name"]


def test_the_table_is_public_and_the_same_for_every_seat_and_seed():
    kingdom = ["Witch", "Smithy", "Village", "Chapel", "Gardens", "Workshop", "Throne Room",
               "Militia", "Laboratory", "Moat"]
    a = new_game({"players": 3, "kingdom": kingdom}, "secret one")
    b = new_game({"players": 3, "kingdom": list(reversed(kingdom))}, "secret two")
    keys = {SeatView(g, p).setup_key() for g in (a, b) for p in range(3)}
    assert len(keys) == 1
    key = keys.pop()
    assert "secret" not in repr(key) and key[1] == 3
    assert "secret" not in planner._seed_base(key)


def test_shelters_make_another_table_when_the_rulebook_decides():
    da = ["Rebuild", "Feodum", "Counterfeit", "Cultist", "Hunting Grounds", "Urchin", "Rats",
          "Count", "Bandit Camp", "Squire"]
    keys = planner.table_keys({"players": 2, "kingdom": da, "shelters": "auto"})
    assert sorted(k[3] for k in keys) == [False, True]
    assert len(planner.table_keys({"players": 2, "kingdom": da, "shelters": "never"})) == 1


def test_planning_is_deterministic_and_cached(quick_planner):
    key = _key(["Witch", "Smithy", "Village", "Chapel", "Gardens", "Workshop", "Throne Room",
                "Militia", "Laboratory", "Moat"])
    first = quick_planner.make_plan(key)
    assert first == quick_planner.make_plan(key)
    assert parse({k: v for k, v in first.items() if k != "planner"})
    assert first["planner"]["finalists"]
    strategy = quick_planner.strategy_for(key)
    assert quick_planner.cached(key) is strategy
    assert quick_planner.strategy_for(key) is strategy


def test_a_remembered_plan_is_played_without_planning(quick_planner, monkeypatch):
    g = position(seat(hand=["Silver", "Silver"]), seat(), kingdom=K)
    quick_planner.remember(SeatView(g, 0).setup_key(),
                           {"name": "stored", "buy": ["Smithy", "Silver"]})
    monkeypatch.setattr(quick_planner, "make_plan", lambda key: pytest.fail("planned again"))
    treasures(g)
    assert seat_player("planner", g, 0)(decision(g, 0)) == {"buy": "Smithy"}


@pytest.mark.parametrize("seed", range(3))
def test_the_planner_finishes_games_on_random_kingdoms(quick_planner, seed):
    rng = random.Random(100 + seed)
    kingdom = random_kingdom(rng, CARDS.values())
    players = 2 + seed % 2
    g = new_game({"players": players, "kingdom": kingdom, "shelters": "auto"}, f"p{seed}")
    bots = [seat_player("planner" if p == 0 else "heuristic", g, p) for p in range(players)]
    for _ in range(20000):
        if g.over:
            break
        d = g.pending()[0]
        g.answer(d.seat, d.id, bots[d.seat](d))
    assert g.over, kingdom
