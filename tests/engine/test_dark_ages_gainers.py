"""Dark Ages gainers and money cards: Altar, Armory, Count, Forager, Graverobber, Ironmonger,
Junk Dealer, Mystic, Poor House (Counterfeit has its own file, test_dark_ages_counterfeit.py).

One test per part of each card's text and per ruling of its description in the Dark Ages
rulebook (seed 004) and cards.md section 4, named for the behaviour.
"""
from __future__ import annotations

import pytest

from engine.cardbase import ACTION, ATTACK, KNIGHT, REGISTRY, card
from engine.cards.naming import nameable_cards
from tests.engine.helpers import (
    answer,
    decision,
    events,
    illegal,
    offered,
    play,
    position,
    reload,
    seat,
    treasures,
    zone,
)

K = ["Altar", "Armory", "Count", "Counterfeit", "Forager", "Graverobber", "Ironmonger",
     "Junk Dealer", "Mystic", "Poor House"]


def game(*players, kingdom=K, **kw):
    """A position with this group's ten cards as the Kingdom."""
    return position(*players, kingdom=kingdom, **kw)


def _draw_three(g, p, cid):
    g.draw(p, 3)
    return
    yield  # pragma: no cover


@pytest.fixture
def cultist():
    """A stand-in for Cultist's "when you trash this, +3 Cards" (a $5 Action)."""
    card("Test Cultist", 5, ACTION, "test", is_kingdom=False, triggers={"trash": _draw_three})
    yield "Test Cultist"
    del REGISTRY["Test Cultist"]


@pytest.fixture
def knights():
    """A Knights pile holding Sir Martin ($4) and Sir Destry ($5): the real cards once the
    Knights are registered, stand-ins with the same names, costs and types until then."""
    made = []
    if "Knights" not in REGISTRY:
        for name, cost in (("Sir Martin", 4), ("Sir Destry", 5)):
            card(name, cost, ACTION | ATTACK | KNIGHT, "test", is_kingdom=False)
            made.append(name)
        card("Knights", 5, ACTION | ATTACK | KNIGHT, "test",
             members=("Sir Destry", "Sir Martin"))
        made.append("Knights")
    yield [*K[:9], "Knights"]
    for name in made:
        del REGISTRY[name]


def gained_events(g, viewer):
    return [e for e in g.view(viewer)["log"] if e["type"] == "gain"]


# ----- Poor House ----------------------------------------------------------------------------
def test_poor_house_gives_four_coins_with_no_treasure_in_hand():
    g = game(seat(hand=["Poor House", "Estate", "Curse"]), seat())
    play(g, "Poor House")
    assert g.coins == 4


def test_poor_house_loses_one_coin_per_treasure_in_hand():
    g = game(seat(hand=["Poor House", "Copper", "Gold", "Estate"]), seat())
    play(g, "Poor House")
    assert g.coins == 2


def test_poor_house_cannot_take_coins_below_zero():
    g = game(seat(hand=["Poor House", *["Copper"] * 6]), seat())
    play(g, "Poor House")
    assert g.coins == 0
    treasures(g)
    assert g.coins == 6  # the Treasures are still worth their coins when played


def test_poor_house_can_take_coins_made_by_earlier_cards():
    g = game(seat(hand=["Poor House", *["Copper"] * 6]), seat(),
             turn={"coins": 3, "actions": 1})
    play(g, "Poor House")
    assert g.coins == 1  # 3 + 4 - 6


def test_poor_house_counts_cards_that_are_treasures_and_something_else():
    g = game(seat(hand=["Poor House", "Harem", "Counterfeit"]), seat())
    play(g, "Poor House")
    assert g.coins == 2


def test_poor_house_with_an_empty_hand_gives_four_coins():
    g = game(seat(hand=["Poor House"]), seat())
    play(g, "Poor House")
    assert g.coins == 4 and not events(g, "reveal")


def test_poor_house_reveals_the_hand_to_everyone():
    g = game(seat(hand=["Poor House", "Copper", "Estate"]), seat())
    play(g, "Poor House")
    shown = [e for e in g.view(1)["log"] if e["type"] == "reveal"]
    assert shown and shown[-1]["cards"] == ["Copper", "Estate"]


# ----- Forager -------------------------------------------------------------------------------
def test_forager_gives_an_action_and_a_buy_and_must_trash():
    g = game(seat(hand=["Forager", "Estate", "Copper"]), seat())
    play(g, "Forager")
    d = decision(g, 0, "ChooseCards")
    assert (d.min, d.max, d.source) == (1, 1, "Forager")
    assert illegal(g, 0, d.id, [])
    answer(g, 0, ["Estate"])
    assert (g.actions, g.buys, g.coins) == (1, 2, 0)
    assert zone(g, None, "trash") == ["Estate"]


def test_forager_counts_differently_named_treasures_in_the_trash():
    g = game(seat(hand=["Forager", "Estate"]), seat(),
             trash=["Copper", "Copper", "Copper", "Copper", "Counterfeit", "Duchy"])
    play(g, "Forager")  # the only card in hand is trashed unasked
    assert zone(g, None, "trash")[-1] == "Estate"
    assert g.coins == 2


def test_forager_counts_the_treasure_it_just_trashed():
    g = game(seat(hand=["Forager", "Silver", "Silver"]), seat(), trash=["Copper"])
    play(g, "Forager")
    assert g.coins == 2  # Copper and the Silver just trashed


def test_forager_gives_coins_even_with_nothing_to_trash():
    g = game(seat(hand=["Forager"]), seat(), trash=["Gold", "Silver", "Harem"])
    play(g, "Forager")
    assert (g.coins, g.buys, g.actions) == (3, 2, 1)


def test_forager_ignores_non_treasures_in_the_trash():
    g = game(seat(hand=["Forager", "Estate"]), seat(), trash=["Forager", "Province", "Curse"])
    play(g, "Forager")
    assert g.coins == 0


# ----- Armory --------------------------------------------------------------------------------
def test_armory_gains_a_card_costing_up_to_4_onto_the_deck():
    g = game(seat(hand=["Armory"], deck=["Copper"]), seat())
    play(g, "Armory")
    assert offered(g, 0) == ["Copper", "Silver", "Estate", "Curse", "Poor House", "Forager",
                             "Armory", "Ironmonger"]
    answer(g, 0, "Silver")
    assert zone(g, 0, "deck") == ["Silver", "Copper"]
    assert zone(g, 0, "discard") == []


def test_armory_gain_is_seen_by_everyone():
    g = game(seat(hand=["Armory"]), seat())
    play(g, "Armory")
    answer(g, 0, "Ironmonger")
    assert gained_events(g, 1)[-1] == {"type": "gain", "seat": 0, "card": "Ironmonger",
                                       "to": "deck"}


def test_armory_cannot_gain_non_supply_cards():
    g = game(seat(hand=["Armory"]), seat(), extra_piles=["Spoils", "Madman", "Mercenary"])
    play(g, "Armory")
    assert not {"Spoils", "Madman", "Mercenary"} & set(offered(g, 0))


def test_armory_gains_sir_martin_when_he_is_the_top_knight(knights):
    g = game(seat(hand=["Armory"]), seat(), kingdom=knights,
             supply={"Knights": ["Sir Martin", "Sir Destry"]})
    play(g, "Armory")
    assert "Knights" in offered(g, 0)
    answer(g, 0, "Knights")
    assert zone(g, 0, "deck") == ["Sir Martin"] and zone(g, None, "Knights") == ["Sir Destry"]


def test_armory_cannot_gain_sir_martin_under_another_knight(knights):
    g = game(seat(hand=["Armory"]), seat(), kingdom=knights,
             supply={"Knights": ["Sir Destry", "Sir Martin"]})
    play(g, "Armory")
    assert "Knights" not in offered(g, 0)


def test_armory_gains_only_the_top_ruins():
    g = game(seat(hand=["Armory"]), seat(), extra_piles=["Ruins"],
             supply={"Ruins": ["Survivors", "Ruined Village"]})
    play(g, "Armory")
    answer(g, 0, "Ruins")
    assert zone(g, 0, "deck") == ["Survivors"]


def test_armory_uses_costs_as_they_are_now():
    g = game(seat(hand=["Armory"]), seat(), turn={"cost_reduction": 1})
    play(g, "Armory")
    assert "Duchy" in offered(g, 0) and "Gold" not in offered(g, 0)


# ----- Altar ---------------------------------------------------------------------------------
def test_altar_trashes_a_card_then_gains_one_costing_up_to_5():
    g = game(seat(hand=["Altar", "Estate", "Copper"]), seat())
    play(g, "Altar")
    d = decision(g, 0, "ChooseCards")
    assert (d.min, d.max, d.source) == (1, 1, "Altar")
    answer(g, 0, ["Estate"])
    assert "Duchy" in offered(g, 0) and "Gold" not in offered(g, 0)
    answer(g, 0, "Duchy")
    assert zone(g, None, "trash") == ["Estate"] and zone(g, 0, "discard") == ["Duchy"]


def test_altar_must_trash_if_it_can():
    g = game(seat(hand=["Altar", "Gold", "Copper"]), seat())
    play(g, "Altar")
    assert "choose between 1 and 1" in illegal(g, 0, decision(g, 0).id, [])


def test_altar_gains_even_without_a_card_to_trash():
    g = game(seat(hand=["Altar"]), seat())
    play(g, "Altar")
    assert decision(g, 0).kind == "ChoosePile"
    answer(g, 0, "Mystic")
    assert zone(g, 0, "discard") == ["Mystic"] and zone(g, None, "trash") == []


def test_altar_gains_from_the_supply_only():
    g = game(seat(hand=["Altar"]), seat(), extra_piles=["Spoils", "Madman", "Mercenary"])
    play(g, "Altar")
    assert not {"Spoils", "Madman", "Mercenary"} & set(offered(g, 0))


def test_altar_trashing_overgrown_estate_draws_before_the_gain():
    g = game(seat(hand=["Altar", "Overgrown Estate", "Copper"], deck=["Gold"]), seat())
    play(g, "Altar")
    answer(g, 0, ["Overgrown Estate"])
    assert decision(g, 0).kind == "ChoosePile"
    assert zone(g, 0, "hand") == ["Copper", "Gold"]
    g = reload(g)
    answer(g, 0, "Count")
    assert zone(g, 0, "discard") == ["Count"]


# ----- Count ---------------------------------------------------------------------------------
def test_count_asks_its_two_choices_one_after_the_other():
    g = game(seat(hand=["Count", "Estate", "Copper"]), seat())
    play(g, "Count")
    d = decision(g, 0)
    assert (d.kind, d.source, d.options) == ("ChooseOption", "Count",
                                             ["discard", "topdeck", "copper"])
    assert d.labels == ["Discard 2 cards", "Put a card from your hand onto your deck",
                        "Gain a Copper"]
    answer(g, 0, "copper")
    d = decision(g, 0)
    assert (d.kind, d.source, d.options) == ("ChooseOption", "Count",
                                             ["coins", "trash", "duchy"])
    assert d.labels == ["+$3", "Trash your hand", "Gain a Duchy"]
    g = reload(g)
    answer(g, 0, "duchy")
    assert zone(g, 0, "discard") == ["Copper", "Duchy"]


def test_count_discards_two_cards_then_gives_three_coins():
    g = game(seat(hand=["Count", "Estate", "Curse", "Copper"]), seat())
    play(g, "Count")
    answer(g, 0, "discard")
    d = decision(g, 0, "ChooseCards")
    assert (d.min, d.max) == (2, 2)
    answer(g, 0, ["Estate", "Curse"])
    answer(g, 0, "coins")
    assert zone(g, 0, "discard") == ["Estate", "Curse"] and g.coins == 3


def test_count_discard_takes_what_there_is():
    g = game(seat(hand=["Count", "Estate"]), seat())
    play(g, "Count")
    answer(g, 0, "discard")
    assert zone(g, 0, "discard") == ["Estate"]
    assert decision(g, 0).options == ["coins", "trash", "duchy"]


def test_count_discard_shows_others_only_the_count_and_the_top_card():
    g = game(seat(hand=["Count", "Gold", "Estate", "Silver"]), seat())
    play(g, "Count")
    answer(g, 0, "discard")
    answer(g, 0, ["Gold", "Estate"])
    theirs = [e for e in g.view(1)["log"] if e["type"] == "discard"][-1]
    assert theirs["count"] == 2 and "cards" not in theirs and theirs["top"] == "Estate"


def test_count_puts_a_card_onto_the_deck_unseen_by_others():
    g = game(seat(hand=["Count", "Gold", "Estate"], deck=["Copper"]), seat())
    play(g, "Count")
    answer(g, 0, "topdeck")
    answer(g, 0, ["Gold"])
    assert zone(g, 0, "deck") == ["Gold", "Copper"]
    theirs = [e for e in g.view(1)["log"] if e["type"] == "topdeck"][-1]
    assert "card" not in theirs and "Gold" not in str(theirs)
    mine = [e for e in g.view(0)["log"] if e["type"] == "topdeck"][-1]
    assert mine["card"] == "Gold"


@pytest.mark.parametrize("first", ["discard", "topdeck"])
def test_count_may_choose_an_option_it_cannot_carry_out(first):
    g = game(seat(hand=["Count"], deck=[]), seat())
    play(g, "Count")
    answer(g, 0, first)
    assert decision(g, 0).options == ["coins", "trash", "duchy"]
    answer(g, 0, "trash")
    assert zone(g, None, "trash") == [] and g.coins == 0


def test_count_gains_nothing_from_empty_copper_and_duchy_piles():
    g = game(seat(hand=["Count", "Silver"]), seat(), supply={"Copper": 0, "Duchy": 0})
    play(g, "Count")
    answer(g, 0, "copper")
    answer(g, 0, "duchy")
    assert zone(g, 0, "discard") == [] and zone(g, 0, "hand") == ["Silver"]


def test_count_trashes_the_whole_hand():
    g = game(seat(hand=["Count", "Estate", "Copper", "Copper", "Curse"]), seat())
    play(g, "Count")
    answer(g, 0, "topdeck")
    answer(g, 0, ["Copper"])
    answer(g, 0, "trash")
    assert zone(g, 0, "hand") == []
    assert sorted(zone(g, None, "trash")) == ["Copper", "Curse", "Estate"]


def test_count_trashes_every_card_before_their_abilities_which_the_player_orders(cultist):
    g = game(seat(hand=["Count", "Overgrown Estate", cultist, "Copper"],
                  deck=["Silver", "Gold", "Gold", "Gold"]), seat())
    play(g, "Count")
    answer(g, 0, "copper")
    answer(g, 0, "trash")
    d = decision(g, 0)
    assert d.labels == ["Overgrown Estate", cultist]  # "Which happens first?"
    assert sorted(zone(g, None, "trash")) == sorted(["Overgrown Estate", cultist, "Copper"])
    assert zone(g, 0, "hand") == []
    answer(g, 0, "1")
    assert zone(g, 0, "hand") == ["Silver", "Gold", "Gold", "Gold"]


def test_count_gains_a_copper_and_a_duchy():
    g = game(seat(hand=["Count"]), seat())
    play(g, "Count")
    answer(g, 0, "copper")
    answer(g, 0, "duchy")
    assert zone(g, 0, "discard") == ["Copper", "Duchy"]


# ----- Ironmonger ----------------------------------------------------------------------------
def test_ironmonger_draws_first_then_reveals_the_next_card():
    g = game(seat(hand=["Ironmonger"], deck=["Copper", "Estate", "Gold"]), seat())
    play(g, "Ironmonger")
    d = decision(g, 0)
    assert (d.kind, d.source, d.options) == ("ChooseOption", "Ironmonger", ["discard", "keep"])
    assert zone(g, 0, "hand") == ["Copper"]
    assert [e["cards"] for e in g.view(1)["log"] if e["type"] == "reveal"] == [["Estate"]]


def test_ironmonger_discarded_victory_card_still_gives_a_card():
    g = game(seat(hand=["Ironmonger"], deck=["Copper", "Estate", "Gold"]), seat())
    play(g, "Ironmonger")
    answer(g, 0, "discard")
    assert zone(g, 0, "discard") == ["Estate"] and zone(g, 0, "hand") == ["Copper", "Gold"]
    assert (g.actions, g.coins) == (1, 0)


def test_ironmonger_kept_victory_card_is_the_card_drawn():
    g = game(seat(hand=["Ironmonger"], deck=["Copper", "Estate", "Gold"]), seat())
    play(g, "Ironmonger")
    answer(g, 0, "keep")
    assert zone(g, 0, "hand") == ["Copper", "Estate"] and zone(g, 0, "deck") == ["Gold"]


@pytest.mark.parametrize("choice", ["discard", "keep"])
def test_ironmonger_treasure_gives_a_coin_either_way(choice):
    g = game(seat(hand=["Ironmonger"], deck=["Estate", "Silver"]), seat())
    play(g, "Ironmonger")
    answer(g, 0, choice)
    assert (g.coins, g.actions) == (1, 1)
    assert zone(g, 0, "deck" if choice == "keep" else "discard") == ["Silver"]


def test_ironmonger_action_gives_an_action():
    g = game(seat(hand=["Ironmonger"], deck=["Estate", "Mystic"]), seat())
    play(g, "Ironmonger")
    answer(g, 0, "keep")
    assert (g.actions, g.coins) == (2, 0)


def test_ironmonger_card_with_two_types_gives_both_bonuses():
    g = game(seat(hand=["Ironmonger"], deck=["Estate", "Farm", "Gold"]), seat())
    play(g, "Ironmonger")
    answer(g, 0, "discard")
    assert (g.coins, g.actions) == (1, 1)
    assert zone(g, 0, "hand") == ["Estate", "Gold"]


def test_ironmonger_curse_gives_nothing():
    g = game(seat(hand=["Ironmonger"], deck=["Estate", "Curse", "Gold"]), seat())
    play(g, "Ironmonger")
    answer(g, 0, "discard")
    assert (g.coins, g.actions, zone(g, 0, "hand")) == (0, 1, ["Estate"])


def test_ironmonger_with_no_cards_left_reveals_nothing():
    g = game(seat(hand=["Ironmonger"], deck=["Estate"]), seat())
    play(g, "Ironmonger")
    assert decision(g, 0).kind == "BuyPhase" and zone(g, 0, "hand") == ["Estate"]


def test_ironmonger_shuffles_to_reveal():
    g = game(seat(hand=["Ironmonger"], deck=["Estate"], discard=["Silver"]), seat())
    play(g, "Ironmonger")
    answer(g, 0, "keep")
    assert zone(g, 0, "deck") == ["Silver"] and g.coins == 1


# ----- Junk Dealer ---------------------------------------------------------------------------
def test_junk_dealer_draws_then_must_trash():
    g = game(seat(hand=["Junk Dealer", "Silver"], deck=["Curse"]), seat())
    play(g, "Junk Dealer")
    assert (g.actions, g.coins) == (1, 1)
    d = decision(g, 0, "ChooseCards")
    assert sorted(offered(g, 0)) == ["Curse", "Silver"]  # the card just drawn can go
    assert (d.min, d.max) == (1, 1)
    illegal(g, 0, d.id, [])
    answer(g, 0, ["Curse"])
    assert zone(g, None, "trash") == ["Curse"] and zone(g, 0, "hand") == ["Silver"]


def test_junk_dealer_trashes_unasked_when_all_cards_are_alike():
    g = game(seat(hand=["Junk Dealer", "Copper"], deck=["Copper"]), seat())
    play(g, "Junk Dealer")
    assert zone(g, None, "trash") == ["Copper"] and zone(g, 0, "hand") == ["Copper"]


def test_junk_dealer_with_an_empty_hand_trashes_nothing():
    g = game(seat(hand=["Junk Dealer"]), seat())
    play(g, "Junk Dealer")
    assert zone(g, None, "trash") == [] and g.coins == 1


# ----- Graverobber ---------------------------------------------------------------------------
def test_graverobber_gains_a_card_from_the_trash_onto_the_deck_for_all_to_see():
    g = game(seat(hand=["Graverobber"], deck=["Copper"]), seat(),
             trash=["Copper", "Estate", "Gold", "Duchy", "Province", "Silver"])
    play(g, "Graverobber")
    d = decision(g, 0)
    assert (d.kind, d.source, d.options) == ("ChooseOption", "Graverobber", ["gain", "upgrade"])
    answer(g, 0, "gain")
    assert offered(g, 0) == ["Gold", "Duchy", "Silver"]  # $3 to $6 only
    assert decision(g, 0).to_dict()["zone"] == "trash"
    answer(g, 0, ["Gold"])
    assert zone(g, 0, "deck") == ["Gold", "Copper"]
    assert "Gold" not in zone(g, None, "trash")
    assert gained_events(g, 1)[-1] == {"type": "gain", "seat": 0, "card": "Gold", "to": "deck"}


def test_graverobber_takes_the_only_kind_of_card_unasked():
    g = game(seat(hand=["Graverobber"]), seat(), trash=["Silver", "Silver", "Copper"])
    play(g, "Graverobber")
    answer(g, 0, "gain")
    assert zone(g, 0, "deck") == ["Silver"] and zone(g, None, "trash") == ["Silver", "Copper"]


def test_graverobber_gains_nothing_without_a_card_from_3_to_6_in_the_trash():
    g = game(seat(hand=["Graverobber"]), seat(), trash=["Copper", "Estate", "Province"])
    play(g, "Graverobber")
    answer(g, 0, "gain")
    assert decision(g, 0).kind == "BuyPhase"
    assert zone(g, 0, "deck") == [] and len(zone(g, None, "trash")) == 3


def test_graverobber_trashes_an_action_and_gains_a_card_up_to_3_more_to_discard():
    g = game(seat(hand=["Graverobber", "Forager", "Silver"]), seat())
    play(g, "Graverobber")
    answer(g, 0, "upgrade")  # Forager, the only Action in hand, goes unasked
    assert zone(g, None, "trash") == ["Forager"]
    assert "Gold" in offered(g, 0) and "Altar" in offered(g, 0)
    assert "Province" not in offered(g, 0)
    answer(g, 0, "Altar")
    assert zone(g, 0, "discard") == ["Altar"] and zone(g, 0, "deck") == []


def test_graverobber_offers_only_action_cards_to_trash():
    g = game(seat(hand=["Graverobber", "Forager", "Poor House", "Gold"]), seat())
    play(g, "Graverobber")
    answer(g, 0, "upgrade")
    d = decision(g, 0, "ChooseCards")
    assert sorted(offered(g, 0)) == ["Forager", "Poor House"] and d.min == 1
    answer(g, 0, ["Poor House"])
    assert max(decision(g, 0).costs) == 4


def test_graverobber_may_choose_to_trash_with_no_action_in_hand():
    g = game(seat(hand=["Graverobber", "Gold"]), seat())
    play(g, "Graverobber")
    answer(g, 0, "upgrade")
    assert decision(g, 0).kind == "BuyPhase" and zone(g, None, "trash") == []


def test_graverobber_trashed_card_draws_before_the_gain(cultist):
    g = game(seat(hand=["Graverobber", cultist], deck=["Gold", "Gold", "Silver"]), seat())
    play(g, "Graverobber")
    answer(g, 0, "upgrade")
    assert zone(g, 0, "hand") == ["Gold", "Gold", "Silver"]
    assert "Province" in offered(g, 0)  # up to $8
    answer(g, 0, "Province")
    assert zone(g, 0, "discard") == ["Province"]


def test_graverobber_upgrade_gains_from_the_supply_only():
    g = game(seat(hand=["Graverobber", "Forager"]), seat(), extra_piles=["Spoils", "Madman"])
    play(g, "Graverobber")
    answer(g, 0, "upgrade")
    assert not {"Spoils", "Madman"} & set(offered(g, 0))


# ----- Mystic --------------------------------------------------------------------------------
def test_mystic_gives_an_action_and_two_coins_and_names_any_card():
    g = game(seat(hand=["Mystic"], deck=["Gold"]), seat())
    play(g, "Mystic")
    assert (g.actions, g.coins) == (1, 2)
    d = decision(g, 0)
    assert (d.kind, d.source) == ("NameCard", "Mystic")
    assert d.choices == nameable_cards()
    assert {"Witch", "Harem", "Spoils", "Hovel", "Survivors"} <= set(d.choices)
    assert "Ruins" not in d.choices


def test_mystic_puts_the_named_card_into_the_hand():
    g = game(seat(hand=["Mystic"], deck=["Gold", "Copper"]), seat())
    play(g, "Mystic")
    g = reload(g)
    answer(g, 0, "Gold")
    assert zone(g, 0, "hand") == ["Gold"] and zone(g, 0, "deck") == ["Copper"]
    log = g.view(1)["log"]
    assert {"type": "name", "seat": 0, "card": "Gold", "by": "Mystic"} in log
    assert [e["cards"] for e in log if e["type"] == "reveal"] == [["Gold"]]


def test_mystic_leaves_a_card_not_named_on_top():
    g = game(seat(hand=["Mystic"], deck=["Gold", "Copper"]), seat())
    play(g, "Mystic")
    answer(g, 0, "Silver")
    assert zone(g, 0, "hand") == [] and zone(g, 0, "deck") == ["Gold", "Copper"]


def test_mystic_may_name_a_card_not_in_the_supply_or_the_game():
    g = game(seat(hand=["Mystic"], deck=["Witch"]), seat())
    play(g, "Mystic")
    answer(g, 0, "Witch")
    assert zone(g, 0, "hand") == ["Witch"]


def test_mystic_names_must_match_exactly(knights):
    g = game(seat(hand=["Mystic"], deck=["Sir Martin"]), seat(), kingdom=knights)
    play(g, "Mystic")
    answer(g, 0, "Sir Destry")
    assert zone(g, 0, "deck") == ["Sir Martin"]


def test_mystic_naming_knights_never_matches_a_knight(knights):
    g = game(seat(hand=["Mystic", "Mystic"], deck=["Sir Martin"]), seat(), kingdom=knights)
    play(g, "Mystic")
    assert "Knights" in offered(g, 0)
    answer(g, 0, "Knights")
    assert zone(g, 0, "deck") == ["Sir Martin"]
    play(g, "Mystic")
    answer(g, 0, "Sir Martin")
    assert zone(g, 0, "hand") == ["Sir Martin"]


def test_mystic_refuses_names_that_are_not_card_names():
    g = game(seat(hand=["Mystic"], deck=["Gold"]), seat())
    play(g, "Mystic")
    did = decision(g, 0).id
    for bad in ["Treasure", "Ruins", "gold", "Nonesuch", "", 3, None, ["Gold", "Silver"]]:
        illegal(g, 0, did, bad)


def test_mystic_accepts_a_later_printing_name():
    g = game(seat(hand=["Mystic"], deck=["Harem"]), seat())
    play(g, "Mystic")
    answer(g, 0, "Farm")
    assert zone(g, 0, "hand") == ["Harem"]
    assert events(g, "name")[-1]["card"] == "Harem"


def test_mystic_shuffles_to_reveal_and_does_nothing_with_no_cards():
    g = game(seat(hand=["Mystic", "Mystic"], discard=["Gold"]), seat())
    play(g, "Mystic")
    answer(g, 0, "Gold")
    assert zone(g, 0, "hand") == ["Mystic", "Gold"]
    play(g, "Mystic")
    answer(g, 0, "Gold")
    assert g.coins == 4 and zone(g, 0, "hand") == ["Gold"]


def test_mystic_naming_is_private_until_answered():
    g = game(seat(hand=["Mystic"], deck=["Gold"]), seat())
    play(g, "Mystic")
    assert g.view(1)["pending"] == [] and g.view(1)["waiting_for"] == [0]
    assert g.view(0)["pending"][0]["kind"] == "NameCard"
