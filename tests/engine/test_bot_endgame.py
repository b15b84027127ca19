"""Keeping score at the end: no game-ending buy that loses, the one that wins is taken; and
Masquerade passes the card cheapest to lose, never a Province when anything else will do."""
from __future__ import annotations

import pytest

from engine.bots import bot_answer
from engine.bots.common import SeatView
from engine.bots.endgame import LOSE, TIE, WIN, best_extra, verdict
from engine.bots.rules import parse
from tests.engine.helpers import answer, decision, play, position, seat, treasures

K = ["Chapel", "Workshop", "Smithy", "Witch", "Militia", "Gardens", "Village", "Masquerade",
     "Moat", "Laboratory"]
GREEDY = {"name": "greedy", "buy": ["Province", "Duchy", "Gold", "Silver"]}


def _buy(hand, me_owned, them_owned, strategy="heuristic", supply=None, buys=1):
    g = position(seat(hand=hand, discard=me_owned), seat(discard=them_owned), kingdom=K,
                 supply=supply or {"Province": 1}, turn={"buys": buys})
    treasures(g)
    d = decision(g, 0, "BuyPhase")
    if isinstance(strategy, dict):
        return parse(strategy).answer(SeatView(g, 0), d)
    return bot_answer(strategy, g, 0, d)


@pytest.mark.parametrize("strategy", ["heuristic", GREEDY, "planner"])
def test_the_last_province_is_not_bought_when_it_loses(strategy):
    # 6 + 6 = 12 for me against 18: the game would end with me behind
    out = _buy(["Gold", "Gold", "Silver"], ["Province"], ["Province"] * 3, strategy)
    assert out != {"buy": "Province"}


@pytest.mark.parametrize("strategy", ["heuristic", GREEDY, "planner"])
def test_the_last_province_is_bought_when_it_wins(strategy):
    out = _buy(["Gold", "Gold", "Silver"], ["Province"] * 2, ["Province", "Duchy"], strategy)
    assert out == {"buy": "Province"}


def test_a_game_ending_buy_counts_what_the_other_buys_add():
    # Province alone ties 13-13 and loses the tie-break (more turns); Province + Estate wins
    g = position(seat(hand=["Gold", "Gold", "Gold", "Gold"], discard=["Province", "Estate"]),
                 seat(discard=["Province", "Province", "Estate"]), kingdom=K,
                 supply={"Province": 1}, turn={"buys": 2})
    treasures(g)
    d = decision(g, 0, "BuyPhase")
    view = SeatView(g, 0)
    assert verdict(view, ["Province"]) == LOSE
    assert best_extra(view, 4, 1, {"Province": 1}) == ["Estate"]
    assert verdict(view, ["Province", "Estate"]) == WIN
    assert bot_answer("heuristic", g, 0, d) == {"buy": "Province"}


def test_a_tie_goes_to_the_player_with_fewer_turns():
    g = position(seat(discard=["Province"]), seat(discard=["Province"]), kingdom=K)
    view = SeatView(g, 0)
    assert verdict(view, []) == LOSE  # seat 0 has had a turn more
    g.players[1].turns = 1
    assert verdict(view, []) == TIE


def test_a_third_empty_pile_that_wins_is_taken():
    out = _buy(["Silver", "Silver"], ["Duchy"], ["Estate"], GREEDY,
               supply={"Province": 8, "Chapel": 0, "Moat": 0, "Estate": 1})
    assert out == {"buy": "Estate"}  # +1 VP and the game is over, won


def test_a_third_empty_pile_that_loses_is_left():
    out = _buy(["Silver", "Silver"], [], ["Duchy"], "heuristic",
               supply={"Province": 8, "Chapel": 0, "Moat": 0, "Estate": 1})
    assert out != {"buy": "Estate"}


# ----- Masquerade ---------------------------------------------------------------------------
def _pass(hand: list[str], strategy: str = "heuristic", **kw) -> str:
    g = position(seat(hand=["Masquerade", *hand], deck=["Copper", "Copper"]),
                 seat(hand=["Copper"] * 5), kingdom=K, **kw)
    play(g, "Masquerade")
    d = decision(g, 0, "ChooseCards", card="Masquerade")
    return g.names[bot_answer(strategy, g, 0, d)[0]]


@pytest.mark.parametrize("strategy", ["heuristic", "planner"])
def test_masquerade_never_passes_a_province_when_anything_else_will_do(strategy):
    assert _pass(["Province", "Gold", "Silver"], strategy) == "Copper"  # drawn: 2 Coppers
    assert _pass(["Province", "Duchy", "Gold"], strategy) == "Copper"


def test_masquerade_passes_a_curse_first_and_an_estate_before_copper_early():
    assert _pass(["Curse", "Estate", "Province"]) == "Curse"
    assert _pass(["Estate", "Gold"]) == "Estate"
    late = _pass(["Estate", "Gold"], supply={"Province": 2})
    assert late == "Copper"  # near the end an Estate is a VP given away twice


def test_masquerade_passes_a_duchy_only_when_all_else_is_dearer():
    g = position(seat(hand=["Masquerade", "Duchy", "Gold", "Gold"], deck=["Gold", "Gold"]),
                 seat(hand=["Copper"] * 5), kingdom=K)
    play(g, "Masquerade")
    d = decision(g, 0, "ChooseCards", card="Masquerade")
    assert g.names[bot_answer("heuristic", g, 0, d)[0]] == "Gold"
    answer(g, 0, [c for c in d.cards if g.names[c] == "Gold"][:1], card="Masquerade")


# ----- the heuristic's opening on a Witch board -----------------------------------------------
WITCH_BOARD = ["Witch", "Coppersmith", "Village", "Moat", "Cellar", "Chapel", "Workshop",
               "Woodcutter", "Feast", "Gardens"]


def _opening_buy(hand, discard=()):
    g = position(seat(hand=hand, deck=["Copper"] * 5, discard=list(discard)), seat(),
                 kingdom=WITCH_BOARD, edition=1)
    treasures(g)
    return bot_answer("heuristic", g, 0, decision(g, 0, "BuyPhase"))


def test_the_heuristic_saves_a_witch_board_opening_for_silver_not_coppersmith():
    assert _opening_buy(["Copper"] * 4) == {"buy": "Silver"}
    assert _opening_buy(["Copper"] * 5) == {"buy": "Witch"}


def test_the_heuristic_buys_a_second_witch():
    assert _opening_buy(["Copper"] * 5, discard=["Witch", "Silver"]) == {"buy": "Witch"}


def test_rebuild_does_not_take_the_last_province_when_that_loses():
    g = position(seat(hand=["Rebuild", "Copper"], deck=["Duchy", "Copper", "Copper"]),
                 seat(discard=["Province"] * 3), kingdom=["Rebuild", *K[1:]],
                 supply={"Province": 1})
    play(g, "Rebuild")
    answer(g, 0, bot_answer("heuristic", g, 0, decision(g, 0, "NameCard")), kind="NameCard")
    d = decision(g, 0, "ChoosePile")
    assert "Province" in d.piles
    assert bot_answer("heuristic", g, 0, d) == "Duchy"
