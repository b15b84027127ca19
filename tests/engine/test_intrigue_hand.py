"""Intrigue cards that draw, reveal and rearrange: Courtyard, Masquerade, Shanty Town, Scout,
Wishing Well, Trading Post, Tribute, Great Hall, Duke, and the 2nd-edition Mill, Patrol and
Secret Passage. Rulebook 002 card descriptions; cards.md section 3 for 2nd-edition cards.
"""
from __future__ import annotations

import pytest

from tests.engine.helpers import (
    answer,
    decision,
    events,
    illegal,
    offered,
    play,
    position,
    seat,
    waiting,
    zone,
)

K = ["Courtyard", "Masquerade", "Shanty Town", "Scout", "Wishing Well", "Trading Post",
     "Tribute", "Great Hall", "Duke", "Harem", "Moat", "Village", "Nobles"]
K2 = ["Mill", "Patrol", "Secret Passage", "Courtyard", "Masquerade", "Moat", "Village"]


def game(*players, edition=1, **kw):
    kw.setdefault("kingdom", K if edition == 1 else K2)
    return position(*players, edition=edition, **kw)


# ----- Courtyard -------------------------------------------------------------------------
def test_courtyard_draws_three_then_puts_any_card_from_hand_onto_the_deck():
    g = game(seat(hand=["Courtyard", "Gold"], deck=["Copper", "Estate", "Silver", "Duchy"]),
             seat())
    play(g, "Courtyard")
    assert zone(g, 0, "hand") == ["Gold", "Copper", "Estate", "Silver"]
    answer(g, 0, ["Gold"])  # not one of the 3 drawn: any card in hand
    assert zone(g, 0, "deck") == ["Gold", "Duchy"]


@pytest.mark.parametrize("edition", [1, 2])
def test_courtyard_in_both_editions(edition):
    g = game(seat(hand=["Courtyard"], deck=["Copper", "Estate", "Silver"]), seat(),
             edition=edition)
    play(g, "Courtyard")
    answer(g, 0, ["Estate"])
    assert zone(g, 0, "deck") == ["Estate"]


def test_courtyard_with_nothing_to_draw_and_an_empty_hand_does_nothing():
    g = game(seat(hand=["Courtyard"]), seat())
    play(g, "Courtyard")
    assert decision(g, 0).kind == "BuyPhase"


# ----- Masquerade ------------------------------------------------------------------------
def masquerade_game(edition=2, hands=(["Copper"], ["Estate", "Silver"], ["Curse", "Gold"])):
    players = [seat(hand=["Masquerade"] + list(hands[0]), deck=["Duchy", "Province"])]
    players += [seat(hand=list(h)) for h in hands[1:]]
    return game(*players, edition=edition)


def test_masquerade_draws_two_then_every_player_passes_at_once():
    g = masquerade_game()
    play(g, "Masquerade")
    assert zone(g, 0, "hand") == ["Copper", "Duchy", "Province"]
    assert waiting(g) == [0, 1, 2]  # every player chooses at the same time
    answer(g, 0, ["Duchy"])
    answer(g, 2, ["Curse"])
    assert zone(g, 1, "hand") == ["Estate", "Silver"]  # nothing moves before all have chosen
    answer(g, 1, ["Estate"])
    assert zone(g, 0, "hand") == ["Copper", "Province", "Curse"]
    assert zone(g, 1, "hand") == ["Silver", "Duchy"]
    assert zone(g, 2, "hand") == ["Gold", "Estate"]


def test_masquerade_nobody_sees_what_they_receive_before_choosing():
    g = masquerade_game()
    play(g, "Masquerade")
    answer(g, 0, ["Duchy"])
    assert offered(g, 1) == ["Estate", "Silver"]  # the Duchy is not in seat 1's hand yet
    assert [c["name"] for c in g.view(1)["hand"]] == ["Estate", "Silver"]
    assert not [e for e in g.view(1)["log"] if e["type"] == "pass"]


def test_masquerade_passed_card_is_neither_gained_nor_trashed_nor_discarded():
    g = masquerade_game()
    play(g, "Masquerade")
    start = len(g.log)
    for p, card in ((0, "Duchy"), (1, "Estate"), (2, "Gold")):
        answer(g, p, [card])
    kinds = {e["type"] for e in g.log_for(-1, start)}
    assert "pass" in kinds and not kinds & {"gain", "trash", "discard"}


def test_masquerade_passes_are_seen_only_by_the_two_players():
    g = masquerade_game()
    play(g, "Masquerade")
    for p, card in ((0, "Duchy"), (1, "Estate"), (2, "Gold")):
        answer(g, p, [card])
    seen = {v: [e.get("card") for e in g.view(v)["log"] if e["type"] == "pass"]
            for v in (0, 1, 2, None)}
    assert seen[1] == ["Duchy", "Estate", None]  # passed Estate, received Duchy
    assert seen[None] == [None, None, None]


def test_masquerade_only_the_player_may_trash_and_it_is_optional():
    g = masquerade_game()
    play(g, "Masquerade")
    for p, card in ((0, "Duchy"), (1, "Estate"), (2, "Gold")):
        answer(g, p, [card])
    assert waiting(g) == [0]
    d = decision(g, 0)
    assert (d.min, d.max, d.source) == (0, 1, "Masquerade")
    answer(g, 0, ["Copper"])
    assert zone(g, None, "trash") == ["Copper"]


def test_masquerade_trash_may_be_declined():
    g = masquerade_game()
    play(g, "Masquerade")
    for p, card in ((0, "Duchy"), (1, "Estate"), (2, "Gold")):
        answer(g, p, [card])
    answer(g, 0, [])
    assert zone(g, None, "trash") == [] and decision(g, 0).kind == "BuyPhase"


def test_masquerade_is_not_an_attack_moat_cannot_respond():
    g = masquerade_game(hands=(["Copper"], ["Moat", "Silver"], ["Moat"]))
    play(g, "Masquerade")
    assert {d.kind for d in g.pending()} == {"ChooseCards"}
    assert waiting(g) == [0, 1]  # seat 2's only card is passed unasked
    answer(g, 0, ["Province"])
    answer(g, 1, ["Moat"])
    assert zone(g, 2, "hand") == ["Moat"] and zone(g, 0, "hand")[-1] == "Moat"


def test_masquerade_second_edition_skips_players_with_no_cards_in_hand():
    g = masquerade_game(hands=(["Copper"], [], ["Gold"]))
    play(g, "Masquerade")
    answer(g, 0, ["Province"])
    assert zone(g, 1, "hand") == [] and zone(g, 2, "hand") == ["Province"]
    assert zone(g, 0, "hand")[-1] == "Gold"


def test_masquerade_first_edition_passes_to_the_left_even_to_an_empty_hand():
    g = masquerade_game(edition=1, hands=(["Copper"], [], ["Gold"]))
    play(g, "Masquerade")
    answer(g, 0, ["Province"])
    assert zone(g, 1, "hand") == ["Province"] and zone(g, 2, "hand") == []
    assert zone(g, 0, "hand")[-1] == "Gold"


def test_masquerade_second_edition_alone_with_cards_passes_nothing():
    g = masquerade_game(hands=(["Copper"], [], []))
    play(g, "Masquerade")
    assert waiting(g) == [0] and decision(g, 0).min == 0  # straight to the optional trash
    assert not events(g, "pass")


# ----- Shanty Town -----------------------------------------------------------------------
def test_shanty_town_no_action_in_hand_draws_two():
    g = game(seat(hand=["Shanty Town", "Copper"], deck=["Village", "Gold"]), seat())
    play(g, "Shanty Town")
    assert g.actions == 2
    assert zone(g, 0, "hand") == ["Copper", "Village", "Gold"]  # the first drawn is an Action
    assert events(g, "reveal")[-1]["cards"] == ["Copper"]


def test_shanty_town_with_an_action_in_hand_draws_nothing():
    g = game(seat(hand=["Shanty Town", "Village"], deck=["Gold", "Gold"]), seat())
    play(g, "Shanty Town")
    assert g.actions == 2 and zone(g, 0, "hand") == ["Village"]


def test_shanty_town_action_victory_cards_are_actions():
    g = game(seat(hand=["Shanty Town", "Great Hall"], deck=["Gold", "Gold"]), seat())
    play(g, "Shanty Town")
    assert zone(g, 0, "hand") == ["Great Hall"]


# ----- Scout -----------------------------------------------------------------------------
def test_scout_victory_cards_to_hand_the_rest_back_in_any_order():
    g = game(seat(hand=["Scout"], deck=["Copper", "Great Hall", "Curse", "Silver", "Gold"]),
             seat())
    play(g, "Scout")
    assert g.actions == 1 and zone(g, 0, "hand") == ["Great Hall"]  # Action-Victory counts
    d = decision(g, 0)
    assert d.kind == "OrderCards" and offered(g, 0) == ["Copper", "Curse", "Silver"]
    answer(g, 0, ["Silver", "Curse", "Copper"])
    assert zone(g, 0, "deck") == ["Silver", "Curse", "Copper", "Gold"]  # a Curse is no Victory


def test_scout_takes_every_revealed_victory_card():
    g = game(seat(hand=["Scout"], deck=["Estate", "Duchy", "Harem", "Copper"]), seat())
    play(g, "Scout")
    assert zone(g, 0, "hand") == ["Estate", "Duchy", "Harem"] and zone(g, 0, "deck") == [
        "Copper"]


def test_scout_with_fewer_than_four_cards_shuffles_without_the_revealed_cards():
    g = game(seat(hand=["Scout"], deck=["Estate", "Copper"], discard=["Silver", "Silver"]),
             seat())
    play(g, "Scout")
    assert zone(g, 0, "hand") == ["Estate"]
    answer(g, 0, ["Copper", "Silver", "Silver"])
    assert zone(g, 0, "deck") == ["Copper", "Silver", "Silver"]


def test_scout_the_order_put_back_is_not_public():
    g = game(seat(hand=["Scout"], deck=["Copper", "Silver"]), seat())
    play(g, "Scout")
    answer(g, 0, ["Silver", "Copper"])
    assert [e for e in g.view(1)["log"] if e["type"] == "topdeck"] == [
        {"type": "topdeck", "seat": 0, "count": 2}]


# ----- Wishing Well ----------------------------------------------------------------------
def test_wishing_well_draws_first_then_a_right_guess_goes_to_hand():
    g = game(seat(hand=["Wishing Well"], deck=["Estate", "Gold", "Copper"]), seat())
    play(g, "Wishing Well")
    assert g.actions == 1 and zone(g, 0, "hand") == ["Estate"]
    d = decision(g, 0)
    assert d.kind == "NameCard" and "Gold" in d.choices and "Treasure" not in d.choices
    answer(g, 0, "Gold")
    assert zone(g, 0, "hand") == ["Estate", "Gold"] and zone(g, 0, "deck") == ["Copper"]


def test_wishing_well_a_wrong_guess_stays_on_top():
    g = game(seat(hand=["Wishing Well"], deck=["Estate", "Gold"]), seat())
    play(g, "Wishing Well")
    answer(g, 0, "Copper")
    assert zone(g, 0, "hand") == ["Estate"] and zone(g, 0, "deck") == ["Gold"]
    assert events(g, "reveal")[-1]["cards"] == ["Gold"]


def test_wishing_well_naming_a_type_is_illegal():
    g = game(seat(hand=["Wishing Well"], deck=["Estate", "Gold"]), seat())
    play(g, "Wishing Well")
    illegal(g, 0, decision(g, 0).id, "Treasure")


# ----- Trading Post ----------------------------------------------------------------------
def test_trading_post_trashes_two_and_gains_a_silver_to_hand():
    g = game(seat(hand=["Trading Post", "Estate", "Curse", "Copper"]), seat())
    play(g, "Trading Post")
    answer(g, 0, ["Estate", "Curse"])
    assert zone(g, 0, "hand") == ["Copper", "Silver"]
    assert zone(g, None, "trash") == ["Estate", "Curse"]


def test_trading_post_with_one_card():
    g = game(seat(hand=["Trading Post", "Estate"]), seat())
    play(g, "Trading Post")
    assert zone(g, None, "trash") == ["Estate"] and zone(g, 0, "hand") == []


def test_trading_post_with_no_cards_does_nothing():
    g = game(seat(hand=["Trading Post"]), seat())
    play(g, "Trading Post")
    assert zone(g, None, "trash") == [] and zone(g, 0, "hand") == []


def test_trading_post_still_trashes_when_the_silver_pile_is_empty():
    g = game(seat(hand=["Trading Post", "Estate", "Estate"]), seat(), supply={"Silver": 0})
    play(g, "Trading Post")
    assert zone(g, None, "trash") == ["Estate", "Estate"] and zone(g, 0, "hand") == []


def test_trading_post_silver_can_be_spent_this_turn():
    g = game(seat(hand=["Trading Post", "Estate", "Estate"]), seat())
    play(g, "Trading Post")
    answer(g, 0, {"play": "all"}, kind="BuyPhase")
    assert g.coins == 2


# ----- Tribute ---------------------------------------------------------------------------
@pytest.mark.parametrize("revealed, actions, coins, cards", [
    (["Copper", "Harem"], 0, 4, 2), (["Silver", "Silver"], 0, 2, 0),
    (["Curse", "Curse"], 0, 0, 0), (["Great Hall", "Village"], 4, 0, 2),
    (["Estate", "Estate"], 0, 0, 2), (["Nobles", "Gold"], 2, 2, 2),
])
def test_tribute_bonus_for_each_differently_named_revealed_card(revealed, actions, coins,
                                                                cards):
    g = game(seat(hand=["Tribute"], deck=["Province"] * 4), seat(deck=revealed + ["Duchy"]))
    play(g, "Tribute")
    assert (g.actions, g.coins, len(zone(g, 0, "hand"))) == (actions, coins, cards)
    assert zone(g, 1, "discard") == revealed and zone(g, 1, "deck") == ["Duchy"]


def test_tribute_left_player_shuffles_without_revealed_cards_and_reveals_what_he_can():
    g = game(seat(hand=["Tribute"]), seat(deck=["Silver"], discard=["Village"]))
    play(g, "Tribute")
    assert (g.coins, g.actions) == (2, 2)
    g = game(seat(hand=["Tribute"]), seat(deck=["Silver"]))
    play(g, "Tribute")
    assert g.coins == 2 and zone(g, 1, "discard") == ["Silver"]


def test_tribute_uses_the_player_to_the_left():
    g = game(seat(hand=["Tribute"]), seat(deck=["Gold", "Gold"]), seat(deck=["Village"] * 2))
    play(g, "Tribute")
    assert g.coins == 2 and zone(g, 2, "deck") == ["Village", "Village"]


def test_tribute_is_not_an_attack():
    g = game(seat(hand=["Tribute"]), seat(hand=["Moat"], deck=["Gold", "Gold"]))
    play(g, "Tribute")
    assert g.coins == 2 and waiting(g) == [0]


# ----- Great Hall and Duke ---------------------------------------------------------------
def test_great_hall_plus_card_plus_action_and_one_vp():
    g = game(seat(hand=["Great Hall"], deck=["Gold"]), seat())
    play(g, "Great Hall")
    assert (g.actions, zone(g, 0, "hand")) == (1, ["Gold"])
    assert g.score(0) == 1


def test_duke_worth_one_vp_per_duchy_counting_every_card():
    g = game(seat(hand=["Duke", "Duchy"], deck=["Duke", "Duchy"], discard=["Duchy"]), seat())
    assert g.score(0) == 3 * 3 + 3 * 2


def test_duke_without_duchies_is_worth_nothing():
    g = game(seat(hand=["Duke", "Estate"]), seat())
    assert g.score(0) == 1


# ----- Mill (2nd edition) ----------------------------------------------------------------
def test_mill_cantrip_may_discard_two_for_two_coins():
    g = game(seat(hand=["Mill", "Estate", "Curse", "Copper"], deck=["Silver"]), seat(),
             edition=2)
    play(g, "Mill")
    assert g.actions == 1 and len(zone(g, 0, "hand")) == 4
    answer(g, 0, "discard")
    d = decision(g, 0)
    assert (d.min, d.max) == (2, 2)
    answer(g, 0, ["Estate", "Curse"])
    assert g.coins == 2 and zone(g, 0, "hand") == ["Copper", "Silver"]


def test_mill_discarding_only_one_card_gives_nothing():
    g = game(seat(hand=["Mill"], deck=["Estate"]), seat(), edition=2)
    play(g, "Mill")
    answer(g, 0, "discard")
    assert g.coins == 0 and zone(g, 0, "discard") == ["Estate"]


def test_mill_discard_is_optional():
    g = game(seat(hand=["Mill", "Estate"], deck=["Silver"]), seat(), edition=2)
    play(g, "Mill")
    answer(g, 0, "no")
    assert g.coins == 0 and zone(g, 0, "hand") == ["Estate", "Silver"]


# ----- Patrol (2nd edition) --------------------------------------------------------------
def test_patrol_draws_three_then_victory_and_curses_to_hand_rest_back_in_any_order():
    deck = ["Copper"] * 3 + ["Estate", "Silver", "Curse", "Mill", "Gold"]
    g = game(seat(hand=["Patrol"], deck=deck), seat(), edition=2)
    play(g, "Patrol")
    assert zone(g, 0, "hand") == ["Copper"] * 3 + ["Estate", "Curse", "Mill"]
    assert zone(g, 0, "deck") == ["Silver", "Gold"]  # one card goes back: nothing to order
    assert decision(g, 0).kind == "BuyPhase"


def test_patrol_puts_the_rest_back_in_the_order_chosen():
    deck = ["Copper"] * 3 + ["Silver", "Gold", "Copper", "Duchy"]
    g = game(seat(hand=["Patrol"], deck=deck), seat(), edition=2)
    play(g, "Patrol")
    answer(g, 0, ["Gold", "Copper", "Silver"])
    assert zone(g, 0, "deck") == ["Gold", "Copper", "Silver"]
    assert zone(g, 0, "hand")[-1] == "Duchy"


# ----- Secret Passage (2nd edition) ------------------------------------------------------
@pytest.mark.parametrize("where, deck", [
    ("0", ["Gold", "Copper", "Silver", "Estate"]), ("1", ["Copper", "Gold", "Silver", "Estate"]),
    ("3", ["Copper", "Silver", "Estate", "Gold"]),
])
def test_secret_passage_puts_a_card_anywhere_in_the_deck(where, deck):
    g = game(seat(hand=["Secret Passage", "Gold"], deck=["Curse", "Curse", "Copper", "Silver",
                                                          "Estate"]), seat(), edition=2)
    play(g, "Secret Passage")
    assert g.actions == 1
    answer(g, 0, ["Gold"])
    assert decision(g, 0).kind == "ChooseOption" and offered(g, 0) == ["0", "1", "2", "3"]
    answer(g, 0, where)
    assert zone(g, 0, "deck") == deck and zone(g, 0, "hand") == ["Curse", "Curse"]


def test_secret_passage_with_an_empty_deck_just_puts_the_card_there():
    g = game(seat(hand=["Secret Passage", "Gold"], deck=["Curse", "Curse"]), seat(), edition=2)
    play(g, "Secret Passage")
    answer(g, 0, ["Gold"])
    assert zone(g, 0, "deck") == ["Gold"]
