"""First-edition cards (Thief, Coppersmith, Saboteur, Scout, Tribute) and a few others meeting
Dark Ages: interactions an independent engine's tests would probe and the other test files
did not cover. Each is judged by the rulebooks (seeds 001, 002, 004) and cards.md."""
from __future__ import annotations

from tests.engine.helpers import (
    answer,
    decision,
    offered,
    owned,
    play,
    position,
    seat,
    total_cards,
    treasures,
    zone,
)

FILLER = ["Village", "Smithy", "Moat", "Workshop", "Market"]


def test_thief_may_gain_a_spoils_its_victim_trashed():
    """Spoils can end up in the trash if something trashes them (004), and Thief lets you gain
    any of the Treasures it just had trashed (001): the Spoils goes to the thief."""
    g = position(seat(hand=["Thief"]), seat(deck=["Spoils", "Silver", "Copper"]),
                 kingdom=["Thief", "Bandit Camp", *FILLER], edition=1)
    play(g, "Thief")
    answer(g, 0, ["Spoils"])
    answer(g, 0, ["Spoils"])
    assert zone(g, 0, "discard") == ["Spoils"] and zone(g, None, "trash") == []
    assert zone(g, 1, "discard") == ["Silver"]


def test_coppersmith_counts_for_both_plays_of_a_copper_by_counterfeit():
    """Coppersmith: each Copper played this turn makes $1 more (002); Counterfeit plays the
    Copper twice and you keep what both plays gave (004): $1 + 2 x $2."""
    g = position(seat(hand=["Coppersmith", "Counterfeit", "Copper"]), seat(),
                 kingdom=["Coppersmith", "Counterfeit", *FILLER], edition=1)
    play(g, "Coppersmith")
    treasures(g, ["Counterfeit"])
    answer(g, 0, ["Copper"], card="Counterfeit")
    assert g.coins == 5 and g.buys == 2 and zone(g, None, "trash") == ["Copper"]


def test_saboteur_trashing_a_cultist_draws_the_cards_below_the_revealed_ones():
    """Saboteur's victim trashes the first card costing $3 or more (002); a Cultist trashed
    while cards are revealed does not draw the revealed cards about to be discarded (004)."""
    g = position(seat(hand=["Saboteur"]),
                 seat(deck=["Copper", "Estate", "Cultist", "Silver", "Gold", "Duchy", "Copper"]),
                 kingdom=["Saboteur", "Cultist", *FILLER], edition=1)
    play(g, "Saboteur")
    assert zone(g, 1, "hand") == ["Silver", "Gold", "Duchy"]
    answer(g, 1, None, kind="ChoosePile")  # the gain (up to $3) is optional
    assert zone(g, 1, "discard") == ["Copper", "Estate"] and zone(g, 1, "deck") == ["Copper"]


def test_saboteur_trashing_hunting_grounds_gives_its_gain_before_the_saboteur_gain():
    """When-trashed abilities happen right after the card is trashed, for the player told to
    trash it (004): the victim takes a Duchy, then may gain a card up to $2 less ($4)."""
    g = position(seat(hand=["Saboteur"]), seat(deck=["Copper", "Hunting Grounds", "Gold"]),
                 kingdom=["Saboteur", "Hunting Grounds", *FILLER], edition=1)
    play(g, "Saboteur")
    assert decision(g, 1).source == "Hunting Grounds"
    answer(g, 1, "duchy")
    assert zone(g, 1, "discard") == ["Duchy"]
    assert "Smithy" in offered(g, 1) and "Market" not in offered(g, 1)
    answer(g, 1, "Smithy")
    assert zone(g, 1, "discard") == ["Duchy", "Smithy", "Copper"]


def test_saboteur_trashing_a_fortress_puts_it_into_its_owners_hand():
    """Fortress goes back to the hand of the player who trashed it, on anyone's turn (004);
    it was still trashed, so the Saboteur gain (up to $2) is offered."""
    g = position(seat(hand=["Saboteur"]), seat(deck=["Fortress", "Gold"]),
                 kingdom=["Saboteur", "Fortress", *FILLER], edition=1)
    play(g, "Saboteur")
    assert zone(g, 1, "hand") == ["Fortress"] and zone(g, None, "trash") == []
    assert decision(g, 1).source == "Saboteur" and "Silver" not in offered(g, 1)


def test_scout_takes_shelters_and_knights_that_are_victory_cards():
    """Scout: take every revealed Victory card (002); Overgrown Estate is a Victory card
    (004) and so is Dame Josephine; Necropolis is not."""
    g = position(seat(hand=["Scout"],
                      deck=["Overgrown Estate", "Necropolis", "Dame Josephine", "Hovel"]),
                 seat(), kingdom=["Scout", "Knights", *FILLER], edition=1)
    play(g, "Scout")
    assert zone(g, 0, "hand") == ["Overgrown Estate", "Dame Josephine"]
    assert sorted(offered(g, 0)) == ["Hovel", "Necropolis"]


def test_tribute_counts_two_differently_named_ruins_as_two_cards():
    """Ruins with different names are differently named cards (004); Tribute gives each
    one's bonus (002): two Ruins give +4 Actions."""
    g = position(seat(hand=["Tribute"]), seat(deck=["Ruined Market", "Ruined Village"]),
                 kingdom=["Tribute", "Cultist", *FILLER], edition=1)
    play(g, "Tribute")
    assert g.actions == 4


def test_tribute_on_a_hovel_and_an_overgrown_estate_gives_only_two_cards():
    """Hovel is a Reaction-Shelter (no bonus); Overgrown Estate a Victory card: +2 Cards."""
    g = position(seat(hand=["Tribute"], deck=["Copper", "Copper", "Copper"]),
                 seat(deck=["Hovel", "Overgrown Estate"]),
                 kingdom=["Tribute", *FILLER], edition=1)
    play(g, "Tribute")
    assert (g.actions, g.coins, zone(g, 0, "hand")) == (0, 0, ["Copper", "Copper"])


def test_courtier_revealing_dame_josephine_makes_all_four_choices():
    """Courtier: one choice per type (cards.md); Dame Josephine is Action, Attack, Knight and
    Victory, so all four are taken."""
    g = position(seat(hand=["Courtier", "Dame Josephine"]), seat(),
                 kingdom=["Courtier", "Knights", *FILLER])
    play(g, "Courtier")
    d = decision(g, 0)
    assert (d.min, d.max) == (4, 4)
    answer(g, 0, ["action", "buy", "coins", "gold"])
    assert (g.actions, g.buys, g.coins) == (1, 2, 3) and zone(g, 0, "discard") == ["Gold"]


def test_lurker_may_gain_a_madman_from_the_trash():
    """Non-Supply cards can be trashed (004); Lurker gains any Action card from the trash
    (cards.md), Madman included, to the discard pile."""
    g = position(seat(hand=["Lurker"]), seat(), trash=["Madman", "Copper"],
                 kingdom=["Lurker", "Hermit", *FILLER])
    play(g, "Lurker")
    answer(g, 0, "gain")
    assert offered(g, 0) == ["Madman"]
    answer(g, 0, ["Madman"])
    assert zone(g, 0, "discard") == ["Madman"] and zone(g, None, "trash") == ["Copper"]


def test_throne_room_death_cart_may_trash_the_same_fortress_twice():
    """Fortress: you still trashed it though it comes back, so Death Cart's "if you don't" is
    false (004); back in hand, it can be trashed again by the second play: $10, and the Death
    Cart stays in play."""
    g = position(seat(hand=["Throne Room", "Death Cart", "Fortress"]), seat(),
                 kingdom=["Throne Room", "Death Cart", "Fortress", *FILLER])
    n = total_cards(g)
    play(g, "Throne Room")
    answer(g, 0, ["Death Cart"], card="Throne Room")
    answer(g, 0, ["Fortress"], card="Death Cart")
    answer(g, 0, ["Fortress"], card="Death Cart")
    assert g.coins == 10 and zone(g, 0, "hand") == ["Fortress"]
    assert zone(g, 0, "in_play") == ["Throne Room", "Death Cart"] and owned(g, 0)["Ruins"] == 0
    assert zone(g, None, "trash") == [] and total_cards(g) == n
