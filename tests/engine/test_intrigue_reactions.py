"""Reactions in Intrigue: Secret Chamber (1st edition), Diplomat (2nd edition), several
Reactions to one Attack, and the Attack Replace. Rulebook 002: "Players may reveal multiple
Reaction cards to a single event, but must completely resolve each before the next is
revealed" (Secret Chamber draws a Moat, then reveals it).
"""
from __future__ import annotations

from tests.engine.helpers import (
    answer,
    count,
    decision,
    illegal,
    offered,
    owned,
    play,
    position,
    seat,
    waiting,
    zone,
)

K1 = ["Secret Chamber", "Moat", "Militia", "Minion", "Torturer", "Swindler", "Witch",
      "Thief", "Bridge", "Village"]
K2 = ["Diplomat", "Replace", "Moat", "Militia", "Minion", "Mill", "Village", "Witch", "Nobles",
      "Courtyard"]


def game1(*players, **kw):
    return position(*players, kingdom=K1, edition=1, **kw)


def game2(*players, **kw):
    return position(*players, kingdom=K2, edition=2, **kw)


# ----- Secret Chamber --------------------------------------------------------------------
def test_secret_chamber_discards_any_number_for_one_coin_each():
    g = game1(seat(hand=["Secret Chamber", "Estate", "Curse", "Copper"]), seat())
    play(g, "Secret Chamber")
    d = decision(g, 0)
    assert (d.min, d.max) == (0, 3)
    answer(g, 0, ["Estate", "Curse"])
    assert g.coins == 2 and zone(g, 0, "hand") == ["Copper"]


def test_secret_chamber_discarding_nothing_gives_nothing():
    g = game1(seat(hand=["Secret Chamber", "Estate"]), seat())
    play(g, "Secret Chamber")
    answer(g, 0, [])
    assert g.coins == 0 and zone(g, 0, "hand") == ["Estate"]


def test_secret_chamber_reaction_draws_two_then_puts_two_back():
    g = game1(seat(hand=["Militia"]),
              seat(hand=["Secret Chamber", "Copper", "Estate", "Estate", "Silver"],
                   deck=["Gold", "Gold", "Duchy"]))
    play(g, "Militia")
    assert offered(g, 1) == ["Secret Chamber"]
    answer(g, 1, ["Secret Chamber"])
    assert zone(g, 1, "hand")[-2:] == ["Gold", "Gold"]
    d = decision(g, 1)
    assert (d.min, d.max, d.source) == (2, 2, "Secret Chamber")
    answer(g, 1, ["Gold", "Silver"])  # any 2 cards, not only the drawn ones; first = top
    assert zone(g, 1, "deck") == ["Gold", "Silver", "Duchy"]
    # the Attack resolves after the Reaction: Militia sees the new hand of 5
    answer(g, 1, ["Estate", "Estate"])
    assert sorted(zone(g, 1, "hand")) == ["Copper", "Gold", "Secret Chamber"]


def test_secret_chamber_may_put_itself_back_on_the_deck():
    g = game1(seat(hand=["Witch"], deck=["Copper"] * 2),
              seat(hand=["Secret Chamber", "Copper"], deck=["Silver", "Gold"]))
    play(g, "Witch")
    answer(g, 1, ["Secret Chamber"])
    answer(g, 1, ["Secret Chamber", "Copper"])
    assert zone(g, 1, "deck") == ["Secret Chamber", "Copper"]
    assert zone(g, 1, "hand") == ["Silver", "Gold"]
    assert zone(g, 1, "discard") == ["Curse"]


def test_secret_chamber_draws_moat_then_moat_revealed():
    g = game1(seat(hand=["Witch"], deck=["Copper"] * 2),
              seat(hand=["Secret Chamber", "Estate", "Estate"], deck=["Moat", "Copper"]))
    play(g, "Witch")
    answer(g, 1, ["Secret Chamber"])
    answer(g, 1, ["Estate", "Estate"])
    d = decision(g, 1)
    assert d.kind == "Reveal" and offered(g, 1) == ["Moat"]  # Secret Chamber is used up
    answer(g, 1, ["Moat"])
    assert owned(g, 1)["Curse"] == 0 and count(g, "Curse") == 10


def test_secret_chamber_revealed_even_if_the_attack_would_not_affect_the_player():
    """Minion's attack only hits 5+ card hands; Secret Chamber may still be revealed."""
    g = game1(seat(hand=["Minion"], deck=["Gold"] * 4),
              seat(hand=["Secret Chamber", "Copper"], deck=["Silver", "Silver"]))
    play(g, "Minion")
    assert decision(g, 1).kind == "Reveal"
    answer(g, 1, ["Secret Chamber"])
    answer(g, 1, ["Secret Chamber", "Copper"])
    answer(g, 0, "attack")
    assert zone(g, 1, "hand") == ["Silver", "Silver"]  # 2 cards: unaffected


def test_secret_chamber_revealing_is_optional():
    g = game1(seat(hand=["Witch"], deck=["Copper"] * 2),
              seat(hand=["Secret Chamber"], deck=["Silver", "Gold"]))
    play(g, "Witch")
    answer(g, 1, [])
    assert zone(g, 1, "hand") == ["Secret Chamber"] and zone(g, 1, "discard") == ["Curse"]


def test_secret_chamber_and_thief_the_chamber_resolves_first():
    g = game1(seat(hand=["Thief"]),
              seat(hand=["Secret Chamber", "Estate"], deck=["Gold", "Copper", "Silver"]))
    play(g, "Thief")
    answer(g, 1, ["Secret Chamber"])
    answer(g, 1, ["Estate", "Secret Chamber"])  # Thief now reveals Estate and Secret Chamber
    assert zone(g, None, "trash") == []
    assert sorted(zone(g, 1, "discard")) == ["Estate", "Secret Chamber"]


def test_several_reactions_each_resolved_before_the_next():
    g = game1(seat(hand=["Militia"]),
              seat(hand=["Secret Chamber", "Moat", "Copper", "Copper", "Copper"],
                   deck=["Gold", "Gold"]))
    play(g, "Militia")
    assert sorted(offered(g, 1)) == ["Moat", "Secret Chamber"]
    answer(g, 1, ["Moat"])
    assert offered(g, 1) == ["Secret Chamber"]  # asked again after Moat resolved
    answer(g, 1, ["Secret Chamber"])
    answer(g, 1, ["Copper", "Copper"])
    assert waiting(g) == [0] and len(zone(g, 1, "hand")) == 5  # Moat: no discarding


def test_secret_chamber_with_swindler_puts_cards_that_will_be_swindled():
    g = game1(seat(hand=["Swindler"]),
              seat(hand=["Secret Chamber", "Copper"], deck=["Gold", "Silver"]))
    play(g, "Swindler")
    answer(g, 1, ["Secret Chamber"])
    answer(g, 1, ["Copper", "Gold"])
    assert zone(g, None, "trash") == ["Copper"]


# ----- Diplomat (2nd edition) ------------------------------------------------------------
def test_diplomat_draws_two_and_gets_two_actions_with_five_or_fewer_cards_after():
    g = game2(seat(hand=["Diplomat", "Copper", "Copper", "Copper"], deck=["Gold", "Gold"]),
              seat())
    play(g, "Diplomat")
    assert len(zone(g, 0, "hand")) == 5 and g.actions == 2


def test_diplomat_no_actions_with_six_cards_after_drawing():
    g = game2(seat(hand=["Diplomat"] + ["Copper"] * 4, deck=["Gold", "Gold"]), seat())
    play(g, "Diplomat")
    assert len(zone(g, 0, "hand")) == 6 and g.actions == 0


def test_diplomat_reaction_needs_five_or_more_cards_in_hand_including_itself():
    g = game2(seat(hand=["Militia"]), seat(hand=["Diplomat", "Copper", "Copper", "Copper"]))
    play(g, "Militia")
    assert waiting(g) == [1] and decision(g, 1).kind == "ChooseCards"  # no Reveal offered
    g = game2(seat(hand=["Militia"]), seat(hand=["Diplomat"] + ["Copper"] * 4))
    play(g, "Militia")
    assert decision(g, 1).kind == "Reveal"


def test_diplomat_reaction_draws_two_then_discards_three():
    g = game2(seat(hand=["Militia"]),
              seat(hand=["Diplomat", "Estate", "Estate", "Copper", "Silver"],
                   deck=["Gold", "Curse"]))
    play(g, "Militia")
    answer(g, 1, ["Diplomat"])
    d = decision(g, 1)
    assert (d.min, d.max, d.source) == (3, 3, "Diplomat")
    answer(g, 1, ["Estate", "Estate", "Curse"])
    assert len(zone(g, 1, "hand")) == 4
    answer(g, 1, ["Copper"])  # then Militia: down to 3
    assert sorted(zone(g, 1, "hand")) == ["Diplomat", "Gold", "Silver"]


def test_diplomat_against_minion_can_leave_fewer_than_five_cards():
    g = game2(seat(hand=["Minion"], deck=["Gold"] * 4),
              seat(hand=["Diplomat"] + ["Copper"] * 4, deck=["Silver"] * 6))
    play(g, "Minion")
    answer(g, 1, ["Diplomat"])
    answer(g, 1, ["Copper", "Copper", "Copper"])
    answer(g, 0, "attack")
    assert sorted(zone(g, 1, "hand")) == ["Copper", "Diplomat", "Silver", "Silver"]


def test_diplomat_is_not_offered_again_once_the_hand_is_under_five():
    g = game2(seat(hand=["Witch"], deck=["Copper"] * 2),
              seat(hand=["Diplomat"] + ["Copper"] * 4, deck=["Silver"] * 6))
    play(g, "Witch")
    answer(g, 1, ["Diplomat"])
    answer(g, 1, ["Copper", "Copper", "Copper"])
    assert waiting(g) == [0] and zone(g, 1, "discard")[-1] == "Curse"


def test_diplomat_may_be_revealed_again_while_the_hand_holds_five():
    """Diplomat's FAQ: "If you still have at least 5 cards in hand after doing that (such as
    due to Council Rooms), you can reveal Diplomat again and do it again"."""
    g = game2(seat(hand=["Witch"], deck=["Copper"] * 2),
              seat(hand=["Diplomat", "Estate", "Estate", "Estate", "Copper", "Copper"],
                   deck=["Silver", "Silver", "Gold", "Gold", "Copper"]))
    play(g, "Witch")
    answer(g, 1, ["Diplomat"])
    answer(g, 1, ["Estate", "Estate", "Estate"])
    assert len(zone(g, 1, "hand")) == 5 and offered(g, 1) == ["Diplomat"]
    answer(g, 1, ["Diplomat"])
    answer(g, 1, ["Copper", "Copper", "Silver"])
    assert sorted(zone(g, 1, "hand")) == ["Diplomat", "Gold", "Gold", "Silver"]
    assert waiting(g) == [0] and zone(g, 1, "discard")[-1] == "Curse"  # four: not again


def test_diplomat_discarded_by_its_own_reaction_is_not_offered_again():
    g = game2(seat(hand=["Witch"], deck=["Copper"] * 2),
              seat(hand=["Diplomat", "Estate", "Estate", "Copper", "Copper", "Copper"],
                   deck=["Silver", "Silver"]))
    play(g, "Witch")
    answer(g, 1, ["Diplomat"])
    answer(g, 1, ["Diplomat", "Estate", "Estate"])
    assert len(zone(g, 1, "hand")) == 5 and waiting(g) == [0]


# ----- Replace (2nd edition) -------------------------------------------------------------
def test_replace_action_or_treasure_goes_onto_the_deck():
    g = game2(seat(hand=["Replace", "Silver", "Estate"], deck=["Copper"]), seat())
    play(g, "Replace")
    answer(g, 0, ["Silver"])
    assert max(decision(g, 0).costs) == 5
    answer(g, 0, "Witch")
    assert zone(g, 0, "deck") == ["Witch", "Copper"] and zone(g, 1, "discard") == []


def test_replace_victory_card_gives_each_other_player_a_curse():
    g = game2(seat(hand=["Replace", "Estate"]), seat(), seat())
    play(g, "Replace")  # the Estate, the only card in hand, is trashed unasked
    answer(g, 0, "Estate")
    assert zone(g, 0, "discard") == ["Estate"]
    assert zone(g, 1, "discard") == ["Curse"] and zone(g, 2, "discard") == ["Curse"]


def test_replace_action_victory_card_goes_onto_the_deck_and_gives_curses():
    g = game2(seat(hand=["Replace", "Silver", "Copper"], deck=["Gold"]), seat())
    play(g, "Replace")
    answer(g, 0, ["Copper"])
    answer(g, 0, "Courtyard")
    assert zone(g, 0, "deck") == ["Courtyard", "Gold"] and zone(g, 1, "discard") == []
    g = game2(seat(hand=["Replace", "Silver", "Copper"], deck=["Gold"]), seat())
    play(g, "Replace")
    answer(g, 0, ["Silver"])
    answer(g, 0, "Mill")
    assert zone(g, 0, "deck") == ["Mill", "Gold"] and zone(g, 1, "discard") == ["Curse"]


def test_replace_moat_stops_the_curse():
    g = game2(seat(hand=["Replace", "Estate"]), seat(hand=["Moat"]), seat())
    play(g, "Replace")
    answer(g, 1, ["Moat"])
    answer(g, 0, "Mill")
    assert zone(g, 1, "discard") == [] and zone(g, 2, "discard") == ["Curse"]


def test_replace_with_an_empty_hand_still_lets_others_react():
    g = game2(seat(hand=["Replace"]), seat(hand=["Moat"]))
    play(g, "Replace")
    assert decision(g, 1).kind == "Reveal"
    answer(g, 1, [])
    assert decision(g, 0).kind == "BuyPhase" and zone(g, 1, "discard") == []


def test_replace_must_trash_and_gain_if_it_can():
    g = game2(seat(hand=["Replace", "Estate", "Copper"]), seat())
    play(g, "Replace")
    d = decision(g, 0)
    assert (d.min, d.max) == (1, 1)
    answer(g, 0, ["Copper"])
    d = decision(g, 0)
    assert d.kind == "ChoosePile" and not d.optional
    illegal(g, 0, d.id, None)
