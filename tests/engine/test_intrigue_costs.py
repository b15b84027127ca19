"""Intrigue cards about costs and counting: Bridge, Upgrade, Ironworks, Swindler, Saboteur,
Conspirator, Coppersmith, Mining Village, and how Throne Room combines with them.
Rulebook 002, card descriptions.
"""
from __future__ import annotations

import pytest

from tests.engine.helpers import (
    answer,
    buy,
    decision,
    events,
    offered,
    owned,
    play,
    position,
    seat,
    treasures,
    waiting,
    zone,
)

K = ["Bridge", "Upgrade", "Ironworks", "Swindler", "Saboteur", "Conspirator", "Coppersmith",
     "Mining Village", "Throne Room", "Village", "Workshop", "Pawn", "Great Hall", "Moat",
     "Remodel"]


def game(*players, edition=1, **kw):
    """1st edition by default: several of these cards exist only there."""
    kw.setdefault("kingdom", K)
    return position(*players, edition=edition, **kw)


# ----- Bridge ----------------------------------------------------------------------------
def test_bridge_plus_buy_plus_coin_and_cards_cost_one_less():
    g = game(seat(hand=["Bridge", "Copper", "Copper"]), seat())
    play(g, "Bridge")
    assert (g.buys, g.coins, g.cost_reduction) == (2, 1, 1)
    assert g.cost("Province") == 7 and g.cost("Silver") == 2


def test_bridge_village_workshop_gains_a_duchy():
    """The rulebook's example: after Bridge, Duchy costs $4."""
    g = game(seat(hand=["Village", "Bridge", "Workshop"]), seat())
    play(g, "Village")
    play(g, "Bridge")
    play(g, "Workshop")
    assert "Duchy" in offered(g, 0)
    answer(g, 0, "Duchy")
    assert zone(g, 0, "discard") == ["Duchy"]


def test_bridge_with_three_coins_buys_silver_and_estate():
    g = game(seat(hand=["Bridge", "Copper", "Copper"]), seat())
    play(g, "Bridge")
    treasures(g)
    assert g.coins == 3
    buy(g, "Silver")
    assert g.coins == 1
    buy(g, "Estate")
    assert (owned(g, 0)["Silver"], owned(g, 0)["Estate"]) == (1, 1)


def test_throne_room_bridge_is_cumulative():
    g = game(seat(hand=["Throne Room", "Bridge"]), seat())
    play(g, "Throne Room")
    answer(g, 0, ["Bridge"])
    assert (g.cost_reduction, g.buys, g.coins) == (2, 3, 2)
    assert g.cost("Gold") == 4 and g.cost("Province") == 6


def test_bridge_costs_never_below_zero():
    g = game(seat(hand=["Throne Room", "Bridge", "Copper"]), seat())
    play(g, "Throne Room")
    answer(g, 0, ["Bridge"])
    assert [g.cost(n) for n in ("Copper", "Curse", "Estate", "Pawn", "Silver")] == [
        0, 0, 0, 0, 1]
    treasures(g)
    assert g.coins == 3
    buy(g, "Estate")
    assert g.coins == 3  # Estate ($2 - $2) is free; a cost never goes below $0


def test_bridge_lowers_the_cost_of_cards_in_hand_too():
    """Remodel a Gold (now $5) into a card costing up to $7: a Province."""
    g = game(seat(hand=["Village", "Bridge", "Remodel", "Gold"]), seat())
    play(g, "Village")
    play(g, "Bridge")
    play(g, "Remodel")
    answer(g, 0, ["Gold"])
    assert "Province" in offered(g, 0)
    answer(g, 0, "Province")
    assert zone(g, 0, "discard") == ["Province"]


def test_bridge_lasts_only_for_the_turn():
    g = game(seat(hand=["Bridge"]), seat(hand=["Copper"] * 5))
    play(g, "Bridge")
    answer(g, 0, {"end": True}, kind="BuyPhase")
    assert g.active == 1 and g.cost_reduction == 0 and g.cost("Province") == 8


def test_bridge_then_upgrade_turns_a_copper_into_an_estate_or_pawn():
    """Copper still costs $0; Estate and Pawn cost $1 after Bridge."""
    g = game(seat(hand=["Village", "Bridge", "Upgrade", "Copper"], deck=["Curse"]), seat())
    play(g, "Village")
    play(g, "Bridge")
    play(g, "Upgrade")
    answer(g, 0, ["Copper"])
    assert sorted(offered(g, 0)) == ["Estate", "Moat", "Pawn"]
    answer(g, 0, "Pawn")
    assert zone(g, 0, "discard") == ["Pawn"]


# ----- Upgrade ---------------------------------------------------------------------------
def test_upgrade_draws_first_then_trashes_and_gains_exactly_one_more():
    g = game(seat(hand=["Upgrade"], deck=["Estate", "Copper"]), seat())
    play(g, "Upgrade")
    # the drawn Estate is the only card in hand: it is trashed unasked
    assert g.actions == 1 and zone(g, None, "trash") == ["Estate"]
    # exactly $3: not Pawn ($2), not Remodel ($4)
    assert sorted(offered(g, 0)) == ["Great Hall", "Silver", "Swindler", "Village", "Workshop"]
    answer(g, 0, "Silver")
    assert zone(g, 0, "discard") == ["Silver"]


def test_upgrade_must_trash_a_card_if_it_can():
    g = game(seat(hand=["Upgrade", "Gold", "Copper"], deck=["Silver"]), seat())
    play(g, "Upgrade")
    d = decision(g, 0)
    assert (d.kind, d.min, d.max) == ("ChooseCards", 1, 1)
    answer(g, 0, ["Gold"])
    assert zone(g, None, "trash") == ["Gold"]
    assert decision(g, 0).kind == "BuyPhase"  # nothing costs exactly $7: nothing gained
    assert zone(g, 0, "discard") == []


def test_upgrade_with_an_empty_hand_neither_trashes_nor_gains():
    g = game(seat(hand=["Upgrade"]), seat())
    play(g, "Upgrade")
    assert zone(g, None, "trash") == [] and decision(g, 0).kind == "BuyPhase"


def test_upgrade_gains_nothing_when_the_pile_of_that_cost_is_empty():
    g = game(seat(hand=["Upgrade", "Copper"], deck=["Copper"]), seat(),
             kingdom=["Upgrade", "Village", "Moat"], supply={"Estate": 0})
    play(g, "Upgrade")
    assert zone(g, None, "trash") == ["Copper"] and zone(g, 0, "discard") == []


# ----- Ironworks -------------------------------------------------------------------------
@pytest.mark.parametrize("gained, actions, coins, hand", [
    ("Silver", 0, 1, 0), ("Village", 1, 0, 0), ("Estate", 0, 0, 1), ("Great Hall", 1, 0, 1),
])
def test_ironworks_bonus_by_the_type_of_the_gained_card(gained, actions, coins, hand):
    g = game(seat(hand=["Ironworks"], deck=["Gold"]), seat())
    play(g, "Ironworks")
    assert "Duchy" not in offered(g, 0) and "Ironworks" in offered(g, 0)
    answer(g, 0, gained)
    assert zone(g, 0, "discard") == [gained]
    assert (g.actions, g.coins, len(zone(g, 0, "hand"))) == (actions, coins, hand)


def test_ironworks_great_hall_gives_card_and_action():
    g = game(seat(hand=["Ironworks"], deck=["Gold"]), seat())
    play(g, "Ironworks")
    answer(g, 0, "Great Hall")
    assert g.actions == 1 and zone(g, 0, "hand") == ["Gold"]


def test_ironworks_mill_gives_card_and_action_in_second_edition():
    g = game(seat(hand=["Ironworks"], deck=["Gold"]), seat(), edition=2,
             kingdom=["Ironworks", "Mill"])
    play(g, "Ironworks")
    answer(g, 0, "Mill")
    assert g.actions == 1 and zone(g, 0, "hand") == ["Gold"]


def test_ironworks_costs_affected_by_bridge():
    g = game(seat(hand=["Village", "Bridge", "Ironworks"], deck=["Gold", "Silver"]), seat())
    play(g, "Village")
    play(g, "Bridge")
    play(g, "Ironworks")
    answer(g, 0, "Duchy")
    assert zone(g, 0, "hand") == ["Gold", "Silver"]  # Duchy is a Victory card: +1 Card


@pytest.mark.parametrize("edition", [1, 2])
def test_ironworks_same_in_both_editions(edition):
    g = game(seat(hand=["Ironworks"]), seat(), edition=edition, kingdom=["Ironworks"])
    play(g, "Ironworks")
    answer(g, 0, "Silver")
    assert g.coins == 1


# ----- Conspirator -----------------------------------------------------------------------
def test_conspirator_as_first_or_second_action_gives_only_two_coins():
    g = game(seat(hand=["Village", "Conspirator"], deck=["Gold", "Silver"]), seat())
    play(g, "Village")
    play(g, "Conspirator")
    assert (g.coins, g.actions, zone(g, 0, "hand")) == (2, 1, ["Gold"])


def test_conspirator_as_third_action_gives_card_and_action():
    g = game(seat(hand=["Village", "Pawn", "Conspirator"], deck=["Gold", "Silver"]), seat())
    play(g, "Village")
    play(g, "Pawn")
    answer(g, 0, ["action", "buy"])
    play(g, "Conspirator")
    assert (g.actions_played, g.coins, g.actions) == (3, 2, 2)
    assert zone(g, 0, "hand") == ["Gold", "Silver"]


def test_conspirator_counts_throne_room_plays():
    """Throne Room is 1, the first Conspirator 2 (no bonus), the second 3 (bonus)."""
    g = game(seat(hand=["Throne Room", "Conspirator"], deck=["Gold", "Silver"]), seat())
    play(g, "Throne Room")
    answer(g, 0, ["Conspirator"])
    assert (g.actions_played, g.coins, g.actions) == (3, 4, 1)
    assert zone(g, 0, "hand") == ["Gold"]


def test_conspirator_is_not_reevaluated_later_in_the_turn():
    g = game(seat(hand=["Conspirator", "Village"], deck=["Village", "Village"]), seat(),
             turn={"actions": 2})
    play(g, "Conspirator")
    play(g, "Village")
    play(g, "Village")
    assert g.actions_played == 3 and g.coins == 2 and g.actions == 3


def test_conspirator_counts_action_victory_cards_as_actions():
    g = game(seat(hand=["Great Hall", "Great Hall", "Conspirator"], deck=["Gold"] * 3), seat())
    play(g, "Great Hall")
    play(g, "Great Hall")
    play(g, "Conspirator")
    assert (g.coins, g.actions) == (2, 1)


# ----- Coppersmith -----------------------------------------------------------------------
def test_coppersmith_copper_produces_an_extra_coin():
    g = game(seat(hand=["Coppersmith", "Copper", "Copper", "Silver"]), seat())
    play(g, "Coppersmith")
    treasures(g)
    assert g.coins == 6


def test_coppersmith_throne_room_coppers_make_three():
    g = game(seat(hand=["Throne Room", "Coppersmith", "Copper", "Copper"]), seat())
    play(g, "Throne Room")
    answer(g, 0, ["Coppersmith"])
    treasures(g, ["Copper"])
    assert g.coins == 3
    treasures(g, ["Copper"])
    assert g.coins == 6


def test_coppersmith_lasts_only_for_the_turn():
    g = game(seat(hand=["Coppersmith"]), seat(hand=["Copper"] * 5))
    play(g, "Coppersmith")
    answer(g, 0, {"end": True}, kind="BuyPhase")
    treasures(g)
    assert g.active == 1 and g.coins == 5


# ----- Mining Village --------------------------------------------------------------------
def test_mining_village_plus_card_two_actions_and_may_trash_for_two_coins():
    g = game(seat(hand=["Mining Village"], deck=["Silver"]), seat())
    play(g, "Mining Village")
    assert (g.actions, zone(g, 0, "hand")) == (2, ["Silver"])
    answer(g, 0, "trash")
    assert g.coins == 2 and zone(g, None, "trash") == ["Mining Village"]
    assert zone(g, 0, "in_play") == []


def test_mining_village_may_be_kept():
    g = game(seat(hand=["Mining Village"], deck=["Silver"]), seat())
    play(g, "Mining Village")
    answer(g, 0, "keep")
    assert g.coins == 0 and zone(g, 0, "in_play") == ["Mining Village"]


def test_throne_room_mining_village_trashed_only_once():
    g = game(seat(hand=["Throne Room", "Mining Village"], deck=["Copper"] * 3), seat())
    play(g, "Throne Room")
    answer(g, 0, ["Mining Village"])
    answer(g, 0, "trash")
    # the second play gives +1 Card +2 Actions and asks nothing
    assert (g.actions, g.coins, len(zone(g, 0, "hand"))) == (4, 2, 2)
    assert decision(g, 0).kind == "BuyPhase"
    assert zone(g, None, "trash") == ["Mining Village"]


# ----- Swindler --------------------------------------------------------------------------
def test_swindler_trashes_top_card_and_attacker_picks_a_card_of_the_same_cost():
    g = game(seat(hand=["Swindler"]), seat(deck=["Silver", "Gold"]))
    play(g, "Swindler")
    assert g.coins == 2 and zone(g, None, "trash") == ["Silver"]
    d = decision(g, 0)
    assert d.kind == "ChoosePile" and not d.optional
    assert sorted(offered(g, 0)) == ["Great Hall", "Silver", "Swindler", "Village",
                                     "Workshop"]
    answer(g, 0, "Great Hall")
    assert zone(g, 1, "discard") == ["Great Hall"] and zone(g, 1, "deck") == ["Gold"]


def test_swindler_a_trashed_copper_can_become_a_curse():
    g = game(seat(hand=["Swindler"]), seat(deck=["Copper"]))
    play(g, "Swindler")
    assert sorted(offered(g, 0)) == ["Copper", "Curse"]
    answer(g, 0, "Curse")
    assert zone(g, 1, "discard") == ["Curse"]


def test_swindler_cannot_pick_an_empty_pile_and_no_card_of_that_cost_gains_nothing():
    g = game(seat(hand=["Swindler"]), seat(deck=["Gold"]),
             kingdom=["Swindler", "Pawn", "Village"], supply={"Gold": 0})
    play(g, "Swindler")
    assert zone(g, None, "trash") == ["Gold"] and zone(g, 1, "discard") == []
    assert decision(g, 0).kind == "BuyPhase"


def test_swindler_victim_with_empty_deck_shuffles_first_or_is_unaffected():
    g = game(seat(hand=["Swindler"]), seat(discard=["Estate"]), seat())
    play(g, "Swindler")
    assert zone(g, None, "trash") == ["Estate"]
    answer(g, 0, "Estate")
    assert zone(g, 1, "discard") == ["Estate"]
    assert decision(g, 0).kind == "BuyPhase"  # seat 2 has no cards: nothing happens


def test_swindler_resolves_in_turn_order_from_the_left():
    g = game(seat(hand=["Swindler"]), seat(deck=["Estate"]), seat(deck=["Estate"]),
             supply={"Estate": 1}, kingdom=["Swindler"])
    play(g, "Swindler")
    assert zone(g, None, "trash") == ["Estate"]  # seat 2 has not revealed yet
    answer(g, 0, "Estate")
    assert zone(g, None, "trash") == ["Estate", "Estate"]
    assert zone(g, 1, "discard") == ["Estate"] and zone(g, 2, "discard") == []


def test_swindler_same_cost_uses_bridge_costs():
    g = game(seat(hand=["Village", "Bridge", "Swindler"]), seat(deck=["Silver"]))
    play(g, "Village")
    play(g, "Bridge")
    play(g, "Swindler")
    assert "Silver" in offered(g, 0) and "Workshop" in offered(g, 0)  # $2 now
    assert "Pawn" not in offered(g, 0)


def test_swindler_moat_reveals_nothing_trashes_nothing():
    g = game(seat(hand=["Swindler"]), seat(hand=["Moat"], deck=["Gold"]))
    play(g, "Swindler")
    answer(g, 1, ["Moat"])
    assert zone(g, 1, "deck") == ["Gold"] and zone(g, None, "trash") == []
    assert not events(g, "reveal")[1:]


# ----- Saboteur --------------------------------------------------------------------------
def test_saboteur_reveals_until_a_card_costing_three_trashes_it_and_may_gain_two_less():
    g = game(seat(hand=["Saboteur"]), seat(deck=["Copper", "Estate", "Duchy", "Gold"]))
    play(g, "Saboteur")
    assert zone(g, None, "trash") == ["Duchy"]
    d = decision(g, 1)
    assert d.optional and max(d.costs) == 3
    answer(g, 1, "Silver")
    assert sorted(zone(g, 1, "discard")) == ["Copper", "Estate", "Silver"]
    assert zone(g, 1, "deck") == ["Gold"]


def test_saboteur_gain_is_optional():
    g = game(seat(hand=["Saboteur"]), seat(deck=["Silver"]))
    play(g, "Saboteur")
    answer(g, 1, None)
    assert zone(g, None, "trash") == ["Silver"] and zone(g, 1, "discard") == []


def test_saboteur_shuffle_does_not_include_the_revealed_cards():
    g = game(seat(hand=["Saboteur"]), seat(deck=["Copper", "Estate"], discard=["Gold"]))
    play(g, "Saboteur")
    assert zone(g, None, "trash") == ["Gold"]
    answer(g, 1, None)
    assert sorted(zone(g, 1, "discard")) == ["Copper", "Estate"] and zone(g, 1, "deck") == []


def test_saboteur_no_card_costing_three_discards_everything_revealed():
    g = game(seat(hand=["Saboteur"]), seat(deck=["Copper", "Estate", "Curse"]))
    play(g, "Saboteur")
    assert zone(g, None, "trash") == [] and decision(g, 0).kind == "BuyPhase"
    assert sorted(zone(g, 1, "discard")) == ["Copper", "Curse", "Estate"]


def test_saboteur_costs_affected_by_bridge():
    g = game(seat(hand=["Village", "Bridge", "Saboteur"]), seat(deck=["Silver", "Gold"]))
    play(g, "Village")
    play(g, "Bridge")
    play(g, "Saboteur")
    assert zone(g, None, "trash") == ["Gold"]  # Silver costs $2 now
    assert max(decision(g, 1).costs) == 3  # Gold costs $5, so up to $3


def test_saboteur_victims_in_turn_order():
    g = game(seat(hand=["Saboteur"]), seat(deck=["Silver"]), seat(deck=["Gold"]),
             kingdom=["Saboteur"])
    play(g, "Saboteur")
    assert waiting(g) == [1] and zone(g, None, "trash") == ["Silver"]
    answer(g, 1, "Copper")
    assert zone(g, None, "trash") == ["Silver", "Gold"] and waiting(g) == [2]
    answer(g, 2, "Silver")
    assert zone(g, 1, "discard") == ["Copper"] and zone(g, 2, "discard") == ["Silver"]
