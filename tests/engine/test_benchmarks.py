"""Engine benchmarks (pytest-benchmark). They record timings; they assert only correctness.

Run alone with `python -m pytest tests/engine/test_benchmarks.py --benchmark-only`; the
README's figures come from `python -m engine bench`, which runs the same workloads longer.
"""
import pytest

from engine import loads, replay
from engine.bench import (
    DARK_AGES,
    INTRIGUE,
    _record_game,
    _saved_mid_card,
    jobs_timing,
    planner_timing,
    run_all,
)
from engine.simulate import simulate


def test_bench_simulate_bmu_mirror_first_game(benchmark):
    out = benchmark.pedantic(simulate, args=(["bmu", "bmu"], 20, "bench", "First Game"),
                             rounds=3, iterations=1)
    assert out["games"] == 20 and sum(out["wins"].values()) == 20


def test_bench_load_mid_card_and_answer(benchmark):
    text, seat, did, answer = _saved_mid_card()

    def resume():
        g = loads(text)
        g.answer(seat, did, answer)
        return g

    g = benchmark(resume)
    assert g.pending()[0].kind in ("BuyPhase", "PlayAction")


def test_bench_replay_a_finished_four_player_game(benchmark):
    record = _record_game(4, "bench-4p")
    g = benchmark.pedantic(replay, args=(record,), rounds=5, iterations=1)
    assert g.over


def test_bench_reports_a_dark_ages_kingdom_beside_the_intrigue_ones():
    out = run_all(games=40, runs=1, jobs=False, planner=False)
    assert set(out["heuristic_intrigue_games_per_cpu_sec"]) == set(INTRIGUE)
    assert list(out["heuristic_dark_ages_games_per_cpu_sec"]) == [DARK_AGES]
    assert "planner_one_plan" not in out and "jobs_games_per_sec" not in out


def test_bench_jobs_figure_interleaves_one_and_two_processes():
    out = jobs_timing(games=24, rounds=2)
    assert out["games"] == 24 and set(out["games_per_sec_runs"]) == {"1", "2"}
    assert all(len(v) == 2 and min(v) > 0 for v in out["games_per_sec_runs"].values())
    assert len(out["speedup_runs"]) == 2 and out["speedup"] > 0
    assert len(out["load_average_before"]) == len(out["load_average_after"]) == 3


@pytest.mark.slow
def test_bench_times_one_plan_made_by_the_planner():
    out = planner_timing("Victory Dance")
    assert out["kingdom"] == "Victory Dance" and out["answers"] > 10_000
    assert out["answers_per_cpu_sec"] > 0
