"""The planner's engine plan kinds (engine/bots/engines.py): each is a valid strategy that
finishes games, and the plays they rely on are sensible: a trash plan trashes Estates and
Coppers (its Chapel is played on Coppers, its Steward trashes), a village comes before a
terminal."""
from __future__ import annotations

import random
from functools import partial

import pytest

from engine import CARDS, new_game
from engine.bots import engines, planner
from engine.bots.common import SeatView
from engine.bots.money import big_money_ultimate
from engine.bots.plans import candidates
from engine.bots.rules import parse
from engine.kingdoms import random_kingdom
from engine.setup import deal, normalise
from tests.engine.helpers import decision, position, seat

# one kingdom per plan kind, and the plan each must offer there
KINDS = {
    "market-square-masquerade": ["Market Square", "Masquerade", "Village", "Smithy", "Moat",
                                 "Cellar", "Bureaucrat", "Festival", "Woodcutter", "Spy"],
    "labs-chapel-laboratory": ["Chapel", "Laboratory", "Market", "Moat", "Cellar", "Spy",
                               "Village", "Woodcutter", "Feast", "Bureaucrat"],
    "labs-chapel-laboratory-smithy": ["Chapel", "Laboratory", "Smithy", "Moat", "Cellar",
                                      "Spy", "Woodcutter", "Feast", "Bureaucrat", "Harbinger"],
    "thin-village-smithy": ["Village", "Smithy", "Steward", "Market", "Cellar", "Spy",
                            "Woodcutter", "Feast", "Bureaucrat", "Harbinger"],
    "library-festival": ["Library", "Festival", "Cellar", "Spy", "Woodcutter", "Feast",
                         "Bureaucrat", "Harbinger", "Moat", "Chancellor"],
    "bm-library-festival-2": ["Library", "Festival", "Cellar", "Spy", "Woodcutter", "Feast",
                              "Bureaucrat", "Harbinger", "Moat", "Chancellor"],
    "bm-library-squire-1": ["Library", "Squire", "Cellar", "Spy", "Woodcutter", "Feast",
                            "Bureaucrat", "Harbinger", "Moat", "Chancellor"],
    "conspirator-village": ["Conspirator", "Village", "Cellar", "Spy", "Woodcutter", "Feast",
                            "Bureaucrat", "Harbinger", "Moat", "Chancellor"],
}


def _plan(name: str) -> dict:
    return next(d for d in candidates(KINDS[name]) if d["name"] == name)


@pytest.mark.parametrize("name", sorted(KINDS))
def test_each_engine_kind_is_offered_valid_and_finishes_games(name):
    definition = _plan(name)
    strategy = parse(definition)
    assert strategy.fits(KINDS[name])
    setup = planner._setup(_key(KINDS[name]))
    for i in range(2):  # a few quick games against Big Money Ultimate, seats swapped
        bots = [strategy.answer, big_money_ultimate][:: 1 if i == 0 else -1]
        result = planner.play_game(setup, bots, f"kind:{name}:{i}")
        assert result["winners"], name  # the game ended (not cut off at MAX_STEPS)


def _key(kingdom):
    g = new_game({"players": 2, "kingdom": kingdom, "shelters": False}, "any")
    return SeatView(g, 0).setup_key()


def test_trash_plans_trash_estates_and_coppers_down_to_their_floor():
    trash = engines.thin_trash(5)
    assert {"card": "Estate", "if": "gains_to_end > 5"} in trash
    assert {"card": "Copper", "if": "economy >= 5"} in trash
    assert all(d.get("trash") for d in candidates(KINDS["labs-chapel-laboratory"])
               if d["name"].startswith(("labs-", "thin-")))


def test_no_rats_or_forager_market_square_plan():
    """They must trash a card each play: measured, they churn Golds and breed Rats."""
    names = [d["name"] for d in candidates(["Market Square", "Rats", "Forager", "Village",
                                            "Smithy", "Moat", "Cellar", "Spy", "Feast",
                                            "Woodcutter"])]
    assert not [n for n in names if n.startswith("market-square")]


def test_a_chapel_plan_plays_chapel_on_coppers_the_heuristic_would_keep():
    kingdom = KINDS["labs-chapel-laboratory"]
    plan = _plan("labs-chapel-laboratory")
    g = position(seat(hand=["Chapel", "Copper", "Copper", "Copper", "Silver"],
                      deck=["Copper"] * 4 + ["Gold"] * 2), seat(), kingdom=kingdom)
    s = parse(plan)
    d = decision(g, 0, "PlayAction")
    assert [g.names[c] for c in s.answer(SeatView(g, 0), d)] == ["Chapel"]
    g.answer(0, d.id, s.answer(SeatView(g, 0), d))
    pick = decision(g, 0, "ChooseCards")
    picked = [g.names[c] for c in s.answer(SeatView(g, 0), pick)]
    assert picked and set(picked) == {"Copper"}  # down to the plan's floor, never the Silver
    # without Coppers the trash list has nothing: Chapel stays in hand
    g2 = position(seat(hand=["Chapel", "Silver", "Gold"], deck=["Gold"] * 3), seat(),
                  kingdom=kingdom)
    assert s.answer(SeatView(g2, 0), decision(g2, 0, "PlayAction")) == []


def test_a_steward_plan_trashes_two_coppers():
    s = parse(_plan("thin-village-smithy"))
    g = position(seat(hand=["Steward", "Copper", "Copper", "Copper", "Estate"],
                      deck=["Copper"] * 4 + ["Silver"] * 3), seat(),
                 kingdom=KINDS["thin-village-smithy"])
    d = decision(g, 0, "PlayAction")
    g.answer(0, d.id, s.answer(SeatView(g, 0), d))
    option = decision(g, 0, "ChooseOption")
    assert s.answer(SeatView(g, 0), option) == "trash"


def test_an_engine_plays_its_village_before_its_draw():
    s = parse(_plan("thin-village-smithy"))
    g = position(seat(hand=["Smithy", "Village", "Copper", "Copper", "Estate"],
                      deck=["Copper"] * 6), seat(), kingdom=KINDS["thin-village-smithy"])
    d = decision(g, 0, "PlayAction")
    assert [g.names[c] for c in s.answer(SeatView(g, 0), d)] == ["Village"]


@pytest.mark.parametrize("seed", range(40))
def test_plan_names_stay_within_the_format_on_random_kingdoms(seed):
    """Two long card names once made a 41-character name, and planning failed."""
    kingdom = random_kingdom(random.Random(f"names:{seed}"), CARDS.values())
    for definition in candidates(kingdom):
        parse(definition)


def test_two_long_card_names_make_a_short_enough_plan_name():
    long = candidates(["Wandering Minstrel", "Hunting Grounds", "Cellar", "Spy", "Feast",
                       "Woodcutter", "Bureaucrat", "Harbinger", "Moat", "Chancellor"])
    assert all(len(d["name"]) <= 40 for d in long)
    assert any(d["name"].startswith("engine-wandering-minstrel") for d in long)


@pytest.mark.parametrize("n", engines.LIGHT_VILLAGES)
def test_light_library_plan_buys_two_libraries_and_its_few_villages(n):
    kingdom = KINDS["bm-library-squire-1"]
    strategy = parse(next(d for d in candidates(kingdom)
                          if d["name"] == f"bm-library-squire-{n}"))
    setup = planner._setup(_key(kingdom))
    libraries = 0
    for i in range(4):
        g = deal(normalise(setup), f"light:{n}:{i}", log=False)
        bots = [strategy.answer, big_money_ultimate]
        g.play_out([partial(b, SeatView(g, p)) for p, b in enumerate(bots)], 6000)
        mine = [g.names[c] for c in g.players[0].all_cards()]
        assert g.result
        assert mine.count("Library") <= 2 and mine.count("Squire") <= n
        libraries += mine.count("Library")
    assert libraries >= 3  # (a game may see no $5 hand before the Provinces)


def test_flex_plans_pair_two_copies_of_a_top_terminal_with_squires():
    from engine.bots.plans import FLEX_HELPERS

    assert "Squire" in FLEX_HELPERS
    kingdom = ["Smithy", "Squire", "Cellar", "Spy", "Woodcutter", "Feast", "Bureaucrat",
               "Harbinger", "Moat", "Chancellor"]
    plans = {d["name"]: d for d in candidates(kingdom)}
    for n in (1, 2):
        plan = plans[f"bm-smithy-squire-{n}"]
        assert {"card": "Squire", "max": n} in plan["buy"]
        assert [r for r in plan["buy"] if isinstance(r, dict) and r["card"] == "Smithy"] == [
            {"card": "Smithy", "max": 1}, {"card": "Smithy", "max": 2, "if": "deck_size >= 13"}]
        strategy = parse(plan)
        assert strategy.fits(kingdom)
        setup = planner._setup(_key(kingdom))
        result = planner.play_game(setup, [strategy.answer, big_money_ultimate], f"flex:{n}")
        assert result["winners"]
    assert not [n for n in candidates([k for k in kingdom if k != "Squire"] + ["Village"])
                if "squire" in n["name"]]
