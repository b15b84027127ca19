"""The 7 basic cards, the Buy phase rules that involve them, and illegal answers.

Rulebooks: 000 (2nd edition) p.5-6 "Buy phase", "Clean-up", card types; 001 (1st edition).
"""
from __future__ import annotations

import pytest

from engine import CARDS, new_game
from tests.engine.helpers import (
    buy,
    count,
    decision,
    end_turn,
    illegal,
    offered,
    owned,
    play,
    position,
    seat,
    to_buy_phase,
    treasures,
    zone,
)

# ----- printed data -----------------------------------------------------------------------


@pytest.mark.parametrize("name, cost, types, coins, vp", [
    ("Copper", 0, ("Treasure",), 1, 0),
    ("Silver", 3, ("Treasure",), 2, 0),
    ("Gold", 6, ("Treasure",), 3, 0),
    ("Estate", 2, ("Victory",), 0, 1),
    ("Duchy", 5, ("Victory",), 0, 3),
    ("Province", 8, ("Victory",), 0, 6),
    ("Curse", 0, ("Curse",), 0, -1),
])
def test_basic_card_data(name, cost, types, coins, vp):
    c = CARDS[name]
    assert (c.cost, c.types, c.coins, c.vp) == (cost, types, coins, vp)
    assert not c.is_kingdom and c.in_supply and c.editions == (1, 2)


KINGDOM = {  # name: (cost, types, editions), from cards.md §2
    "Adventurer": (6, ("Action",), (1,)), "Artisan": (6, ("Action",), (2,)),
    "Bandit": (5, ("Action", "Attack"), (2,)), "Bureaucrat": (4, ("Action", "Attack"), (1, 2)),
    "Cellar": (2, ("Action",), (1, 2)), "Chancellor": (3, ("Action",), (1,)),
    "Chapel": (2, ("Action",), (1, 2)), "Council Room": (5, ("Action",), (1, 2)),
    "Feast": (4, ("Action",), (1,)), "Festival": (5, ("Action",), (1, 2)),
    "Gardens": (4, ("Victory",), (1, 2)), "Harbinger": (3, ("Action",), (2,)),
    "Laboratory": (5, ("Action",), (1, 2)), "Library": (5, ("Action",), (1, 2)),
    "Market": (5, ("Action",), (1, 2)), "Merchant": (3, ("Action",), (2,)),
    "Militia": (4, ("Action", "Attack"), (1, 2)), "Mine": (5, ("Action",), (1, 2)),
    "Moat": (2, ("Action", "Reaction"), (1, 2)), "Moneylender": (4, ("Action",), (1, 2)),
    "Poacher": (4, ("Action",), (2,)), "Remodel": (4, ("Action",), (1, 2)),
    "Sentry": (5, ("Action",), (2,)), "Smithy": (4, ("Action",), (1, 2)),
    "Spy": (4, ("Action", "Attack"), (1,)), "Thief": (4, ("Action", "Attack"), (1,)),
    "Throne Room": (4, ("Action",), (1, 2)), "Vassal": (3, ("Action",), (2,)),
    "Village": (3, ("Action",), (1, 2)), "Witch": (5, ("Action", "Attack"), (1, 2)),
    "Woodcutter": (3, ("Action",), (1,)), "Workshop": (3, ("Action",), (1, 2)),
}


@pytest.mark.parametrize("name", sorted(KINGDOM))
def test_base_kingdom_card_data(name):
    c = CARDS[name]
    assert (c.cost, c.types, c.editions) == KINGDOM[name]
    assert c.set == "base" and c.is_kingdom and c.in_supply and c.text


def test_the_base_game_has_32_kingdom_cards_25_in_each_edition_but_one():
    """cards.md §2: 1E has 25 Kingdom cards, 2E has 26; 19 are in both."""
    base = [c for c in CARDS.values() if c.set == "base" and c.is_kingdom]
    assert sorted(c.name for c in base) == sorted(KINGDOM)
    assert sum(1 in c.editions for c in base) == 25
    assert sum(2 in c.editions for c in base) == 26
    assert sum(c.editions == (1, 2) for c in base) == 19


def test_copper_silver_gold_make_one_two_three_coins():
    g = position(seat(hand=["Copper", "Silver", "Gold", "Estate", "Curse"]), seat())
    assert decision(g, 0).kind == "BuyPhase"  # no Action card: straight to the Buy phase
    treasures(g, ["Copper"])
    assert g.coins == 1
    treasures(g, ["Silver"])
    assert g.coins == 3
    treasures(g, ["Gold"])
    assert g.coins == 6
    assert zone(g, 0, "in_play") == ["Copper", "Silver", "Gold"]


def test_victory_and_curse_cards_cannot_be_played():
    g = position(seat(hand=["Copper", "Estate", "Duchy", "Province", "Curse"]), seat())
    assert [t["name"] for t in decision(g).to_dict()["treasures"]] == ["Copper"]
    did = decision(g).id
    illegal(g, 0, did, {"play": ["Estate"]})
    illegal(g, 0, did, {"play": ["Curse"]})


def test_victory_points_of_estate_duchy_province_and_curse():
    g = position(seat(hand=["Estate", "Duchy", "Province", "Curse"], deck=["Estate"]),
                 seat(discard=["Curse", "Curse"]))
    assert g.score(0) == 1 + 3 + 6 - 1 + 1
    assert g.score(1) == -2


def test_copper_can_be_bought_with_no_coins():
    """000: "As Copper costs $0, you could use a Buy with no $ to buy a Copper"."""
    g = position(seat(hand=["Estate"] * 5), seat())
    assert decision(g, 0).coins == 0
    before = count(g, "Copper")
    buy(g, "Copper")
    assert count(g, "Copper") == before - 1
    assert owned(g, 0)["Copper"] == 1


def test_curse_can_be_bought_and_goes_to_the_buyers_discard_pile():
    """000: Curses are bad "and you will not choose to buy them, though you can"."""
    g = position(seat(hand=["Estate"] * 5), seat(), turn={"buys": 2})
    before = count(g, "Curse")
    buy(g, "Curse")
    assert count(g, "Curse") == before - 1
    assert zone(g, 0, "discard") == ["Curse"]
    assert zone(g, 1, "discard") == []


def test_buying_spends_coins_and_a_buy_and_unused_coins_vanish():
    g = position(seat(hand=["Gold", "Gold", "Silver"], deck=["Copper"] * 5), seat(),
                 kingdom=["Festival"], turn={"buys": 2})
    treasures(g)
    assert (g.coins, g.buys) == (8, 2)
    buy(g, "Silver")
    assert (g.coins, g.buys) == (5, 1)
    buy(g, "Festival")
    # Out of Buys: the turn ends and the $0 left does not carry over.
    assert g.active == 1 and g.coins == 0 and g.buys == 1
    assert sorted(zone(g, 0, "discard")) == sorted(["Festival", "Gold", "Gold", "Silver",
                                                    "Silver"])


def test_buys_need_not_be_used():
    g = position(seat(hand=["Gold", "Gold"], deck=["Copper"] * 5), seat(), turn={"buys": 3})
    treasures(g)
    buy(g, "Silver")
    end_turn(g)
    assert g.active == 1
    assert zone(g, 0, "discard") == ["Silver", "Gold", "Gold"]


def test_province_costs_eight_and_duchy_five():
    g = position(seat(hand=["Gold", "Gold", "Copper"]), seat())
    treasures(g)
    assert g.coins == 7
    piles = offered(g, 0)
    assert "Duchy" in piles and "Gold" in piles and "Province" not in piles


# ----- the Buy phase: no Treasures after buying; what you can't afford --------------------


def test_cannot_play_a_treasure_after_buying():
    """000: "You cannot go back and play more Treasures after buying a card"."""
    g = position(seat(hand=["Silver", "Copper", "Copper"]), seat(), turn={"buys": 2})
    treasures(g, ["Silver"])
    buy(g, "Copper")
    d = decision(g, 0, "BuyPhase")
    assert d.to_dict()["treasures"] == []
    coppers = [c for c in g.players[0].hand if g.names[c] == "Copper"]
    illegal(g, 0, d.id, {"play": [coppers[0]]})
    illegal(g, 0, d.id, {"play": "all"})


def test_buying_what_you_cannot_afford_is_illegal():
    g = position(seat(hand=["Silver", "Copper"]), seat(), kingdom=["Smithy"])
    treasures(g)
    d = decision(g, 0, "BuyPhase")
    assert "Smithy" not in offered(g, 0)
    msg = illegal(g, 0, d.id, {"buy": "Smithy"})
    assert "Smithy" in msg
    illegal(g, 0, d.id, {"buy": "Province"})


def test_buying_from_an_empty_pile_or_a_pile_not_in_the_game_is_illegal():
    g = position(seat(hand=["Gold", "Gold"]), seat(), supply={"Silver": 0})
    treasures(g)
    d = decision(g, 0, "BuyPhase")
    illegal(g, 0, d.id, {"buy": "Silver"})
    illegal(g, 0, d.id, {"buy": "Witch"})
    illegal(g, 0, d.id, {"buy": "Nonsense"})


# ----- illegal answers leave the game byte-identical ---------------------------------------


def _militia_position():
    return position(seat(hand=["Militia", "Copper", "Copper", "Estate", "Estate"]),
                    seat(hand=["Copper", "Silver", "Gold", "Estate", "Duchy"]),
                    kingdom=["Militia"])


def test_answer_from_the_wrong_seat_is_illegal():
    g = _militia_position()
    d = decision(g, 0, "PlayAction")
    assert "seat" in illegal(g, 1, d.id, ["Militia"])


def test_answer_to_an_unknown_decision_id_is_illegal():
    g = _militia_position()
    illegal(g, 0, "d999", ["Militia"])
    illegal(g, 0, "", [])


def test_answer_to_an_already_answered_decision_is_illegal():
    g = _militia_position()
    d = decision(g, 0, "PlayAction")
    play(g, "Militia")
    illegal(g, 0, d.id, ["Militia"])


def test_too_many_or_too_few_cards_is_illegal():
    g = _militia_position()
    play(g, "Militia")
    d = decision(g, 1, "ChooseCards")
    assert (d.min, d.max) == (2, 2)
    illegal(g, 1, d.id, ["Copper", "Silver", "Gold"])
    illegal(g, 1, d.id, ["Copper"])
    illegal(g, 1, d.id, [])


def test_a_card_not_offered_is_illegal():
    g = _militia_position()
    play(g, "Militia")
    d = decision(g, 1, "ChooseCards")
    attackers_copper = g.players[0].hand[0]
    illegal(g, 1, d.id, [attackers_copper, g.players[1].hand[0]])
    illegal(g, 1, d.id, ["Province", "Copper"])
    illegal(g, 1, d.id, ["Copper", "Copper"])  # only one Copper in that hand
    same = g.players[1].hand[0]
    illegal(g, 1, d.id, [same, same])


def test_malformed_answers_are_illegal():
    g = _militia_position()
    d = decision(g, 0, "PlayAction")
    for bad in ({"x": 1}, 3.5, True, [None], [["Militia"]], "Copper", ["Estate"]):
        illegal(g, 0, d.id, bad)
    to_buy_phase(g)
    d = decision(g, 0, "BuyPhase")
    for bad in ({"buy": "Gold", "play": "all"}, {"fly": 1}, ["buy"], {"buy": 3}, None):
        illegal(g, 0, d.id, bad)


def test_playing_an_action_card_not_in_hand_is_illegal():
    g = _militia_position()
    d = decision(g, 0, "PlayAction")
    illegal(g, 0, d.id, ["Smithy"])
    illegal(g, 0, d.id, ["Copper"])  # a Treasure is not an Action
    illegal(g, 0, d.id, ["Militia", "Militia"])


def test_illegal_answers_then_a_legal_one_give_the_same_game_as_the_legal_one_alone():
    a, b = _militia_position(), _militia_position()
    d = decision(a, 0, "PlayAction")
    illegal(a, 1, d.id, ["Militia"])
    illegal(a, 0, d.id, ["Gold"])
    play(a, "Militia")
    play(b, "Militia")
    assert a.state_dict() == b.state_dict()


# ----- setup uses these cards --------------------------------------------------------------


@pytest.mark.parametrize("players, estates, provinces, curses, coppers", [
    (2, 8, 8, 10, 46), (3, 12, 12, 20, 39), (4, 12, 12, 30, 32),
    (5, 12, 15, 40, 85), (6, 12, 18, 50, 78),
])
def test_basic_supply_piles(players, estates, provinces, curses, coppers):
    g = new_game({"players": players, "kingdom": ["Gardens"], "first_player": 0}, "seed")
    assert count(g, "Estate") == estates and count(g, "Duchy") == estates
    assert count(g, "Gardens") == estates  # Victory Kingdom pile: 8 with 2 players, else 12
    assert count(g, "Province") == provinces
    assert count(g, "Curse") == curses
    assert count(g, "Copper") == coppers
    for p in range(players):
        assert owned(g, p) == {"Copper": 7, "Estate": 3}
        assert len(zone(g, p, "hand")) == 5
