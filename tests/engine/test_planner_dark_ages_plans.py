"""The planner's Rebuild and one-shot attack plan kinds (engine/bots/plans.py): offered where
their cards are, valid strategies that finish games, and buying what they are meant to: two
Rebuilds and the kingdom's terminal, Duchies once a Province is gone; a Pillage bought again
once it has trashed itself."""
from __future__ import annotations

import pytest

from engine import new_game
from engine.bots import planner
from engine.bots.common import SeatView
from engine.bots.money import big_money_ultimate
from engine.bots.plans import candidates
from engine.bots.rules import parse
from tests.engine.helpers import decision, position, seat

REBUILD = ["Rebuild", "Smithy", "Laboratory", "Militia", "Cellar", "Spy", "Woodcutter",
           "Feast", "Bureaucrat", "Harbinger"]
PILLAGE = ["Pillage", "Bandit", "Cellar", "Spy", "Woodcutter", "Feast", "Harbinger",
           "Chancellor", "Moat", "Village"]


def _key(kingdom):
    g = new_game({"players": 2, "kingdom": kingdom, "shelters": False}, "any")
    return SeatView(g, 0).setup_key()


def _plans(kingdom):
    return {d["name"]: d for d in candidates(kingdom)}


def _finishes(kingdom, definition, tag):
    strategy = parse(definition)
    assert strategy.fits(kingdom)
    setup = planner._setup(_key(kingdom))
    for i in range(2):
        bots = [strategy.answer, big_money_ultimate][:: 1 if i == 0 else -1]
        assert planner.play_game(setup, bots, f"{tag}:{i}")["winners"]


def _buys(kingdom, definition, mine, coins_hand, provinces=8):
    """What the plan buys with `coins_hand` in hand and `mine` in its deck."""
    g = position(seat(hand=coins_hand, deck=mine), seat(discard=["Province"] * (8 - provinces)),
                 kingdom=kingdom, supply={"Province": provinces})
    s = parse(definition)
    d = decision(g, 0, "BuyPhase")
    while "buy" not in (answer := s.answer(SeatView(g, 0), d)):
        g.answer(0, d.id, answer)
        d = decision(g, 0, "BuyPhase")
    return answer["buy"]


def test_rebuild_plans_are_offered_with_the_top_terminals_and_a_strong_helper():
    plans = _plans(REBUILD)
    expected = {"rebuild", "rebuild-smithy-1", "rebuild-smithy-2", "rebuild-militia-1",
                "rebuild-militia-2", "rebuild-militia-laboratory"}
    assert expected <= set(plans)
    for name in expected:
        rules = plans[name]["buy"]
        assert {"card": "Rebuild", "max": 2} in rules
        assert {"card": "Duchy", "if": "gains_to_end <= 7"} in rules
    two = [r for r in plans["rebuild-smithy-2"]["buy"]
           if isinstance(r, dict) and r["card"] == "Smithy"]
    assert two == [{"card": "Smithy", "max": 1}, {"card": "Smithy", "max": 2,
                                                  "if": "deck_size >= 13"}]
    assert not [n for n in _plans([*REBUILD[1:], "Moat"]) if n.startswith("rebuild")]


@pytest.mark.parametrize("name", ["rebuild", "rebuild-smithy-1", "rebuild-militia-laboratory"])
def test_rebuild_plans_finish_games(name):
    _finishes(REBUILD, _plans(REBUILD)[name], name)


def test_a_rebuild_plan_buys_rebuilds_then_its_terminal_then_duchies_once_a_province_went():
    plan = _plans(REBUILD)["rebuild-smithy-1"]
    deck = ["Copper"] * 7 + ["Estate"] * 3
    assert _buys(REBUILD, plan, deck, ["Silver", "Silver", "Copper"]) == "Rebuild"
    two = [*deck, "Rebuild", "Rebuild"]
    assert _buys(REBUILD, plan, two, ["Silver", "Silver", "Copper"]) == "Smithy"
    assert _buys(REBUILD, plan, [*two, "Smithy"], ["Silver", "Silver", "Copper"]) == "Silver"
    # one Province gone: a Duchy instead of the Silver
    assert _buys(REBUILD, plan, [*two, "Smithy"], ["Silver", "Silver", "Copper"],
                 provinces=7) == "Duchy"


def test_pillage_plans_keep_pillages_beside_one_copy_of_a_top_terminal():
    plans = _plans(PILLAGE)
    for n in (2, 3):
        plan = plans[f"bm-bandit-pillage-{n}"]
        assert {"card": "Pillage", "max": n} in plan["buy"]
        assert {"card": "Bandit", "max": 1} in plan["buy"]
        _finishes(PILLAGE, plan, f"pillage:{n}")
    plan = plans["bm-bandit-pillage-2"]
    deck = ["Copper"] * 7 + ["Estate"] * 3 + ["Bandit", "Silver"]
    # one Pillage left (the other trashed itself): another is bought
    assert _buys(PILLAGE, plan, [*deck, "Pillage"], ["Silver", "Silver", "Copper"]) == "Pillage"
    assert _buys(PILLAGE, plan, [*deck, "Pillage", "Pillage"],
                 ["Silver", "Silver", "Copper"]) == "Silver"
    assert not [n for n in _plans([*PILLAGE[1:], "Moat"]) if "pillage-" in n]
