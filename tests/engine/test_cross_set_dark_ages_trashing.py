"""Dark Ages "when you trash this" cards, Lose Track and Reactions meeting base and Intrigue
cards, and a few Band of Misfits and Procession cases: an audit of interactions the other
test files did not cover. The engine already did each right.

Sources: seed 004 (Additional Rules: "when you trash", Lose Track; the card descriptions of
Band of Misfits, Procession, Fortress, Madman, Mercenary, Pillage, Beggar, Hermit), 000-002
and cards.md for the base and Intrigue texts.
"""
from __future__ import annotations

from tests.engine.helpers import (
    answer,
    count,
    decision,
    end_turn,
    offered,
    owned,
    play,
    position,
    reload,
    seat,
    zone,
)

FILLER = ["Village", "Smithy", "Moat", "Workshop", "Market"]


# ----- "when you trash this" from base and Intrigue trashers ------------------------------
def test_lurker_trashing_sir_vander_from_the_supply_gives_the_lurker_player_a_gold():
    """Sir Vander: "When you trash this, gain a Gold"; Lurker's player is the one trashing."""
    g = position(seat(hand=["Lurker"]), seat(), kingdom=["Lurker", "Knights", *FILLER],
                 supply={"Knights": ["Sir Vander", "Dame Anna"]})
    play(g, "Lurker")
    answer(g, 0, "trash")
    answer(g, 0, "Knights")
    assert zone(g, None, "trash") == ["Sir Vander"] and zone(g, 0, "discard") == ["Gold"]
    assert zone(g, None, "Knights") == ["Dame Anna"]


def test_upgrade_on_fortress_returns_it_and_gains_a_card_costing_exactly_five():
    g = position(seat(hand=["Upgrade", "Fortress"], deck=["Copper"]), seat(),
                 kingdom=["Upgrade", "Fortress", *FILLER])
    play(g, "Upgrade")
    answer(g, 0, ["Fortress"])
    assert "Fortress" in zone(g, 0, "hand") and zone(g, None, "trash") == []
    assert sorted(offered(g, 0)) == ["Duchy", "Market", "Upgrade"]


def test_replace_on_fortress_returns_it_and_puts_the_gained_treasure_on_the_deck():
    g = position(seat(hand=["Replace", "Fortress"]), seat(),
                 kingdom=["Replace", "Fortress", "Hunting Grounds", *FILLER])
    play(g, "Replace")  # the only card in hand is trashed unasked
    assert zone(g, 0, "hand") == ["Fortress"]
    assert {"Gold", "Hunting Grounds"} <= set(offered(g, 0))  # up to $6
    answer(g, 0, "Gold")
    assert zone(g, 0, "deck") == ["Gold"] and zone(g, 1, "discard") == []


def test_trading_post_trashing_two_rats_draws_two_then_gains_the_silver():
    g = position(seat(hand=["Trading Post", "Rats", "Rats"], deck=["Gold", "Gold"]), seat(),
                 kingdom=["Trading Post", "Rats", *FILLER])
    play(g, "Trading Post")
    assert sorted(zone(g, 0, "hand")) == ["Gold", "Gold", "Silver"]


def test_trading_post_with_only_a_fortress_trashes_one_card_so_no_silver():
    g = position(seat(hand=["Trading Post", "Fortress"]), seat(),
                 kingdom=["Trading Post", "Fortress", *FILLER])
    play(g, "Trading Post")
    assert zone(g, 0, "hand") == ["Fortress"] and count(g, "Silver") == 40


def test_swindler_trashing_a_cultist_from_the_deck_draws_the_victim_three():
    g = position(seat(hand=["Swindler"]),
                 seat(deck=["Cultist", "Copper", "Copper", "Copper", "Estate"]),
                 kingdom=["Swindler", "Cultist", "Witch", *FILLER])
    play(g, "Swindler")
    assert zone(g, 1, "hand") == ["Copper"] * 3 and zone(g, 1, "deck") == ["Estate"]
    assert sorted(offered(g, 0)) == ["Cultist", "Duchy", "Market", "Witch"]


def test_sentry_trashing_a_fortress_it_looked_at_puts_it_into_the_hand():
    g = position(seat(hand=["Sentry"], deck=["Copper", "Fortress", "Gold", "Silver"]), seat(),
                 kingdom=["Sentry", "Fortress", *FILLER])
    play(g, "Sentry")
    answer(g, 0, ["Fortress"], kind="ChooseCards")
    answer(g, 0, [], kind="ChooseCards")  # Gold goes back
    assert zone(g, 0, "hand") == ["Copper", "Fortress"]
    assert zone(g, 0, "deck") == ["Gold", "Silver"]


def test_mercenary_trashing_a_fortress_and_a_copper_did_trash_two():
    """Mercenary: "If you did" holds though the Fortress went back to the hand (004)."""
    g = position(seat(hand=["Mercenary", "Fortress", "Copper"], deck=["Gold", "Gold"]),
                 seat(hand=["Copper"] * 5), kingdom=["Urchin", "Fortress", *FILLER])
    play(g, "Mercenary")
    answer(g, 0, ["Fortress", "Copper"])
    assert sorted(zone(g, 0, "hand")) == ["Fortress", "Gold", "Gold"] and g.coins == 2
    answer(g, 1, ["Copper", "Copper"])
    assert len(zone(g, 1, "hand")) == 3


# ----- Lose Track: Band of Misfits, Procession, Vassal -------------------------------------
def test_procession_on_band_of_misfits_as_death_cart():
    """The first play trashes the Band (it trashes "this"); the second, still a Death Cart,
    gives $5 but cannot trash it again; Procession then fails to trash it and gains an Action
    costing exactly $1 more than it: a Band of Misfits in the trash costs $5."""
    g = position(seat(hand=["Procession", "Band of Misfits"]), seat(),
                 kingdom=["Procession", "Band of Misfits", "Death Cart", "Hunting Grounds",
                          *FILLER])
    play(g, "Procession")
    answer(g, 0, ["Band of Misfits"])
    answer(g, 0, "Death Cart")  # no Action in hand: it trashes itself unasked
    assert g.coins == 10 and zone(g, None, "trash") == ["Band of Misfits"]
    assert offered(g, 0) == ["Hunting Grounds"]


def test_a_band_of_misfits_trashed_then_gained_back_chooses_anew_when_played_again():
    """Played as Mining Village and trashed for +$2, then gained back by Graverobber and drawn:
    a new play is a new choice (the old one held only until it left play)."""
    g = position(seat(hand=["Band of Misfits", "Graverobber", "Village"],
                      deck=["Copper", "Copper"]), seat(),
                 kingdom=["Band of Misfits", "Mining Village", "Graverobber", *FILLER])
    play(g, "Band of Misfits")
    answer(g, 0, "Mining Village")
    answer(g, 0, "trash")
    play(g, "Graverobber")
    answer(g, 0, "gain")
    assert zone(g, 0, "deck")[0] == "Band of Misfits"
    play(g, "Village")
    play(g, "Band of Misfits")
    assert decision(g, 0).source == "Band of Misfits"
    answer(g, 0, "Smithy")
    assert zone(g, 0, "in_play")[-1] == "Smithy"


def test_throne_room_band_of_misfits_as_feast_survives_reloads_between_the_gains():
    g = position(seat(hand=["Throne Room", "Band of Misfits"]), seat(),
                 kingdom=["Throne Room", "Band of Misfits", "Feast", *FILLER], edition=1)
    play(g, "Throne Room")
    answer(g, 0, ["Band of Misfits"])
    answer(g, 0, "Feast")
    g = reload(g)
    answer(g, 0, "Market")
    g = reload(g)
    assert decision(g, 0).source == "Feast"  # played as Feast again, not asked again
    answer(g, 0, "Market")
    assert zone(g, 0, "discard") == ["Market", "Market"]
    assert zone(g, None, "trash") == ["Band of Misfits"]


def test_procession_on_first_edition_feast_gains_twice_then_an_action_costing_five():
    """Feast trashed by its first play: the second still gains (001); Procession fails to
    trash it, then gains an Action costing exactly $5 (004)."""
    g = position(seat(hand=["Procession", "Feast"]), seat(),
                 kingdom=["Procession", "Feast", "Festival", *FILLER], edition=1)
    play(g, "Procession")
    answer(g, 0, ["Feast"])
    answer(g, 0, "Market")
    answer(g, 0, "Festival")
    assert zone(g, None, "trash") == ["Feast"]
    assert sorted(offered(g, 0)) == ["Festival", "Market"]
    answer(g, 0, "Market")
    assert zone(g, 0, "discard") == ["Market", "Festival", "Market"]


def test_vassal_playing_madman_from_the_discard_pile_returns_it_and_draws():
    g = position(seat(hand=["Vassal", "Copper", "Copper"],
                      deck=["Madman", "Silver", "Silver", "Silver"]), seat(),
                 kingdom=["Vassal", "Hermit", *FILLER])
    play(g, "Vassal")
    answer(g, 0, "play")
    assert zone(g, 0, "hand") == ["Copper", "Copper", "Silver", "Silver"]
    assert g.actions == 2 and count(g, "Madman") == 11


def test_vassal_playing_hermit_from_the_discard_pile_makes_a_madman_without_a_buy():
    g = position(seat(hand=["Vassal"], deck=["Hermit"] + ["Copper"] * 5), seat(),
                 kingdom=["Vassal", "Hermit", *FILLER])
    play(g, "Vassal")
    answer(g, 0, "play")
    answer(g, 0, "Silver")  # nothing to trash: straight to the gain
    end_turn(g)
    assert owned(g, 0)["Madman"] == 1 and owned(g, 0)["Hermit"] == 0


# ----- Reactions: Beggar, Secret Chamber, Diplomat against Dark Ages and base Attacks -------
def test_beggar_against_torturer_then_the_victim_may_still_discard_two():
    g = position(seat(hand=["Torturer"], deck=["Copper"] * 3), seat(hand=["Beggar", "Copper"]),
                 kingdom=["Torturer", "Beggar", *FILLER])
    play(g, "Torturer")
    answer(g, 1, ["Beggar"])
    answer(g, 1, "discard")
    assert zone(g, 1, "hand") == [] and zone(g, 1, "deck") == ["Silver"]
    assert zone(g, 1, "discard") == ["Beggar", "Silver", "Copper"]


def test_beggar_against_militia_leaves_four_cards_then_one_is_discarded():
    g = position(seat(hand=["Militia"]), seat(hand=["Beggar"] + ["Copper"] * 4),
                 kingdom=["Militia", "Beggar", *FILLER])
    play(g, "Militia")
    answer(g, 1, ["Beggar"])
    answer(g, 1, ["Copper"])
    assert zone(g, 1, "hand") == ["Copper"] * 3


def test_secret_chamber_putting_two_back_keeps_five_cards_so_pillage_hits():
    g = position(seat(hand=["Pillage"]),
                 seat(hand=["Secret Chamber", "Copper", "Copper", "Estate", "Estate"],
                      deck=["Gold", "Gold"]),
                 kingdom=["Pillage", "Secret Chamber", *FILLER], edition=1)
    play(g, "Pillage")
    answer(g, 1, ["Secret Chamber"])
    answer(g, 1, ["Estate", "Estate"])  # the two put back, in any order
    assert sorted(offered(g, 0)) == ["Copper", "Copper", "Gold", "Gold", "Secret Chamber"]
    answer(g, 0, ["Gold"])
    assert zone(g, 1, "discard") == ["Gold"] and zone(g, 1, "deck") == ["Estate", "Estate"]
    assert zone(g, 0, "discard") == ["Spoils", "Spoils"]


def test_diplomat_against_urchin_draws_two_discards_three_and_is_then_at_four():
    g = position(seat(hand=["Urchin"], deck=["Copper"]),
                 seat(hand=["Diplomat", "Copper", "Copper", "Estate", "Estate"],
                      deck=["Gold", "Gold"]),
                 kingdom=["Urchin", "Diplomat", *FILLER])
    play(g, "Urchin")
    answer(g, 1, ["Diplomat"])
    answer(g, 1, ["Estate", "Estate", "Copper"])
    assert sorted(zone(g, 1, "hand")) == ["Copper", "Diplomat", "Gold", "Gold"]
    assert [d.seat for d in g.pending()] == [0]  # four cards: nothing to discard


def test_pillage_in_three_players_skips_the_four_card_hand():
    g = position(seat(hand=["Pillage"]), seat(hand=["Copper"] * 4),
                 seat(hand=["Gold", "Copper", "Copper", "Copper", "Estate"]),
                 kingdom=["Pillage", *FILLER])
    play(g, "Pillage")
    answer(g, 0, ["Gold"])
    assert zone(g, 2, "discard") == ["Gold"] and zone(g, 1, "hand") == ["Copper"] * 4
