"""Base-game cards that draw or give +Actions/+Buys/+$: their text and every rulebook ruling.

Cellar, Moat (played), Village, Smithy, Laboratory, Market, Festival, Council Room, Library.
Rulings are quoted from the card descriptions of 000 (2nd edition) and 001 (1st edition).
"""
from __future__ import annotations

from collections import Counter

import pytest

from engine import CARDS
from tests.engine.helpers import (
    answer,
    decision,
    events,
    illegal,
    offered,
    open_kinds,
    play,
    position,
    seat,
    treasures,
    zone,
)

# ----- Cellar ------------------------------------------------------------------------------


def test_cellar_text_plus_action_discard_any_number_then_draw_that_many():
    g = position(seat(hand=["Cellar", "Estate", "Estate", "Copper", "Village"],
                      deck=["Silver", "Gold", "Duchy"]), seat(), kingdom=["Cellar", "Village"])
    play(g, "Cellar")
    assert g.actions == 1
    answer(g, 0, ["Estate", "Estate"])
    assert zone(g, 0, "hand") == ["Copper", "Village", "Silver", "Gold"]
    assert zone(g, 0, "discard") == ["Estate", "Estate"]
    assert zone(g, 0, "deck") == ["Duchy"]
    assert decision(g, 0).kind == "PlayAction"  # the +1 Action is usable


def test_cellar_cannot_discard_itself():
    """000/001: "You can't discard Cellar to itself, since it isn't in your hand any longer"."""
    g = position(seat(hand=["Cellar", "Cellar", "Estate"], deck=["Copper"] * 3), seat(),
                 kingdom=["Cellar"])
    first = g.players[0].hand[0]
    play(g, first)
    assert offered(g, 0) == ["Cellar", "Estate"]
    d = decision(g, 0)
    illegal(g, 0, d.id, [first])
    answer(g, 0, ["Cellar", "Estate"])  # the other Cellar can be discarded
    assert zone(g, 0, "in_play") == ["Cellar"]
    assert zone(g, 0, "discard") == ["Cellar", "Estate"]


def test_cellar_discards_all_at_once_then_draws_as_many_as_discarded():
    """000: "Choose any number of cards from your hand; discard them all at once; then draw
    as many cards as you actually discarded"."""
    g = position(seat(hand=["Cellar", "Estate", "Duchy", "Curse"], deck=["Gold"] * 5), seat(),
                 kingdom=["Cellar"])
    play(g, "Cellar")
    n = len(g.log)
    answer(g, 0, ["Estate", "Duchy", "Curse"])
    kinds = [e[0] for e in g.log[n:]]
    assert kinds.count("discard") == 1 and kinds.index("discard") < kinds.index("draw")
    assert events(g, "draw", n)[0]["count"] == 3
    assert zone(g, 0, "hand") == ["Gold"] * 3


def test_cellar_discarding_nothing_draws_nothing():
    g = position(seat(hand=["Cellar", "Estate"], deck=["Gold"]), seat(), kingdom=["Cellar"])
    play(g, "Cellar")
    answer(g, 0, [])
    assert zone(g, 0, "hand") == ["Estate"] and zone(g, 0, "deck") == ["Gold"]


def test_cellar_discarded_cards_are_shuffled_in_when_drawing():
    """000: "If this causes you to shuffle, you will shuffle in the cards you discarded";
    001: "the discarded cards will end up shuffled into your new Deck"."""
    g = position(seat(hand=["Cellar", "Estate", "Estate", "Estate", "Estate"], deck=["Silver"]),
                 seat(), kingdom=["Cellar"])
    play(g, "Cellar")
    answer(g, 0, ["Estate"] * 4)
    assert len(events(g, "shuffle")) == 1
    # The Silver left on the deck is drawn first, then 3 of the 4 shuffled-in Estates.
    assert zone(g, 0, "hand") == ["Silver", "Estate", "Estate", "Estate"]
    assert zone(g, 0, "deck") == ["Estate"] and zone(g, 0, "discard") == []


def test_cellar_only_the_top_discarded_card_and_the_count_are_public():
    """000: "You do not have to let players see any but the top card discarded; however the
    number of cards you discard is public"."""
    g = position(seat(hand=["Cellar", "Province", "Curse", "Estate"], deck=["Copper"] * 3),
                 seat(), kingdom=["Cellar"])
    play(g, "Cellar")
    answer(g, 0, ["Province", "Curse", "Estate"])
    theirs = [e for e in g.view(1)["log"] if e["type"] == "discard"][-1]
    mine = [e for e in g.view(0)["log"] if e["type"] == "discard"][-1]
    assert theirs["count"] == 3 and theirs["top"] == "Estate" and "cards" not in theirs
    assert mine["cards"] == ["Province", "Curse", "Estate"]
    assert g.view(1)["players"][0]["discard_top"] == "Estate"


def test_cellar_with_an_empty_hand_asks_nothing():
    g = position(seat(hand=["Cellar"], deck=["Copper"]), seat(), kingdom=["Cellar"])
    play(g, "Cellar")
    assert open_kinds(g) == [(0, "BuyPhase")]


# ----- Moat played as an Action; Village, Smithy, Laboratory, Market, Festival ------------


def test_moat_played_draws_two_cards():
    """000: "Moat can also be played on your turn for +2 Cards"."""
    g = position(seat(hand=["Moat"], deck=["Copper", "Silver", "Gold"]), seat(),
                 kingdom=["Moat"])
    play(g, "Moat")
    assert zone(g, 0, "hand") == ["Copper", "Silver"]
    assert g.actions == 0 and CARDS["Moat"].types == ("Action", "Reaction")


def test_village_text_plus_card_plus_two_actions():
    g = position(seat(hand=["Village", "Village"], deck=["Smithy", "Copper"]), seat(),
                 kingdom=["Village", "Smithy"])
    play(g, "Village")
    assert g.actions == 2 and zone(g, 0, "hand") == ["Village", "Smithy"]
    play(g, "Village")
    assert g.actions == 3


def test_smithy_text_draws_three_cards():
    g = position(seat(hand=["Smithy"], deck=["Copper", "Silver", "Gold", "Estate"]), seat(),
                 kingdom=["Smithy"])
    play(g, "Smithy")
    assert zone(g, 0, "hand") == ["Copper", "Silver", "Gold"]
    assert g.actions == 0 and zone(g, 0, "deck") == ["Estate"]


def test_smithy_shuffles_only_when_the_deck_runs_short_and_draws_what_it_can():
    g = position(seat(hand=["Smithy"], deck=["Gold"], discard=["Copper"]), seat(),
                 kingdom=["Smithy"])
    play(g, "Smithy")
    assert sorted(zone(g, 0, "hand")) == ["Copper", "Gold"]
    assert zone(g, 0, "hand")[0] == "Gold"  # the old deck is drawn before the shuffled cards
    assert len(events(g, "shuffle")) == 1


def test_smithy_with_no_deck_and_no_discard_draws_nothing():
    g = position(seat(hand=["Smithy"]), seat(), kingdom=["Smithy"])
    play(g, "Smithy")
    assert zone(g, 0, "hand") == [] and events(g, "shuffle") == []


def test_laboratory_text_plus_two_cards_plus_action():
    """000: "You draw 2 cards and get +1 Action"; 001: "You may play another Action card"."""
    g = position(seat(hand=["Laboratory"], deck=["Laboratory", "Copper", "Silver", "Gold"]),
                 seat(), kingdom=["Laboratory"])
    play(g, "Laboratory")
    assert g.actions == 1 and zone(g, 0, "hand") == ["Laboratory", "Copper"]
    play(g, "Laboratory")
    assert g.actions == 1 and zone(g, 0, "hand") == ["Copper", "Silver", "Gold"]


def test_market_text_card_action_buy_coin():
    """001: "add one coin to the total value of the Treasure cards played"."""
    g = position(seat(hand=["Market", "Copper"], deck=["Silver"]), seat(), kingdom=["Market"])
    play(g, "Market")
    assert (g.actions, g.buys, g.coins) == (1, 2, 1)
    assert zone(g, 0, "hand") == ["Copper", "Silver"]
    treasures(g)
    assert g.coins == 4


def test_festival_text_two_actions_buy_two_coins():
    g = position(seat(hand=["Festival"]), seat(), kingdom=["Festival"])
    play(g, "Festival")
    assert (g.actions, g.buys, g.coins) == (2, 2, 2)


def test_festival_action_count_example_from_the_rulebook():
    """001: "I'm playing the Festival and now have two Actions remaining. I play a Market and
    have two Actions remaining. I play another Festival and now have three Actions"."""
    g = position(seat(hand=["Festival", "Market", "Festival"], deck=["Copper"]), seat(),
                 kingdom=["Festival", "Market"])
    play(g, "Festival")
    assert g.actions == 2
    play(g, "Market")
    assert g.actions == 2
    play(g, "Festival")
    assert g.actions == 3
    assert (g.buys, g.coins) == (4, 5)


# ----- Council Room ------------------------------------------------------------------------


def test_council_room_text_four_cards_buy_and_each_other_player_draws():
    g = position(seat(hand=["Council Room"], deck=["Copper"] * 5),
                 seat(hand=[], deck=["Gold", "Silver"]), seat(hand=["Estate"], deck=["Duchy"]),
                 kingdom=["Council Room"])
    play(g, "Council Room")
    assert len(zone(g, 0, "hand")) == 4 and g.buys == 2
    assert zone(g, 1, "hand") == ["Gold"] and zone(g, 2, "hand") == ["Estate", "Duchy"]


def test_council_room_others_must_draw():
    """000: "The other players draw a card whether they want to or not": no one is asked."""
    g = position(seat(hand=["Council Room"], deck=["Copper"] * 5),
                 seat(deck=["Curse"]), kingdom=["Council Room"])
    play(g, "Council Room")
    assert open_kinds(g) == [(0, "BuyPhase")]
    assert zone(g, 1, "hand") == ["Curse"]


def test_council_room_others_shuffle_as_necessary():
    """001: "All players should shuffle as necessary"."""
    g = position(seat(hand=["Council Room"], deck=["Copper"] * 4),
                 seat(discard=["Gold"]), kingdom=["Council Room"])
    play(g, "Council Room")
    assert zone(g, 1, "hand") == ["Gold"] and zone(g, 1, "discard") == []
    assert [e["seat"] for e in events(g, "shuffle")] == [1]


# ----- Library -----------------------------------------------------------------------------


def test_library_text_draws_until_seven_cards_in_hand():
    g = position(seat(hand=["Library", "Estate", "Estate"], deck=["Copper"] * 6 + ["Gold"]),
                 seat(), kingdom=["Library"])
    play(g, "Library")
    assert len(zone(g, 0, "hand")) == 7
    assert zone(g, 0, "deck") == ["Copper", "Gold"]


def test_library_looks_at_cards_one_at_a_time_and_may_set_aside_each_action():
    """000: "You look at cards one at a time, putting each one into your hand or setting it
    aside"; the choice is asked for each Action card as it is drawn."""
    g = position(seat(hand=["Library"] + ["Estate"] * 4,
                      deck=["Village", "Copper", "Smithy", "Silver", "Gold"]),
                 seat(), kingdom=["Library", "Village", "Smithy"])
    play(g, "Library")
    d = decision(g, 0, "ChooseOption")
    assert d.options == ["keep", "skip"] and d.labels[0] == "Keep Village"
    assert "Village" not in d.prompt  # (staff see prompts while the game runs: no hand card)
    assert zone(g, 0, "hand")[-1] == "Village" and zone(g, 0, "deck")[0] == "Copper"
    answer(g, 0, "skip")
    assert zone(g, 0, "set_aside") == ["Village"]
    assert decision(g, 0, "ChooseOption").labels[0] == "Keep Smithy"
    answer(g, 0, "keep")
    assert zone(g, 0, "hand") == ["Estate"] * 4 + ["Copper", "Smithy", "Silver"]
    assert zone(g, 0, "set_aside") == [] and zone(g, 0, "discard") == ["Village"]
    assert zone(g, 0, "deck") == ["Gold"]


def test_library_setting_aside_is_optional():
    """000: "You are not forced to set aside Action cards; that is just an option"."""
    g = position(seat(hand=["Library"] + ["Estate"] * 5, deck=["Village", "Gold"]),
                 seat(), kingdom=["Library", "Village"])
    play(g, "Library")
    answer(g, 0, "keep")
    assert zone(g, 0, "hand") == ["Estate"] * 5 + ["Village", "Gold"]


def test_library_only_action_cards_can_be_set_aside():
    """000: "Only Action cards can be set aside": drawing other cards asks nothing."""
    g = position(seat(hand=["Library"], deck=["Copper", "Estate", "Curse", "Gold", "Gardens",
                                              "Silver", "Duchy"]),
                 seat(), kingdom=["Library", "Gardens"])
    play(g, "Library")
    assert open_kinds(g) == [(0, "BuyPhase")]
    assert len(zone(g, 0, "hand")) == 7


def test_library_set_aside_cards_not_shuffled_in():
    """000: "If you shuffle in the middle of doing this, you do not shuffle in the set aside
    cards"; 001: they "will be discarded when you have finished drawing cards"."""
    g = position(seat(hand=["Library", "Estate", "Estate"], deck=["Village"],
                      discard=["Copper"] * 5),
                 seat(), kingdom=["Library", "Village"])
    play(g, "Library")
    answer(g, 0, "skip")
    assert len(events(g, "shuffle")) == 1
    assert zone(g, 0, "hand") == ["Estate", "Estate"] + ["Copper"] * 5
    assert zone(g, 0, "deck") == [] and zone(g, 0, "discard") == ["Village"]


def test_library_with_seven_or_more_cards_in_hand_draws_nothing():
    """000: "If you already have 7 cards in hand to start, you do not draw any cards"."""
    g = position(seat(hand=["Library"] + ["Copper"] * 8, deck=["Gold"]), seat(),
                 kingdom=["Library"])
    play(g, "Library")
    assert len(zone(g, 0, "hand")) == 8 and zone(g, 0, "deck") == ["Gold"]
    assert events(g, "draw") == []


def test_library_stops_when_deck_and_discard_run_out():
    """001: "If you run out of cards even after shuffling, you just get however many there
    were"."""
    g = position(seat(hand=["Library"], deck=["Gold"], discard=["Silver", "Smithy"]), seat(),
                 kingdom=["Library", "Smithy"])
    play(g, "Library")
    answer(g, 0, "skip")
    assert Counter(zone(g, 0, "hand")) == {"Gold": 1, "Silver": 1}
    assert zone(g, 0, "discard") == ["Smithy"]
    assert zone(g, 0, "deck") == [] and open_kinds(g) == [(0, "BuyPhase")]


def test_library_set_aside_cards_are_public():
    """000: set aside cards are face up unless otherwise specified."""
    g = position(seat(hand=["Library"] + ["Estate"] * 5, deck=["Smithy", "Gold", "Copper"]),
                 seat(), kingdom=["Library", "Smithy"])
    play(g, "Library")
    answer(g, 0, "skip")
    assert any(e["type"] == "set_aside" and e["cards"] == ["Smithy"] for e in g.view(1)["log"])


@pytest.mark.parametrize("edition", [1, 2])
def test_library_same_rules_in_both_editions(edition):
    g = position(seat(hand=["Library"] + ["Estate"] * 5, deck=["Village", "Gold", "Copper"]),
                 seat(), kingdom=["Library", "Village"], edition=edition)
    play(g, "Library")
    answer(g, 0, "skip")
    assert zone(g, 0, "hand")[-2:] == ["Gold", "Copper"]
    assert zone(g, 0, "discard") == ["Village"]
