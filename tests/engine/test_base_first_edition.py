"""1st-edition base cards: Adventurer, Chancellor, Feast, Spy, Thief, Woodcutter, and the 1st
edition texts of Mine, Moneylender, Throne Room and Bureaucrat. Rulings from 001."""
from __future__ import annotations

from collections import Counter

import pytest

from engine import CARDS
from tests.engine.helpers import (
    answer,
    count,
    decision,
    events,
    illegal,
    offered,
    open_kinds,
    owned,
    play,
    position,
    seat,
    total_cards,
    waiting,
    zone,
)

ONE = {"edition": 1}


@pytest.mark.parametrize("name, cost", [("Adventurer", 6), ("Chancellor", 3), ("Feast", 4),
                                        ("Spy", 4), ("Thief", 4), ("Woodcutter", 3)])
def test_first_edition_only_cards(name, cost):
    assert CARDS[name].editions == (1,) and CARDS[name].cost == cost


# ----- Adventurer --------------------------------------------------------------------------


def test_adventurer_text_reveals_until_two_treasures_and_discards_the_rest():
    g = position(seat(hand=["Adventurer"], deck=["Estate", "Copper", "Village", "Silver", "Gold"]),
                 seat(), kingdom=["Adventurer", "Village"], **ONE)
    play(g, "Adventurer")
    assert zone(g, 0, "hand") == ["Copper", "Silver"]
    assert zone(g, 0, "discard") == ["Estate", "Village"]
    assert zone(g, 0, "deck") == ["Gold"] and zone(g, 0, "set_aside") == []
    revealed = [e for e in g.view(1)["log"] if e["type"] == "reveal"]
    assert revealed[-1]["cards"] == ["Estate", "Copper", "Village", "Silver"]


def test_adventurer_shuffles_in_the_middle():
    """001: "If you have to shuffle in the middle, shuffle"."""
    g = position(seat(hand=["Adventurer"], deck=["Estate", "Copper"], discard=["Gold", "Gold"]),
                 seat(), kingdom=["Adventurer"], **ONE)
    play(g, "Adventurer")
    assert zone(g, 0, "hand") == ["Copper", "Gold"] and zone(g, 0, "deck") == ["Gold"]
    assert zone(g, 0, "discard") == ["Estate"] and len(events(g, "shuffle")) == 1


def test_adventurer_revealed_cards_are_not_shuffled_in():
    """001: "Don't shuffle in the revealed cards as these cards do not go to the Discard pile
    until you have finished revealing cards"."""
    g = position(seat(hand=["Adventurer"], deck=["Curse", "Estate"], discard=["Silver"]),
                 seat(), kingdom=["Adventurer"], **ONE)
    play(g, "Adventurer")
    shuffles = events(g, "shuffle")
    assert len(shuffles) == 1 and shuffles[0]["count"] == 1  # the Silver alone
    assert zone(g, 0, "hand") == ["Silver"]
    assert zone(g, 0, "discard") == ["Curse", "Estate"]


def test_adventurer_stops_when_cards_run_out():
    """001: "If you run out of cards after shuffling and still only have one Treasure, you get
    just that one Treasure"."""
    g = position(seat(hand=["Adventurer"], deck=["Curse", "Copper"], discard=["Estate"]),
                 seat(), kingdom=["Adventurer"], **ONE)
    play(g, "Adventurer")
    assert zone(g, 0, "hand") == ["Copper"]
    assert Counter(zone(g, 0, "discard")) == {"Curse": 1, "Estate": 1}
    assert zone(g, 0, "deck") == [] and open_kinds(g) == [(0, "BuyPhase")]


def test_adventurer_with_no_cards_at_all_does_nothing():
    g = position(seat(hand=["Adventurer"]), seat(), kingdom=["Adventurer"], **ONE)
    play(g, "Adventurer")
    assert zone(g, 0, "hand") == [] and open_kinds(g) == [(0, "BuyPhase")]


# ----- Chancellor --------------------------------------------------------------------------


def test_chancellor_text_two_coins_and_may_put_deck_into_discard_pile():
    g = position(seat(hand=["Chancellor"], deck=["Gold", "Estate", "Copper"],
                      discard=["Silver"]), seat(), kingdom=["Chancellor"], **ONE)
    play(g, "Chancellor")
    assert g.coins == 2
    d = decision(g, 0, "ChooseOption")
    assert d.options == ["yes", "no"]
    answer(g, 0, "yes")
    assert zone(g, 0, "deck") == []
    assert Counter(zone(g, 0, "discard")) == {"Silver": 1, "Gold": 1, "Estate": 1, "Copper": 1}


def test_chancellor_may_keep_the_deck():
    g = position(seat(hand=["Chancellor"], deck=["Gold", "Estate"]), seat(),
                 kingdom=["Chancellor"], **ONE)
    play(g, "Chancellor")
    answer(g, 0, "no")
    assert zone(g, 0, "deck") == ["Gold", "Estate"] and zone(g, 0, "discard") == []


def test_chancellor_decision_before_anything_else():
    """001: "You must resolve the Chancellor ... before doing other things on your turn, like
    deciding what to buy or playing another Action card"."""
    g = position(seat(hand=["Village", "Chancellor", "Silver"], deck=["Chancellor", "Copper"]),
                 seat(), kingdom=["Chancellor", "Village"], **ONE)
    play(g, "Village")
    play(g, "Chancellor")
    assert open_kinds(g) == [(0, "ChooseOption")]
    answer(g, 0, "no")
    assert open_kinds(g) == [(0, "PlayAction")]


def test_chancellor_with_an_empty_deck_asks_nothing():
    g = position(seat(hand=["Chancellor"], discard=["Gold"]), seat(), kingdom=["Chancellor"],
                 **ONE)
    play(g, "Chancellor")
    assert open_kinds(g) == [(0, "BuyPhase")] and g.coins == 2


def test_chancellor_deck_is_not_looked_through():
    """001: "You may not look through your Deck as you discard it": the log names no card."""
    g = position(seat(hand=["Chancellor"], deck=["Province", "Gold", "Curse"]), seat(),
                 kingdom=["Chancellor"], **ONE)
    play(g, "Chancellor")
    n = len(g.log)
    answer(g, 0, "yes")
    for viewer in (0, 1, None):
        assert g.log_for(viewer, n) == [{"type": "deck_discarded", "seat": 0, "count": 3}]


def test_chancellor_flips_the_deck_onto_the_discard_pile():
    """001: "decide whether or not to discard your Deck by flipping it into your Discard pile":
    turned over, the deck's bottom card ends on top of the discard pile."""
    g = position(seat(hand=["Chancellor"], deck=["Gold", "Silver", "Estate"],
                      discard=["Copper"]), seat(), kingdom=["Chancellor"], **ONE)
    play(g, "Chancellor")
    answer(g, 0, "yes")
    assert zone(g, 0, "discard") == ["Copper", "Gold", "Silver", "Estate"]
    assert g.view(1)["players"][0]["discard_top"] == "Estate"


def test_chancellor_then_the_next_draw_shuffles():
    g = position(seat(hand=["Chancellor"], deck=["Gold"] * 5), seat(hand=["Copper"]),
                 kingdom=["Chancellor"], **ONE)
    play(g, "Chancellor")
    answer(g, 0, "yes")
    answer(g, 0, {"end": True})
    # The 5 Golds were in the discard pile with the Chancellor: drawing 5 shuffles them.
    assert len(events(g, "shuffle")) == 1 and events(g, "shuffle")[0]["seat"] == 0
    assert len(zone(g, 0, "hand")) == 5 and len(zone(g, 0, "deck")) == 1


# ----- Feast -------------------------------------------------------------------------------


def test_feast_text_trash_this_and_gain_a_card_costing_up_to_five():
    g = position(seat(hand=["Feast"]), seat(), kingdom=["Feast", "Laboratory"], **ONE)
    play(g, "Feast")
    assert zone(g, None, "trash") == ["Feast"] and zone(g, 0, "in_play") == []
    piles = offered(g, 0)
    assert "Laboratory" in piles and "Duchy" in piles and "Gold" not in piles
    answer(g, 0, "Laboratory")
    assert zone(g, 0, "discard") == ["Laboratory"]


def test_feast_coins_cannot_raise_the_limit():
    """001: "You cannot use coins from Treasures or previous Actions (like the Market) to
    increase the cost of the card that you gain"."""
    g = position(seat(hand=["Feast"]), seat(), kingdom=["Feast"], turn={"coins": 3}, **ONE)
    play(g, "Feast")
    d = decision(g, 0, "ChoosePile")
    assert max(d.costs) == 5
    illegal(g, 0, d.id, "Gold")


def test_feast_gains_from_the_supply_into_the_discard_pile():
    """001: "The gained card goes into your Discard pile. It has to be a card from the
    Supply"."""
    g = position(seat(hand=["Feast"], deck=["Copper"]), seat(), kingdom=["Feast"],
                 trash=["Duchy"], supply={"Duchy": 0}, **ONE)
    play(g, "Feast")
    assert "Duchy" not in offered(g, 0)
    answer(g, 0, "Silver")
    assert zone(g, 0, "discard") == ["Silver"] and zone(g, None, "trash") == ["Duchy", "Feast"]


def test_throne_room_on_feast_gains_two_cards_trashes_feast_once():
    """001: "If you use Throne Room on Feast, you will gain two cards, even though you can only
    trash Feast once. Gaining the card isn't contingent on trashing Feast"."""
    g = position(seat(hand=["Throne Room", "Feast"]), seat(),
                 kingdom=["Throne Room", "Feast", "Market"], **ONE)
    play(g, "Throne Room")
    answer(g, 0, ["Feast"])
    answer(g, 0, "Market")
    assert zone(g, None, "trash") == ["Feast"]
    answer(g, 0, "Duchy")
    assert zone(g, None, "trash") == ["Feast"]
    assert zone(g, 0, "discard") == ["Market", "Duchy"]
    assert zone(g, 0, "in_play") == ["Throne Room"]
    assert len(events(g, "trash")) == 1


# ----- Spy ---------------------------------------------------------------------------------


def test_spy_text_card_action_and_each_player_reveals_top_card_attacker_chooses():
    g = position(seat(hand=["Spy"], deck=["Copper", "Gold"]), seat(deck=["Province", "Curse"]),
                 kingdom=["Spy"], **ONE)
    play(g, "Spy")
    assert g.actions == 1 and zone(g, 0, "hand") == ["Copper"]
    d = decision(g, 0, "ChooseOption")
    assert d.options == ["discard", "keep"] and "Gold" in d.prompt
    answer(g, 0, "keep")
    assert "Province" in decision(g, 0).prompt
    answer(g, 0, "discard")
    assert zone(g, 0, "deck") == ["Gold"]
    assert zone(g, 1, "deck") == ["Curse"] and zone(g, 1, "discard") == ["Province"]


def test_spy_draws_before_any_card_is_revealed():
    """001: "Note that you draw your card for playing Spy before any cards are revealed"."""
    g = position(seat(hand=["Spy"], deck=["Copper", "Gold"]), seat(deck=["Estate"]),
                 kingdom=["Spy"], **ONE)
    play(g, "Spy")
    kinds = [e["type"] for e in g.view(0)["log"]]
    assert kinds.index("draw") < kinds.index("reveal")
    assert "Gold" in decision(g, 0).prompt


def test_spy_order_self_first():
    """001: "you do yourself first, then each other player in turn order"."""
    g = position(seat(deck=["Duchy"]), seat(hand=["Spy"], deck=["Copper", "Silver"]),
                 seat(deck=["Gold"]), kingdom=["Spy"], turn={"player": 1}, **ONE)
    play(g, "Spy")
    revealed = []
    while any(d.kind == "ChooseOption" for d in g.pending()):
        assert waiting(g) == [1]  # the Spy's player makes every choice
        revealed.append(events(g, "reveal")[-1]["seat"])
        answer(g, 1, "discard")
    assert revealed == [1, 2, 0]
    assert [zone(g, p, "discard") for p in (0, 1, 2)] == [["Duchy"], ["Silver"], ["Gold"]]


def test_spy_kept_cards_go_back_on_top():
    """001: "Revealed cards that aren't discarded are returned to the top of their players'
    Decks"."""
    g = position(seat(hand=["Spy"], deck=["Copper", "Gold", "Estate"]), seat(deck=["Silver"]),
                 kingdom=["Spy"], **ONE)
    play(g, "Spy")
    answer(g, 0, "keep")
    answer(g, 0, "keep")
    assert zone(g, 0, "deck") == ["Gold", "Estate"] and zone(g, 1, "deck") == ["Silver"]


def test_spy_empty_deck_shuffles_and_no_cards_reveals_nothing():
    """001: "Anyone who does not have any cards left in their Deck shuffles in order to have
    something to reveal. Anyone who still has no cards to reveal doesn't reveal one"."""
    g = position(seat(hand=["Spy"], deck=["Copper"]), seat(discard=["Gold"]), seat(),
                 kingdom=["Spy"], **ONE)
    play(g, "Spy")
    # The Spy's player drew their last card and has nothing to reveal (nor to shuffle); the
    # next player shuffles their discard pile to reveal its Gold; the third has no cards.
    assert [e["seat"] for e in events(g, "shuffle")] == [1]
    assert [e["seat"] for e in events(g, "reveal")] == [1]
    assert "Gold" in decision(g, 0).prompt
    answer(g, 0, "keep")
    assert open_kinds(g) == [(0, "BuyPhase")]
    assert zone(g, 1, "deck") == ["Gold"]


def test_moat_blocks_spy():
    """001: "You won't ... reveal a card to a Spy"."""
    g = position(seat(hand=["Spy"], deck=["Copper", "Gold"]),
                 seat(hand=["Moat"], deck=["Province"]), kingdom=["Spy", "Moat"], **ONE)
    play(g, "Spy")
    answer(g, 1, ["Moat"])
    answer(g, 0, "discard")
    assert open_kinds(g) == [(0, "BuyPhase")]
    assert zone(g, 1, "deck") == ["Province"]
    assert [e["seat"] for e in events(g, "reveal")] == [1, 0]  # the Moat, then the Spy's own


# ----- Thief -------------------------------------------------------------------------------


def test_thief_text_trash_a_revealed_treasure_you_choose_and_gain_it():
    g = position(seat(hand=["Thief"]), seat(deck=["Silver", "Gold", "Estate"]),
                 kingdom=["Thief"], **ONE)
    play(g, "Thief")
    d = decision(g, 0, "ChooseCards")
    assert offered(g, 0) == ["Silver", "Gold"] and (d.min, d.max) == (1, 1)
    answer(g, 0, ["Gold"])
    assert zone(g, None, "trash") == ["Gold"] and zone(g, 1, "discard") == ["Silver"]
    answer(g, 0, ["Gold"])
    assert zone(g, 0, "discard") == ["Gold"] and zone(g, None, "trash") == []
    assert zone(g, 1, "deck") == ["Estate"]


def test_thief_gains_only_just_trashed_treasures():
    """001: "You can only take Treasures just trashed—not ones trashed on previous turns"."""
    g = position(seat(hand=["Thief"]), seat(deck=["Copper", "Estate"]), kingdom=["Thief"],
                 trash=["Gold", "Copper"], **ONE)
    play(g, "Thief")
    d = decision(g, 0, "ChooseCards")
    assert d.zone == "trash" and offered(g, 0) == ["Copper"]
    trashed_before = g.trash_pile[:2]
    illegal(g, 0, d.id, [trashed_before[0]])
    illegal(g, 0, d.id, [trashed_before[1]])
    answer(g, 0, ["Copper"])
    assert zone(g, None, "trash") == ["Gold", "Copper"] and zone(g, 0, "discard") == ["Copper"]


def test_thief_may_gain_none_some_or_all():
    """001: "You can take none of them, all of them, or anything in between ... The ones you
    choose not to gain stay in the Trash pile". The gain comes after every player has trashed:
    "Each player trashes one Treasure card at most ... and then you gain any of the trashed
    cards that you want" (also https://wiki.dominionstrategy.com/index.php/Thief: "The
    treasures are trashed and then gained")."""
    g = position(seat(hand=["Thief"]), seat(deck=["Silver", "Estate"]),
                 seat(deck=["Gold", "Duchy"]), seat(deck=["Copper", "Curse"]),
                 kingdom=["Thief"], **ONE)
    play(g, "Thief")
    d = decision(g, 0, "ChooseCards")
    assert (d.min, d.max) == (0, 3) and offered(g, 0) == ["Silver", "Gold", "Copper"]
    answer(g, 0, ["Gold", "Silver"])
    assert zone(g, None, "trash") == ["Copper"]
    assert Counter(zone(g, 0, "discard")) == {"Gold": 1, "Silver": 1}
    assert [zone(g, v, "discard") for v in (1, 2, 3)] == [["Estate"], ["Duchy"], ["Curse"]]


def test_thief_trashes_one_treasure_at_most_per_player():
    g = position(seat(hand=["Thief"]), seat(deck=["Copper", "Copper"]), kingdom=["Thief"],
                 **ONE)
    play(g, "Thief")
    assert zone(g, None, "trash") == ["Copper"] and zone(g, 1, "discard") == ["Copper"]
    answer(g, 0, [])
    assert zone(g, None, "trash") == ["Copper"] and zone(g, 0, "discard") == []


def test_thief_without_treasures_discards_both():
    g = position(seat(hand=["Thief"]), seat(deck=["Estate", "Curse", "Gold"]), kingdom=["Thief"],
                 **ONE)
    play(g, "Thief")
    assert open_kinds(g) == [(0, "BuyPhase")]
    assert zone(g, 1, "discard") == ["Estate", "Curse"] and zone(g, 1, "deck") == ["Gold"]


def test_thief_one_card_left_reveals_it_then_shuffles_without_it():
    """001: "A player with just one card left reveals that last card and then shuffles to get
    the other card to reveal (without including the revealed card)"."""
    g = position(seat(hand=["Thief"]), seat(deck=["Gold"], discard=["Estate"]),
                 kingdom=["Thief"], **ONE)
    play(g, "Thief")
    assert events(g, "shuffle")[0]["seat"] == 1
    assert events(g, "reveal")[-1]["cards"] == ["Gold", "Estate"]
    answer(g, 0, ["Gold"])
    assert zone(g, 0, "discard") == ["Gold"] and zone(g, 1, "discard") == ["Estate"]


def test_thief_no_cards_left_shuffles_for_both_and_reveals_what_it_can():
    """001: "a player with no cards left shuffles to get both of them. A player who still
    doesn't have two cards to reveal after shuffling just reveals what he can"."""
    g = position(seat(hand=["Thief"]), seat(discard=["Silver"]), seat(), kingdom=["Thief"],
                 **ONE)
    play(g, "Thief")
    assert [e["cards"] for e in events(g, "reveal")] == [["Silver"], []]
    answer(g, 0, ["Silver"])
    assert zone(g, 0, "discard") == ["Silver"] and owned(g, 1) == {}


def test_moat_blocks_thief():
    g = position(seat(hand=["Thief"]), seat(hand=["Moat"], deck=["Gold", "Gold"]),
                 kingdom=["Thief", "Moat"], **ONE)
    play(g, "Thief")
    answer(g, 1, ["Moat"])
    assert zone(g, 1, "deck") == ["Gold", "Gold"] and open_kinds(g) == [(0, "BuyPhase")]


def test_thief_keeps_the_total_number_of_cards():
    g = position(seat(hand=["Thief"]), seat(deck=["Silver", "Gold"]), kingdom=["Thief"], **ONE)
    before = total_cards(g)
    play(g, "Thief")
    answer(g, 0, ["Gold"])
    answer(g, 0, ["Gold"])
    assert total_cards(g) == before


# ----- Woodcutter --------------------------------------------------------------------------


def test_woodcutter_text_buy_and_two_coins():
    """001: "you add two coins to the total value of the Treasure cards played, and you may buy
    an additional card"."""
    g = position(seat(hand=["Woodcutter", "Copper"]), seat(), kingdom=["Woodcutter"], **ONE)
    play(g, "Woodcutter")
    assert (g.actions, g.buys, g.coins) == (0, 2, 2)
    answer(g, 0, {"play": "all"})
    answer(g, 0, {"buy": "Estate"})
    answer(g, 0, {"buy": "Copper"})
    assert g.active == 1 and count(g, "Estate") == 7


# ----- 1st-edition texts of cards in both editions -----------------------------------------


def test_mine_trash_is_mandatory_in_first_edition():
    g = position(seat(hand=["Mine", "Copper", "Silver"]), seat(), kingdom=["Mine"], **ONE)
    play(g, "Mine")
    d = decision(g, 0, "ChooseCards")
    assert (d.min, d.max) == (1, 1)
    illegal(g, 0, d.id, [])
    answer(g, 0, ["Silver"])
    answer(g, 0, "Gold")
    assert zone(g, 0, "hand") == ["Copper", "Gold"]


def test_mine_first_edition_without_a_treasure_gains_nothing():
    """001: "If you don't have a Treasure card in your hand to trash, you can't gain
    anything"."""
    g = position(seat(hand=["Mine", "Estate", "Village"]), seat(), kingdom=["Mine", "Village"],
                 **ONE)
    play(g, "Mine")
    assert open_kinds(g) == [(0, "BuyPhase")] and zone(g, 0, "discard") == []


def test_moneylender_trash_is_mandatory_in_first_edition():
    g = position(seat(hand=["Moneylender", "Copper"]), seat(), kingdom=["Moneylender"], **ONE)
    play(g, "Moneylender")
    d = decision(g, 0, "ChooseCards")
    assert (d.min, d.max) == (1, 1)
    illegal(g, 0, d.id, [])
    answer(g, 0, ["Copper"])
    assert g.coins == 3


def test_moneylender_first_edition_without_copper_gives_nothing():
    """001: "If you do not have a Copper in your hand to trash, you don't get the +3 coins"."""
    g = position(seat(hand=["Moneylender", "Silver"]), seat(), kingdom=["Moneylender"], **ONE)
    play(g, "Moneylender")
    assert g.coins == 0 and open_kinds(g) == [(0, "BuyPhase")]


def test_throne_room_choice_is_mandatory_in_first_edition():
    """001: "You pick another Action card in your hand, play it, and play it again"."""
    g = position(seat(hand=["Throne Room", "Smithy"], deck=["Copper"] * 6), seat(),
                 kingdom=["Throne Room", "Smithy"], **ONE)
    play(g, "Throne Room")
    d = decision(g, 0, "ChooseCards")
    assert (d.min, d.max) == (1, 1)
    illegal(g, 0, d.id, [])
    answer(g, 0, ["Smithy"])
    assert len(zone(g, 0, "hand")) == 6


def test_bureaucrat_first_edition_silver_on_top_and_victory_card_on_empty_deck():
    """001: "if another player has no cards in his Deck, the Victory card he puts on top will
    become the only card in his Deck"."""
    g = position(seat(hand=["Bureaucrat"], deck=["Copper"]),
                 seat(hand=["Province", "Copper"], discard=["Estate"]),
                 kingdom=["Bureaucrat"], **ONE)
    play(g, "Bureaucrat")
    assert zone(g, 0, "deck") == ["Silver", "Copper"]
    assert zone(g, 1, "deck") == ["Province"] and zone(g, 1, "discard") == ["Estate"]


@pytest.mark.parametrize("name", ["Mine", "Moneylender", "Throne Room", "Library", "Bureaucrat",
                                  "Militia", "Remodel", "Gardens", "Witch", "Moat"])
def test_cards_in_both_editions_have_both_texts(name):
    c = CARDS[name]
    assert c.editions == (1, 2)
    if name in ("Mine", "Moneylender", "Throne Room"):
        assert c.text_for(1) != c.text_for(2)


# ----- mixing editions ---------------------------------------------------------------------


def test_a_second_edition_game_may_use_the_first_edition_mine():
    g = position(seat(hand=["Mine", "Copper"]), seat(), kingdom=["Mine", "Moneylender"],
                 card_editions={"Mine": 1})
    play(g, "Mine")
    assert decision(g, 0).min == 1
    g2 = position(seat(hand=["Moneylender", "Copper"]), seat(),
                  kingdom=["Mine", "Moneylender"], card_editions={"Mine": 1})
    play(g2, "Moneylender")
    assert decision(g2, 0).min == 0


def test_a_first_edition_game_may_use_second_edition_cards():
    g = position(seat(hand=["Throne Room", "Sentry"], deck=["Copper"] * 5), seat(),
                 kingdom=["Throne Room", "Sentry", "Spy"], card_editions={"Throne Room": 2},
                 **ONE)
    play(g, "Throne Room")
    assert decision(g, 0).min == 0
    answer(g, 0, ["Sentry"])
    assert decision(g, 0).source == "Sentry"


def test_vassal_may_play_a_first_edition_feast_from_the_discard_pile():
    g = position(seat(hand=["Vassal"], deck=["Feast", "Copper"]), seat(),
                 kingdom=["Vassal", "Feast"])
    play(g, "Vassal")
    answer(g, 0, "play")
    assert zone(g, None, "trash") == ["Feast"] and zone(g, 0, "in_play") == ["Vassal"]
    answer(g, 0, "Duchy")
    assert zone(g, 0, "discard") == ["Duchy"] and g.coins == 2
