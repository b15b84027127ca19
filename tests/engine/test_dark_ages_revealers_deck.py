"""Dark Ages: Rebuild, Rogue, Sage, Scavenger, Storeroom, Vagrant and Wandering Minstrel, the
cards that reveal and rearrange decks. Each part of each text, and every ruling of the Dark
Ages rulebook's card descriptions (seed 004) and cards.md section 4.
"""
from __future__ import annotations

import pytest

from tests.engine import revealers_support as support
from tests.engine.helpers import (
    answer,
    count,
    decision,
    events,
    illegal,
    offered,
    open_kinds,
    play,
    reload,
    seat,
    zone,
)
from tests.engine.revealers_support import game

knights = support.knights


# ===== Rebuild ===============================================================================
def test_rebuild_trashes_the_first_victory_card_not_named_and_gains_one_up_to_3_more():
    g = game(seat(hand=["Rebuild"], deck=["Copper", "Province", "Silver", "Duchy", "Estate"]),
             seat())
    play(g, "Rebuild")
    assert g.actions == 1
    d = decision(g, 0)
    assert d.kind == "NameCard" and d.source == "Rebuild"
    answer(g, 0, "Province")
    assert zone(g, None, "trash") == ["Duchy"]
    assert zone(g, 0, "discard") == ["Copper", "Province", "Silver"]
    assert zone(g, 0, "deck") == ["Estate"]
    d = decision(g, 0)
    assert d.kind == "ChoosePile" and d.optional is False
    assert sorted(offered(g, 0)) == ["Duchy", "Estate", "Gardens", "Province"]
    answer(g, 0, "Province")
    assert zone(g, 0, "discard")[-1] == "Province" and count(g, "Province") == 7


def test_rebuild_gains_only_victory_cards_costing_up_to_3_more():
    g = game(seat(hand=["Rebuild"], deck=["Estate"]), seat())
    play(g, "Rebuild")
    answer(g, 0, "Province")
    assert sorted(offered(g, 0)) == ["Duchy", "Estate", "Gardens"]  # up to $5; no Actions


def test_rebuild_the_named_card_is_validated():
    g = game(seat(hand=["Rebuild"], deck=["Estate"]), seat())
    play(g, "Rebuild")
    d = decision(g, 0)
    assert "not the name of a card" in illegal(g, 0, d.id, "Provinces")
    illegal(g, 0, d.id, 5)
    illegal(g, 0, d.id, "Ruins")  # the Ruins pile is not a card


def test_rebuild_may_name_any_card_even_one_not_in_the_game_or_not_a_victory_card():
    g = game(seat(hand=["Rebuild"], deck=["Harem", "Estate"]), seat())
    play(g, "Rebuild")
    d = decision(g, 0)
    assert {"Harem", "Copper", "Hovel", "Madman"} <= set(d.choices)
    g = reload(g)  # in the middle of Rebuild, waiting for the name
    answer(g, 0, "Farm")  # a later printing's name for Harem
    assert zone(g, None, "trash") == ["Estate"] and zone(g, 0, "discard") == ["Harem"]


def test_rebuild_naming_the_pile_does_not_match_an_individual_knight(knights):
    """Names must match exactly: "Paladins" (like "Knights") is not Dame Vera (like Dame
    Josephine, a Victory Knight), so she is trashed."""
    g = game(seat(hand=["Rebuild"], deck=["Dame Vera", "Estate"]), seat(),
             kingdom=["Rebuild", "Paladins"])
    play(g, "Rebuild")
    assert "Paladins" in decision(g, 0).choices and "Dame Vera" in decision(g, 0).choices
    answer(g, 0, "Paladins")
    assert zone(g, None, "trash") == ["Dame Vera"]
    assert "Province" in offered(g, 0)  # up to $8

    named = game(seat(hand=["Rebuild"], deck=["Dame Vera", "Estate"]), seat(),
                 kingdom=["Rebuild", "Paladins"])
    play(named, "Rebuild")
    answer(named, 0, "Dame Vera")
    assert zone(named, None, "trash") == ["Estate"]


def test_rebuild_shuffles_the_discard_without_the_revealed_cards():
    g = game(seat(hand=["Rebuild"], deck=["Copper", "Silver"], discard=["Estate"]), seat())
    play(g, "Rebuild")
    answer(g, 0, "Province")
    assert zone(g, None, "trash") == ["Estate"]
    assert zone(g, 0, "deck") == [] and zone(g, 0, "discard") == ["Copper", "Silver"]
    assert len(events(g, "shuffle")) == 1 and events(g, "shuffle")[0]["count"] == 1


def test_rebuild_with_no_victory_card_left_discards_everything_and_stops():
    g = game(seat(hand=["Rebuild"], deck=["Copper", "Province", "Silver"]), seat())
    play(g, "Rebuild")
    answer(g, 0, "Province")
    assert zone(g, None, "trash") == [] and open_kinds(g) == [(0, "BuyPhase")]
    assert zone(g, 0, "discard") == ["Copper", "Province", "Silver"]
    assert zone(g, 0, "set_aside") == []


def test_rebuild_trashing_overgrown_estate_draws_before_the_gain():
    g = game(seat(hand=["Rebuild"], deck=["Overgrown Estate", "Gold"]), seat())
    play(g, "Rebuild")
    answer(g, 0, "Province")
    assert zone(g, 0, "hand") == ["Gold"] and decision(g, 0).kind == "ChoosePile"
    assert sorted(offered(g, 0)) == ["Estate", "Gardens"]  # up to $1 + $3


def test_rebuild_names_and_reveals_publicly():
    g = game(seat(hand=["Rebuild"], deck=["Copper", "Estate"]), seat())
    play(g, "Rebuild")
    answer(g, 0, "Province")
    log = g.view(1)["log"]
    assert [e["card"] for e in log if e["type"] == "name"] == ["Province"]
    assert [e["cards"] for e in log if e["type"] == "reveal"] == [["Copper", "Estate"]]
    assert [e["cards"] for e in log if e["type"] == "trash"] == [["Estate"]]


# ===== Rogue =================================================================================
def test_rogue_gains_a_card_costing_3_to_6_from_the_trash():
    g = game(seat(hand=["Rogue"]), seat(),
             trash=["Copper", "Estate", "Silver", "Province", "Gold", "Curse"])
    play(g, "Rogue")
    assert g.coins == 2
    d = decision(g, 0)
    assert d.kind == "ChooseCards" and d.zone == "trash" and (d.min, d.max) == (1, 1)
    assert sorted(offered(g, 0)) == ["Gold", "Silver"]
    assert "between 1 and 1" in illegal(g, 0, d.id, [])  # gaining one is not optional
    answer(g, 0, ["Gold"])
    assert zone(g, 0, "discard") == ["Gold"] and "Gold" not in zone(g, None, "trash")
    gain = [e for e in g.view(1)["log"] if e["type"] == "gain"]
    assert gain[-1]["card"] == "Gold" and gain[-1]["seat"] == 0  # public


def test_rogue_with_one_kind_of_card_to_gain_takes_it_without_asking():
    g = game(seat(hand=["Rogue"]), seat(), trash=["Silver", "Silver", "Copper"])
    play(g, "Rogue")
    assert open_kinds(g) == [(0, "BuyPhase")]
    assert zone(g, 0, "discard") == ["Silver"] and zone(g, None, "trash") == ["Silver", "Copper"]


def test_rogue_gains_a_knight_from_the_trash(knights):
    g = game(seat(hand=["Rogue"]), seat(hand=["Copper"] * 5, deck=["Silver", "Gold"]),
             kingdom=["Rogue", "Paladins"], trash=["Dame Vera"])
    play(g, "Rogue")
    assert zone(g, 0, "discard") == ["Dame Vera"] and zone(g, None, "trash") == []
    assert zone(g, 1, "deck") == ["Silver", "Gold"]  # no attack when it gains


def test_rogue_gain_uses_current_costs():
    """With $2 of cost reduction a Province costs $6 and a Silver $1."""
    g = game(seat(hand=["Rogue"]), seat(), trash=["Silver", "Province"],
             turn={"cost_reduction": 2})
    play(g, "Rogue")
    assert zone(g, 0, "discard") == ["Province"]


def test_rogue_attacks_when_the_trash_has_no_card_costing_3_to_6():
    g = game(seat(hand=["Rogue"]),
             seat(deck=["Silver", "Copper", "Estate"]),
             seat(deck=["Gold", "Smithy"]),
             seat(deck=["Copper", "Province"]),
             trash=["Copper", "Province", "Curse"])
    play(g, "Rogue")
    assert g.coins == 2
    assert zone(g, 1, "discard") == ["Copper"] and zone(g, 1, "deck") == ["Estate"]
    d = decision(g, 2)  # both qualify and differ: the victim chooses
    assert d.source == "Rogue" and d.zone == "revealed" and sorted(offered(g, 2)) == [
        "Gold", "Smithy"]
    answer(g, 2, ["Smithy"])
    assert zone(g, 2, "discard") == ["Gold"]
    assert zone(g, 3, "discard") == ["Copper", "Province"]
    assert zone(g, None, "trash") == ["Copper", "Province", "Curse", "Silver", "Smithy"]
    assert zone(g, 0, "discard") == []  # Rogue gains nothing from its attack


def test_rogue_attack_goes_in_turn_order():
    g = game(seat(hand=["Rogue"]), seat(deck=["Gold", "Silver"]), seat(deck=["Gold", "Silver"]))
    play(g, "Rogue")
    assert [d.seat for d in g.pending()] == [1]
    answer(g, 1, ["Silver"])
    assert [d.seat for d in g.pending()] == [2]
    answer(g, 2, ["Gold"])
    assert zone(g, None, "trash") == ["Silver", "Gold"]


def test_rogue_victim_with_an_empty_deck_shuffles_and_with_nothing_reveals_nothing():
    g = game(seat(hand=["Rogue"]), seat(discard=["Silver"]), seat())
    play(g, "Rogue")
    assert zone(g, None, "trash") == ["Silver"] and zone(g, 1, "discard") == []


def test_rogue_moat_blocks_the_attack():
    g = game(seat(hand=["Rogue"]),
             seat(hand=["Moat", "Copper", "Copper", "Copper", "Copper"], deck=["Gold", "Gold"]))
    play(g, "Rogue")
    answer(g, 1, ["Moat"])
    assert zone(g, 1, "deck") == ["Gold", "Gold"] and zone(g, None, "trash") == []


def test_rogue_reveals_are_public():
    g = game(seat(hand=["Rogue"]), seat(deck=["Silver", "Estate"]))
    play(g, "Rogue")
    for viewer in (0, None):
        reveal = [e for e in g.view(viewer)["log"] if e["type"] == "reveal"]
        assert reveal[-1]["cards"] == ["Silver", "Estate"] and reveal[-1]["seat"] == 1


# ===== Sage ==================================================================================
def test_sage_rulebook_example_copper_copper_curse_province():
    g = game(seat(hand=["Sage"], deck=["Copper", "Copper", "Curse", "Province", "Gold"]), seat())
    play(g, "Sage")
    assert g.actions == 1
    assert zone(g, 0, "hand") == ["Province"]
    assert zone(g, 0, "discard") == ["Copper", "Copper", "Curse"]
    assert zone(g, 0, "deck") == ["Gold"]


def test_sage_shuffles_without_the_revealed_cards():
    g = game(seat(hand=["Sage"], deck=["Copper", "Estate"], discard=["Gold"]), seat())
    play(g, "Sage")
    assert zone(g, 0, "hand") == ["Gold"]
    assert zone(g, 0, "discard") == ["Copper", "Estate"] and zone(g, 0, "deck") == []


def test_sage_finding_nothing_with_an_empty_discard_discards_everything():
    g = game(seat(hand=["Sage"], deck=["Copper", "Estate", "Curse"]), seat())
    play(g, "Sage")
    assert zone(g, 0, "hand") == [] and zone(g, 0, "set_aside") == []
    assert zone(g, 0, "discard") == ["Copper", "Estate", "Curse"]


def test_sage_uses_current_costs():
    g = game(seat(hand=["Sage"], deck=["Silver", "Duchy"]), seat(), turn={"cost_reduction": 1})
    play(g, "Sage")
    assert zone(g, 0, "hand") == ["Duchy"] and zone(g, 0, "discard") == ["Silver"]


# ===== Scavenger =============================================================================
def test_scavenger_may_put_the_deck_into_the_discard_then_topdecks_a_card():
    g = game(seat(hand=["Scavenger"], deck=["Gold", "Estate"], discard=["Copper", "Silver"]),
             seat())
    play(g, "Scavenger")
    assert g.coins == 2
    d = decision(g, 0)
    assert d.kind == "ChooseOption" and d.source == "Scavenger"
    answer(g, 0, "yes")
    d = decision(g, 0)
    assert d.zone == "discard" and (d.min, d.max) == (1, 1)
    assert sorted(offered(g, 0)) == ["Copper", "Estate", "Gold", "Silver"]
    answer(g, 0, ["Gold"])
    assert zone(g, 0, "deck") == ["Gold"]
    assert sorted(zone(g, 0, "discard")) == ["Copper", "Estate", "Silver"]


def test_scavenger_topdeck_is_mandatory_even_if_the_deck_is_kept():
    g = game(seat(hand=["Scavenger"], deck=["Estate"], discard=["Copper", "Silver"]), seat())
    play(g, "Scavenger")
    answer(g, 0, "no")
    d = decision(g, 0)
    illegal(g, 0, d.id, [])
    assert sorted(offered(g, 0)) == ["Copper", "Silver"]
    answer(g, 0, ["Silver"])
    assert zone(g, 0, "deck") == ["Silver", "Estate"] and zone(g, 0, "discard") == ["Copper"]


def test_scavenger_with_an_empty_discard_pile_topdecks_nothing():
    g = game(seat(hand=["Scavenger"], deck=["Estate"]), seat())
    play(g, "Scavenger")
    answer(g, 0, "no")
    assert open_kinds(g) == [(0, "BuyPhase")] and zone(g, 0, "deck") == ["Estate"]


def test_scavenger_with_an_empty_deck_only_topdecks():
    g = game(seat(hand=["Scavenger"], discard=["Copper", "Gold"]), seat())
    play(g, "Scavenger")
    assert decision(g, 0).kind == "ChooseCards"
    answer(g, 0, ["Gold"])
    assert zone(g, 0, "deck") == ["Gold"]


def test_scavenger_with_one_kind_of_card_in_the_discard_does_not_ask():
    g = game(seat(hand=["Scavenger"], discard=["Copper", "Copper"]), seat())
    play(g, "Scavenger")
    assert open_kinds(g) == [(0, "BuyPhase")]
    assert zone(g, 0, "deck") == ["Copper"] and zone(g, 0, "discard") == ["Copper"]


def test_scavenger_topdecked_card_is_hidden_from_the_others():
    g = game(seat(hand=["Scavenger"], discard=["Copper", "Gold", "Estate"]), seat())
    play(g, "Scavenger")
    answer(g, 0, ["Gold"])
    other = g.view(1)
    assert "Gold" not in str([e for e in other["log"] if e["type"] == "topdeck"])
    assert other["players"][0]["deck_size"] == 1
    own = [e for e in g.view(0)["log"] if e["type"] == "topdeck"]
    assert own[-1]["card"] == "Gold"


# ===== Storeroom =============================================================================
def test_storeroom_discards_and_draws_then_discards_for_coins_including_drawn_cards():
    g = game(seat(hand=["Storeroom", "Estate", "Duchy", "Copper"],
                  deck=["Curse", "Gold", "Silver"]), seat())
    play(g, "Storeroom")
    assert g.buys == 2
    d = decision(g, 0)
    assert (d.min, d.max) == (0, 3) and d.source == "Storeroom"
    answer(g, 0, ["Estate", "Duchy"])
    assert zone(g, 0, "hand") == ["Copper", "Curse", "Gold"]
    d = decision(g, 0)
    assert (d.min, d.max) == (0, 3) and "+$1" in d.prompt
    answer(g, 0, ["Curse", "Copper"])  # Curse was just drawn
    assert g.coins == 2 and zone(g, 0, "hand") == ["Gold"]
    assert zone(g, 0, "discard") == ["Estate", "Duchy", "Curse", "Copper"]


def test_storeroom_discarding_nothing_draws_nothing():
    g = game(seat(hand=["Storeroom", "Copper"], deck=["Gold"]), seat())
    play(g, "Storeroom")
    answer(g, 0, [])
    answer(g, 0, [])
    assert zone(g, 0, "hand") == ["Copper"] and g.coins == 0 and g.buys == 2


def test_storeroom_draw_may_shuffle_in_the_cards_just_discarded():
    g = game(seat(hand=["Storeroom", "Estate", "Estate"]), seat())
    play(g, "Storeroom")
    answer(g, 0, ["Estate", "Estate"])
    assert zone(g, 0, "hand") == ["Estate", "Estate"]


def test_storeroom_with_an_empty_hand_asks_nothing():
    g = game(seat(hand=["Storeroom"]), seat())
    play(g, "Storeroom")
    assert open_kinds(g) == [(0, "BuyPhase")] and g.buys == 2


# ===== Vagrant ===============================================================================
def test_vagrant_draws_before_revealing():
    g = game(seat(hand=["Vagrant"], deck=["Estate", "Duchy", "Gold"]), seat())
    play(g, "Vagrant")
    assert g.actions == 1
    assert zone(g, 0, "hand") == ["Estate", "Duchy"] and zone(g, 0, "deck") == ["Gold"]


@pytest.mark.parametrize("top", ["Curse", "Estate", "Gardens", "Ruined Library", "Necropolis",
                                 "Hovel", "Overgrown Estate", "Harem"])
def test_vagrant_takes_a_curse_ruins_shelter_or_victory_card(top):
    g = game(seat(hand=["Vagrant"], deck=["Copper", top]), seat())
    play(g, "Vagrant")
    assert zone(g, 0, "hand") == ["Copper", top] and zone(g, 0, "deck") == []


@pytest.mark.parametrize("top", ["Copper", "Gold", "Village"])
def test_vagrant_leaves_any_other_card_on_top(top):
    g = game(seat(hand=["Vagrant"], deck=["Copper", top]), seat())
    play(g, "Vagrant")
    assert zone(g, 0, "hand") == ["Copper"] and zone(g, 0, "deck") == [top]
    reveal = [e for e in g.view(1)["log"] if e["type"] == "reveal"]
    assert reveal[-1]["cards"] == [top]


def test_vagrant_shuffles_to_reveal_and_reveals_nothing_without_cards():
    g = game(seat(hand=["Vagrant"], deck=["Copper"], discard=["Estate"]), seat())
    play(g, "Vagrant")
    assert zone(g, 0, "hand") == ["Copper", "Estate"]
    empty = game(seat(hand=["Vagrant"]), seat())
    play(empty, "Vagrant")
    assert zone(empty, 0, "hand") == [] and open_kinds(empty) == [(0, "BuyPhase")]


# ===== Wandering Minstrel ====================================================================
def test_wandering_minstrel_puts_the_actions_back_in_any_order_and_discards_the_rest():
    g = game(seat(hand=["Wandering Minstrel"],
                  deck=["Copper", "Village", "Estate", "Smithy", "Gold"]), seat())
    play(g, "Wandering Minstrel")
    assert g.actions == 2 and zone(g, 0, "hand") == ["Copper"]
    d = decision(g, 0)
    assert d.kind == "OrderCards" and sorted(offered(g, 0)) == ["Smithy", "Village"]
    answer(g, 0, ["Smithy", "Village"])
    assert zone(g, 0, "deck") == ["Smithy", "Village", "Gold"]
    assert zone(g, 0, "discard") == ["Estate"]


def test_wandering_minstrel_with_no_actions_puts_nothing_back():
    g = game(seat(hand=["Wandering Minstrel"], deck=["Copper", "Gold", "Estate", "Silver",
                                                     "Duchy"]), seat())
    play(g, "Wandering Minstrel")
    assert open_kinds(g) == [(0, "BuyPhase")]
    assert zone(g, 0, "deck") == ["Duchy"]
    assert zone(g, 0, "discard") == ["Gold", "Estate", "Silver"]


def test_wandering_minstrel_does_not_ask_the_order_of_identical_cards():
    g = game(seat(hand=["Wandering Minstrel"], deck=["Copper", "Village", "Copper", "Village"]),
             seat())
    play(g, "Wandering Minstrel")
    assert open_kinds(g) == [(0, "BuyPhase")]
    assert zone(g, 0, "deck") == ["Village", "Village"] and zone(g, 0, "discard") == ["Copper"]


def test_wandering_minstrel_shuffles_if_needed_and_reveals_what_it_can():
    g = game(seat(hand=["Wandering Minstrel"], deck=["Copper", "Smithy"],
                  discard=["Estate"]), seat())
    play(g, "Wandering Minstrel")
    reveal = events(g, "reveal")[-1]
    assert sorted(reveal["cards"]) == ["Estate", "Smithy"]  # only 2 cards to reveal
    assert zone(g, 0, "deck") == ["Smithy"] and zone(g, 0, "discard") == ["Estate"]


def test_wandering_minstrel_reveal_is_public_but_the_order_put_back_is_not():
    g = game(seat(hand=["Wandering Minstrel"],
                  deck=["Copper", "Village", "Smithy", "Estate"]), seat())
    play(g, "Wandering Minstrel")
    answer(g, 0, ["Village", "Smithy"])
    other = g.view(1)["log"]
    assert [e["cards"] for e in other if e["type"] == "reveal"] == [
        ["Village", "Smithy", "Estate"]]
    put = [e for e in other if e["type"] == "topdeck"][-1]
    assert put["count"] == 2 and "cards" not in put
