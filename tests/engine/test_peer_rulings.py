"""Cross-card cases checked while comparing the engine with other Dominion engines' test
suites (dombot's Dark Ages tests, the wiki's card FAQs): only scenarios the other
test_dark_ages_*.py / test_cross_set_*.py files do not already cover. Every one of them
already held; each docstring gives the ruling and its source (seed 004 = the Dark Ages
rulebook, cards.md = the project's card reference, wiki = its "Other rules clarifications").
"""
from __future__ import annotations

from tests.engine.helpers import (
    answer,
    decision,
    offered,
    open_kinds,
    play,
    position,
    seat,
    zone,
)

FILLER = ["Village", "Smithy", "Moat", "Festival"]


def test_rogue_gains_a_province_that_two_bridges_bring_down_to_six():
    """Rogue: "If there are any cards in the trash costing from $3 to $6, gain one of them"
    (004); costs are as they are now (Bridge: "cards (everywhere) cost $1 less"), so after a
    Throne Room on Bridge the trashed Province costs $6 and must be gained: no attack."""
    g = position(seat(hand=["Throne Room", "Bridge", "Rogue"]), seat(deck=["Gold", "Gold"]),
                 kingdom=["Rogue", "Bridge", "Throne Room", *FILLER], trash=["Province"],
                 turn={"actions": 2})
    play(g, "Throne Room")
    answer(g, 0, ["Bridge"])
    play(g, "Rogue")
    assert zone(g, 0, "discard") == ["Province"] and zone(g, None, "trash") == []
    assert zone(g, 1, "deck") == ["Gold", "Gold"]  # the Otherwise part did not happen
    assert open_kinds(g) == [(0, "BuyPhase")]


def test_a_knight_passes_over_a_silver_that_bridge_brings_down_to_two():
    """Knights trash a revealed card "costing from $3 to $6" (004) at its current cost:
    Silver costs $2 and Province $7 under one Bridge, so neither is trashed."""
    g = position(seat(hand=["Bridge", "Dame Molly"]), seat(deck=["Silver", "Province"]),
                 kingdom=["Knights", "Bridge", *FILLER], turn={"actions": 2},
                 supply={"Knights": ["Sir Martin", "Dame Anna"]})
    play(g, "Bridge")
    play(g, "Dame Molly")
    assert zone(g, None, "trash") == []
    assert zone(g, 1, "discard") == ["Silver", "Province"]


def test_sentry_trashing_a_cultist_draws_from_below_the_other_card_it_looks_at():
    """Cultist: "When you trash this, +3 Cards", at once, in the middle of another card
    (004 Additional Rules). The card Sentry still holds is not in the deck, so the three
    come from below it; Sentry then discards or puts back that card."""
    g = position(seat(hand=["Sentry"],
                      deck=["Copper", "Cultist", "Estate", "Gold", "Gold", "Silver", "Duchy"]),
                 seat(), kingdom=["Sentry", "Cultist", *FILLER])
    play(g, "Sentry")
    answer(g, 0, ["Cultist"])
    assert zone(g, 0, "hand") == ["Copper", "Gold", "Gold", "Silver"]
    answer(g, 0, [])  # keep the Estate
    assert zone(g, 0, "deck") == ["Estate", "Duchy"]
    assert zone(g, None, "trash") == ["Cultist"]


def test_swindler_on_a_spoils_offers_only_zero_cost_supply_piles():
    """Swindler: the victim "gains a card with the same cost that you choose" from the
    Supply; Spoils and Madman ($0) are not in the Supply and "cannot be gained by cards that
    gain cards from the Supply" (004)."""
    g = position(seat(hand=["Swindler"]), seat(deck=["Spoils", "Copper"]),
                 kingdom=["Swindler", "Pillage", "Hermit", "Cultist", *FILLER])
    play(g, "Swindler")
    assert zone(g, None, "trash") == ["Spoils"]
    assert sorted(offered(g, 0)) == ["Copper", "Curse", "Ruins"]
    answer(g, 0, "Curse")
    assert zone(g, 1, "discard") == ["Curse"]


def test_ironworks_gaining_sir_martin_is_one_action_only():
    """Ironworks gives a bonus per type of the gained card (cards.md); Sir Martin, the $4
    Knight on top of the pile, is an Action - Attack - Knight: +1 Action, nothing else."""
    g = position(seat(hand=["Ironworks"], deck=["Copper"]), seat(),
                 kingdom=["Ironworks", "Knights", *FILLER],
                 supply={"Knights": ["Sir Martin", "Dame Josephine"]})
    play(g, "Ironworks")
    answer(g, 0, "Knights")
    assert zone(g, 0, "discard") == ["Sir Martin"]
    assert (g.actions, g.coins, zone(g, 0, "hand")) == (1, 0, [])


def test_squire_trashed_may_gain_dame_josephine_from_the_top_of_the_knights():
    """Squire: "When you trash this, gain an Attack card"; the top Knight is the only card
    of the pile that can be gained (004), and Dame Josephine is an Attack (and Victory)."""
    g = position(seat(hand=["Chapel", "Squire"]), seat(),
                 kingdom=["Chapel", "Squire", "Knights", "Militia", *FILLER],
                 supply={"Knights": ["Dame Josephine", "Sir Martin"]})
    play(g, "Chapel")
    answer(g, 0, ["Squire"])
    assert decision(g, 0).source == "Squire"
    assert sorted(offered(g, 0)) == ["Knights", "Militia"]
    answer(g, 0, "Knights")
    assert zone(g, 0, "discard") == ["Dame Josephine"]


def test_procession_on_band_of_misfits_as_feast_gains_three_cards():
    """Band of Misfits played as Feast (1st edition) trashes itself; Procession's second play
    is still a Feast and still gains (Lose Track stops only the move, 004); Procession then
    fails to trash it but gains an Action costing exactly $1 more than it, and in the trash
    it is a Band of Misfits again ($5): a $6 Action."""
    g = position(seat(hand=["Procession", "Band of Misfits"]), seat(), edition=1,
                 kingdom=["Procession", "Band of Misfits", "Feast", "Altar", *FILLER])
    play(g, "Procession")
    answer(g, 0, ["Band of Misfits"])
    answer(g, 0, "Feast")
    assert zone(g, None, "trash") == ["Band of Misfits"]
    answer(g, 0, "Festival")
    assert decision(g, 0).source == "Feast"
    answer(g, 0, "Village")
    assert decision(g, 0).source == "Procession" and offered(g, 0) == ["Altar"]
    answer(g, 0, "Altar")
    assert zone(g, 0, "discard") == ["Festival", "Village", "Altar"]
    assert zone(g, None, "trash") == ["Band of Misfits"]
