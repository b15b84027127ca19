"""Base-game Attacks and Moat: Militia, Witch, Bureaucrat, Bandit (Spy and Thief are in
test_base_first_edition.py). Text and every ruling of 000 and 001."""
from __future__ import annotations

import pytest

from tests.engine.helpers import (
    answer,
    count,
    decision,
    end_turn,
    events,
    illegal,
    offered,
    open_kinds,
    play,
    position,
    seat,
    waiting,
    zone,
)

FIVE = ["Copper", "Silver", "Gold", "Estate", "Duchy"]

# ----- Militia -----------------------------------------------------------------------------


def test_militia_text_two_coins_and_others_discard_down_to_three():
    g = position(seat(hand=["Militia"]), seat(hand=FIVE), kingdom=["Militia"])
    play(g, "Militia")
    assert g.coins == 2
    d = decision(g, 1, "ChooseCards")
    assert (d.min, d.max) == (2, 2) and d.source == "Militia"
    answer(g, 1, ["Estate", "Duchy"])
    assert zone(g, 1, "hand") == ["Copper", "Silver", "Gold"]
    assert zone(g, 1, "discard") == ["Estate", "Duchy"]
    assert open_kinds(g) == [(0, "BuyPhase")]


def test_militia_victims_decide_at_the_same_time():
    """Each victim's discard is independent of the others', so all are open at once and may be
    answered in any order; the end state does not depend on that order."""
    def run(order):
        g = position(seat(hand=["Militia"]), seat(hand=FIVE), seat(hand=FIVE * 2),
                     seat(hand=FIVE), kingdom=["Militia"])
        play(g, "Militia")
        assert open_kinds(g) == [(1, "ChooseCards"), (2, "ChooseCards"), (3, "ChooseCards")]
        picks = {1: ["Estate", "Duchy"], 2: ["Estate", "Duchy"] * 2 + ["Copper", "Silver", "Gold"],
                 3: ["Copper", "Estate"]}
        for v in order:
            answer(g, v, picks[v])
            assert v not in waiting(g)
        assert open_kinds(g) == [(0, "BuyPhase")]
        return g

    a, b = run([1, 2, 3]), run([3, 1, 2])
    for v in (1, 2, 3):
        assert zone(a, v, "hand") == zone(b, v, "hand") and len(zone(a, v, "hand")) == 3
    assert zone(a, 2, "hand") == ["Copper", "Silver", "Gold"]


def test_militia_players_with_three_or_fewer_cards_discard_nothing():
    """000: "Players with 3 or fewer cards in hand do not discard any cards"."""
    g = position(seat(hand=["Militia"]), seat(hand=["Copper"] * 3), seat(hand=["Estate"]),
                 seat(hand=[]), seat(hand=FIVE[:4]), kingdom=["Militia"])
    play(g, "Militia")
    assert open_kinds(g) == [(4, "ChooseCards")]
    answer(g, 4, ["Estate"])
    assert [len(zone(g, v, "hand")) for v in range(1, 5)] == [3, 1, 0, 3]


def test_militia_with_no_victim_above_three_cards_asks_nobody():
    g = position(seat(hand=["Militia"]), seat(hand=["Copper"] * 3), seat(hand=["Copper"] * 2),
                 kingdom=["Militia"])
    play(g, "Militia")
    assert open_kinds(g) == [(0, "BuyPhase")] and g.coins == 2


def test_militia_discards_show_others_only_the_count_and_the_top_card():
    """000: "If you discard multiple cards at once, you do not need to reveal them all, just
    the one you put on top." The victim's own view lists every discarded card."""
    g = position(seat(hand=["Militia"]), seat(hand=FIVE), kingdom=["Militia"])
    play(g, "Militia")
    answer(g, 1, ["Gold", "Duchy"])
    seen = [e for e in g.view(0)["log"] if e["type"] == "discard"][-1]
    assert (seen["count"], seen["top"]) == (2, "Duchy") and "cards" not in seen
    own = [e for e in g.view(1)["log"] if e["type"] == "discard"][-1]
    assert own["cards"] == ["Gold", "Duchy"]


# ----- Witch -------------------------------------------------------------------------------


def test_witch_text_two_cards_and_each_other_player_gains_a_curse():
    g = position(seat(hand=["Witch"], deck=["Copper", "Silver", "Gold"]), seat(), seat(),
                 kingdom=["Witch"])
    play(g, "Witch")
    assert zone(g, 0, "hand") == ["Copper", "Silver"]
    assert zone(g, 1, "discard") == ["Curse"] and zone(g, 2, "discard") == ["Curse"]
    assert zone(g, 0, "discard") == [] and count(g, "Curse") == 20 - 2


def test_witch_curses_come_from_the_supply_into_discard_piles():
    """000: "The Curses come from the Supply and are put into discard piles"."""
    g = position(seat(hand=["Witch"]), seat(hand=["Copper"], deck=["Estate"], discard=["Gold"]),
                 kingdom=["Witch"])
    play(g, "Witch")
    assert zone(g, 1, "discard") == ["Gold", "Curse"]
    assert zone(g, 1, "hand") == ["Copper"] and zone(g, 1, "deck") == ["Estate"]
    # 001: "A player gaining a Curse puts it face-up into his Discard pile".
    assert g.view(0)["players"][1]["discard_top"] == "Curse"


def test_witch_curses_given_in_turn_order_when_the_pile_runs_low():
    """000: "They are given out in turn order, which can matter when the Curse pile is low";
    001: "starting with the player after you"."""
    g = position(seat(), seat(), seat(hand=["Witch"]), seat(), seat(), kingdom=["Witch"],
                 supply={"Curse": 2}, turn={"player": 2})
    play(g, "Witch")
    got = [zone(g, p, "discard").count("Curse") for p in range(5)]
    assert got == [0, 0, 0, 1, 1]
    assert count(g, "Curse") == 0


def test_witch_with_no_curses_left_still_draws_two():
    """000: "When the Curses are gone, you can still play Witch for +2 Cards"."""
    g = position(seat(hand=["Witch"], deck=["Gold", "Gold"]), seat(), kingdom=["Witch"],
                 supply={"Curse": 0})
    play(g, "Witch")
    assert zone(g, 0, "hand") == ["Gold", "Gold"] and zone(g, 1, "discard") == []


# ----- Bureaucrat --------------------------------------------------------------------------


def test_bureaucrat_text_silver_onto_deck_and_victims_topdeck_a_victory_card():
    g = position(seat(hand=["Bureaucrat"], deck=["Copper"]),
                 seat(hand=["Copper", "Estate", "Copper"], deck=["Gold"]), kingdom=["Bureaucrat"])
    play(g, "Bureaucrat")
    assert zone(g, 0, "deck") == ["Silver", "Copper"]
    assert zone(g, 1, "deck") == ["Estate", "Gold"]
    assert zone(g, 1, "hand") == ["Copper", "Copper"]
    assert any(e["type"] == "reveal" and e["cards"] == ["Estate"] for e in g.view(0)["log"])


def test_bureaucrat_onto_empty_deck():
    """000: "A player with no cards in their deck will have the card they put on top become the
    only card in their deck"; 001: "the Silver you gain will become the only card"."""
    g = position(seat(hand=["Bureaucrat"], discard=["Copper"] * 3),
                 seat(hand=["Duchy", "Copper"], discard=["Gold"]), kingdom=["Bureaucrat"])
    play(g, "Bureaucrat")
    assert zone(g, 0, "deck") == ["Silver"] and zone(g, 0, "discard") == ["Copper"] * 3
    assert zone(g, 1, "deck") == ["Duchy"] and zone(g, 1, "discard") == ["Gold"]
    assert events(g, "shuffle") == []


def test_bureaucrat_victim_without_victory_cards_reveals_hand():
    g = position(seat(hand=["Bureaucrat"]), seat(hand=["Copper", "Silver", "Curse"]),
                 kingdom=["Bureaucrat"])
    play(g, "Bureaucrat")
    assert zone(g, 1, "hand") == ["Copper", "Silver", "Curse"]
    reveals = [e for e in g.view(0)["log"] if e["type"] == "reveal"]
    assert reveals[-1]["seat"] == 1 and reveals[-1]["cards"] == ["Copper", "Silver", "Curse"]


def test_bureaucrat_victim_chooses_which_victory_card():
    g = position(seat(hand=["Bureaucrat"]), seat(hand=["Estate", "Province", "Gardens"]),
                 kingdom=["Bureaucrat", "Gardens"])
    play(g, "Bureaucrat")
    d = decision(g, 1, "ChooseCards")
    assert offered(g, 1) == ["Estate", "Province", "Gardens"] and (d.min, d.max) == (1, 1)
    illegal(g, 1, d.id, [])
    answer(g, 1, ["Gardens"])
    assert zone(g, 1, "deck") == ["Gardens"]


def test_bureaucrat_identical_victory_cards_need_no_choice():
    g = position(seat(hand=["Bureaucrat"]), seat(hand=["Estate", "Estate", "Copper"]),
                 kingdom=["Bureaucrat"])
    play(g, "Bureaucrat")
    assert open_kinds(g) == [(0, "BuyPhase")]
    assert zone(g, 1, "deck") == ["Estate"] and zone(g, 1, "hand") == ["Estate", "Copper"]


def test_bureaucrat_with_no_choice_for_any_victim_asks_nobody():
    g = position(seat(hand=["Bureaucrat"]), seat(hand=["Estate", "Estate"]),
                 seat(hand=["Copper"]), seat(hand=["Duchy", "Copper"]), kingdom=["Bureaucrat"])
    play(g, "Bureaucrat")
    assert open_kinds(g) == [(0, "BuyPhase")]
    assert [zone(g, v, "deck") for v in (1, 2, 3)] == [["Estate"], [], ["Duchy"]]


def test_bureaucrat_victims_choose_at_the_same_time():
    g = position(seat(hand=["Bureaucrat"]), seat(hand=["Estate", "Duchy"]),
                 seat(hand=["Province", "Duchy"]), kingdom=["Bureaucrat"])
    play(g, "Bureaucrat")
    assert open_kinds(g) == [(1, "ChooseCards"), (2, "ChooseCards")]
    answer(g, 2, ["Duchy"])
    answer(g, 1, ["Estate"])
    assert zone(g, 1, "deck") == ["Estate"] and zone(g, 2, "deck") == ["Duchy"]


def test_bureaucrat_with_silver_pile_empty_gains_nothing():
    g = position(seat(hand=["Bureaucrat"], deck=["Copper"]), seat(hand=["Estate"]),
                 kingdom=["Bureaucrat"], supply={"Silver": 0})
    play(g, "Bureaucrat")
    assert zone(g, 0, "deck") == ["Copper"] and zone(g, 1, "deck") == ["Estate"]


# ----- Bandit ------------------------------------------------------------------------------


def test_bandit_text_gain_gold_and_victims_trash_a_non_copper_treasure():
    g = position(seat(hand=["Bandit"]), seat(deck=["Silver", "Estate", "Copper"]),
                 kingdom=["Bandit"])
    play(g, "Bandit")
    assert zone(g, 0, "discard") == ["Gold"]
    assert zone(g, None, "trash") == ["Silver"]
    assert zone(g, 1, "discard") == ["Estate"] and zone(g, 1, "deck") == ["Copper"]


def test_bandit_gains_gold_before_the_attack():
    """000: "First you gain a Gold from the Supply, putting it into your discard pile"."""
    g = position(seat(hand=["Bandit"]), seat(deck=["Gold", "Silver"]), kingdom=["Bandit"])
    play(g, "Bandit")
    kinds = [e["type"] for e in g.view(0)["log"]]
    assert kinds.index("gain") < kinds.index("reveal")
    answer(g, 1, ["Gold"])


def test_bandit_victim_chooses_which_treasure():
    """000: each other player "trashes one they choose that is a Treasure other than Copper"."""
    g = position(seat(hand=["Bandit"]), seat(deck=["Silver", "Gold"]), kingdom=["Bandit"])
    play(g, "Bandit")
    d = decision(g, 1, "ChooseCards")
    assert offered(g, 1) == ["Silver", "Gold"] and (d.min, d.max) == (1, 1)
    assert zone(g, 1, "set_aside") == ["Silver", "Gold"]
    answer(g, 1, ["Silver"])
    assert zone(g, None, "trash") == ["Silver"] and zone(g, 1, "discard") == ["Gold"]
    assert zone(g, 1, "set_aside") == []


def test_bandit_never_trashes_copper():
    g = position(seat(hand=["Bandit"]), seat(deck=["Copper", "Silver"]), kingdom=["Bandit"])
    play(g, "Bandit")
    assert zone(g, None, "trash") == ["Silver"] and zone(g, 1, "discard") == ["Copper"]


def test_bandit_without_a_non_copper_treasure_discards_both():
    """000: "A player who did not reveal a Treasure card other than Copper simply discards both
    cards"."""
    g = position(seat(hand=["Bandit"]), seat(deck=["Copper", "Estate", "Gold"]),
                 kingdom=["Bandit"])
    play(g, "Bandit")
    assert zone(g, None, "trash") == []
    assert zone(g, 1, "discard") == ["Copper", "Estate"] and zone(g, 1, "deck") == ["Gold"]


def test_bandit_two_identical_treasures_need_no_choice():
    g = position(seat(hand=["Bandit"]), seat(deck=["Gold", "Gold"]), kingdom=["Bandit"])
    play(g, "Bandit")
    assert zone(g, None, "trash") == ["Gold"] and zone(g, 1, "discard") == ["Gold"]


def test_bandit_victims_go_in_turn_order():
    """000: "each other player, in turn order, reveals their top 2 cards"."""
    g = position(seat(deck=["Silver", "Gold"]), seat(hand=["Bandit"]),
                 seat(deck=["Gold", "Silver"]), kingdom=["Bandit"], turn={"player": 1})
    play(g, "Bandit")
    assert waiting(g) == [2]
    answer(g, 2, ["Gold"])
    assert waiting(g) == [0]
    answer(g, 0, ["Silver"])
    assert zone(g, None, "trash") == ["Gold", "Silver"]


def test_bandit_shuffles_a_short_deck():
    g = position(seat(hand=["Bandit"]), seat(deck=["Estate"], discard=["Silver"]),
                 kingdom=["Bandit"])
    play(g, "Bandit")
    assert zone(g, None, "trash") == ["Silver"] and zone(g, 1, "discard") == ["Estate"]


# ----- Moat --------------------------------------------------------------------------------


def test_moat_reveal_is_optional():
    g = position(seat(hand=["Militia"]), seat(hand=["Moat"] + FIVE[:4]), kingdom=["Militia",
                                                                                   "Moat"])
    play(g, "Militia")
    d = decision(g, 1, "Reveal")
    assert offered(g, 1) == ["Moat"] and (d.min, d.max) == (0, 1)
    answer(g, 1, [])
    answer(g, 1, ["Moat", "Copper"])
    assert len(zone(g, 1, "hand")) == 3


def test_moat_blocks_militia_and_stays_in_hand():
    """000: "you do not ... discard for Militia"; "Moat stays in your hand"."""
    g = position(seat(hand=["Militia"]), seat(hand=["Moat"] + FIVE[:4]), kingdom=["Militia",
                                                                                   "Moat"])
    play(g, "Militia")
    answer(g, 1, ["Moat"])
    assert open_kinds(g) == [(0, "BuyPhase")]
    assert zone(g, 1, "hand") == ["Moat"] + FIVE[:4]
    assert any(e["type"] == "reveal" and e["cards"] == ["Moat"] for e in g.view(0)["log"])


def test_two_moats_are_asked_about_once():
    """A second Moat revealed to the same Attack adds nothing, so it is not offered again;
    the next Attack asks again."""
    g = position(seat(hand=["Militia", "Militia"]), seat(hand=["Moat", "Moat"] + FIVE[:3]),
                 kingdom=["Militia", "Moat"])
    play(g, "Militia")
    assert offered(g, 1) == ["Moat", "Moat"]
    answer(g, 1, ["Moat"])
    assert open_kinds(g) == [(0, "BuyPhase")]
    assert len([e for e in g.view(0)["log"] if e["type"] == "reveal"]) == 1


def test_moat_blocks_witch():
    """000: "you do not ... gain a Curse for Witch"."""
    g = position(seat(hand=["Witch"], deck=["Copper"] * 2), seat(hand=["Moat"]),
                 kingdom=["Witch", "Moat"])
    play(g, "Witch")
    answer(g, 1, ["Moat"])
    assert zone(g, 1, "discard") == [] and count(g, "Curse") == 10


def test_moat_blocks_bureaucrat():
    """000: "you do not ... put a Victory card on your deck for Bureaucrat"."""
    g = position(seat(hand=["Bureaucrat"]), seat(hand=["Moat", "Estate"]),
                 kingdom=["Bureaucrat", "Moat"])
    play(g, "Bureaucrat")
    answer(g, 1, ["Moat"])
    assert zone(g, 1, "hand") == ["Moat", "Estate"] and zone(g, 1, "deck") == []
    assert zone(g, 0, "deck") == ["Silver"]  # the attacker still gains the Silver


def test_moat_blocks_bandit():
    """000: "you do not reveal cards to Bandit"."""
    g = position(seat(hand=["Bandit"]), seat(hand=["Moat"], deck=["Gold", "Silver"]),
                 kingdom=["Bandit", "Moat"])
    play(g, "Bandit")
    answer(g, 1, ["Moat"])
    assert zone(g, 1, "deck") == ["Gold", "Silver"] and zone(g, None, "trash") == []
    assert zone(g, 0, "discard") == ["Gold"]


def test_moat_protects_only_its_owner_witch_player_still_draws():
    """000: "Moat does not stop anything an Attack does to other players, or for the player who
    played it"; 001: "if everyone else Moats a Witch, the person who played it still gets to
    draw 2 cards"."""
    g = position(seat(hand=["Witch"], deck=["Gold", "Gold"]), seat(hand=["Moat"]),
                 seat(hand=["Copper"]), seat(hand=["Moat"]), kingdom=["Witch", "Moat"])
    play(g, "Witch")
    assert open_kinds(g) == [(1, "Reveal"), (3, "Reveal")]  # both may react at once
    answer(g, 3, ["Moat"])
    answer(g, 1, ["Moat"])
    assert zone(g, 0, "hand") == ["Gold", "Gold"]
    assert [zone(g, p, "discard") for p in (1, 2, 3)] == [[], ["Curse"], []]


def test_moat_revealed_before_the_attack_does_anything_to_its_owner():
    """000: "you may reveal a Moat from your hand, before the Attack does anything": the Moat's
    owner has no discard to make while deciding; a victim without a Reaction, whose discard does
    not depend on that choice, may already discard."""
    g = position(seat(hand=["Militia"]), seat(hand=FIVE), seat(hand=["Moat"] + FIVE),
                 kingdom=["Militia", "Moat"])
    play(g, "Militia")
    assert open_kinds(g) == [(1, "ChooseCards"), (2, "Reveal")]
    answer(g, 2, [])
    assert open_kinds(g) == [(1, "ChooseCards"), (2, "ChooseCards")]
    answer(g, 2, ["Moat", "Estate", "Duchy"])
    answer(g, 1, ["Estate", "Duchy"])
    assert open_kinds(g) == [(0, "BuyPhase")]


def test_moat_reveal_blocks_even_when_the_other_victim_answers_first():
    g = position(seat(hand=["Militia"]), seat(hand=FIVE), seat(hand=["Moat"] + FIVE),
                 kingdom=["Militia", "Moat"])
    play(g, "Militia")
    answer(g, 1, ["Estate", "Duchy"])
    assert open_kinds(g) == [(2, "Reveal")]
    answer(g, 2, ["Moat"])
    assert len(zone(g, 2, "hand")) == 6 and open_kinds(g) == [(0, "BuyPhase")]


def test_moat_can_be_revealed_for_each_attack():
    """000: "If multiple Attacks are played on a turn or in a round of turns, you may reveal
    Moat for as many of them as you want"."""
    g = position(seat(hand=["Militia", "Village", "Militia"], deck=["Copper"]),
                 seat(hand=["Moat"] + FIVE), kingdom=["Militia", "Moat", "Village"])
    play(g, "Village")
    play(g, "Militia")
    answer(g, 1, ["Moat"])
    play(g, "Militia")
    assert decision(g, 1).kind == "Reveal"
    answer(g, 1, ["Moat"])
    assert len(zone(g, 1, "hand")) == 6 and g.coins == 4


def test_moat_stays_in_hand_and_can_be_played_next_turn():
    g = position(seat(hand=["Witch"], deck=["Copper"] * 7),
                 seat(hand=["Moat", "Copper"], deck=["Silver", "Silver", "Gold"]),
                 kingdom=["Witch", "Moat"])
    play(g, "Witch")
    answer(g, 1, ["Moat"])
    end_turn(g)
    assert g.active == 1
    assert decision(g, 1).kind == "PlayAction" and offered(g, 1) == ["Moat"]
    play(g, "Moat")
    assert zone(g, 1, "in_play") == ["Moat"]


def test_moat_is_not_offered_against_a_non_attack():
    g = position(seat(hand=["Council Room"], deck=["Copper"] * 4), seat(hand=["Moat"]),
                 kingdom=["Council Room", "Moat"])
    play(g, "Council Room")
    assert open_kinds(g) == [(0, "BuyPhase")]
    assert zone(g, 1, "hand") == ["Moat"] and events(g, "reveal") == []


def test_moat_not_in_hand_does_not_protect():
    g = position(seat(hand=["Witch"]), seat(hand=["Copper"], discard=["Moat"], deck=["Moat"]),
                 kingdom=["Witch", "Moat"])
    play(g, "Witch")
    assert zone(g, 1, "discard") == ["Moat", "Curse"]


def test_moat_reveal_answers_are_validated():
    g = position(seat(hand=["Witch"]), seat(hand=["Moat", "Copper"]), kingdom=["Witch", "Moat"])
    play(g, "Witch")
    d = decision(g, 1, "Reveal")
    illegal(g, 1, d.id, ["Copper"])
    illegal(g, 1, d.id, ["Moat", "Moat"])
    illegal(g, 0, d.id, ["Moat"])


@pytest.mark.parametrize("attack", ["Militia", "Witch", "Bureaucrat", "Bandit"])
def test_moat_reaction_is_asked_for_every_second_edition_attack(attack):
    g = position(seat(hand=[attack]), seat(hand=["Moat", "Estate"] + FIVE[:3]),
                 kingdom=[attack, "Moat"])
    play(g, attack)
    assert decision(g, 1).kind == "Reveal"


def test_attack_with_no_other_player_affected_goes_on():
    g = position(seat(hand=["Militia", "Copper"]), seat(hand=["Moat", "Copper"]),
                 kingdom=["Militia", "Moat"])
    play(g, "Militia")
    answer(g, 1, ["Moat"])
    d = decision(g, 0)
    assert d.kind == "BuyPhase" and d.coins == 2
