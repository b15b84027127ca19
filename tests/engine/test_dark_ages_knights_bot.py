"""The heuristic bot with the Knights: sensible choices for each Knight's decisions, and whole
games on Knights kingdoms (heuristic and random players, 2-4 seats) that end with every card
accounted for."""
from __future__ import annotations

import random

import pytest

from engine import new_game
from engine.bots import bot_answer
from engine.cards.dark_ages.knights import KNIGHT_NAMES
from tests.engine.helpers import decision, play, position, seat, total_cards, treasures

K = ["Knights", "Village", "Smithy", "Market", "Moat", "Workshop", "Chapel", "Bridge",
     "Throne Room", "Cellar"]


def bot(g, p: int):
    return bot_answer("heuristic", g, p, decision(g, p))


def names(g, ids) -> list[str]:
    return sorted(g.names[c] for c in ids)


def test_buys_a_knight_as_its_first_terminal_with_five_coins():
    g = position(seat(hand=["Gold", "Silver"], deck=["Copper"] * 7), seat(), kingdom=K,
                 supply={"Knights": ["Dame Sylvia", "Sir Destry"]})
    treasures(g)
    assert bot(g, 0) == {"buy": "Knights"}


def test_buys_sir_martin_with_four_coins_when_he_is_on_top():
    g = position(seat(hand=["Silver", "Silver"], deck=["Copper"] * 7),
                 seat(), kingdom=["Knights", "Village", "Cellar", "Moat", "Chapel"],
                 supply={"Knights": ["Sir Martin", "Dame Anna"]})
    treasures(g)
    assert bot(g, 0) == {"buy": "Knights"}


def test_does_not_stack_terminal_knights_in_a_small_deck():
    g = position(seat(hand=["Gold", "Silver"], deck=["Copper"] * 7, discard=["Sir Destry"]),
                 seat(), kingdom=K, supply={"Knights": ["Dame Sylvia", "Sir Michael"]})
    treasures(g)
    assert bot(g, 0) != {"buy": "Knights"}


def test_dame_anna_trashes_junk_only():
    g = position(seat(hand=["Dame Anna", "Curse", "Estate", "Gold", "Copper"]), seat(),
                 kingdom=K)
    play(g, "Dame Anna")
    assert names(g, bot(g, 0)) == ["Curse", "Estate"]
    g = position(seat(hand=["Dame Anna", "Gold", "Silver", "Copper"]), seat(), kingdom=K)
    play(g, "Dame Anna")
    assert bot(g, 0) == []


def test_dame_anna_trashes_the_worst_two_of_three_junk_cards():
    g = position(seat(hand=["Dame Anna", "Estate", "Curse", "Curse", "Silver"]), seat(),
                 kingdom=K)
    play(g, "Dame Anna")
    assert names(g, bot(g, 0)) == ["Curse", "Curse"]


def test_dame_natalie_gains_a_silver():
    g = position(seat(hand=["Dame Natalie"], deck=["Copper"] * 5), seat(), kingdom=K)
    play(g, "Dame Natalie")
    assert bot(g, 0) == "Silver"


@pytest.mark.parametrize("revealed, trashed", [
    (["Gold", "Silver"], "Silver"),
    (["Silver", "Gold"], "Silver"),
    (["Duchy", "Silver"], "Duchy"),      # early in the game a Duchy is the lesser loss
    (["Gold", "Sir Bailey"], "Sir Bailey"),
    (["Silver", "Smithy"], "Silver"),
])
def test_a_victim_trashes_the_card_it_will_miss_least(revealed, trashed):
    g = position(seat(hand=["Dame Sylvia"]), seat(deck=revealed + ["Copper"] * 5), kingdom=K)
    play(g, "Dame Sylvia")
    assert names(g, bot(g, 1)) == [trashed]


def test_a_victim_keeps_its_duchy_near_the_end_of_the_game():
    g = position(seat(hand=["Dame Sylvia"]), seat(deck=["Duchy", "Silver"]), kingdom=K,
                 supply={"Province": 2})
    play(g, "Dame Sylvia")
    assert names(g, bot(g, 1)) == ["Silver"]


def test_sir_michaels_victim_discards_its_worst_cards():
    g = position(seat(hand=["Sir Michael"]),
                 seat(hand=["Gold", "Estate", "Silver", "Curse", "Copper"]), kingdom=K)
    play(g, "Sir Michael")
    assert names(g, bot(g, 1)) == ["Curse", "Estate"]


def _play_out(g, bots: list[str], rng: random.Random) -> None:
    for _ in range(20000):
        if g.over:
            return
        d = rng.choice(g.pending())
        g.answer(d.seat, d.id, bot_answer(bots[d.seat], g, d.seat, d, rng))  # never illegal


@pytest.mark.parametrize("seed", range(12))
def test_games_on_knights_kingdoms_end_legally_with_every_card_accounted_for(seed):
    rng = random.Random(seed)
    players = 2 + seed % 3
    others = ["Village", "Smithy", "Market", "Moat", "Workshop", "Chapel", "Bridge",
              "Throne Room", "Cellar", "Militia", "Remodel", "Festival", "Library", "Witch",
              "Courtyard", "Secret Chamber", "Tribute", "Wishing Well", "Mining Village"]
    edition = 1 if seed % 4 == 3 else 2
    pool = [n for n in others if n not in ("Secret Chamber", "Tribute") or edition == 1]
    kingdom = ["Knights", *rng.sample(pool, 9)]
    bots = ["heuristic"] * players if seed % 2 else [
        rng.choice(["heuristic", "random"]) for _ in range(players)]
    g = new_game({"players": players, "kingdom": kingdom, "edition": edition}, f"kb-{seed}")
    start = total_cards(g)
    _play_out(g, bots, rng)
    assert g.over, kingdom
    assert total_cards(g) == start


def test_heuristic_mirrors_buy_and_play_knights_when_no_better_terminal_is_around():
    kingdom = ["Knights", "Village", "Cellar", "Moat", "Chapel", "Workshop", "Bridge",
               "Throne Room", "Pawn", "Market"]
    played = bought = 0
    for i in range(4):
        g = new_game({"players": 2, "kingdom": kingdom}, f"km-{i}")
        rng = random.Random(i)
        _play_out(g, ["heuristic", "heuristic"], rng)
        assert g.over
        log = g.log_for(-1)
        bought += sum(1 for e in log if e["type"] == "buy" and e["card"] in KNIGHT_NAMES)
        played += sum(1 for e in log if e["type"] == "play" and e["card"] in KNIGHT_NAMES)
    assert bought >= 4 and played >= 8


def test_the_bot_answers_a_turn_full_of_knights():
    g = position(seat(hand=["Sir Michael", "Dame Anna", "Dame Natalie", "Village", "Village"],
                      deck=["Copper"] * 6),
                 seat(hand=["Moat", "Gold", "Silver", "Estate", "Curse"],
                      deck=["Sir Vander", "Gold", "Duchy", "Silver"]),
                 seat(hand=["Copper"] * 5, deck=["Sir Martin", "Dame Molly"]), kingdom=K)
    start = total_cards(g)
    for _ in range(60):
        if g.active != 0:
            break
        d = g.pending()[0]
        g.answer(d.seat, d.id, bot_answer("heuristic", g, d.seat, d))
    assert g.active == 1 and total_cards(g) == start
    played = {e["card"] for e in g.log_for(-1) if e["type"] == "play"}
    assert {"Sir Michael", "Dame Anna", "Dame Natalie"} <= played
