"""Dark Ages "looters" group, part 2: Pillage, Bandit Camp (Spoils) and Urchin (Mercenary).

Each card's text part by part, every ruling of its seed 004 description and cards.md "Key FAQ
notes", and the interactions the issue names: Throne Room on Pillage (a card that trashes
itself), Urchin trashing itself when another Attack is played (and not when the same Urchin
is played twice). Cultist, Death Cart and Marauder are in test_dark_ages_looters.py.
"""
from __future__ import annotations

import pytest

from tests.engine.helpers import (
    answer,
    count,
    decision,
    end_turn,
    events,
    offered,
    open_kinds,
    play,
    position,
    reload,
    seat,
    total_cards,
    zone,
)

K = ["Cultist", "Death Cart", "Marauder", "Pillage", "Bandit Camp", "Urchin", "Moat",
     "Throne Room", "Workshop", "Swindler"]
FIVE = ["Copper", "Silver", "Gold", "Estate", "Duchy"]


# ----- Pillage ------------------------------------------------------------------------------


def test_pillage_text_trash_it_victim_discards_your_choice_gain_two_spoils():
    g = position(seat(hand=["Pillage"]), seat(hand=FIVE), kingdom=K)
    play(g, "Pillage")
    assert zone(g, None, "trash") == ["Pillage"]
    d = decision(g, 0, "ChooseCards", "Pillage")
    assert offered(g, 0) == FIVE and (d.min, d.max) == (1, 1)
    reveal = events(g, "reveal")[-1]
    assert reveal["seat"] == 1 and reveal["cards"] == FIVE
    answer(g, 0, ["Gold"])
    assert zone(g, 1, "hand") == ["Copper", "Silver", "Estate", "Duchy"]
    assert zone(g, 1, "discard") == ["Gold"]
    assert zone(g, 0, "discard") == ["Spoils", "Spoils"] and count(g, "Spoils") == 13
    seen = [e for e in g.view(None)["log"] if e["type"] == "discard"]
    assert seen[-1]["cards"] == ["Gold"]  # a discard of a revealed card is public


def test_pillage_victims_with_fewer_than_five_cards_are_not_attacked():
    g = position(seat(hand=["Pillage"]), seat(hand=FIVE[:4]), seat(hand=FIVE + ["Curse"]),
                 kingdom=K)
    play(g, "Pillage")
    assert [r["seat"] for r in events(g, "reveal")] == [2]
    answer(g, 0, ["Curse"])
    assert zone(g, 1, "hand") == FIVE[:4] and zone(g, 2, "hand") == FIVE


def test_pillage_attacks_in_turn_order_from_the_left():
    g = position(seat(hand=FIVE), seat(hand=["Pillage"]), seat(hand=FIVE), kingdom=K,
                 turn={"player": 1})
    play(g, "Pillage")
    assert "Player 3" in decision(g, 1).prompt
    answer(g, 1, ["Gold"])
    assert "Player 1" in decision(g, 1).prompt
    g = reload(g)
    answer(g, 1, ["Silver"])
    assert zone(g, 2, "discard") == ["Gold"] and zone(g, 0, "discard") == ["Silver"]
    assert zone(g, 1, "discard") == ["Spoils", "Spoils"]


def test_pillage_victim_with_identical_cards_discards_without_a_choice():
    g = position(seat(hand=["Pillage"]), seat(hand=["Copper"] * 6), kingdom=K)
    play(g, "Pillage")
    assert zone(g, 1, "discard") == ["Copper"] and open_kinds(g) == [(0, "BuyPhase")]


@pytest.mark.parametrize("left, got", [(1, 1), (0, 0)])
def test_pillage_gains_as_many_spoils_as_are_left(left, got):
    g = position(seat(hand=["Pillage"]), seat(), kingdom=K, supply={"Spoils": left})
    play(g, "Pillage")
    assert zone(g, 0, "discard") == ["Spoils"] * got and count(g, "Spoils") == 0


def test_pillage_blocked_by_moat_still_trashes_and_gains_spoils():
    g = position(seat(hand=["Pillage"]), seat(hand=["Moat"] + FIVE), kingdom=K)
    play(g, "Pillage")
    answer(g, 1, ["Moat"])
    assert zone(g, None, "trash") == ["Pillage"] and zone(g, 0, "discard") == ["Spoils"] * 2
    assert len(zone(g, 1, "hand")) == 6


def test_throne_room_on_pillage_gains_four_spoils_and_attacks_twice():
    """2017 text: the second play fails to trash Pillage (Lose Track) but does the rest."""
    g = position(seat(hand=["Throne Room", "Pillage"]), seat(hand=FIVE + ["Curse"]), kingdom=K)
    play(g, "Throne Room")
    answer(g, 0, ["Pillage"])
    answer(g, 0, ["Gold"])
    answer(g, 0, ["Silver"])
    assert zone(g, None, "trash") == ["Pillage"]
    assert zone(g, 0, "discard") == ["Spoils"] * 4
    assert zone(g, 1, "discard") == ["Gold", "Silver"]
    assert zone(g, 1, "hand") == ["Copper", "Estate", "Duchy", "Curse"]


# ----- Bandit Camp --------------------------------------------------------------------------


def test_bandit_camp_text_card_two_actions_and_a_spoils():
    g = position(seat(hand=["Bandit Camp"], deck=["Gold"]), seat(), kingdom=K)
    play(g, "Bandit Camp")
    assert zone(g, 0, "hand") == ["Gold"] and g.actions == 2
    assert zone(g, 0, "discard") == ["Spoils"] and count(g, "Spoils") == 14


def test_bandit_camp_draws_before_gaining_the_spoils():
    """004: "Draw a card before gaining a Spoils": a shuffle for the draw cannot take it."""
    g = position(seat(hand=["Bandit Camp"], discard=["Silver"]), seat(), kingdom=K)
    play(g, "Bandit Camp")
    assert zone(g, 0, "hand") == ["Silver"] and zone(g, 0, "discard") == ["Spoils"]


def test_bandit_camp_with_no_spoils_left_gains_nothing():
    g = position(seat(hand=["Bandit Camp"], deck=["Gold"]), seat(), kingdom=K,
                 supply={"Spoils": 0})
    play(g, "Bandit Camp")
    assert zone(g, 0, "discard") == [] and g.actions == 2


# ----- Urchin -------------------------------------------------------------------------------


def test_urchin_text_card_action_and_others_discard_down_to_four():
    g = position(seat(hand=["Urchin"], deck=["Gold"]), seat(hand=FIVE), seat(hand=FIVE + FIVE),
                 kingdom=K)
    play(g, "Urchin")
    assert zone(g, 0, "hand") == ["Gold"] and g.actions == 1
    assert open_kinds(g) == [(1, "ChooseCards"), (2, "ChooseCards")]  # at the same time
    d = decision(g, 2)
    assert (d.min, d.max) == (6, 6)
    answer(g, 2, ["Estate", "Duchy", "Estate", "Duchy", "Copper", "Copper"])
    answer(g, 1, ["Estate"])
    assert len(zone(g, 1, "hand")) == 4 and len(zone(g, 2, "hand")) == 4


def test_urchin_players_with_four_or_fewer_cards_do_nothing():
    g = position(seat(hand=["Urchin"]), seat(hand=FIVE[:4]), seat(hand=["Copper"] * 6),
                 kingdom=K)
    play(g, "Urchin")
    assert zone(g, 1, "hand") == FIVE[:4]
    assert zone(g, 2, "discard") == ["Copper", "Copper"]  # nothing to choose: unasked
    assert [d.kind for d in g.pending()] == ["BuyPhase"]


def test_urchin_discards_show_others_only_the_count_and_top():
    g = position(seat(hand=["Urchin"]), seat(hand=FIVE + ["Curse"]), kingdom=K)
    play(g, "Urchin")
    answer(g, 1, ["Gold", "Curse"])
    seen = [e for e in g.view(0)["log"] if e["type"] == "discard"][-1]
    assert seen["count"] == 2 and "cards" not in seen


def test_moat_blocks_urchin():
    g = position(seat(hand=["Urchin"]), seat(hand=["Moat"] + FIVE), kingdom=K)
    play(g, "Urchin")
    answer(g, 1, ["Moat"])
    assert len(zone(g, 1, "hand")) == 6 and zone(g, 0, "hand") == []


def test_urchin_may_trash_itself_for_a_mercenary_before_another_attack_resolves():
    g = position(seat(hand=["Urchin", "Militia"], deck=["Copper"]), seat(hand=["Copper"] * 4),
                 kingdom=K[:9] + ["Militia"])
    play(g, "Urchin")
    play(g, "Militia")
    d = decision(g, 0, "ChooseOption", "Urchin")
    assert d.options == ["trash", "keep"] and g.coins == 0  # Militia has not resolved yet
    g = reload(g)
    answer(g, 0, "trash")
    assert zone(g, None, "trash") == ["Urchin"] and zone(g, 0, "discard") == ["Mercenary"]
    assert count(g, "Mercenary") == 9 and g.coins == 2
    assert zone(g, 0, "in_play") == ["Militia"]
    answer(g, 1, ["Copper"])  # then Militia resolves
    assert len(zone(g, 1, "hand")) == 3


def test_urchin_keeping_it_is_allowed():
    g = position(seat(hand=["Urchin", "Marauder"]), seat(), kingdom=K)
    play(g, "Urchin")
    play(g, "Marauder")
    answer(g, 0, "keep")
    assert zone(g, 0, "in_play") == ["Urchin", "Marauder"] and count(g, "Mercenary") == 10
    assert zone(g, 0, "discard") == ["Spoils"]


def test_urchin_with_no_mercenary_left_is_trashed_for_nothing():
    g = position(seat(hand=["Urchin", "Cultist"]), seat(), kingdom=K, supply={"Mercenary": 0})
    play(g, "Urchin")
    play(g, "Cultist")
    answer(g, 0, "trash")
    assert zone(g, None, "trash") == ["Urchin"] and zone(g, 0, "discard") == []


def test_urchin_is_not_offered_for_a_non_attack():
    g = position(seat(hand=["Urchin", "Bandit Camp"], deck=["Copper"] * 3), seat(), kingdom=K)
    play(g, "Urchin")
    play(g, "Bandit Camp")
    assert [d.kind for d in g.pending()] == ["BuyPhase"] and g.actions == 2
    assert zone(g, 0, "in_play") == ["Urchin", "Bandit Camp"]


def test_urchin_played_twice_by_throne_room_cannot_trash_itself():
    """004: "If you play the same Urchin twice in one turn, such as via Procession, that does
    not let you trash it for a Mercenary"."""
    g = position(seat(hand=["Throne Room", "Urchin"], deck=["Copper"] * 3), seat(), kingdom=K)
    play(g, "Throne Room")
    answer(g, 0, ["Urchin"])
    assert zone(g, 0, "in_play") == ["Throne Room", "Urchin"] and g.actions == 2
    assert [d.kind for d in g.pending()] == ["BuyPhase"]


def test_a_second_urchin_can_trash_the_first():
    g = position(seat(hand=["Urchin", "Urchin"], deck=["Copper"] * 3), seat(), kingdom=K)
    play(g, "Urchin")
    play(g, "Urchin")
    assert decision(g, 0).source == "Urchin"
    answer(g, 0, "trash")
    assert zone(g, 0, "in_play") == ["Urchin"] and zone(g, None, "trash") == ["Urchin"]
    assert zone(g, 0, "discard") == ["Mercenary"]


def test_urchin_playing_throne_room_on_an_attack_asks_before_each_play():
    g = position(seat(hand=["Urchin", "Throne Room", "Marauder"], deck=["Copper"]), seat(),
                 kingdom=K)
    play(g, "Urchin")
    play(g, "Throne Room")
    answer(g, 0, ["Marauder"])
    answer(g, 0, "keep")
    assert zone(g, 0, "discard") == ["Spoils"]
    answer(g, 0, "trash")  # the second play of Marauder: asked again
    assert zone(g, 0, "discard") == ["Spoils", "Mercenary", "Spoils"]


def test_two_urchins_in_play_both_may_be_trashed_for_one_attack():
    g = position(seat(hand=["Marauder"], in_play=["Urchin", "Urchin"]), seat(), kingdom=K)
    play(g, "Marauder")
    answer(g, 0, "trash")
    answer(g, 0, "trash")
    assert zone(g, None, "trash") == ["Urchin", "Urchin"] and count(g, "Mercenary") == 8
    assert zone(g, 0, "discard") == ["Mercenary", "Mercenary", "Spoils"]


def test_end_of_turn_with_looters_keeps_every_card():
    g = position(seat(hand=["Urchin", "Marauder", "Silver"], deck=["Copper"] * 6), seat(),
                 kingdom=K)
    n = total_cards(g)
    play(g, "Urchin")
    play(g, "Marauder")
    answer(g, 0, "trash")
    end_turn(g)
    assert total_cards(g) == n and g.active == 1
