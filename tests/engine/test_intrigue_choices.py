"""Intrigue "choose one/two" cards: Pawn, Steward, Nobles, Baron, Minion, Torturer, Courtier,
Lurker. Rulebook 002: "The player may pick any choice offered, even if he cannot do what it
tells him to do, but once he makes a choice, he must complete as much of it as he can."
"""
from __future__ import annotations

import pytest

from tests.engine.helpers import (
    answer,
    count,
    decision,
    events,
    illegal,
    offered,
    owned,
    play,
    position,
    seat,
    waiting,
    zone,
)

K = ["Pawn", "Steward", "Nobles", "Baron", "Minion", "Torturer", "Courtier", "Lurker", "Moat",
     "Village"]


def game(*players, **kw):
    kw.setdefault("kingdom", K)
    return position(*players, **kw)


# ----- Pawn -----------------------------------------------------------------------------
def test_pawn_choices_made_before_either():
    g = game(seat(hand=["Pawn"], deck=["Gold", "Copper"]), seat())
    play(g, "Pawn")
    d = decision(g, 0)
    assert (d.kind, d.min, d.max) == ("ChooseOption", 2, 2)
    assert zone(g, 0, "hand") == []  # nothing is drawn before both choices are made
    answer(g, 0, ["card", "coin"])
    assert zone(g, 0, "hand") == ["Gold"] and g.coins == 1


def test_pawn_choices_must_be_different():
    g = game(seat(hand=["Pawn"], deck=["Gold"]), seat())
    play(g, "Pawn")
    d = decision(g, 0)
    assert "different" in illegal(g, 0, d.id, ["card", "card"])
    illegal(g, 0, d.id, ["card"])
    illegal(g, 0, d.id, ["card", "coin", "buy"])


@pytest.mark.parametrize("picked, actions, buys, coins, hand", [
    (["card", "action"], 1, 1, 0, 1), (["action", "buy"], 1, 2, 0, 0),
    (["buy", "coin"], 0, 2, 1, 0), (["card", "buy"], 0, 2, 0, 1),
])
def test_pawn_does_both_chosen_options(picked, actions, buys, coins, hand):
    g = game(seat(hand=["Pawn", "Village"], deck=["Copper"]), seat())
    play(g, "Pawn")
    answer(g, 0, picked)
    assert (g.actions, g.buys, g.coins, len(zone(g, 0, "hand")) - 1) == (
        actions, buys, coins, hand)


# ----- Steward ---------------------------------------------------------------------------
def test_steward_plus_two_cards():
    g = game(seat(hand=["Steward"], deck=["Gold", "Silver", "Copper"]), seat())
    play(g, "Steward")
    assert offered(g, 0) == ["cards", "coins", "trash"]
    answer(g, 0, "cards")
    assert zone(g, 0, "hand") == ["Gold", "Silver"] and g.coins == 0


def test_steward_plus_two_coins():
    g = game(seat(hand=["Steward", "Estate"], deck=["Gold"]), seat())
    play(g, "Steward")
    answer(g, 0, "coins")
    assert g.coins == 2 and zone(g, 0, "hand") == ["Estate"]


def test_steward_trash_exactly_two_with_two_or_more_cards():
    g = game(seat(hand=["Steward", "Estate", "Copper", "Curse"]), seat())
    play(g, "Steward")
    answer(g, 0, "trash")
    d = decision(g, 0)
    assert (d.min, d.max) == (2, 2)
    illegal(g, 0, d.id, ["Estate"])
    answer(g, 0, ["Estate", "Curse"])
    assert zone(g, None, "trash") == ["Estate", "Curse"] and zone(g, 0, "hand") == ["Copper"]


def test_steward_trash_with_one_card_trashes_that_card():
    g = game(seat(hand=["Steward", "Estate"]), seat())
    play(g, "Steward")
    answer(g, 0, "trash")
    assert zone(g, None, "trash") == ["Estate"] and zone(g, 0, "hand") == []


def test_steward_may_choose_to_trash_with_an_empty_hand():
    g = game(seat(hand=["Steward"], deck=["Gold", "Gold"]), seat())
    play(g, "Steward")
    answer(g, 0, "trash")
    assert zone(g, None, "trash") == [] and g.coins == 0 and zone(g, 0, "hand") == []


def test_steward_cannot_mix_options():
    g = game(seat(hand=["Steward"], deck=["Gold", "Gold"]), seat())
    play(g, "Steward")
    illegal(g, 0, decision(g, 0).id, ["cards", "coins"])


# ----- Nobles ----------------------------------------------------------------------------
def test_nobles_plus_three_cards():
    g = game(seat(hand=["Nobles"], deck=["Gold"] * 4), seat())
    play(g, "Nobles")
    assert offered(g, 0) == ["cards", "actions"]
    answer(g, 0, "cards")
    assert zone(g, 0, "hand") == ["Gold"] * 3 and g.actions == 0


def test_nobles_plus_two_actions():
    g = game(seat(hand=["Nobles", "Village"], deck=["Gold"] * 4), seat())
    play(g, "Nobles")
    answer(g, 0, "actions")
    assert zone(g, 0, "hand") == ["Village"] and g.actions == 2


def test_nobles_may_choose_cards_with_nothing_to_draw():
    g = game(seat(hand=["Nobles", "Village"]), seat())
    play(g, "Nobles")
    answer(g, 0, "cards")
    assert g.actions == 0 and zone(g, 0, "hand") == ["Village"]
    assert decision(g, 0).kind == "BuyPhase"


def test_nobles_options_cannot_be_mixed():
    g = game(seat(hand=["Nobles"], deck=["Gold"] * 4), seat())
    play(g, "Nobles")
    illegal(g, 0, decision(g, 0).id, ["cards", "actions"])


# ----- Baron -----------------------------------------------------------------------------
@pytest.mark.parametrize("edition", [1, 2])
def test_baron_discard_an_estate_for_four_coins_and_a_buy(edition):
    g = game(seat(hand=["Baron", "Estate", "Estate", "Copper"]), seat(), edition=edition)
    play(g, "Baron")
    answer(g, 0, ["Estate"])
    assert (g.coins, g.buys) == (4, 2)
    assert zone(g, 0, "discard") == ["Estate"] and owned(g, 0)["Estate"] == 2


def test_baron_never_obligated_to_discard_an_estate_but_then_gains_one():
    g = game(seat(hand=["Baron", "Estate"]), seat())
    play(g, "Baron")
    answer(g, 0, [])
    assert (g.coins, g.buys) == (0, 2)
    assert zone(g, 0, "hand") == ["Estate"] and zone(g, 0, "discard") == ["Estate"]


def test_baron_without_an_estate_must_gain_one():
    g = game(seat(hand=["Baron", "Copper"]), seat())
    play(g, "Baron")
    assert zone(g, 0, "discard") == ["Estate"] and g.buys == 2
    assert decision(g, 0).kind == "BuyPhase"


def test_baron_gains_nothing_when_no_estates_are_left():
    g = game(seat(hand=["Baron", "Copper"]), seat(), supply={"Estate": 0})
    play(g, "Baron")
    assert zone(g, 0, "discard") == [] and g.buys == 2


# ----- Minion ----------------------------------------------------------------------------
def test_minion_plus_action_and_two_coins():
    g = game(seat(hand=["Minion", "Copper"]), seat(hand=["Copper"] * 5))
    play(g, "Minion")
    answer(g, 0, "coins")
    assert (g.actions, g.coins) == (1, 2)
    assert zone(g, 0, "hand") == ["Copper"] and len(zone(g, 1, "hand")) == 5


def test_minion_attack_discards_hands_and_draws_four_for_players_with_five_or_more():
    g = game(seat(hand=["Minion", "Copper", "Estate"], deck=["Gold"] * 5),
             seat(hand=["Copper"] * 5, deck=["Silver"] * 5),
             seat(hand=["Copper"] * 4, deck=["Silver"] * 5))
    play(g, "Minion")
    answer(g, 0, "attack")
    assert g.actions == 1 and g.coins == 0
    assert zone(g, 0, "hand") == ["Gold"] * 4
    assert sorted(zone(g, 0, "discard")) == ["Copper", "Estate"]
    assert zone(g, 1, "hand") == ["Silver"] * 4 and zone(g, 1, "discard") == ["Copper"] * 5
    assert zone(g, 2, "hand") == ["Copper"] * 4  # fewer than 5 cards: unaffected


def test_minion_attack_may_be_chosen_with_an_empty_hand_and_deck():
    g = game(seat(hand=["Minion"]), seat(hand=["Copper"] * 5, deck=["Silver"] * 4))
    play(g, "Minion")
    answer(g, 0, "attack")
    assert zone(g, 0, "hand") == [] and zone(g, 1, "hand") == ["Silver"] * 4


def test_minion_moat_blocks_neither_discards_nor_draws():
    g = game(seat(hand=["Minion"], deck=["Gold"] * 5),
             seat(hand=["Moat", "Copper", "Copper", "Copper", "Copper"], deck=["Silver"] * 5))
    play(g, "Minion")
    answer(g, 1, ["Moat"])
    answer(g, 0, "attack")
    assert zone(g, 1, "hand") == ["Moat"] + ["Copper"] * 4
    assert zone(g, 0, "hand") == ["Gold"] * 4


def test_minion_reactions_come_before_the_choice():
    """Reactions are revealed when the Attack is played, before any of its text is done."""
    g = game(seat(hand=["Minion"], deck=["Gold"] * 5),
             seat(hand=["Moat"] + ["Copper"] * 4))
    play(g, "Minion")
    assert waiting(g) == [1] and decision(g, 1).kind == "Reveal"
    answer(g, 1, [])
    assert decision(g, 0).source == "Minion"


def test_minion_choice_coins_still_lets_others_reveal_reactions():
    g = game(seat(hand=["Minion"]), seat(hand=["Moat"] + ["Copper"] * 4))
    play(g, "Minion")
    answer(g, 1, ["Moat"])
    answer(g, 0, "coins")
    assert g.coins == 2 and len(zone(g, 1, "hand")) == 5


# ----- Torturer --------------------------------------------------------------------------
def test_torturer_plus_three_cards_and_victims_choose():
    g = game(seat(hand=["Torturer"], deck=["Gold"] * 3),
             seat(hand=["Copper", "Estate", "Silver", "Curse"]))
    play(g, "Torturer")
    assert zone(g, 0, "hand") == ["Gold"] * 3
    assert offered(g, 1) == ["discard", "curse"]
    answer(g, 1, "discard")
    answer(g, 1, ["Estate", "Curse"])
    assert zone(g, 1, "hand") == ["Copper", "Silver"]
    assert sorted(zone(g, 1, "discard")) == ["Curse", "Estate"]


def test_torturer_curse_goes_to_hand():
    g = game(seat(hand=["Torturer"]), seat(hand=["Copper", "Silver"]))
    play(g, "Torturer")
    answer(g, 1, "curse")
    assert zone(g, 1, "hand") == ["Copper", "Silver", "Curse"]
    assert zone(g, 1, "discard") == [] and count(g, "Curse") == 9


def test_torturer_may_choose_curse_when_none_left():
    g = game(seat(hand=["Torturer"]), seat(hand=["Copper", "Silver"]), supply={"Curse": 0})
    play(g, "Torturer")
    answer(g, 1, "curse")
    assert zone(g, 1, "hand") == ["Copper", "Silver"] and not events(g, "gain")


@pytest.mark.parametrize("hand", [[], ["Gold"], ["Gold", "Silver"]])
def test_torturer_discard_with_two_or_fewer_cards_discards_what_there_is(hand):
    g = game(seat(hand=["Torturer"]), seat(hand=hand))
    play(g, "Torturer")
    answer(g, 1, "discard")
    assert zone(g, 1, "hand") == [] and sorted(zone(g, 1, "discard")) == sorted(hand)


def test_torturer_victims_decide_in_turn_order_from_the_left():
    g = game(seat(hand=["Torturer"]), seat(hand=["Copper"] * 3), seat(hand=["Copper"] * 3),
             seat(hand=["Copper"] * 3), supply={"Curse": 1})
    play(g, "Torturer")
    assert waiting(g) == [1]
    answer(g, 1, "curse")
    assert waiting(g) == [2]  # seat 2 decides knowing the last Curse is gone
    answer(g, 2, "curse")
    answer(g, 3, "discard")
    assert owned(g, 1)["Curse"] == 1 and owned(g, 2)["Curse"] == 0
    assert zone(g, 3, "hand") == ["Copper"]


def test_torturer_moat_blocks():
    g = game(seat(hand=["Torturer"]), seat(hand=["Moat", "Copper"]), seat(hand=["Copper"]))
    play(g, "Torturer")
    answer(g, 1, ["Moat"])
    assert waiting(g) == [2]


@pytest.mark.parametrize("edition", [1, 2])
def test_torturer_same_in_both_editions(edition):
    g = game(seat(hand=["Torturer"]), seat(hand=["Copper"]), edition=edition)
    play(g, "Torturer")
    answer(g, 1, "curse")
    assert zone(g, 1, "hand") == ["Copper", "Curse"]


# ----- Courtier (2nd edition) ------------------------------------------------------------
def test_courtier_one_choice_for_a_single_type_card():
    g = game(seat(hand=["Courtier", "Copper", "Estate"]), seat())
    play(g, "Courtier")
    answer(g, 0, ["Copper"])
    d = decision(g, 0)
    assert (d.min, d.max) == (1, 1)
    answer(g, 0, "coins")
    assert g.coins == 3 and zone(g, 0, "hand") == ["Copper", "Estate"]


def test_courtier_two_type_card_gives_two_different_choices():
    g = game(seat(hand=["Courtier", "Minion", "Copper"]), seat())
    play(g, "Courtier")
    answer(g, 0, ["Minion"])
    d = decision(g, 0)
    assert (d.min, d.max) == (2, 2)
    illegal(g, 0, d.id, ["gold", "gold"])
    answer(g, 0, ["gold", "action"])
    assert zone(g, 0, "discard") == ["Gold"] and g.actions == 1
    assert zone(g, 0, "hand") == ["Minion", "Copper"]  # revealed, not played


def test_courtier_buy_option():
    g = game(seat(hand=["Courtier", "Nobles"]), seat())
    play(g, "Courtier")
    answer(g, 0, ["buy", "coins"])  # Nobles, the only card, is revealed unasked
    assert (g.buys, g.coins) == (2, 3)


def test_courtier_with_an_empty_hand_does_nothing():
    g = game(seat(hand=["Courtier"]), seat())
    play(g, "Courtier")
    assert decision(g, 0).kind == "BuyPhase" and g.coins == 0


# ----- Lurker (2nd edition) --------------------------------------------------------------
def test_lurker_trash_an_action_card_from_the_supply():
    g = game(seat(hand=["Lurker"]), seat())
    play(g, "Lurker")
    assert g.actions == 1
    answer(g, 0, "trash")
    assert "Estate" not in offered(g, 0) and "Minion" in offered(g, 0)
    answer(g, 0, "Minion")
    assert zone(g, None, "trash") == ["Minion"] and count(g, "Minion") == 9


def test_lurker_gain_an_action_card_from_the_trash():
    g = game(seat(hand=["Lurker"]), seat(), trash=["Gold", "Nobles", "Moat"])
    play(g, "Lurker")
    answer(g, 0, "gain")
    assert offered(g, 0) == ["Nobles", "Moat"]
    answer(g, 0, ["Nobles"])
    assert zone(g, 0, "discard") == ["Nobles"] and zone(g, None, "trash") == ["Gold", "Moat"]


def test_lurker_may_choose_gain_when_the_trash_has_no_action():
    g = game(seat(hand=["Lurker"]), seat(), trash=["Gold"])
    play(g, "Lurker")
    answer(g, 0, "gain")
    assert zone(g, 0, "discard") == [] and g.actions == 1
