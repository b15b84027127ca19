"""Base cards that trash or gain: Chapel, Workshop, Remodel, Mine, Moneylender, Gardens.

Text of both editions and every ruling in the card descriptions of 000 and 001 (Feast and
Artisan are with their editions' other cards).
"""
from __future__ import annotations

import pytest

from engine import new_game
from tests.engine.helpers import (
    answer,
    count,
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

# ----- Chapel ------------------------------------------------------------------------------


def test_chapel_text_trash_up_to_four_cards():
    g = position(seat(hand=["Chapel", "Estate", "Estate", "Copper", "Copper", "Curse"]), seat(),
                 kingdom=["Chapel"])
    play(g, "Chapel")
    d = decision(g, 0, "ChooseCards")
    assert (d.min, d.max) == (0, 4)
    illegal(g, 0, d.id, ["Estate", "Estate", "Copper", "Copper", "Curse"])
    answer(g, 0, ["Estate", "Estate", "Curse", "Copper"])
    assert zone(g, None, "trash") == ["Estate", "Estate", "Curse", "Copper"]
    assert zone(g, 0, "hand") == ["Copper"]


def test_chapel_may_trash_nothing():
    g = position(seat(hand=["Chapel", "Estate"]), seat(), kingdom=["Chapel"])
    play(g, "Chapel")
    answer(g, 0, [])
    assert zone(g, 0, "hand") == ["Estate"] and zone(g, None, "trash") == []


def test_chapel_cannot_trash_itself():
    """000: "You cannot trash the Chapel itself, since it is not in your hand after you play
    it"."""
    g = position(seat(hand=["Chapel", "Estate"]), seat(), kingdom=["Chapel"])
    me = g.players[0].hand[0]
    play(g, "Chapel")
    assert offered(g, 0) == ["Estate"]
    illegal(g, 0, decision(g, 0).id, [me])


def test_chapel_can_trash_another_chapel_in_hand():
    """001: "You could trash a different Chapel card if that card were in your hand"."""
    g = position(seat(hand=["Chapel", "Chapel", "Estate"]), seat(), kingdom=["Chapel"])
    play(g, "Chapel")
    answer(g, 0, ["Chapel", "Estate"])
    assert zone(g, None, "trash") == ["Chapel", "Estate"] and zone(g, 0, "in_play") == ["Chapel"]


def test_chapel_with_an_empty_hand_asks_nothing():
    g = position(seat(hand=["Chapel"]), seat(), kingdom=["Chapel"])
    play(g, "Chapel")
    assert open_kinds(g) == [(0, "BuyPhase")]


# ----- Workshop ----------------------------------------------------------------------------


def test_workshop_text_gain_a_card_costing_up_to_four():
    g = position(seat(hand=["Workshop"]), seat(), kingdom=["Workshop", "Smithy", "Festival"])
    play(g, "Workshop")
    piles = offered(g, 0)
    assert {"Copper", "Curse", "Estate", "Silver", "Workshop", "Smithy"} <= set(piles)
    assert "Festival" not in piles and "Duchy" not in piles
    answer(g, 0, "Smithy")
    assert zone(g, 0, "discard") == ["Smithy"] and count(g, "Smithy") == 9


def test_workshop_coins_cannot_raise_the_limit():
    """000: "You cannot use $ to increase how expensive of a card you gain; it always costs
    from $0 to $4"."""
    g = position(seat(hand=["Workshop", "Gold", "Gold"]), seat(), kingdom=["Workshop", "Smithy"],
                 turn={"coins": 4})
    play(g, "Workshop")
    d = decision(g, 0, "ChoosePile")
    assert max(d.costs) == 4
    illegal(g, 0, d.id, "Duchy")
    illegal(g, 0, d.id, "Gold")


def test_workshop_gains_from_the_supply_only():
    """001: "It has to be a card from the Supply"."""
    g = position(seat(hand=["Workshop"]), seat(), kingdom=["Workshop"], trash=["Silver"],
                 supply={"Silver": 0})
    play(g, "Workshop")
    assert "Silver" not in offered(g, 0)
    illegal(g, 0, decision(g, 0).id, "Silver")
    answer(g, 0, "Estate")
    assert zone(g, None, "trash") == ["Silver"]


def test_workshop_gain_is_mandatory_when_possible():
    g = position(seat(hand=["Workshop"]), seat(), kingdom=["Workshop"])
    play(g, "Workshop")
    d = decision(g, 0, "ChoosePile")
    assert not d.optional
    illegal(g, 0, d.id, None)


def test_workshop_with_nothing_affordable_gains_nothing():
    empty = {p: 0 for p in ("Copper", "Curse", "Estate", "Silver", "Workshop")}
    g = position(seat(hand=["Workshop"]), seat(), kingdom=["Workshop"], supply=empty)
    play(g, "Workshop")  # no pile qualifies, so nothing is asked
    assert zone(g, 0, "discard") == [] and open_kinds(g) == [(0, "BuyPhase")]


# ----- Remodel -----------------------------------------------------------------------------


def test_remodel_text_trash_a_card_and_gain_one_costing_up_to_two_more():
    g = position(seat(hand=["Remodel", "Silver", "Estate"]), seat(),
                 kingdom=["Remodel", "Festival", "Gardens"])
    play(g, "Remodel")
    answer(g, 0, ["Silver"])
    assert zone(g, None, "trash") == ["Silver"]
    piles = offered(g, 0)
    assert "Festival" in piles and "Duchy" in piles and "Gold" not in piles
    answer(g, 0, "Festival")
    assert zone(g, 0, "discard") == ["Festival"] and zone(g, 0, "hand") == ["Estate"]


def test_remodel_cannot_trash_itself():
    """000/001: "You cannot trash the Remodel itself, since it is not in your hand"."""
    g = position(seat(hand=["Remodel", "Remodel", "Copper"]), seat(), kingdom=["Remodel"])
    me = g.players[0].hand[0]
    play(g, me)
    assert offered(g, 0) == ["Remodel", "Copper"]
    illegal(g, 0, decision(g, 0).id, [me])
    answer(g, 0, ["Remodel"])  # a different Remodel from hand
    assert zone(g, None, "trash") == ["Remodel"] and zone(g, 0, "in_play") == ["Remodel"]


def test_remodel_trash_is_mandatory():
    g = position(seat(hand=["Remodel", "Copper"]), seat(), kingdom=["Remodel"])
    play(g, "Remodel")
    d = decision(g, 0, "ChooseCards")
    assert (d.min, d.max) == (1, 1)
    illegal(g, 0, d.id, [])


def test_remodel_with_no_card_to_trash_gains_nothing():
    """000: "If you do not have a card to trash, you do not gain one"."""
    g = position(seat(hand=["Remodel"]), seat(), kingdom=["Remodel"])
    play(g, "Remodel")
    assert open_kinds(g) == [(0, "BuyPhase")] and zone(g, 0, "discard") == []


def test_remodel_gain_may_cost_less_or_be_a_copy_of_the_trashed_card():
    """000: the gain "can cost that much or less, and can even be another copy of the trashed
    card"; 001: "You can trash a card to gain a copy of the same card"."""
    g = position(seat(hand=["Remodel", "Gold"]), seat(), kingdom=["Remodel"])
    play(g, "Remodel")
    answer(g, 0, ["Gold"])
    d = decision(g, 0, "ChoosePile")
    assert {"Gold", "Copper", "Curse", "Province"} <= set(d.piles)
    answer(g, 0, "Gold")
    assert zone(g, 0, "discard") == ["Gold"] and zone(g, None, "trash") == ["Gold"]


def test_remodel_coins_cannot_raise_the_limit():
    """000/001: "You cannot use $ to increase how expensive of a card you gain"."""
    g = position(seat(hand=["Remodel", "Estate"]), seat(), kingdom=["Remodel"],
                 turn={"coins": 6})
    play(g, "Remodel")
    answer(g, 0, ["Estate"])
    d = decision(g, 0, "ChoosePile")
    assert max(d.costs) == 4
    illegal(g, 0, d.id, "Duchy")


def test_remodel_gains_from_the_supply_into_the_discard_pile():
    """000: "If you do gain a card, it comes from the Supply and is put into your discard
    pile"."""
    g = position(seat(hand=["Remodel", "Copper"], deck=["Estate"]), seat(),
                 kingdom=["Remodel"], trash=["Gold"])
    play(g, "Remodel")
    answer(g, 0, ["Copper"])
    assert "Gold" not in offered(g, 0)
    answer(g, 0, "Estate")
    assert zone(g, 0, "discard") == ["Estate"] and zone(g, 0, "deck") == ["Estate"]


def test_remodel_a_curse_into_a_two_cost_card():
    g = position(seat(hand=["Remodel", "Curse"]), seat(), kingdom=["Remodel", "Chapel"])
    play(g, "Remodel")
    answer(g, 0, ["Curse"])
    assert max(decision(g, 0).costs) == 2
    answer(g, 0, "Chapel")
    assert zone(g, 0, "discard") == ["Chapel"]


# ----- Mine --------------------------------------------------------------------------------


def test_mine_text_trash_a_treasure_gain_one_costing_up_to_three_more_to_hand():
    g = position(seat(hand=["Mine", "Copper", "Estate"]), seat(), kingdom=["Mine"])
    play(g, "Mine")
    assert offered(g, 0) == ["Copper"]  # only Treasures
    answer(g, 0, ["Copper"])
    assert offered(g, 0) == ["Copper", "Silver"]  # only Treasures costing up to $3
    answer(g, 0, "Silver")
    assert zone(g, 0, "hand") == ["Estate", "Silver"]
    assert zone(g, None, "trash") == ["Copper"] and zone(g, 0, "discard") == []


def test_mine_silver_to_gold_and_gained_treasure_can_be_played_this_turn():
    """000: "The Treasure you gain comes from the Supply and is put into your hand; you can
    play it for $ the same turn"."""
    g = position(seat(hand=["Mine", "Silver", "Copper"]), seat(), kingdom=["Mine"])
    play(g, "Mine")
    answer(g, 0, ["Silver"])
    answer(g, 0, "Gold")
    treasures(g)
    assert g.coins == 4 and zone(g, 0, "in_play") == ["Mine", "Copper", "Gold"]


def test_mine_trash_is_optional_in_second_edition():
    g = position(seat(hand=["Mine", "Copper"]), seat(), kingdom=["Mine"])
    play(g, "Mine")
    d = decision(g, 0, "ChooseCards")
    assert (d.min, d.max) == (0, 1)
    answer(g, 0, [])
    assert zone(g, 0, "hand") == ["Copper"] and open_kinds(g) == [(0, "BuyPhase")]


def test_mine_can_gain_the_same_or_a_cheaper_treasure():
    """001: "you could also trash a Treasure to gain the same Treasure or a cheaper one"."""
    g = position(seat(hand=["Mine", "Gold"]), seat(), kingdom=["Mine"])
    play(g, "Mine")
    answer(g, 0, ["Gold"])
    assert offered(g, 0) == ["Copper", "Silver", "Gold"]
    answer(g, 0, "Copper")
    assert zone(g, 0, "hand") == ["Copper"]


def test_mine_without_a_treasure_gains_nothing():
    """000: "If you do not have a Treasure to trash, you do not gain one"."""
    g = position(seat(hand=["Mine", "Estate"]), seat(), kingdom=["Mine"])
    play(g, "Mine")
    assert open_kinds(g) == [(0, "BuyPhase")] and zone(g, 0, "hand") == ["Estate"]


def test_mine_cannot_gain_a_non_treasure_or_too_expensive_treasure():
    g = position(seat(hand=["Mine", "Copper"]), seat(), kingdom=["Mine", "Village"])
    play(g, "Mine")
    answer(g, 0, ["Copper"])
    d = decision(g, 0, "ChoosePile")
    illegal(g, 0, d.id, "Village")
    illegal(g, 0, d.id, "Gold")
    illegal(g, 0, d.id, None)


def test_mine_gains_nothing_if_no_treasure_pile_fits():
    g = position(seat(hand=["Mine", "Copper"]), seat(), kingdom=["Mine"],
                 supply={"Copper": 0, "Silver": 0})
    play(g, "Mine")
    answer(g, 0, ["Copper"])  # no Treasure pile fits: the gain is not even asked
    assert zone(g, 0, "hand") == [] and zone(g, None, "trash") == ["Copper"]


# ----- Moneylender -------------------------------------------------------------------------


def test_moneylender_text_may_trash_a_copper_for_three_coins():
    g = position(seat(hand=["Moneylender", "Copper", "Copper", "Silver"]), seat(),
                 kingdom=["Moneylender"])
    play(g, "Moneylender")
    d = decision(g, 0, "ChooseCards")
    assert offered(g, 0) == ["Copper", "Copper"] and (d.min, d.max) == (0, 1)
    answer(g, 0, ["Copper"])
    assert g.coins == 3 and zone(g, None, "trash") == ["Copper"]
    treasures(g)
    assert g.coins == 6


def test_moneylender_trash_is_optional_in_second_edition():
    g = position(seat(hand=["Moneylender", "Copper"]), seat(), kingdom=["Moneylender"])
    play(g, "Moneylender")
    answer(g, 0, [])
    assert g.coins == 0 and zone(g, 0, "hand") == ["Copper"]


def test_moneylender_only_gives_coins_if_a_copper_was_trashed():
    """000: "You only get the +$3 if you actually trashed a Copper"; 001: "If you do not have
    a Copper in your hand to trash, you don't get the +3 coins"."""
    g = position(seat(hand=["Moneylender", "Silver", "Estate"]), seat(),
                 kingdom=["Moneylender"])
    play(g, "Moneylender")
    assert open_kinds(g) == [(0, "BuyPhase")] and g.coins == 0


def test_moneylender_cannot_trash_a_non_copper():
    g = position(seat(hand=["Moneylender", "Copper", "Silver"]), seat(),
                 kingdom=["Moneylender"])
    play(g, "Moneylender")
    illegal(g, 0, decision(g, 0).id, ["Silver"])


# ----- Gardens -----------------------------------------------------------------------------


def _with_cards(n: int, gardens: int = 1) -> list[str]:
    return ["Gardens"] * gardens + ["Copper"] * (n - gardens)


def test_gardens_counts_all_cards_round_down():
    """000: "if you have 37 cards at the end of the game, each copy of Gardens you have is
    worth 3VP"."""
    cards = _with_cards(37, 2)
    g = position(seat(hand=cards[:5], deck=cards[5:20], discard=cards[20:30],
                      in_play=cards[30:]), seat(), kingdom=["Gardens"])
    assert g.score(0) == 2 * 3


@pytest.mark.parametrize("n, vp", [(9, 0), (10, 1), (19, 1), (20, 2), (39, 3), (40, 4)])
def test_gardens_worth_one_vp_per_ten_cards(n, vp):
    """001: "Round down; if you have 39 cards, Gardens is worth 3 victory points"."""
    g = position(seat(deck=_with_cards(n)), seat(), kingdom=["Gardens"])
    assert g.score(0) == vp


def test_gardens_counts_every_zone_and_other_victory_cards():
    g = position(seat(hand=["Gardens", "Estate"], deck=["Copper"] * 4, discard=["Curse"] * 3,
                      in_play=["Village"]), seat(), kingdom=["Gardens", "Village"])
    assert g.score(0) == 1 + 1 - 3


def test_gardens_is_a_victory_card_not_an_action():
    """001: "This Kingdom card is a Victory card, not an Action card"."""
    g = position(seat(hand=["Gardens", "Copper"]), seat(), kingdom=["Gardens"])
    assert open_kinds(g) == [(0, "BuyPhase")]


@pytest.mark.parametrize("players, size", [(2, 8), (3, 12), (4, 12)])
def test_gardens_pile_has_8_cards_for_two_players_and_12_for_more(players, size):
    """000: "Use 8 copies of Gardens in a 2-player game, 12 copies for 3 or more players"."""
    g = new_game({"players": players, "kingdom": ["Gardens"]}, "s")
    assert count(g, "Gardens") == size


def test_gardens_scores_at_game_end():
    g = position(seat(hand=["Gold"] * 3, deck=["Copper"] * 5, discard=_with_cards(21)),
                 seat(), kingdom=["Gardens"], supply={"Province": 1})
    treasures(g)
    answer(g, 0, {"buy": "Province"})
    assert g.over
    assert g.result["scores"][0] == 6 + 3  # 30 cards: each Gardens worth 3
