"""The cards the looters group brings into a game (engine/cards/dark_ages/specials.py): the
Ruins pile and its five Ruins (with a Looter), Spoils (Bandit Camp, Marauder, Pillage) and
Mercenary (Urchin). Rulings: seed 004 (Preparation, Additional Rules, card descriptions) and
cards.md section 4b.
"""
from __future__ import annotations

import json
from collections import Counter

import pytest

from engine import new_game
from engine.cardbase import REGISTRY
from engine.cards.dark_ages.specials import RUIN_NAMES
from tests.engine.helpers import (
    answer,
    buy,
    count,
    decision,
    end_turn,
    events,
    illegal,
    offered,
    open_kinds,
    play,
    position,
    reload,
    seat,
    treasures,
    zone,
)

K = ["Cultist", "Death Cart", "Marauder", "Pillage", "Bandit Camp", "Urchin", "Moat",
     "Throne Room", "Workshop", "Poacher"]
NO_LOOTER = ["Pillage", "Bandit Camp", "Urchin", "Village", "Smithy", "Moat", "Militia",
             "Witch", "Market", "Chapel"]
FIVE = ["Copper", "Silver", "Gold", "Estate", "Duchy"]


# ----- Ruins: the pile ----------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_looter_kingdom_deals_ten_ruins_per_player_after_the_first(players):
    """004 Preparation: "10 for two players, 20 for three ... or 50 for six players"."""
    g = new_game({"players": players, "kingdom": K}, f"ruins-{players}")
    ruins = Counter(zone(g, None, "Ruins"))
    assert sum(ruins.values()) == 10 * (players - 1)
    assert set(ruins) <= set(RUIN_NAMES) and max(ruins.values()) <= 10
    assert "Ruins" in g.supply
    if players == 6:
        assert ruins == {name: 10 for name in RUIN_NAMES}


@pytest.mark.parametrize("looter", ["Cultist", "Death Cart", "Marauder"])
def test_each_looter_brings_the_ruins_pile(looter):
    kingdom = [looter] + [n for n in NO_LOOTER if n != "Chapel"][:9]
    g = new_game({"players": 3, "kingdom": kingdom}, "looter")
    assert "Ruins" in g.supply and count(g, "Ruins") == 20


def test_no_ruins_pile_without_a_looter():
    g = new_game({"players": 3, "kingdom": NO_LOOTER}, "no-looter")
    assert "Ruins" not in g.piles and "Ruins" not in g.supply
    assert {p["pile"] for p in g.view(0)["non_supply"]} == {"Spoils", "Mercenary"}


def test_ruins_pile_is_shuffled():
    orders = {tuple(zone(new_game({"players": 2, "kingdom": K}, f"s{i}"), None, "Ruins"))
              for i in range(6)}
    assert len(orders) == 6


def test_ruins_pile_shows_only_its_top_card_in_every_view():
    g = position(seat(hand=["Cultist"]), seat(), kingdom=K,
                 supply={"Ruins": ["Survivors", "Ruined Market", "Ruined Library"]})
    for viewer in (0, 1, None):
        v = g.view(viewer)
        pile = next(p for p in v["supply"] if p["pile"] == "Ruins")
        assert pile == {"pile": "Ruins", "top": "Survivors", "count": 3, "cost": 0,
                        "types": ["Action", "Ruins"], "in_supply": True}
        text = json.dumps(v)
        assert "Ruined Market" not in text and "Ruined Library" not in text
    play(g, "Cultist")  # the victim takes the top; the next one is turned face up
    pile = next(p for p in g.view(1)["supply"] if p["pile"] == "Ruins")
    assert (pile["top"], pile["count"]) == ("Ruined Market", 2)
    assert "Ruined Library" not in json.dumps(g.view(1))


def test_empty_ruins_pile_shows_no_card():
    g = position(seat(), seat(), kingdom=K, supply={"Ruins": 0})
    pile = next(p for p in g.view(0)["supply"] if p["pile"] == "Ruins")
    assert (pile["top"], pile["count"], pile["cost"]) == (None, 0, 0)


def test_ruins_can_be_bought_for_zero_and_give_the_top_card():
    """004: "Players can buy Ruins even though they normally will not wish to"."""
    g = position(seat(hand=["Estate"]), seat(), kingdom=K, turn={"buys": 2},
                 supply={"Ruins": ["Ruined Village", "Survivors"]})
    d = decision(g, 0, "BuyPhase")
    assert "Ruins" in d.piles and d.coins == 0
    buy(g, "Ruins")
    assert zone(g, 0, "discard") == ["Ruined Village"] and count(g, "Ruins") == 1


def test_empty_ruins_pile_counts_for_the_three_pile_ending():
    """004: "The Ruins pile, when used, is in the Supply, and if it is empty that counts
    towards the normal end condition"."""
    g = position(seat(hand=["Copper"]), seat(), kingdom=K,
                 supply={"Ruins": ["Survivors"], "Curse": 0, "Estate": 0})
    assert g.empty_supply_piles() == 2
    treasures(g)
    buy(g, "Ruins")
    assert g.over and g.empty_supply_piles() == 3


def test_ruins_are_action_cards_throne_room_plays_one_twice():
    g = position(seat(hand=["Throne Room", "Ruined Village"]), seat(), kingdom=K)
    play(g, "Throne Room")
    assert offered(g, 0) == ["Ruined Village"]
    answer(g, 0, ["Ruined Village"])
    assert g.actions == 2


# ----- Ruins: the five cards ----------------------------------------------------------------


@pytest.mark.parametrize("name", RUIN_NAMES)
def test_each_ruins_is_an_action_ruins_costing_zero_outside_the_kingdom(name):
    c = REGISTRY[name]
    assert (c.cost, c.types, c.is_kingdom, c.in_supply) == (0, ("Action", "Ruins"), False, True)
    assert c.text


def test_abandoned_mine_gives_one_coin():
    g = position(seat(hand=["Abandoned Mine"]), seat(), kingdom=K)
    play(g, "Abandoned Mine")
    assert (g.coins, g.actions, g.buys) == (1, 0, 1)


def test_ruined_library_draws_a_card():
    g = position(seat(hand=["Ruined Library"], deck=["Gold", "Silver"]), seat(), kingdom=K)
    play(g, "Ruined Library")
    assert zone(g, 0, "hand") == ["Gold"] and (g.coins, g.actions) == (0, 0)


def test_ruined_market_gives_a_buy():
    g = position(seat(hand=["Ruined Market"]), seat(), kingdom=K)
    play(g, "Ruined Market")
    assert (g.buys, g.coins, g.actions) == (2, 0, 0)


def test_ruined_village_gives_an_action():
    g = position(seat(hand=["Ruined Village", "Abandoned Mine"]), seat(), kingdom=K)
    play(g, "Ruined Village")
    assert g.actions == 1
    play(g, "Abandoned Mine")
    assert g.coins == 1


def test_survivors_discards_both_cards():
    g = position(seat(hand=["Survivors"], deck=["Estate", "Curse", "Gold"]), seat(), kingdom=K)
    play(g, "Survivors")
    d = decision(g, 0, "ChooseOption", "Survivors")
    assert d.options == ["discard", "back"]
    assert zone(g, 0, "looking") == ["Estate", "Curse"]
    answer(g, 0, "discard")
    assert sorted(zone(g, 0, "discard")) == ["Curse", "Estate"] and zone(g, 0, "deck") == ["Gold"]


def test_survivors_puts_both_back_in_any_order():
    g = position(seat(hand=["Survivors"], deck=["Estate", "Gold", "Silver"]), seat(), kingdom=K)
    play(g, "Survivors")
    answer(g, 0, "back")
    g = reload(g)
    assert decision(g, 0).kind == "OrderCards"
    answer(g, 0, ["Gold", "Estate"])
    assert zone(g, 0, "deck") == ["Gold", "Estate", "Silver"] and zone(g, 0, "discard") == []


def test_survivors_cannot_discard_just_one():
    """004: "you cannot just discard one card"."""
    g = position(seat(hand=["Survivors"], deck=["Estate", "Gold"]), seat(), kingdom=K)
    play(g, "Survivors")
    d = decision(g, 0)
    illegal(g, 0, d.id, "Estate")
    illegal(g, 0, d.id, ["discard", "back"])


def test_survivors_identical_cards_go_back_without_an_order_question():
    g = position(seat(hand=["Survivors"], deck=["Copper", "Copper", "Gold"]), seat(), kingdom=K)
    play(g, "Survivors")
    answer(g, 0, "back")
    assert zone(g, 0, "deck") == ["Copper", "Copper", "Gold"] and open_kinds(g) == [
        (0, "BuyPhase")]


def test_survivors_with_one_card_left_shuffles_for_the_second():
    g = position(seat(hand=["Survivors"], deck=["Gold"], discard=["Estate"]), seat(), kingdom=K)
    play(g, "Survivors")
    assert sorted(zone(g, 0, "looking")) == ["Estate", "Gold"]


def test_survivors_with_no_cards_to_look_at_asks_nothing():
    g = position(seat(hand=["Survivors"]), seat(), kingdom=K)
    play(g, "Survivors")
    assert open_kinds(g) == [(0, "BuyPhase")]


def test_survivors_cards_are_hidden_from_the_other_players():
    g = position(seat(hand=["Survivors"], deck=["Gold", "Witch"]), seat(), kingdom=K)
    play(g, "Survivors")
    look = [e for e in g.view(1)["log"] if e["type"] == "look"][-1]
    assert look["count"] == 2 and "cards" not in look
    assert g.view(1)["players"][0]["looking_size"] == 2
    assert "Witch" not in json.dumps(g.view(1)) and "Witch" not in json.dumps(g.view(None))
    own = [e for e in g.view(0)["log"] if e["type"] == "look"][-1]
    assert own["cards"] == ["Gold", "Witch"]
    answer(g, 0, "discard")
    assert g.view(1)["players"][0]["discard_top"] == "Witch"  # the top of a discard pile shows


# ----- Spoils -------------------------------------------------------------------------------


def test_spoils_is_a_non_supply_treasure():
    c = REGISTRY["Spoils"]
    assert (c.cost, c.types, c.in_supply, c.is_kingdom, c.coins) == (0, ("Treasure",), False,
                                                                     False, 3)
    g = position(seat(), seat(), kingdom=K)
    assert "Spoils" not in g.supply and count(g, "Spoils") == 15
    pile = next(p for p in g.view(0)["non_supply"] if p["pile"] == "Spoils")
    assert (pile["count"], pile["in_supply"]) == (15, False)


def test_spoils_gives_three_coins_and_returns_to_its_pile():
    g = position(seat(hand=["Spoils", "Copper"]), seat(), kingdom=K, supply={"Spoils": 10})
    treasures(g, ["Spoils"])
    assert g.coins == 3 and count(g, "Spoils") == 11
    assert zone(g, 0, "in_play") == [] and zone(g, 0, "hand") == ["Copper"]
    assert events(g, "return")[-1]["pile"] == "Spoils"


def test_spoils_played_with_all_treasures():
    g = position(seat(hand=["Spoils", "Spoils", "Copper"]), seat(), kingdom=K,
                 supply={"Spoils": 5})
    treasures(g)
    assert g.coins == 7 and count(g, "Spoils") == 7 and zone(g, 0, "in_play") == ["Copper"]


def test_spoils_need_not_be_played():
    """004: "You are not forced to play Treasures in your hand"."""
    g = position(seat(hand=["Spoils", "Copper"], deck=["Copper"] * 5), seat(), kingdom=K)
    treasures(g, ["Copper"])
    end_turn(g)
    assert count(g, "Spoils") == 15 and "Spoils" in zone(g, 0, "discard")


def test_spoils_cannot_be_bought():
    g = position(seat(hand=["Gold"]), seat(), kingdom=K)
    treasures(g)
    d = decision(g, 0, "BuyPhase")
    assert "Spoils" not in d.piles and "Mercenary" not in d.piles
    illegal(g, 0, d.id, {"buy": "Spoils"})
    illegal(g, 0, d.id, {"buy": "Mercenary"})


def test_spoils_and_mercenary_cannot_be_gained_from_the_supply():
    """004: non-Supply cards "cannot be gained by cards that gain cards from the Supply"."""
    g = position(seat(hand=["Workshop"]), seat(), kingdom=K)
    play(g, "Workshop")
    assert "Spoils" not in offered(g, 0) and "Mercenary" not in offered(g, 0)
    assert "Ruins" in offered(g, 0)


def test_empty_spoils_and_mercenary_piles_do_not_count_for_the_game_end():
    g = position(seat(hand=["Copper"]), seat(), kingdom=K,
                 supply={"Spoils": 0, "Mercenary": 0, "Curse": 0, "Estate": 0})
    assert g.empty_supply_piles() == 2 and g.view(0)["empty_supply_piles"] == 2
    end_turn(g)
    assert not g.over and g.active == 1


def test_empty_spoils_pile_does_not_count_for_poacher():
    g = position(seat(hand=["Poacher", "Copper", "Estate"], deck=["Silver"]), seat(), kingdom=K,
                 supply={"Spoils": 0, "Curse": 0})
    play(g, "Poacher")
    d = decision(g, 0, "ChooseCards", "Poacher")
    assert (d.min, d.max) == (1, 1)


# ----- Mercenary ----------------------------------------------------------------------------


def test_mercenary_is_a_non_supply_attack():
    c = REGISTRY["Mercenary"]
    assert (c.cost, c.types, c.in_supply, c.is_kingdom) == (0, ("Action", "Attack"), False,
                                                            False)
    g = position(seat(), seat(), kingdom=K)
    assert "Mercenary" not in g.supply and count(g, "Mercenary") == 10


def test_mercenary_trashing_two_gives_cards_coins_and_others_discard_down_to_three():
    g = position(seat(hand=["Mercenary", "Estate", "Curse", "Copper"], deck=["Gold", "Gold"]),
                 seat(hand=FIVE), seat(hand=FIVE[:3]), kingdom=K)
    play(g, "Mercenary")
    d = decision(g, 0, "ChooseCards", "Mercenary")
    assert (d.min, d.max, d.sizes) == (0, 2, (0, 2))
    answer(g, 0, ["Estate", "Curse"])
    assert sorted(zone(g, None, "trash")) == ["Curse", "Estate"]
    assert zone(g, 0, "hand") == ["Copper", "Gold", "Gold"] and g.coins == 2
    assert open_kinds(g) == [(1, "ChooseCards")]  # 3 cards or fewer: nothing to do
    answer(g, 1, ["Estate", "Duchy"])
    assert zone(g, 1, "hand") == ["Copper", "Silver", "Gold"] and zone(g, 2, "hand") == FIVE[:3]


def test_mercenary_may_trash_nothing_and_then_does_nothing():
    g = position(seat(hand=["Mercenary", "Estate", "Curse"], deck=["Gold"]), seat(hand=FIVE),
                 kingdom=K)
    play(g, "Mercenary")
    answer(g, 0, [])
    assert zone(g, 0, "hand") == ["Estate", "Curse"] and g.coins == 0
    assert zone(g, 1, "hand") == FIVE and open_kinds(g) == [(0, "BuyPhase")]


def test_mercenary_cannot_trash_just_one_of_several():
    g = position(seat(hand=["Mercenary", "Estate", "Curse"]), seat(), kingdom=K)
    play(g, "Mercenary")
    d = decision(g, 0)
    assert "2" in illegal(g, 0, d.id, ["Estate"])


def test_mercenary_with_one_card_may_trash_it_but_gets_nothing():
    """004: "you may choose to trash that card, but then will fail the 'if you do'"."""
    g = position(seat(hand=["Mercenary", "Estate"], deck=["Gold", "Gold"]), seat(hand=FIVE),
                 kingdom=K)
    play(g, "Mercenary")
    d = decision(g, 0)
    assert (d.min, d.max) == (0, 1)
    answer(g, 0, ["Estate"])
    assert zone(g, None, "trash") == ["Estate"] and zone(g, 0, "hand") == [] and g.coins == 0
    assert zone(g, 1, "hand") == FIVE


def test_mercenary_with_an_empty_hand_asks_nothing():
    g = position(seat(hand=["Mercenary"]), seat(hand=FIVE), kingdom=K)
    play(g, "Mercenary")
    assert open_kinds(g) == [(0, "BuyPhase")]


def test_mercenary_reactions_are_chosen_before_the_trash_decision():
    """004: "Players responding to this Attack with cards like Beggar must choose to do so
    before you decide whether or not to trash two cards"."""
    g = position(seat(hand=["Mercenary", "Estate", "Curse"], deck=["Gold", "Gold"]),
                 seat(hand=["Moat"] + FIVE), seat(hand=FIVE), kingdom=K)
    play(g, "Mercenary")
    assert open_kinds(g) == [(1, "Reveal")]
    answer(g, 1, ["Moat"])
    answer(g, 0, ["Estate", "Curse"])
    assert open_kinds(g) == [(2, "ChooseCards")]
    answer(g, 2, ["Estate", "Duchy"])
    assert len(zone(g, 1, "hand")) == 6


def test_mercenary_trashing_two_on_trash_cards_trashes_both_then_orders_them():
    """004: "first trash them both, then choose what order to resolve the things they do"."""
    g = position(seat(hand=["Mercenary", "Cultist", "Overgrown Estate"],
                      deck=["Gold", "Silver", "Copper", "Estate", "Duchy", "Province"]),
                 seat(), kingdom=K)
    play(g, "Mercenary")
    answer(g, 0, ["Cultist", "Overgrown Estate"])
    d = decision(g, 0, "ChooseOption")
    assert sorted(d.labels) == ["Cultist", "Overgrown Estate"]
    assert sorted(zone(g, None, "trash")) == ["Cultist", "Overgrown Estate"]
    assert zone(g, 0, "hand") == []
    answer(g, 0, d.options[d.labels.index("Overgrown Estate")])
    assert zone(g, 0, "hand") == ["Gold", "Silver", "Copper", "Estate", "Duchy", "Province"]
    assert g.coins == 2


def test_mercenary_played_with_urchin_in_play_offers_the_urchin_trade():
    g = position(seat(hand=["Mercenary"], in_play=["Urchin"]), seat(), kingdom=K)
    play(g, "Mercenary")
    assert decision(g, 0).source == "Urchin"
