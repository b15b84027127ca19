"""The Knights pile (Dark Ages): one Kingdom pile of ten different Knights, shuffled face down
with only the top card showing, which is the only one that can be bought or gained; and
positions that set its order. Rulings: seed 004 (Preparation, Additional Rules, the Knights
card description) and cards.md section 4a.
"""
from __future__ import annotations

import json

import pytest

from engine import CARDS, new_game
from engine.cardbase import ACTION, ATTACK, KNIGHT, VICTORY
from engine.cards.dark_ages.knights import KNIGHT_NAMES
from engine.setup import supply_counts
from tests.engine.helpers import (
    answer,
    buy,
    end_turn,
    events,
    offered,
    play,
    position,
    seat,
    treasures,
    zone,
)

K = ["Knights", "Village", "Bridge", "Throne Room", "Moat", "Workshop", "Chapel", "Smithy",
     "Market", "Cellar"]


# ----- the cards and the pile -----------------------------------------------------------


def test_each_knight_is_its_own_action_attack_knight_card_in_the_supply_not_a_kingdom_card():
    assert len(KNIGHT_NAMES) == len(set(KNIGHT_NAMES)) == 10
    for name in KNIGHT_NAMES:
        c = CARDS[name]
        assert {"Action", "Attack", "Knight"} <= set(c.types)
        assert not c.is_kingdom and c.in_supply and c.set == "dark_ages"
        assert c.cost == (4 if name == "Sir Martin" else 5)
        assert c.text.endswith(("trash this.", "2VP", "gain a Gold."))


def test_dame_josephine_is_also_a_victory_card_worth_2vp():
    c = CARDS["Dame Josephine"]
    assert c.types == ("Action", "Victory", "Attack", "Knight") and c.vp == 2
    assert not any(CARDS[n].is_(VICTORY) for n in KNIGHT_NAMES if n != "Dame Josephine")


def test_knights_is_one_kingdom_pile_of_the_ten_knights():
    c = CARDS["Knights"]
    assert c.is_kingdom and c.cost == 5 and c.members == KNIGHT_NAMES
    assert c.type_bits == ACTION | ATTACK | KNIGHT and not c.is_(VICTORY)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_knights_pile_has_ten_different_knights_for_any_player_count(players):
    g = new_game({"players": players, "kingdom": K}, f"count-{players}")
    assert sorted(zone(g, None, "Knights")) == sorted(KNIGHT_NAMES)
    assert "Knights" in g.supply


def test_the_knights_pile_is_not_a_victory_pile_even_with_dame_josephine_on_top():
    """004: no Trade Route token and no 12-card count, even if Dame Josephine starts on top."""
    assert supply_counts({"players": 3, "kingdom": ["Knights"]})["Knights"] == 10
    for i in range(60):
        g = new_game({"players": 3, "kingdom": K}, f"jo-{i}")
        if g.pile_top("Knights") == "Dame Josephine":
            assert len(g.piles["Knights"]) == 10 and len(g.piles["Duchy"]) == 12
            return
    pytest.fail("no seed put Dame Josephine on top")


def test_the_knights_pile_is_shuffled_before_each_game():
    tops = {new_game({"players": 2, "kingdom": K}, f"shuffle-{i}").pile_top("Knights")
            for i in range(40)}
    assert len(tops) >= 6


def test_only_the_top_knight_shows_in_every_view():
    g = position(seat(hand=["Copper"]), seat(), kingdom=K,
                 supply={"Knights": ["Sir Martin", "Dame Anna", "Sir Vander"]})
    for viewer in (None, 0, 1):
        v = g.view(viewer)
        pile = next(p for p in v["supply"] if p["pile"] == "Knights")
        assert (pile["top"], pile["count"], pile["cost"]) == ("Sir Martin", 3, 4)
        text = json.dumps(v)
        assert "Dame Anna" not in text and "Sir Vander" not in text


def test_a_new_game_shows_no_knight_but_the_top_one_to_anyone():
    g = new_game({"players": 3, "kingdom": K}, "hidden")
    for viewer in (None, 0, 1, 2):
        text = json.dumps(g.view(viewer))
        assert [n for n in KNIGHT_NAMES if n in text] == [g.pile_top("Knights")]


def test_buying_from_the_knights_pile_gains_the_top_and_reveals_the_next():
    g = position(seat(hand=["Gold", "Silver"]), seat(), kingdom=K, turn={"buys": 2},
                 supply={"Knights": ["Dame Sylvia", "Sir Destry", "Dame Anna"]})
    treasures(g)
    buy(g, "Knights")
    assert zone(g, 0, "discard") == ["Dame Sylvia"]
    assert g.pile_top("Knights") == "Sir Destry" and len(g.piles["Knights"]) == 2
    for viewer in (None, 0, 1):
        pile = next(p for p in g.view(viewer)["supply"] if p["pile"] == "Knights")
        assert (pile["top"], pile["count"], pile["cost"]) == ("Sir Destry", 2, 5)
        assert "Dame Anna" not in json.dumps(g.view(viewer))
    assert events(g, "gain")[-1]["card"] == "Dame Sylvia"


def test_a_knight_on_top_costs_five_so_four_coins_cannot_buy_it():
    g = position(seat(hand=["Silver", "Silver"]), seat(), kingdom=K,
                 supply={"Knights": ["Dame Anna", "Sir Martin"]})
    treasures(g)
    assert "Knights" not in offered(g, 0, "BuyPhase")


def test_sir_martin_costs_four_when_on_top_so_four_coins_buy_him():
    g = position(seat(hand=["Silver", "Silver"]), seat(), kingdom=K, turn={"buys": 2},
                 supply={"Knights": ["Sir Martin", "Dame Anna"]})
    treasures(g)
    buy(g, "Knights")
    assert zone(g, 0, "discard") == ["Sir Martin"] and g.coins == 0


def test_workshop_gains_sir_martin_when_he_is_on_top():
    """004: a $4 gainer can take Sir Martin while he is the top Knight."""
    g = position(seat(hand=["Workshop"]), seat(), kingdom=K,
                 supply={"Knights": ["Sir Martin", "Dame Anna"]})
    play(g, "Workshop")
    assert "Knights" in offered(g, 0, "ChoosePile")
    answer(g, 0, "Knights")
    assert zone(g, 0, "discard") == ["Sir Martin"] and g.pile_top("Knights") == "Dame Anna"


def test_workshop_cannot_gain_a_sir_martin_covered_by_another_knight():
    g = position(seat(hand=["Workshop"]), seat(), kingdom=K,
                 supply={"Knights": ["Dame Anna", "Sir Martin"]})
    play(g, "Workshop")
    assert "Knights" not in offered(g, 0, "ChoosePile")


def test_an_empty_knights_pile_counts_towards_the_game_end():
    g = position(seat(hand=["Copper"]), seat(), kingdom=K,
                 supply={"Knights": [], "Village": 0, "Market": 0})
    end_turn(g)
    assert g.over


# ----- positions with the Knights pile ------------------------------------------------------


def test_a_position_lists_the_knights_pile_top_first():
    g = position(seat(), seat(), kingdom=K, supply={"Knights": ["Sir Vander", "Dame Molly"]})
    assert zone(g, None, "Knights") == ["Dame Molly", "Sir Vander"]  # bottom first


@pytest.mark.parametrize("want, size", [(None, 10), (4, 4), (0, 0), (12, 10)])
def test_a_position_counting_the_knights_pile_keeps_the_top_of_the_deal(want, size):
    """A count keeps that many of the dealt Knights, the top ones; never more than were dealt."""
    dealt = zone(position(seat(), seat(), kingdom=K), None, "Knights")
    supply = {} if want is None else {"Knights": want}
    kept = zone(position(seat(), seat(), kingdom=K, supply=supply), None, "Knights")
    assert len(kept) == size and kept == dealt[len(dealt) - size:]
