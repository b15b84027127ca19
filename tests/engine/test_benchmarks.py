"""Engine benchmarks (pytest-benchmark). They record timings; they assert only correctness.

Run alone with `python -m pytest tests/engine/test_benchmarks.py --benchmark-only`; the
README's figures come from `python -m engine bench`, which runs the same workloads longer.
"""
from engine import loads, replay
from engine.bench import _record_game, _saved_mid_card
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
