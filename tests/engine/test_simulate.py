"""Simulations split into chunks, over processes or in any order, give exactly the result of
one process; the command line's --jobs splits them across processes."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine.simulate import (
    CHUNKS_PER_JOB,
    MIN_CHUNK_GAMES,
    chunks,
    job_chunks,
    merge,
    report,
    simulate,
    simulate_chunk,
)

ROOT = Path(__file__).resolve().parents[2]
TIMES = ("seconds", "games_per_sec", "cpu_seconds", "games_per_cpu_sec", "jobs")


def without_times(out: dict) -> dict:
    return {k: v for k, v in out.items() if k not in TIMES}


def test_chunks_cover_every_game_once_in_order():
    for games in (1, 2, 7, 100, 101):
        for parts in (1, 2, 3, 8, 200):
            runs = chunks(games, parts)
            assert [i for a, b in runs for i in range(a, b)] == list(range(games))
            assert len(runs) == min(parts, games)
            assert max(b - a for a, b in runs) - min(b - a for a, b in runs) <= 1


def test_merged_chunks_in_any_order_are_the_one_process_result():
    bots, seed = ["bmu", "smithy", "random"], "merge"
    whole = simulate(bots, 60, seed, "First Game")
    parts = [simulate_chunk(bots, "First Game", seed, a, b) for a, b in chunks(60, 7)]
    random.Random(1).shuffle(parts)
    merged = report(merge(parts), bots, "First Game", seed)
    assert without_times(merged) == without_times(whole)
    assert sum(whole["wins"].values()) == pytest.approx(60)
    assert json.loads(json.dumps(parts)) == parts  # chunks travel as JSON (Celery)


def test_two_processes_give_the_result_of_one():
    one = simulate(["heuristic", "bmu"], 40, "jobs", "Victory Dance")
    two = simulate(["heuristic", "bmu"], 40, "jobs", "Victory Dance", jobs=2)
    assert without_times(two) == without_times(one)
    assert two["jobs"] == 2 and one["jobs"] == 1
    assert two["cpu_seconds"] > 0 and two["games_per_cpu_sec"] > 0


def test_jobs_get_many_small_chunks_covering_every_game_once():
    for games in (2, 3, 7, 40, 101, 6000, 100_000):
        for jobs in (2, 3, 8):
            runs = job_chunks(games, jobs)
            assert [i for a, b in runs for i in range(a, b)] == list(range(games))
            assert len(runs) <= jobs * CHUNKS_PER_JOB
            assert len(runs) >= min(jobs, games)  # every process has work
            if games >= jobs * MIN_CHUNK_GAMES:
                assert min(b - a for a, b in runs) >= MIN_CHUNK_GAMES


def test_any_number_of_processes_gives_the_result_of_one():
    one = simulate(["bmu", "smithy"], 203, "jobs3", "First Game")
    assert len(job_chunks(203, 3)) > 3 * 4  # more chunks than processes: handed out as they free
    three = simulate(["bmu", "smithy"], 203, "jobs3", "First Game", jobs=3)
    assert without_times(three) == without_times(one) and three["jobs"] == 3


def test_the_command_line_splits_games_across_processes():
    def run(*extra: str) -> dict:
        out = subprocess.run(
            [sys.executable, "-m", "engine", "simulate", "--games", "30", "--seed", "cli",
             *extra], cwd=ROOT, capture_output=True, text=True, check=True)
        return json.loads(out.stdout)

    one, two = run("--jobs", "1"), run("--jobs", "2")
    assert without_times(one) == without_times(two) and two["jobs"] == 2
    assert set(one) >= {"games", "seconds", "games_per_sec", "mean_turns", "answers_per_game",
                        "wins", "ties", "bots", "kingdom", "seed", "autoplay_treasures"}
    bad = subprocess.run([sys.executable, "-m", "engine", "simulate", "--jobs", "0"],
                         cwd=ROOT, capture_output=True, text=True)
    assert bad.returncode == 2 and "--jobs" in bad.stderr


def test_the_floor_loop_plays_whole_games_by_the_money_rules():
    from random import Random

    from engine.bench import floor_games_per_cpu_sec
    from engine.floor import floor_game

    rng = Random("floor-test")
    for _ in range(50):
        scores, winners = floor_game(rng)
        assert len(scores) == 2 and all(s >= 3 for s in scores)
        assert winners and all(scores[w] == max(scores) for w in winners)
    assert floor_games_per_cpu_sec(20) > 0
