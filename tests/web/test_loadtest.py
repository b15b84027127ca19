"""The load benchmark's own arithmetic and players (the run itself: ./scripts/loadtest)."""

from __future__ import annotations

import random

import engine
from loadtest import players, stack
from loadtest.__main__ import _summary, parse, percentile

FIRST_GAME = ["Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel", "Smithy",
              "Village", "Workshop"]


def test_percentiles_pick_from_the_sorted_values():
    values = list(range(100, 0, -1))
    assert [percentile(values, p) for p in (50, 95, 99)] == [51, 96, 100]
    assert percentile([], 50) != percentile([], 50)  # NaN: nothing measured


def test_cpu_is_counted_per_role_and_new_processes_count_whole():
    before = {"web": {1: 2.0, 2: 1.0}, "database": {9: 5.0}}
    after = {"web": {1: 2.5, 2: 1.25, 3: 0.5}, "database": {9: 5.5}}
    assert stack.cpu_used(before, after) == {"web": 1.25, "database": 0.5}


def test_cpu_per_move_adds_web_database_and_workers():
    metrics = players.Metrics(moves={(1, s) for s in range(10)}, submits=[0.01] * 4)
    out = _summary(3, metrics, {}, {"web": 0.5, "database": 0.25, "worker": 0.2, "beat": 0.05},
                   seconds=5.0)
    assert out["moves_per_s"] == 2.0
    assert out["cpu_ms_per_move"] == {"web": 50.0, "database": 25.0, "worker": 25.0,
                                      "total": 100.0}


def test_the_players_answers_are_legal_until_the_game_ends():
    table = engine.new_game({"players": 2, "kingdom": FIRST_GAME, "edition": 2}, "load")
    rng = random.Random(3)
    for _ in range(3000):
        if table.over:
            break
        decision = table.pending()[0].to_dict()
        table.answer(decision["seat"], decision["id"], players.choose(decision, rng))
    assert table.over


def test_the_run_is_bounded_by_default():
    args = parse([])
    assert args.seconds <= 60 and args.max_requests <= 500_000
    assert stack.HOST == "127.0.0.1"
