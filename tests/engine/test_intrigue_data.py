"""Intrigue: printed data, editions, dual-type cards, pile sizes, recommended sets, 5-6 players.

Rulebook 002 (Intrigue 1st edition): "Preparation", "Cards that are more than one type",
"5-6 players"; cards.md section 3 for the 2nd-edition cards.
"""
from __future__ import annotations

import random

import pytest

from engine import CARDS, new_game
from engine.bots import bot_answer
from engine.kingdoms import RECOMMENDED, by_name
from engine.setup import supply_counts
from tests.engine.helpers import (
    answer,
    buy,
    decision,
    owned,
    play,
    position,
    reload,
    seat,
    treasures,
    zone,
)

BOTH = ["Baron", "Bridge", "Conspirator", "Courtyard", "Duke", "Harem", "Ironworks",
        "Masquerade", "Mining Village", "Minion", "Nobles", "Pawn", "Shanty Town", "Steward",
        "Swindler", "Torturer", "Trading Post", "Upgrade", "Wishing Well"]
FIRST_ONLY = ["Coppersmith", "Great Hall", "Saboteur", "Scout", "Secret Chamber", "Tribute"]
SECOND_ONLY = ["Courtier", "Diplomat", "Lurker", "Mill", "Patrol", "Replace", "Secret Passage"]
INTRIGUE = BOTH + FIRST_ONLY + SECOND_ONLY
DUAL_VICTORY = ["Great Hall", "Nobles", "Mill", "Harem", "Duke"]


def test_intrigue_has_32_kingdom_cards_25_in_first_and_26_in_second_edition():
    mine = sorted(n for n, c in CARDS.items() if c.set == "intrigue")
    assert mine == sorted(INTRIGUE) and len(mine) == 32
    assert all(CARDS[n].is_kingdom and CARDS[n].in_supply for n in mine)
    assert sum(1 in CARDS[n].editions for n in mine) == 25
    assert sum(2 in CARDS[n].editions for n in mine) == 26


@pytest.mark.parametrize("names, editions", [(BOTH, (1, 2)), (FIRST_ONLY, (1,)),
                                             (SECOND_ONLY, (2,))])
def test_intrigue_editions_as_in_the_card_list(names, editions):
    assert {n: CARDS[n].editions for n in names} == {n: editions for n in names}


@pytest.mark.parametrize("name, cost, types", [
    ("Courtyard", 2, ("Action",)), ("Lurker", 2, ("Action",)), ("Pawn", 2, ("Action",)),
    ("Secret Chamber", 2, ("Action", "Reaction")),
    ("Great Hall", 3, ("Action", "Victory")), ("Masquerade", 3, ("Action",)),
    ("Shanty Town", 3, ("Action",)), ("Steward", 3, ("Action",)),
    ("Swindler", 3, ("Action", "Attack")), ("Wishing Well", 3, ("Action",)),
    ("Baron", 4, ("Action",)), ("Bridge", 4, ("Action",)), ("Conspirator", 4, ("Action",)),
    ("Coppersmith", 4, ("Action",)), ("Diplomat", 4, ("Action", "Reaction")),
    ("Ironworks", 4, ("Action",)), ("Mill", 4, ("Action", "Victory")),
    ("Mining Village", 4, ("Action",)), ("Scout", 4, ("Action",)),
    ("Secret Passage", 4, ("Action",)),
    ("Courtier", 5, ("Action",)), ("Duke", 5, ("Victory",)),
    ("Minion", 5, ("Action", "Attack")), ("Patrol", 5, ("Action",)),
    ("Replace", 5, ("Action", "Attack")), ("Saboteur", 5, ("Action", "Attack")),
    ("Torturer", 5, ("Action", "Attack")), ("Trading Post", 5, ("Action",)),
    ("Tribute", 5, ("Action",)), ("Upgrade", 5, ("Action",)),
    ("Harem", 6, ("Treasure", "Victory")), ("Nobles", 6, ("Action", "Victory")),
])
def test_intrigue_printed_cost_and_types(name, cost, types):
    assert (CARDS[name].cost, CARDS[name].types) == (cost, types)
    assert CARDS[name].text


@pytest.mark.parametrize("name", ["Baron", "Masquerade", "Minion", "Swindler", "Torturer",
                                  "Trading Post", "Wishing Well", "Ironworks"])
def test_cards_whose_wording_changed_have_a_first_edition_text(name):
    assert CARDS[name].text1 and CARDS[name].text1 != CARDS[name].text


@pytest.mark.parametrize("name, vp", [("Great Hall", 1), ("Mill", 1), ("Nobles", 2),
                                      ("Harem", 2)])
def test_victory_points_of_dual_type_cards(name, vp):
    g = position(seat(hand=[name], deck=["Copper"] * 4), seat(), kingdom=[name])
    assert g.score(0) == vp


@pytest.mark.parametrize("players, size", [(2, 8), (3, 12), (4, 12), (5, 12), (6, 12)])
def test_victory_kingdom_piles_are_8_with_two_players_else_12(players, size):
    counts = supply_counts({"players": players, "kingdom": DUAL_VICTORY + ["Pawn"]})
    assert {n: counts[n] for n in DUAL_VICTORY} == {n: size for n in DUAL_VICTORY}
    assert counts["Pawn"] == 10


def test_new_game_with_dual_victory_cards_has_8_of_each_for_two_players():
    kingdom = DUAL_VICTORY + ["Pawn", "Bridge", "Minion", "Steward", "Torturer"]
    g = new_game({"players": 2, "kingdom": kingdom, "edition": 1}, "x")
    assert {n: len(g.piles[n]) for n in DUAL_VICTORY} == {n: 8 for n in DUAL_VICTORY}


def test_great_hall_and_nobles_can_be_played_as_actions():
    g = position(seat(hand=["Great Hall", "Nobles"], deck=["Copper"] * 5), seat(),
                 kingdom=["Great Hall", "Nobles"], edition=1)
    assert sorted(decision(g, 0).to_dict()["cards"][i]["name"] for i in range(2)) == [
        "Great Hall", "Nobles"]
    play(g, "Great Hall")
    assert (g.actions, zone(g, 0, "hand")) == (1, ["Nobles", "Copper"])


def test_harem_is_spent_like_silver():
    g = position(seat(hand=["Harem", "Copper", "Estate"]), seat(), kingdom=["Harem"])
    treasures(g, ["Harem"])
    assert g.coins == 2 and zone(g, 0, "in_play") == ["Harem"]


def test_harem_is_found_by_adventurer():
    """Adventurer (1st edition base) looks for Treasure cards: Harem is one."""
    g = position(seat(hand=["Adventurer"], deck=["Estate", "Harem", "Great Hall", "Copper",
                                                  "Gold"]),
                 seat(), kingdom=["Adventurer", "Harem", "Great Hall"], edition=1)
    play(g, "Adventurer")
    assert zone(g, 0, "hand") == ["Harem", "Copper"]
    assert sorted(zone(g, 0, "discard")) == ["Estate", "Great Hall"]
    assert zone(g, 0, "deck") == ["Gold"]


@pytest.mark.parametrize("edition", [1, 2])
def test_mine_can_gain_harem(edition):
    g = position(seat(hand=["Mine", "Silver"]), seat(), kingdom=["Mine", "Harem"],
                 edition=edition)
    play(g, "Mine")
    answer(g, 0, ["Silver"])
    assert "Harem" in [p["name"] for p in decision(g, 0).to_dict()["piles"]]
    answer(g, 0, "Harem")
    assert zone(g, 0, "hand") == ["Harem"]


def test_workshop_can_gain_great_hall_and_it_scores():
    g = position(seat(hand=["Workshop"]), seat(), kingdom=["Workshop", "Great Hall"],
                 edition=1)
    play(g, "Workshop")
    answer(g, 0, "Great Hall")
    assert owned(g, 0)["Great Hall"] == 1 and g.score(0) == 1


# ----- recommended sets --------------------------------------------------------------------
BASE_AND_INTRIGUE = [k for k in RECOMMENDED if set(k.sets) <= {"base", "intrigue"}
                     and "intrigue" in k.sets]


def test_the_nine_recommended_base_and_intrigue_sets_are_known():
    assert sorted(k.name for k in BASE_AND_INTRIGUE) == sorted([
        "Victory Dance", "Secret Schemes", "Best Wishes",
        "Deconstruction (Intrigue 1st edition)", "Hand Madness",
        "Underlings (Intrigue 1st edition)", "Underlings", "Grand Scheme", "Deconstruction"])


@pytest.mark.parametrize("k", BASE_AND_INTRIGUE, ids=lambda k: k.name)
def test_recommended_intrigue_sets_use_cards_of_their_edition_and_set_up(k):
    assert all(k.edition in CARDS[n].editions for n in k.cards)
    g = new_game({"players": 3, "kingdom": list(k.cards), "edition": k.edition}, k.name)
    assert set(k.cards) <= set(g.supply)


# ----- 5 and 6 players ---------------------------------------------------------------------
@pytest.mark.parametrize("players, provinces, curses", [(5, 15, 40), (6, 18, 50)])
def test_five_or_six_players_with_intrigue_cards_set_up_as_the_rulebook_says(
        players, provinces, curses):
    kingdom = ["Duke", "Great Hall", "Harem", "Nobles", "Torturer", "Masquerade", "Swindler",
               "Minion", "Bridge", "Scout"]
    g = new_game({"players": players, "kingdom": kingdom, "edition": 1}, "big")
    assert (len(g.piles["Province"]), len(g.piles["Curse"])) == (provinces, curses)
    for pile in ("Estate", "Duchy", "Duke", "Great Hall", "Harem", "Nobles"):
        assert len(g.piles[pile]) == 12
    assert len(g.piles["Copper"]) == 120 - 7 * players


def play_out(setup: dict, seed: str, bots: list[str]) -> object:
    g = new_game(setup, seed)
    rng = random.Random(seed)
    for _ in range(30000):
        if g.over:
            break
        d = g.pending()[0]
        g.answer(d.seat, d.id, bot_answer(bots[d.seat], g, d.seat, d, rng))
    return g


@pytest.mark.parametrize("players, edition", [(5, 1), (6, 1), (5, 2), (6, 2)])
def test_five_and_six_player_intrigue_games_play_to_the_end(players, edition):
    k = by_name("Hand Madness" if edition == 1 else "Underlings")
    bots = ["heuristic", "bmu", "heuristic", "random", "heuristic", "bmu"][:players]
    g = play_out({"players": players, "kingdom": list(k.cards), "edition": edition},
                 f"five-six-{players}-{edition}", bots)
    assert g.over
    res = g.result
    assert len(res["scores"]) == players and res["winners"]
    empty = g.empty_supply_piles()
    assert not g.piles["Province"] or empty >= 4  # 4 empty piles end a 5-6 player game


def test_three_empty_piles_do_not_end_a_five_player_game():
    kingdom = ["Pawn", "Courtyard", "Lurker", "Steward", "Masquerade", "Bridge", "Baron",
               "Ironworks", "Minion", "Torturer"]
    g = position(seat(hand=["Gold"] * 3), *[seat() for _ in range(4)], kingdom=kingdom,
                 supply={"Pawn": 0, "Courtyard": 0, "Lurker": 1})
    treasures(g)
    buy(g, "Lurker")
    assert not g.over and g.active == 1
    g = position(seat(hand=["Gold"] * 3), *[seat() for _ in range(4)], kingdom=kingdom,
                 supply={"Pawn": 0, "Courtyard": 0, "Lurker": 0, "Steward": 1})
    treasures(g)
    buy(g, "Steward")
    assert g.over


def test_an_action_victory_card_is_both_in_the_action_phase_and_at_the_end():
    g = position(seat(hand=["Mill", "Copper"], deck=["Estate", "Copper", "Copper"]), seat(),
                 kingdom=["Mill"])
    play(g, "Mill")
    answer(g, 0, "no")
    assert g.score(0) == 2  # Mill 1VP + Estate 1VP


# ----- saving in the middle of an Intrigue card ------------------------------------------
def test_masquerade_saved_while_some_players_have_chosen_resumes_the_same():
    g = position(seat(hand=["Masquerade", "Copper"], deck=["Estate", "Gold"]),
                 seat(hand=["Silver", "Duchy"]), seat(hand=["Curse", "Gold"]),
                 kingdom=["Masquerade"])
    play(g, "Masquerade")
    answer(g, 2, ["Curse"])
    again = reload(g)
    assert again.state_dict() == g.state_dict()
    assert [d.to_dict() for d in again.pending()] == [d.to_dict() for d in g.pending()]
    for h in (g, again):
        answer(h, 0, ["Estate"])
        answer(h, 1, ["Duchy"])
    assert again.state_dict() == g.state_dict()
    assert zone(again, 0, "hand") == ["Copper", "Gold", "Curse"]


def test_minion_saved_between_reaction_and_choice_resumes_the_same():
    g = position(seat(hand=["Minion"], deck=["Gold"] * 4),
                 seat(hand=["Secret Chamber", "Copper", "Copper", "Estate", "Estate"],
                      deck=["Silver"] * 6), kingdom=["Minion", "Secret Chamber"], edition=1)
    play(g, "Minion")
    answer(g, 1, ["Secret Chamber"])
    answer(g, 1, ["Estate", "Estate"])
    again = reload(g)
    for h in (g, again):
        answer(h, 0, "attack")
    assert again.state_dict() == g.state_dict()
    assert zone(again, 1, "hand") == ["Estate", "Estate", "Silver", "Silver"]
