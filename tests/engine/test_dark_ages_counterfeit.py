"""Counterfeit (Dark Ages): $1, +1 Buy, and it may play a Treasure from the hand twice, then
trash it. Rulings from seed 004: the coins of both plays stay; Spoils gives +$6 and goes back
to its pile (it cannot be trashed: Lose Track); a Counterfeit played twice by Counterfeit does
its ability twice. It is not a plain Treasure: the autoplay standing order leaves it alone,
and playing Treasures one by one or "all" works around its choice.
"""
from __future__ import annotations

from tests.engine.helpers import (
    answer,
    decision,
    end_turn,
    events,
    offered,
    play,
    position,
    reload,
    seat,
    total_cards,
    treasures,
    zone,
)
from tests.engine.test_dark_ages_gainers import K


def game(*players, kingdom=K, **kw):
    return position(*players, kingdom=kingdom, **kw)


def test_counterfeit_gives_a_coin_and_a_buy():
    g = game(seat(hand=["Counterfeit", "Estate"]), seat())
    treasures(g)
    assert (g.coins, g.buys) == (1, 2)
    assert decision(g, 0).kind == "BuyPhase"  # no Treasure in hand: nothing to ask


def test_counterfeit_plays_a_treasure_twice_then_trashes_it():
    g = game(seat(hand=["Counterfeit", "Silver", "Estate"]), seat())
    treasures(g, ["Counterfeit"])
    d = decision(g, 0, "ChooseCards")
    assert (d.source, d.min, d.max, offered(g, 0)) == ("Counterfeit", 0, 1, ["Silver"])
    g = reload(g)
    answer(g, 0, ["Silver"])
    assert g.coins == 5 and zone(g, None, "trash") == ["Silver"]
    plays = [(e["card"], e.get("again", False)) for e in events(g, "play")]
    assert plays == [("Counterfeit", False), ("Silver", False), ("Silver", True)]


def test_counterfeit_may_decline_to_play_a_treasure():
    g = game(seat(hand=["Counterfeit", "Gold"]), seat())
    treasures(g, ["Counterfeit"])
    answer(g, 0, [])
    assert g.coins == 1 and zone(g, 0, "hand") == ["Gold"] and zone(g, None, "trash") == []


def test_counterfeit_on_spoils_returns_the_spoils_instead_of_trashing_it():
    g = game(seat(hand=["Counterfeit", "Spoils"]), seat(), extra_piles=["Spoils"],
             supply={"Spoils": 14})
    treasures(g, ["Counterfeit"])
    answer(g, 0, ["Spoils"])
    assert g.coins == 7
    assert zone(g, None, "trash") == [] and len(zone(g, None, "Spoils")) == 15
    assert zone(g, 0, "in_play") == ["Counterfeit"]


def test_counterfeit_played_twice_by_counterfeit_does_its_ability_twice():
    g = game(seat(hand=["Counterfeit", "Counterfeit", "Copper", "Silver"]), seat())
    first = g.players[0].hand[0]
    treasures(g, [first])
    answer(g, 0, ["Counterfeit"])
    assert (g.coins, g.buys) == (2, 3)
    answer(g, 0, ["Copper"])  # the first play of the second Counterfeit
    answer(g, 0, ["Silver"])  # its second play
    assert (g.coins, g.buys) == (1 + 1 + 2 + 1 + 4, 4)
    assert sorted(zone(g, None, "trash")) == ["Copper", "Counterfeit", "Silver"]
    assert zone(g, 0, "in_play") == ["Counterfeit"]


def test_counterfeit_on_silver_gets_merchants_bonus_once():
    g = game(seat(hand=["Merchant", "Counterfeit", "Silver"], deck=["Estate"]), seat(),
             kingdom=[*K[:9], "Merchant"])
    play(g, "Merchant")
    treasures(g, ["Counterfeit"])
    answer(g, 0, ["Silver"])
    assert g.coins == 1 + 3 + 2


def test_counterfeit_keeps_the_coins_of_a_treasure_with_two_types():
    g = game(seat(hand=["Counterfeit", "Harem"]), seat())
    treasures(g, ["Counterfeit"])
    answer(g, 0, ["Harem"])
    assert g.coins == 5 and zone(g, None, "trash") == ["Harem"]


def test_counterfeit_is_not_played_by_the_autoplay_standing_order():
    g = game(seat(hand=["Counterfeit", "Copper", "Silver"]), seat(), autoplay_treasures=[0])
    d = decision(g, 0, "BuyPhase")
    assert len(d.treasures) == 3 and g.coins == 0 and zone(g, 0, "in_play") == []
    plain = game(seat(hand=["Copper", "Silver"]), seat(), autoplay_treasures=[0])
    assert plain.coins == 3 and zone(plain, 0, "in_play") == ["Copper", "Silver"]


def test_counterfeit_then_other_treasures_one_by_one():
    g = game(seat(hand=["Counterfeit", "Copper", "Silver", "Gold"]), seat())
    treasures(g, ["Counterfeit"])
    answer(g, 0, ["Copper"])
    d = decision(g, 0, "BuyPhase")
    assert sorted(g.names[c] for c in d.treasures) == ["Gold", "Silver"]
    treasures(g, ["Silver"])
    treasures(g, ["Gold"])
    assert g.coins == 1 + 2 + 2 + 3 and g.buys == 2


def test_play_all_skips_the_treasure_counterfeit_already_played():
    g = game(seat(hand=["Counterfeit", "Copper", "Silver", "Gold"]), seat())
    before = total_cards(g)
    treasures(g, "all")
    assert offered(g, 0) == ["Copper", "Silver", "Gold"]
    answer(g, 0, ["Gold"])  # "all" would have played Gold next: it is not played again
    assert decision(g, 0).kind == "BuyPhase"
    assert g.coins == 1 + 1 + 2 + 6
    assert zone(g, 0, "in_play") == ["Counterfeit", "Copper", "Silver"]
    assert zone(g, None, "trash") == ["Gold"]
    plays = [e["card"] for e in events(g, "play")]
    assert plays == ["Counterfeit", "Gold", "Gold", "Copper", "Silver"]
    assert total_cards(g) == before


def test_play_all_with_counterfeit_played_last_has_nothing_left_to_double():
    g = game(seat(hand=["Copper", "Silver", "Counterfeit"]), seat())
    treasures(g, "all")
    assert decision(g, 0).kind == "BuyPhase" and g.coins == 4 and g.buys == 2


def test_counterfeit_second_buy_can_be_used():
    g = game(seat(hand=["Counterfeit", "Gold", "Copper"]), seat())
    treasures(g, ["Counterfeit"])
    answer(g, 0, ["Gold"])
    treasures(g, "all")
    answer(g, 0, {"buy": "Silver"})
    answer(g, 0, {"buy": "Mystic"})
    assert g.active == 1
    end_turn(g)
