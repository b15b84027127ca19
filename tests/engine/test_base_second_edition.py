"""The 2nd-edition-only base cards (Bandit is with the Attacks): their text and every ruling.

Harbinger, Merchant, Vassal, Poacher, Sentry, Artisan; rulings from the card descriptions of
the 2nd edition rulebook (000).
"""
from __future__ import annotations

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


@pytest.mark.parametrize("name, cost", [("Harbinger", 3), ("Merchant", 3), ("Vassal", 3),
                                        ("Poacher", 4), ("Sentry", 5), ("Artisan", 6),
                                        ("Bandit", 5)])
def test_second_edition_only_cards(name, cost):
    c = CARDS[name]
    assert c.editions == (2,) and c.cost == cost and c.is_kingdom


# ----- Harbinger ---------------------------------------------------------------------------


def test_harbinger_text_card_action_then_may_topdeck_from_discard():
    g = position(seat(hand=["Harbinger"], deck=["Copper", "Estate"], discard=["Gold", "Curse"]),
                 seat(), kingdom=["Harbinger"])
    play(g, "Harbinger")
    assert g.actions == 1 and zone(g, 0, "hand") == ["Copper"]
    d = decision(g, 0, "ChooseCards")
    assert d.zone == "discard" and (d.min, d.max) == (0, 1)
    assert offered(g, 0) == ["Gold", "Curse"]
    answer(g, 0, ["Gold"])
    assert zone(g, 0, "deck") == ["Gold", "Estate"]
    assert zone(g, 0, "discard") == ["Curse"]


def test_harbinger_putting_a_card_on_top_is_optional():
    """000: "Putting a card on top is optional"."""
    g = position(seat(hand=["Harbinger"], deck=["Copper"], discard=["Gold"]), seat(),
                 kingdom=["Harbinger"])
    play(g, "Harbinger")
    answer(g, 0, [])
    assert zone(g, 0, "discard") == ["Gold"] and zone(g, 0, "deck") == []


def test_harbinger_draws_before_looking_through_the_discard_pile():
    """000: "First draw a card and get +1 Action; then look through your discard pile": with
    an empty deck the draw shuffles the discard pile in, leaving nothing to pick."""
    g = position(seat(hand=["Harbinger"], discard=["Gold", "Silver"]), seat(),
                 kingdom=["Harbinger"])
    play(g, "Harbinger")
    assert sorted(zone(g, 0, "hand") + zone(g, 0, "deck")) == ["Gold", "Silver"]
    assert zone(g, 0, "discard") == []
    assert open_kinds(g) == [(0, "BuyPhase")]


def test_harbinger_with_an_empty_discard_pile_asks_nothing():
    g = position(seat(hand=["Harbinger", "Village"], deck=["Copper"]), seat(),
                 kingdom=["Harbinger", "Village"])
    play(g, "Harbinger")
    assert open_kinds(g) == [(0, "PlayAction")]


# ----- Merchant ----------------------------------------------------------------------------


def test_merchant_text_card_action_and_first_silver_gives_one_more():
    g = position(seat(hand=["Merchant", "Silver"], deck=["Copper"]), seat(),
                 kingdom=["Merchant"])
    play(g, "Merchant")
    assert g.actions == 1 and zone(g, 0, "hand") == ["Silver", "Copper"]
    treasures(g)
    assert g.coins == 2 + 1 + 1


def test_merchant_only_first_silver():
    """000: "if you play more than one Silver, you only get the +$1 for the first Silver"."""
    g = position(seat(hand=["Merchant", "Silver", "Silver", "Silver"], deck=["Estate"]), seat(),
                 kingdom=["Merchant"])
    play(g, "Merchant")
    treasures(g)
    assert g.coins == 7


def test_merchant_silver_played_later_in_the_turn_still_counts():
    """000: "If you end up playing a Silver later in the turn, it comes with +$1"."""
    g = position(seat(hand=["Merchant", "Copper", "Silver", "Silver"], deck=["Copper"]),
                 seat(), kingdom=["Merchant"])
    play(g, "Merchant")
    treasures(g, ["Copper", "Copper"])
    assert g.coins == 2
    treasures(g, ["Silver"])
    assert g.coins == 5
    treasures(g, ["Silver"])
    assert g.coins == 7


def test_merchant_each_played_gives_one_on_the_first_silver():
    """000: "If you play more than one Merchant, each gives you +$1 when you play that first
    Silver"."""
    g = position(seat(hand=["Merchant", "Merchant", "Silver", "Silver"],
                      deck=["Estate", "Estate"]), seat(), kingdom=["Merchant"])
    play(g, "Merchant")
    play(g, "Merchant")
    treasures(g)
    assert g.coins == 2 + 2 + 2


def test_merchant_without_a_silver_gives_nothing():
    g = position(seat(hand=["Merchant", "Gold", "Copper"], deck=["Estate"]), seat(),
                 kingdom=["Merchant"])
    play(g, "Merchant")
    treasures(g)
    assert g.coins == 4


def test_merchant_bonus_ends_with_the_turn():
    g = position(seat(hand=["Merchant", "Copper"], deck=["Silver"] * 6), seat(hand=["Estate"]),
                 kingdom=["Merchant"])
    play(g, "Merchant")
    answer(g, 0, {"end": True})
    answer(g, 1, {"end": True})
    assert g.active == 0 and g.flags == {}
    treasures(g)
    assert g.coins == 10


# ----- Vassal ------------------------------------------------------------------------------


def test_vassal_text_two_coins_and_discards_the_top_card():
    g = position(seat(hand=["Vassal"], deck=["Gold", "Copper"]), seat(), kingdom=["Vassal"])
    play(g, "Vassal")
    assert g.coins == 2
    assert zone(g, 0, "discard") == ["Gold"] and zone(g, 0, "deck") == ["Copper"]
    assert open_kinds(g) == [(0, "BuyPhase")]  # not an Action: nothing to play
    assert any(e["type"] == "discard" and e.get("cards") == ["Gold"] for e in g.view(1)["log"])


def test_vassal_played_card_uses_no_action():
    """000: "If you do play it, you move it into your play area and follow its instructions;
    this does not use up one of your Action plays for the turn"."""
    g = position(seat(hand=["Vassal"], deck=["Village", "Copper", "Silver"]), seat(),
                 kingdom=["Vassal", "Village"])
    play(g, "Vassal")
    assert g.actions == 0
    d = decision(g, 0, "ChooseOption")
    assert d.options == ["play", "no"]
    answer(g, 0, "play")
    assert g.actions == 2
    assert zone(g, 0, "in_play") == ["Vassal", "Village"]
    assert zone(g, 0, "discard") == [] and zone(g, 0, "hand") == ["Copper"]


def test_vassal_playing_the_action_is_optional():
    """000: "If the card is an Action card, you can play it, but do not have to"."""
    g = position(seat(hand=["Vassal"], deck=["Smithy", "Copper"]), seat(),
                 kingdom=["Vassal", "Smithy"])
    play(g, "Vassal")
    answer(g, 0, "no")
    assert zone(g, 0, "discard") == ["Smithy"] and zone(g, 0, "hand") == []
    assert zone(g, 0, "in_play") == ["Vassal"]


def test_vassal_played_card_follows_its_instructions_with_decisions():
    g = position(seat(hand=["Vassal", "Estate", "Copper"], deck=["Militia"]),
                 seat(hand=["Copper"] * 5), kingdom=["Vassal", "Militia"])
    play(g, "Vassal")
    answer(g, 0, "play")
    assert g.coins == 4
    answer(g, 1, ["Copper", "Copper"])
    assert zone(g, 1, "hand") == ["Copper"] * 3


def test_vassal_shuffles_when_the_deck_is_empty():
    g = position(seat(hand=["Vassal"], discard=["Smithy"]), seat(),
                 kingdom=["Vassal", "Smithy"])
    play(g, "Vassal")
    assert len(events(g, "shuffle")) == 1
    assert decision(g, 0).kind == "ChooseOption"


def test_vassal_with_no_cards_to_discard_just_gives_two_coins():
    g = position(seat(hand=["Vassal"]), seat(), kingdom=["Vassal"])
    play(g, "Vassal")
    assert g.coins == 2 and open_kinds(g) == [(0, "BuyPhase")]


# ----- Poacher -----------------------------------------------------------------------------


def test_poacher_text_card_action_coin_and_no_empty_pile_no_discard():
    """000: "If there are no empty piles, you do not discard"."""
    g = position(seat(hand=["Poacher", "Estate"], deck=["Copper"]), seat(),
                 kingdom=["Poacher"])
    play(g, "Poacher")
    assert (g.actions, g.coins) == (1, 1)
    assert zone(g, 0, "hand") == ["Estate", "Copper"]
    assert open_kinds(g) == [(0, "BuyPhase")]


def test_poacher_discards_one_card_per_empty_supply_pile():
    """000: "if there are two empty piles, you discard two cards" and this "includes all
    Supply piles, including Curses, Coppers, Poacher itself"."""
    g = position(seat(hand=["Poacher", "Estate", "Duchy", "Gold"], deck=["Copper"]), seat(),
                 kingdom=["Poacher"], supply={"Curse": 0, "Poacher": 0, "Copper": 0})
    play(g, "Poacher")
    d = decision(g, 0, "ChooseCards")
    assert (d.min, d.max) == (3, 3)
    illegal(g, 0, d.id, ["Estate", "Duchy"])
    answer(g, 0, ["Estate", "Duchy", "Copper"])
    assert zone(g, 0, "hand") == ["Gold"]
    assert zone(g, 0, "discard") == ["Estate", "Duchy", "Copper"]


def test_poacher_draws_before_discarding():
    """000: "You draw your one card before discarding"."""
    g = position(seat(hand=["Poacher"], deck=["Gold"]), seat(), kingdom=["Poacher"],
                 supply={"Curse": 0})
    play(g, "Poacher")
    assert zone(g, 0, "hand") == [] and zone(g, 0, "discard") == ["Gold"]


def test_poacher_discards_whole_hand_if_too_few():
    """000: "If you do not have enough cards to discard, just discard the rest of your hand"."""
    g = position(seat(hand=["Poacher", "Estate"], deck=["Silver"]), seat(), kingdom=["Poacher"],
                 supply={"Curse": 0, "Estate": 0, "Duchy": 0})
    play(g, "Poacher")
    assert zone(g, 0, "hand") == []
    assert sorted(zone(g, 0, "discard")) == ["Estate", "Silver"]
    assert g.coins == 1


# ----- Sentry ------------------------------------------------------------------------------


def _sentry():
    return position(seat(hand=["Sentry"], deck=["Copper", "Gold", "Curse", "Silver"]), seat(),
                    kingdom=["Sentry"])


def test_sentry_text_card_action_look_at_top_two():
    g = _sentry()
    play(g, "Sentry")
    assert g.actions == 1 and zone(g, 0, "hand") == ["Copper"]
    assert zone(g, 0, "looking") == ["Gold", "Curse"]
    d = decision(g, 0, "ChooseCards")
    assert d.zone == "looking" and (d.min, d.max) == (0, 2)


@pytest.mark.parametrize("trash, discard, order, deck", [
    (["Gold", "Curse"], [], None, ["Silver"]),                  # trash both
    ([], ["Gold", "Curse"], None, ["Silver"]),                  # discard both
    ([], [], ["Gold", "Curse"], ["Gold", "Curse", "Silver"]),   # both back, as they were
    ([], [], ["Curse", "Gold"], ["Curse", "Gold", "Silver"]),   # both back, swapped
    (["Curse"], ["Gold"], None, ["Silver"]),                    # trash one, discard one
    (["Curse"], [], None, ["Gold", "Silver"]),                  # trash one, one back
    ([], ["Curse"], None, ["Gold", "Silver"]),                  # discard one, one back
])
def test_sentry_all_splits(trash, discard, order, deck):
    """000: "You can trash both, or discard both, or put both back in either order; or you
    can trash one and discard one, or trash one and put one back, or discard one and put
    one back"."""
    g = _sentry()
    play(g, "Sentry")
    answer(g, 0, trash, kind="ChooseCards")
    if len(trash) < 2:
        answer(g, 0, discard, kind="ChooseCards")
    if order is not None:
        answer(g, 0, order, kind="OrderCards")
    assert zone(g, None, "trash") == trash
    assert zone(g, 0, "discard") == discard
    assert zone(g, 0, "deck") == deck
    assert zone(g, 0, "looking") == [] and open_kinds(g) == [(0, "BuyPhase")]


def test_sentry_order_must_list_every_card_once():
    g = _sentry()
    play(g, "Sentry")
    answer(g, 0, [])
    answer(g, 0, [])
    d = decision(g, 0, "OrderCards")
    illegal(g, 0, d.id, ["Gold"])
    illegal(g, 0, d.id, ["Gold", "Gold"])
    illegal(g, 0, d.id, ["Gold", "Curse", "Copper"])


def test_sentry_two_identical_cards_need_no_order():
    g = position(seat(hand=["Sentry"], deck=["Copper", "Estate", "Estate"]), seat(),
                 kingdom=["Sentry"])
    play(g, "Sentry")
    answer(g, 0, [])
    answer(g, 0, [])
    assert zone(g, 0, "deck") == ["Estate", "Estate"] and open_kinds(g) == [(0, "BuyPhase")]


def test_sentry_with_one_card_left_looks_at_just_that_one():
    g = position(seat(hand=["Sentry"], deck=["Copper", "Gold"]), seat(), kingdom=["Sentry"])
    play(g, "Sentry")
    assert zone(g, 0, "looking") == ["Gold"]
    answer(g, 0, [])
    answer(g, 0, [])
    assert zone(g, 0, "deck") == ["Gold"]


def test_sentry_shuffles_to_look_at_two_cards():
    g = position(seat(hand=["Sentry"], deck=["Copper", "Gold"], discard=["Estate"]), seat(),
                 kingdom=["Sentry"])
    play(g, "Sentry")
    assert zone(g, 0, "looking") == ["Gold", "Estate"]


def test_sentry_cards_are_looked_at_privately():
    """000: "Look at a card" - you get to see the card; other players do not."""
    g = _sentry()
    play(g, "Sentry")
    answer(g, 0, [])
    answer(g, 0, [])
    answer(g, 0, ["Curse", "Gold"])
    for e in g.view(1)["log"]:
        if e["type"] in ("look", "topdeck"):
            assert "cards" not in e
    seen = [e for e in g.view(0)["log"] if e["type"] == "look"]
    assert seen[0]["cards"] == ["Gold", "Curse"]
    assert g.view(1)["players"][0]["looking_size"] == 0


def test_sentry_trashed_cards_are_public():
    g = _sentry()
    play(g, "Sentry")
    answer(g, 0, ["Curse"])
    assert any(e["type"] == "trash" and e["cards"] == ["Curse"] for e in g.view(1)["log"])


# ----- Artisan -----------------------------------------------------------------------------


def test_artisan_text_gain_to_hand_up_to_five_then_topdeck_a_card():
    g = position(seat(hand=["Artisan", "Estate"], deck=["Copper"]), seat(),
                 kingdom=["Artisan", "Laboratory", "Gardens"])
    play(g, "Artisan")
    piles = offered(g, 0)
    assert "Laboratory" in piles and "Duchy" in piles
    assert "Artisan" not in piles and "Gold" not in piles and "Province" not in piles
    answer(g, 0, "Laboratory")
    assert zone(g, 0, "hand") == ["Estate", "Laboratory"]
    answer(g, 0, ["Estate"])
    assert zone(g, 0, "hand") == ["Laboratory"]
    assert zone(g, 0, "deck") == ["Estate", "Copper"]


def test_artisan_can_topdeck_gained_card():
    """000: "you put a card from your hand onto your deck; that can be the card you just
    gained, or a different card"."""
    g = position(seat(hand=["Artisan", "Copper"], deck=["Estate"]), seat(),
                 kingdom=["Artisan"])
    play(g, "Artisan")
    answer(g, 0, "Duchy")
    assert offered(g, 0) == ["Copper", "Duchy"]
    answer(g, 0, ["Duchy"])
    assert zone(g, 0, "deck") == ["Duchy", "Estate"] and zone(g, 0, "hand") == ["Copper"]


def test_artisan_coins_cannot_raise_the_limit():
    """000: "You cannot use $ to increase how expensive of a card you gain"."""
    g = position(seat(hand=["Artisan"]), seat(), kingdom=["Artisan"], turn={"coins": 5})
    play(g, "Artisan")
    d = decision(g, 0, "ChoosePile")
    assert max(d.costs) == 5
    illegal(g, 0, d.id, "Gold")


def test_artisan_gained_card_comes_from_the_supply():
    g = position(seat(hand=["Artisan"]), seat(), kingdom=["Artisan"], supply={"Silver": 1},
                 trash=["Gold", "Silver"])
    play(g, "Artisan")
    answer(g, 0, "Silver")
    assert zone(g, None, "Silver") == [] and zone(g, None, "trash") == ["Gold", "Silver"]


def test_artisan_the_topdeck_is_not_revealed_to_others():
    g = position(seat(hand=["Artisan", "Province"]), seat(), kingdom=["Artisan"])
    play(g, "Artisan")
    answer(g, 0, "Silver")
    answer(g, 0, ["Province"])
    mine = [e for e in g.view(0)["log"] if e["type"] == "topdeck"]
    theirs = [e for e in g.view(1)["log"] if e["type"] == "topdeck"]
    assert mine[-1]["card"] == "Province" and "card" not in theirs[-1]
