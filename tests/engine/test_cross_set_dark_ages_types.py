"""Base and Intrigue cards reading the types of Dark Ages cards: Shelters (Necropolis is an
Action, Overgrown Estate a Victory card, Hovel neither), Dame Josephine (a Victory card),
Ruins (Action cards costing $0), Spoils (a Treasure) and Feodum. An audit of cases the other
test files did not cover; the engine already did each right.

Sources: the Dark Ages rulebook (seed 004: Shelters, Knights, Ruins, Spoils), the Intrigue
rulebooks (002) and cards.md sections 1-4 for the cards' texts.
"""
from __future__ import annotations

from tests.engine.helpers import (
    answer,
    buy,
    count,
    decision,
    offered,
    open_kinds,
    play,
    position,
    seat,
    treasures,
    zone,
)

FILLER = ["Village", "Smithy", "Moat", "Workshop", "Market"]


# ----- Shelters ---------------------------------------------------------------------------
def test_shanty_town_counts_necropolis_in_hand_as_an_action_card():
    """Shanty Town: "Reveal your hand. If you have no Action cards in hand, +2 Cards";
    Necropolis is an Action - Shelter (004)."""
    g = position(seat(hand=["Shanty Town", "Necropolis"], deck=["Copper"] * 3), seat(),
                 kingdom=["Shanty Town", *FILLER])
    play(g, "Shanty Town")
    assert zone(g, 0, "hand") == ["Necropolis"] and g.actions == 2


def test_throne_room_on_necropolis_gives_four_actions():
    g = position(seat(hand=["Throne Room", "Necropolis"]), seat(),
                 kingdom=["Throne Room", *FILLER])
    play(g, "Throne Room")
    answer(g, 0, ["Necropolis"])
    assert g.actions == 4


def test_courtier_revealing_necropolis_makes_two_choices():
    """Courtier: one choice per type; Action - Shelter is two types."""
    g = position(seat(hand=["Courtier", "Necropolis"]), seat(), kingdom=["Courtier", *FILLER])
    play(g, "Courtier")  # the only card in hand is revealed unasked
    d = decision(g, 0)
    assert d.kind == "ChooseOption" and d.to_dict()["min"] == 2 == d.to_dict()["max"]


def test_conspirator_counts_necropolis_and_a_band_of_misfits():
    """Conspirator: "If you've played 3 or more Actions this turn (counting this)": a
    Shelter played and a Band of Misfits played as Village are Actions played."""
    g = position(seat(hand=["Necropolis", "Band of Misfits", "Conspirator"],
                      deck=["Copper"] * 3), seat(),
                 kingdom=["Conspirator", "Band of Misfits", *FILLER])
    play(g, "Necropolis")
    play(g, "Band of Misfits")
    answer(g, 0, "Village")
    play(g, "Conspirator")
    assert g.coins == 2 and g.actions == 3  # 2 + 2 - 1 (BoM) - 1 (Conspirator) + 1
    assert zone(g, 0, "hand") == ["Copper", "Copper"]


def test_baron_does_not_take_an_overgrown_estate_for_an_estate_and_its_gain_is_no_buy():
    """Baron: "You may discard an Estate for +$4. If you don't, gain an Estate": Overgrown
    Estate is not named Estate. Hovel reacts to buying a Victory card, not to gaining one."""
    g = position(seat(hand=["Baron", "Overgrown Estate", "Hovel", "Copper", "Copper"]), seat(),
                 kingdom=["Baron", *FILLER])
    play(g, "Baron")
    assert zone(g, 0, "discard") == ["Estate"] and g.coins == 0 and g.buys == 2
    treasures(g)
    buy(g, "Estate")
    assert decision(g, 0).source == "Hovel"
    answer(g, 0, "trash")
    assert zone(g, None, "trash") == ["Hovel"]


def test_bureaucrat_victim_puts_back_overgrown_estate_hovel_is_no_victory_card():
    g = position(seat(hand=["Bureaucrat"]), seat(hand=["Overgrown Estate", "Hovel", "Copper"]),
                 kingdom=["Bureaucrat", *FILLER])
    play(g, "Bureaucrat")
    assert zone(g, 1, "deck") == ["Overgrown Estate"]
    assert zone(g, 1, "hand") == ["Hovel", "Copper"] and open_kinds(g) == [(0, "BuyPhase")]


def test_ironmonger_revealing_overgrown_estate_kept_draws_it():
    """Ironmonger (004): a Victory card gives +1 Card, drawn after keeping or discarding it."""
    g = position(seat(hand=["Ironmonger"], deck=["Copper", "Overgrown Estate", "Silver"]),
                 seat(), kingdom=["Ironmonger", *FILLER])
    play(g, "Ironmonger")
    answer(g, 0, "keep")
    assert zone(g, 0, "hand") == ["Copper", "Overgrown Estate"] and g.actions == 1


def test_ironmonger_revealing_hovel_gives_nothing_and_necropolis_an_action():
    g = position(seat(hand=["Ironmonger"], deck=["Copper", "Hovel"]), seat(),
                 kingdom=["Ironmonger", *FILLER])
    play(g, "Ironmonger")
    answer(g, 0, "keep")
    assert zone(g, 0, "hand") == ["Copper"] and (g.actions, g.coins) == (1, 0)
    g = position(seat(hand=["Ironmonger"], deck=["Copper", "Necropolis"]), seat(),
                 kingdom=["Ironmonger", *FILLER])
    play(g, "Ironmonger")
    answer(g, 0, "discard")
    assert zone(g, 0, "hand") == ["Copper"] and g.actions == 2
    assert zone(g, 0, "discard") == ["Necropolis"]


def test_steward_trashing_two_overgrown_estates_draws_two():
    g = position(seat(hand=["Steward", "Overgrown Estate", "Overgrown Estate", "Copper"],
                      deck=["Gold", "Gold"]), seat(), kingdom=["Steward", *FILLER])
    play(g, "Steward")
    answer(g, 0, "trash")
    answer(g, 0, ["Overgrown Estate", "Overgrown Estate"])
    assert sorted(zone(g, 0, "hand")) == ["Copper", "Gold", "Gold"]


# ----- Dame Josephine, a Victory card -----------------------------------------------------
def test_bureaucrat_victim_puts_back_dame_josephine():
    g = position(seat(hand=["Bureaucrat"]), seat(hand=["Dame Josephine", "Copper"]),
                 kingdom=["Bureaucrat", "Knights", *FILLER])
    play(g, "Bureaucrat")
    assert zone(g, 1, "deck") == ["Dame Josephine"] and zone(g, 1, "hand") == ["Copper"]


def test_patrol_takes_dame_josephine_and_overgrown_estate_but_not_hovel():
    """Patrol: "Put the Victory cards and Curses into your hand"."""
    g = position(seat(hand=["Patrol"], deck=["Copper", "Copper", "Copper", "Dame Josephine",
                                              "Overgrown Estate", "Hovel", "Silver"]),
                 seat(), kingdom=["Patrol", "Knights", *FILLER])
    play(g, "Patrol")
    assert sorted(zone(g, 0, "hand")) == ["Copper"] * 3 + ["Dame Josephine",
                                                           "Overgrown Estate"]


def test_hovel_reacts_to_buying_dame_josephine_from_the_knights_pile():
    g = position(seat(hand=["Hovel", "Gold", "Silver"]), seat(), kingdom=["Knights", *FILLER],
                 supply={"Knights": ["Dame Josephine", "Sir Martin"]})
    treasures(g)
    buy(g, "Knights")
    assert decision(g, 0).source == "Hovel"


def test_vagrant_puts_dame_josephine_into_the_hand():
    g = position(seat(hand=["Vagrant"], deck=["Copper", "Dame Josephine"]), seat(),
                 kingdom=["Vagrant", "Knights", *FILLER])
    play(g, "Vagrant")
    assert zone(g, 0, "hand") == ["Copper", "Dame Josephine"]


def test_first_edition_great_hall_is_a_victory_card_for_vagrant_and_ironmonger():
    g = position(seat(hand=["Vagrant"], deck=["Copper", "Great Hall"]), seat(),
                 kingdom=["Vagrant", "Great Hall", *FILLER], edition=1)
    play(g, "Vagrant")
    assert zone(g, 0, "hand") == ["Copper", "Great Hall"]
    g = position(seat(hand=["Ironmonger"], deck=["Copper", "Great Hall", "Gold"]), seat(),
                 kingdom=["Ironmonger", "Great Hall", *FILLER], edition=1)
    play(g, "Ironmonger")
    answer(g, 0, "discard")  # Action and Victory: +1 Action and +1 Card
    assert g.actions == 2 and zone(g, 0, "hand") == ["Copper", "Gold"]


# ----- Ruins, Feodum, Spoils, Knights with Intrigue and base cards --------------------------
def test_ironworks_gaining_a_ruins_gives_an_action():
    g = position(seat(hand=["Ironworks"], deck=["Copper"]), seat(),
                 kingdom=["Ironworks", "Cultist", *FILLER])
    play(g, "Ironworks")
    answer(g, 0, "Ruins")
    assert g.actions == 1 and zone(g, 0, "hand") == [] and count(g, "Ruins") == 9


def test_ironworks_gaining_feodum_gives_a_card():
    g = position(seat(hand=["Ironworks"], deck=["Copper"]), seat(),
                 kingdom=["Ironworks", "Feodum", *FILLER])
    play(g, "Ironworks")
    answer(g, 0, "Feodum")
    assert zone(g, 0, "hand") == ["Copper"] and g.actions == 0


def test_swindler_trashing_a_ruins_offers_only_the_zero_cost_piles():
    """Swindler: "gains a card with the same cost that you choose": a Ruins costs $0, so
    Copper, Curse or the top Ruins (not Poor House at $1)."""
    g = position(seat(hand=["Swindler"]), seat(deck=["Ruined Village"]),
                 kingdom=["Swindler", "Cultist", "Poor House", *FILLER])
    play(g, "Swindler")
    assert sorted(offered(g, 0)) == ["Copper", "Curse", "Ruins"]


def test_swindler_trashing_a_knight_may_give_the_top_knight():
    g = position(seat(hand=["Swindler"]), seat(deck=["Sir Bailey"]),
                 kingdom=["Swindler", "Knights", *FILLER],
                 supply={"Knights": ["Dame Anna", "Sir Martin"]})
    play(g, "Swindler")
    assert "Knights" in offered(g, 0)
    answer(g, 0, "Knights")
    assert zone(g, 1, "discard") == ["Dame Anna"]  # the top Knight ($5), as Sir Bailey


def test_mine_on_spoils_gains_a_treasure_costing_up_to_three():
    g = position(seat(hand=["Mine", "Spoils"]), seat(), kingdom=["Mine", "Bandit Camp", *FILLER])
    play(g, "Mine")
    answer(g, 0, ["Spoils"])  # 2nd edition: "You may trash a Treasure"
    assert sorted(offered(g, 0)) == ["Copper", "Silver"]
    answer(g, 0, "Silver")
    assert zone(g, 0, "hand") == ["Silver"] and zone(g, None, "trash") == ["Spoils"]


def test_bandit_trashes_a_revealed_spoils_into_the_trash():
    """Spoils returns to its pile only when played; trashed, it stays in the trash (004)."""
    g = position(seat(hand=["Bandit"]), seat(deck=["Spoils", "Copper"]),
                 kingdom=["Bandit", "Bandit Camp", *FILLER])
    play(g, "Bandit")
    assert zone(g, None, "trash") == ["Spoils"] and count(g, "Spoils") == 15


def test_poor_house_counts_spoils_and_harem_as_treasures():
    g = position(seat(hand=["Poor House", "Copper", "Spoils", "Harem"]), seat(),
                 kingdom=["Poor House", "Harem", "Bandit Camp", *FILLER])
    play(g, "Poor House")
    assert g.coins == 1


def test_feodum_counts_silvers_only_not_other_treasures():
    g = position(seat(hand=["Feodum", "Silver", "Silver"], deck=["Silver", "Spoils", "Harem"]),
                 seat(), kingdom=["Feodum", "Harem", "Bandit Camp", *FILLER])
    assert g.score(0) == 1 + 2  # Feodum (3 Silvers) and Harem
