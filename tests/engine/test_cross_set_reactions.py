"""Dark Ages' Beggar against base and Intrigue Attacks: a Reaction is used when the Attack is
played, "before the Attack does anything" (Moat's ruling), so it changes the hand the Attack
then looks at (Minion hits only hands of five or more) and takes its Silvers before the
Attack's own gain (Bureaucrat's)."""
from __future__ import annotations

from tests.engine.helpers import answer, count, decision, play, position, seat, total_cards, zone

KINGDOM = ["Minion", "Beggar", "Moat", "Village", "Smithy", "Cellar", "Market", "Festival",
           "Chapel", "Workshop"]


def _minion_against(hand: list[str]):
    g = position(seat(hand=["Minion"], deck=["Copper"] * 6),
                 seat(hand=hand, deck=["Gold"] * 6), kingdom=KINGDOM)
    play(g, "Minion")
    return g


def test_beggar_discarded_to_minion_leaves_four_cards_so_the_attack_misses():
    g = _minion_against(["Beggar", "Copper", "Copper", "Estate", "Estate"])
    before, silvers = total_cards(g), count(g, "Silver")
    # the Reaction comes when Minion is played, before its player chooses
    assert decision(g, 1).kind == "Reveal"
    answer(g, 1, ["Beggar"])
    assert zone(g, 1, "deck")[0] == "Silver"
    answer(g, 0, "attack")
    assert zone(g, 1, "hand") == ["Copper", "Copper", "Estate", "Estate"]
    assert zone(g, 1, "discard") == ["Beggar", "Silver"]
    assert zone(g, 1, "deck")[0] == "Silver"  # not drawn: no new hand
    assert zone(g, 0, "hand") == ["Copper"] * 4
    assert total_cards(g) == before and count(g, "Silver") == silvers - 2


def test_with_five_cards_left_after_beggar_the_new_hand_starts_with_its_silver():
    g = _minion_against(["Beggar", "Copper", "Copper", "Copper", "Estate", "Estate"])
    answer(g, 1, ["Beggar"])
    answer(g, 0, "attack")
    assert zone(g, 1, "hand") == ["Silver", "Gold", "Gold", "Gold"]
    assert zone(g, 1, "discard") == ["Beggar", "Silver", "Copper", "Copper", "Copper",
                                     "Estate", "Estate"]


def test_beggar_then_moat_both_react_and_the_moat_blocks():
    g = _minion_against(["Beggar", "Moat", "Copper", "Copper", "Estate", "Estate"])
    answer(g, 1, ["Beggar"])
    answer(g, 1, ["Moat"])  # offered again: another Reaction may follow the first
    answer(g, 0, "attack")
    assert zone(g, 1, "hand") == ["Moat", "Copper", "Copper", "Estate", "Estate"]
    assert zone(g, 1, "discard") == ["Beggar", "Silver"]


def test_beggar_takes_the_last_silver_before_bureaucrat_gains_one():
    g = position(seat(hand=["Bureaucrat"], deck=["Copper"] * 3),
                 seat(hand=["Beggar", "Copper", "Estate", "Duchy"], deck=["Gold"] * 3),
                 kingdom=["Bureaucrat", *KINGDOM[1:]], supply={"Silver": ["Silver"]})
    play(g, "Bureaucrat")
    assert count(g, "Silver") == 1  # nothing gained before the Reaction
    answer(g, 1, ["Beggar"])
    assert zone(g, 1, "deck")[:2] == ["Silver", "Gold"] and count(g, "Silver") == 0
    answer(g, 1, ["Duchy"])
    assert zone(g, 0, "deck") == ["Copper"] * 3  # the pile was empty: no Silver for it
    assert zone(g, 1, "deck")[:2] == ["Duchy", "Silver"]


def test_bureaucrat_waits_for_every_reaction_before_a_victim_without_one_is_hit():
    """Moat's ruling: a Reaction is revealed "first", before the Attack does anything, so
    another victim's Beggar takes the last Silver even if a victim with nothing to reveal
    would be hit at once (Bureaucrat's victims otherwise decide at the same time)."""
    g = position(seat(hand=["Bureaucrat"], deck=["Copper"] * 3),
                 seat(hand=["Beggar", "Estate"], deck=["Gold"] * 3),
                 seat(hand=["Estate", "Duchy", "Copper"]),
                 kingdom=["Bureaucrat", *KINGDOM[1:]], supply={"Silver": ["Silver"]})
    play(g, "Bureaucrat")
    assert [d.kind for d in g.pending()] == ["Reveal"]  # seat 2 is not hit before it
    assert count(g, "Silver") == 1 and zone(g, 2, "hand") == ["Estate", "Duchy", "Copper"]
    answer(g, 1, ["Beggar"])  # then its only Victory card goes onto the Silver, unasked
    assert zone(g, 1, "deck")[:3] == ["Estate", "Silver", "Gold"] and count(g, "Silver") == 0
    assert zone(g, 0, "deck") == ["Copper"] * 3  # the Beggar took the last Silver
    answer(g, 2, ["Duchy"])
    assert zone(g, 2, "deck") == ["Duchy"]


def test_without_a_reaction_bureaucrat_gains_its_silver_before_the_victims_choose():
    g = position(seat(hand=["Bureaucrat"], deck=["Copper"] * 3),
                 seat(hand=["Copper", "Estate", "Duchy"]),
                 kingdom=["Bureaucrat", *KINGDOM[1:]])
    play(g, "Bureaucrat")
    assert zone(g, 0, "deck")[0] == "Silver"
    answer(g, 1, ["Estate"])
    assert zone(g, 1, "deck") == ["Estate"]


def test_bandit_gains_its_gold_after_the_reactions():
    g = position(seat(hand=["Bandit"]),
                 seat(hand=["Moat", "Copper"], deck=["Silver", "Gold"]),
                 kingdom=["Bandit", *KINGDOM[1:]])
    play(g, "Bandit")
    assert zone(g, 0, "discard") == []  # the Moat is asked before the Attack does anything
    answer(g, 1, ["Moat"])
    assert zone(g, 0, "discard") == ["Gold"] and zone(g, 1, "deck") == ["Silver", "Gold"]
