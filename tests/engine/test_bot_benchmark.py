"""The bot-versus-bot benchmark (python -m engine.bots.benchmark): random kingdoms from every
implemented set, intervals, the figures it reports; and, behind the `slow` marker, the goal
campaign (bounded counts by default, the issue's counts with DOMINION_CAMPAIGN=full)."""
from __future__ import annotations

import os

import pytest

from engine.bots import benchmark, planner

FULL = os.environ.get("DOMINION_CAMPAIGN") == "full"


@pytest.fixture
def quick_planner(monkeypatch):
    monkeypatch.setattr(planner, "ROUNDS", ((2, 2), (2, 1)))
    monkeypatch.setattr(planner, "FINAL_HEAD_TO_HEAD", 2)
    monkeypatch.setattr(planner, "_PLANS", type(planner._PLANS)())


def test_the_wilson_interval_holds_the_rate_and_narrows_with_games():
    lo, hi = benchmark.wilson(80, 100)
    assert lo < 0.8 < hi and 0.70 < lo and hi < 0.88
    lo4, hi4 = benchmark.wilson(320, 400)
    assert hi4 - lo4 < hi - lo
    assert benchmark.wilson(0, 0) == (0.0, 1.0)
    assert benchmark.wilson(10, 10)[1] == 1.0


def test_kingdoms_are_drawn_from_every_implemented_set_reproducibly():
    from engine import CARDS

    drawn = benchmark.kingdoms(40, 1)
    assert drawn == benchmark.kingdoms(40, 1) and drawn != benchmark.kingdoms(40, 2)
    sets = {CARDS[c].set for cards, _ in drawn for c in cards}
    assert sets == {"base", "intrigue", "dark_ages"}
    assert all(len(set(cards)) == 10 for cards, _ in drawn)
    assert all("Witch" in cards for cards, _ in benchmark.kingdoms(5, 1, require="Witch"))


def test_a_small_benchmark_reports_the_distribution_and_timings(quick_planner):
    out = benchmark.benchmark("planner", "bmu", count=2, games=4, seed=3)
    assert len(out["kingdoms"]) == 2
    row = out["kingdoms"][0]
    assert row["games"] == 4 and 0 <= row["win_rate"] <= 1 and row["plans"]
    assert row["ci95"][0] <= row["win_rate"] <= row["ci95"][1]
    assert set(out["summary"]) >= {"median", "p10", "at_least_0.8", "share_at_least"}
    assert out["decision_ms"]["count"] > 0 and out["planning_s"]["tables"] >= 2


def test_the_command_line_prints_json(quick_planner, capsys):
    assert benchmark.main(["--kingdoms", "1", "--games", "2", "--bot", "heuristic",
                           "--quiet"]) == 0
    assert '"summary"' in capsys.readouterr().out


def test_only_plays_the_chosen_kingdoms_with_their_own_seeds(capsys):
    """--only measures a few kingdoms again: the same kingdoms, seeds and results as in a
    full run."""
    full = benchmark.benchmark("heuristic", "bmu", count=3, games=2, seed=4)
    out = benchmark.benchmark("heuristic", "bmu", count=3, games=2, seed=4, only={2})
    assert [r["index"] for r in out["kingdoms"]] == [2]
    assert out["kingdoms"][0] == full["kingdoms"][2]
    assert benchmark.main(["--kingdoms", "3", "--games", "2", "--bot", "heuristic",
                           "--only", "0,2"]) == 0
    captured = capsys.readouterr()
    assert captured.err.startswith("#0 ") and "\n#2 " in captured.err


@pytest.mark.slow
def test_the_goal_campaign_against_big_money_ultimate():
    """The issue's goal: >= 80 % against bmu on >= 90 % of >= 40 random kingdoms."""
    count, games = (40, 400) if FULL else (2, 40)
    out = benchmark.benchmark("planner", "bmu", count=count, games=games, seed=1)
    if FULL:
        # (timings are reported by the command, never asserted: the machine's speed drifts)
        assert out["summary"]["share_at_least"] >= 0.9, out["summary"]
    else:
        assert out["summary"]["median"] > 0.6, out["summary"]


@pytest.mark.slow
def test_the_goal_campaign_against_double_witch_on_witch_kingdoms():
    count, games = (20, 400) if FULL else (2, 40)
    out = benchmark.benchmark("planner", "double-witch", count=count, games=games, seed=2,
                              require="Witch", threshold=0.5)
    assert out["summary"]["median"] >= 0.5, out["summary"]


def test_the_fast_path_plays_the_same_games_as_one_decision_at_a_time(quick_planner):
    """The benchmark plays on `Game.play_out` (quiet games); answering `next_decision()` one
    by one gives the same games: the same rates, lengths and losses, kingdom by kingdom."""
    for bot, against in (("planner", "bmu"), ("heuristic", "double-witch")):
        fast = benchmark.benchmark(bot, against, count=3, games=6, seed=5)
        slow = benchmark.benchmark(bot, against, count=3, games=6, seed=5, fast=False)
        assert fast["kingdoms"] == slow["kingdoms"]
        assert fast["decision_ms"]["count"] == slow["decision_ms"]["count"]


def test_a_timed_bot_keeps_its_buy_phase_as_data():
    """bmu's Buy phase is answered by `play_out` as data even when bmu is the timed bot."""
    from engine import new_game
    from engine.bots import seat_player
    from engine.bots.money import BMU_BUY_RULES

    clock: list[float] = []
    assert not hasattr(benchmark._timed(lambda d: None, clock), "buy_rules")
    cards, edition = benchmark.kingdoms(1, 1)[0]
    g = new_game({"players": 2, "kingdom": cards, "edition": edition}, "s")
    assert benchmark._timed(seat_player("bmu", g, 0), clock).buy_rules is BMU_BUY_RULES
