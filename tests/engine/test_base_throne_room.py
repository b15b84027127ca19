"""Throne Room: text of both editions and every ruling of 000 and 001 (Feast is in
test_base_first_edition.py)."""
from __future__ import annotations

from tests.engine.helpers import (
    answer,
    decision,
    illegal,
    offered,
    open_kinds,
    play,
    position,
    seat,
    treasures,
    zone,
)


def test_throne_room_text_plays_an_action_card_twice():
    g = position(seat(hand=["Throne Room", "Smithy"], deck=["Copper"] * 7), seat(),
                 kingdom=["Throne Room", "Smithy"])
    play(g, "Throne Room")
    d = decision(g, 0, "ChooseCards")
    assert d.source == "Throne Room" and offered(g, 0) == ["Smithy"]
    answer(g, 0, ["Smithy"])
    assert len(zone(g, 0, "hand")) == 6
    assert zone(g, 0, "in_play") == ["Throne Room", "Smithy"]
    plays = [e for e in g.view(1)["log"] if e["type"] == "play"]
    assert [(e["card"], e.get("again", False)) for e in plays] == [
        ("Throne Room", False), ("Smithy", False), ("Smithy", True)]


def test_throne_room_playing_a_card_is_optional_in_second_edition():
    """000: "Playing an Action card from your hand is optional"."""
    g = position(seat(hand=["Throne Room", "Smithy"]), seat(), kingdom=["Throne Room", "Smithy"])
    play(g, "Throne Room")
    assert decision(g, 0).min == 0
    answer(g, 0, [])
    assert zone(g, 0, "hand") == ["Smithy"] and open_kinds(g) == [(0, "BuyPhase")]


def test_throne_room_can_only_choose_an_action_card_in_hand():
    g = position(seat(hand=["Throne Room", "Copper", "Estate", "Village"]), seat(),
                 kingdom=["Throne Room", "Village"])
    me = g.players[0].hand[0]
    play(g, "Throne Room")
    d = decision(g, 0)
    assert offered(g, 0) == ["Village"]
    illegal(g, 0, d.id, ["Copper"])
    illegal(g, 0, d.id, [me])
    illegal(g, 0, d.id, ["Smithy"])


def test_throne_room_with_no_action_card_in_hand_does_nothing():
    g = position(seat(hand=["Throne Room", "Copper"]), seat(), kingdom=["Throne Room"])
    play(g, "Throne Room")
    assert open_kinds(g) == [(0, "BuyPhase")]


def test_throne_room_on_village_leaves_four_actions():
    """000: "if you start a turn by playing Throne Room on Village, you would draw a card, get
    +2 Actions, draw another card, and get +2 Actions again, leaving you with 4 Actions"."""
    g = position(seat(hand=["Throne Room", "Village"], deck=["Copper", "Silver", "Gold"]),
                 seat(), kingdom=["Throne Room", "Village"])
    play(g, "Throne Room")
    answer(g, 0, ["Village"])
    assert g.actions == 4 and zone(g, 0, "hand") == ["Copper", "Silver"]


def test_throne_room_on_market_leaves_two_actions():
    """001: "If you Throne Room a card that gives you +1 Action, such as Market, you will end up
    with 2 Actions left afterwards"."""
    g = position(seat(hand=["Throne Room", "Market", "Village"], deck=["Copper"] * 3), seat(),
                 kingdom=["Throne Room", "Market", "Village"])
    play(g, "Throne Room")
    answer(g, 0, ["Market"])
    assert (g.actions, g.buys, g.coins) == (2, 3, 2)
    assert decision(g, 0).kind == "PlayAction"


def test_throne_room_on_throne_room():
    """000: "If you Throne Room a Throne Room, you may play an Action card twice, then may play
    another Action card twice; you do not play one Action card four times"."""
    g = position(seat(hand=["Throne Room", "Throne Room", "Smithy", "Village"],
                      deck=["Copper"] * 12), seat(), kingdom=["Throne Room", "Smithy", "Village"])
    first = g.players[0].hand[0]
    play(g, first)
    answer(g, 0, ["Throne Room"])
    assert offered(g, 0) == ["Smithy", "Village"]
    answer(g, 0, ["Smithy"])
    # The second play of the inner Throne Room picks another card.
    assert decision(g, 0).source == "Throne Room" and offered(g, 0) == ["Village"]
    answer(g, 0, ["Village"])
    assert len(zone(g, 0, "hand")) == 6 + 2
    assert g.actions == 4
    assert zone(g, 0, "in_play") == ["Throne Room", "Throne Room", "Smithy", "Village"]


def test_throne_room_on_throne_room_with_one_action_left_plays_it_twice_only():
    g = position(seat(hand=["Throne Room", "Throne Room", "Smithy"], deck=["Copper"] * 9),
                 seat(), kingdom=["Throne Room", "Smithy"])
    play(g, g.players[0].hand[0])
    answer(g, 0, ["Throne Room"])
    answer(g, 0, ["Smithy"])
    assert len(zone(g, 0, "hand")) == 6 and zone(g, 0, "deck") == ["Copper"] * 3
    assert open_kinds(g) == [(0, "BuyPhase")]


def test_throne_room_resolves_the_card_completely_before_playing_it_again():
    """000: "you resolve it completely, then play it a second time"."""
    g = position(seat(hand=["Throne Room", "Cellar", "Estate", "Duchy"],
                      deck=["Curse", "Gold", "Silver"]), seat(), kingdom=["Throne Room", "Cellar"])
    play(g, "Throne Room")
    answer(g, 0, ["Cellar"])
    answer(g, 0, ["Estate", "Duchy"])
    assert zone(g, 0, "hand") == ["Curse", "Gold"]  # first Cellar drew before the second
    assert decision(g, 0).source == "Cellar"
    answer(g, 0, ["Curse"])
    assert zone(g, 0, "hand") == ["Gold", "Silver"] and g.actions == 2


def test_throne_room_no_other_cards_can_be_played_in_between():
    """000: "You cannot play other cards in-between (unless told to by the card, such as with
    Vassal or Throne Room itself)"."""
    g = position(seat(hand=["Throne Room", "Village", "Smithy"], deck=["Copper"] * 5), seat(),
                 kingdom=["Throne Room", "Village", "Smithy"])
    play(g, "Throne Room")
    n = len(g.log)
    answer(g, 0, ["Village"])
    plays = [e[2]["card"] for e in g.log[n:] if e[0] == "play"]
    assert plays == ["Village", "Village"]
    assert decision(g, 0).kind == "PlayAction"


def test_throne_room_on_vassal_may_play_the_discarded_cards():
    """000: Vassal is an example of a card that tells you to play another card in between."""
    g = position(seat(hand=["Throne Room", "Vassal"], deck=["Village", "Copper", "Festival"]),
                 seat(), kingdom=["Throne Room", "Vassal", "Village", "Festival"])
    play(g, "Throne Room")
    answer(g, 0, ["Vassal"])
    answer(g, 0, "play")  # Village: +1 Card (the Copper), +2 Actions
    answer(g, 0, "play")  # Festival
    assert zone(g, 0, "in_play") == ["Throne Room", "Vassal", "Village", "Festival"]
    assert (g.actions, g.coins, g.buys) == (4, 6, 2)
    assert zone(g, 0, "hand") == ["Copper"]


def test_throne_room_plays_do_not_use_actions():
    """000: "it does not use up Action plays for the turn"."""
    g = position(seat(hand=["Throne Room", "Festival"]), seat(),
                 kingdom=["Throne Room", "Festival"])
    play(g, "Throne Room")
    answer(g, 0, ["Festival"])
    assert (g.actions, g.buys, g.coins) == (4, 3, 4)


def test_throne_room_on_militia_attacks_twice():
    g = position(seat(hand=["Throne Room", "Militia"]),
                 seat(hand=["Copper", "Silver", "Gold", "Estate", "Duchy"]),
                 kingdom=["Throne Room", "Militia"])
    play(g, "Throne Room")
    answer(g, 0, ["Militia"])
    answer(g, 1, ["Estate", "Duchy"])
    assert g.coins == 4 and open_kinds(g) == [(0, "BuyPhase")]  # 3 cards left: no 2nd discard


def test_throne_room_on_witch_gives_two_curses_and_four_cards():
    g = position(seat(hand=["Throne Room", "Witch"], deck=["Copper"] * 4), seat(),
                 kingdom=["Throne Room", "Witch"])
    play(g, "Throne Room")
    answer(g, 0, ["Witch"])
    assert len(zone(g, 0, "hand")) == 4 and zone(g, 1, "discard") == ["Curse", "Curse"]


def test_throne_room_on_moat_a_card_has_all_its_types():
    """000: "A card has all of its types for all purposes": Moat (Action - Reaction) can be
    played with Throne Room."""
    g = position(seat(hand=["Throne Room", "Moat"], deck=["Copper"] * 4), seat(),
                 kingdom=["Throne Room", "Moat"])
    play(g, "Throne Room")
    answer(g, 0, ["Moat"])
    assert len(zone(g, 0, "hand")) == 4


def test_throne_room_on_merchant_gives_two_on_the_first_silver():
    g = position(seat(hand=["Throne Room", "Merchant", "Silver", "Silver"], deck=["Estate"] * 2),
                 seat(), kingdom=["Throne Room", "Merchant"])
    play(g, "Throne Room")
    answer(g, 0, ["Merchant"])
    treasures(g)
    assert g.coins == 6


def test_throne_room_on_mine_can_mine_the_gained_treasure():
    g = position(seat(hand=["Throne Room", "Mine", "Copper"]), seat(),
                 kingdom=["Throne Room", "Mine"])
    play(g, "Throne Room")
    answer(g, 0, ["Mine"])
    answer(g, 0, ["Copper"])
    answer(g, 0, "Silver")
    assert offered(g, 0) == ["Silver"]
    answer(g, 0, ["Silver"])
    answer(g, 0, "Gold")
    assert zone(g, 0, "hand") == ["Gold"]
    assert zone(g, None, "trash") == ["Copper", "Silver"]


def test_throne_room_on_remodel_remodels_two_cards():
    g = position(seat(hand=["Throne Room", "Remodel", "Estate", "Copper"]), seat(),
                 kingdom=["Throne Room", "Remodel"])
    play(g, "Throne Room")
    answer(g, 0, ["Remodel"])
    answer(g, 0, ["Estate"])
    answer(g, 0, "Silver")
    answer(g, 0, ["Copper"])
    answer(g, 0, "Estate")
    assert zone(g, 0, "discard") == ["Silver", "Estate"] and zone(g, 0, "hand") == []


def test_throne_room_on_library_draws_to_seven_then_nothing():
    g = position(seat(hand=["Throne Room", "Library"], deck=["Copper"] * 10), seat(),
                 kingdom=["Throne Room", "Library"])
    play(g, "Throne Room")
    answer(g, 0, ["Library"])
    assert len(zone(g, 0, "hand")) == 7 and len(zone(g, 0, "deck")) == 3


def test_throne_room_played_by_vassal_plays_a_card_from_hand_twice():
    g = position(seat(hand=["Vassal", "Smithy"], deck=["Throne Room"] + ["Copper"] * 6), seat(),
                 kingdom=["Vassal", "Throne Room", "Smithy"])
    play(g, "Vassal")
    answer(g, 0, "play")
    answer(g, 0, ["Smithy"])
    assert zone(g, 0, "in_play") == ["Vassal", "Throne Room", "Smithy"]
    assert zone(g, 0, "hand") == ["Copper"] * 6 and g.actions == 0


def test_throne_room_on_spy_reveals_twice():
    g = position(seat(hand=["Throne Room", "Spy"], deck=["Copper", "Gold", "Silver", "Estate"]),
                 seat(deck=["Province", "Duchy"]), kingdom=["Throne Room", "Spy"], edition=1)
    play(g, "Throne Room")
    answer(g, 0, ["Spy"])
    prompts = []
    while any(d.kind == "ChooseOption" for d in g.pending()):
        prompts.append(decision(g, 0).prompt.split(" ")[0])
        answer(g, 0, "discard")
    assert prompts == ["Gold", "Province", "Estate", "Duchy"]
    assert zone(g, 0, "hand") == ["Copper", "Silver"] and g.actions == 2


def test_throne_room_on_chancellor_second_play_has_no_deck_to_discard():
    g = position(seat(hand=["Throne Room", "Chancellor"], deck=["Gold"]), seat(),
                 kingdom=["Throne Room", "Chancellor"], edition=1)
    play(g, "Throne Room")
    answer(g, 0, ["Chancellor"])
    answer(g, 0, "yes")
    assert open_kinds(g) == [(0, "BuyPhase")] and g.coins == 4
