"""The in-process task runner: no recursion in long chains, and idempotent bot tasks."""

from __future__ import annotations

import threading

from celery import shared_task

from games import background, history, services
from games.models import GameStatus
from games.tasks import bot_move

CHAIN: list[int] = []


@shared_task
def _chain(n: int) -> None:
    CHAIN.append(n)
    if n:
        background.schedule(_chain, n - 1)


def test_inline_chains_run_in_a_loop_not_a_recursion(settings):
    CHAIN.clear()

    background.schedule(_chain, 5000)  # far deeper than Python's recursion limit

    assert CHAIN == list(range(5000, -1, -1))


def test_thread_mode_runs_tasks_off_the_callers_thread(settings):
    settings.BACKGROUND_MODE = "thread"
    seen: list[str] = []

    @shared_task
    def record() -> None:
        seen.append(threading.current_thread().name)

    background.schedule(record)
    background.drain()

    assert seen and seen[0].startswith("background")


def test_a_bot_task_for_an_old_step_does_nothing(catalog, alice, base_kingdom):
    game = services.game_create(creator=alice, seats=["me", "bmu"], kingdom=base_kingdom)
    game = services.game_start(game=game, user=alice)  # no commit hooks: bots wait
    bot_decisions = [d for d in game.decisions if d["seat"] == 1]
    decision_id = bot_decisions[0]["id"] if bot_decisions else game.decisions[0]["id"]

    assert bot_move.apply(args=[game.pk, decision_id, game.step + 5]).get() is False
    game.refresh_from_db()
    assert game.steps.count() == 0


def test_a_bot_task_is_applied_once_even_if_delivered_twice(catalog, alice, base_kingdom):
    game = services.game_create(creator=alice, seats=["bmu", "smithy"], kingdom=base_kingdom)
    game = services.game_start(game=game, user=alice)
    first = game.decisions[0]["id"]

    results = [bot_move.apply(args=[game.pk, first, 0]).get() for _ in range(2)]

    assert results == [True, False]
    game.refresh_from_db()
    assert game.step == 1 and game.status == GameStatus.RUNNING


def test_bots_resume_restarts_stalled_bot_games(catalog, alice, base_kingdom, committed):
    game = services.game_create(creator=alice, seats=["bmu", "smithy"], kingdom=base_kingdom)
    services.game_start(game=game, user=alice)  # hooks never ran: as after a crash

    with committed():
        assert services.bots_resume() >= 1

    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED


def test_a_task_sent_to_celery_shows_its_ids_not_its_decisions(settings, monkeypatch):
    settings.BACKGROUND_MODE = "celery"
    sent: list[dict] = []
    monkeypatch.setattr(bot_move, "apply_async", lambda **options: sent.append(options))
    payload = {"game": 7, "step": 12, "revision": 13, "nonce": "n" * 60,
               "decisions": [{"id": "d-1", "seat": 0, "cards": ["Gold", "Province"]}]}

    background.schedule(bot_move, payload)
    background.schedule(bot_move, 7, "d-1", 12)

    assert sent[0]["args"] == (payload,)  # the task still gets everything
    shown = sent[0]["argsrepr"]
    assert "'game': 7" in shown and "'revision': 13" in shown and "<list of 1>" in shown
    assert "Gold" not in shown and "n" * 41 not in shown
    assert sent[1]["argsrepr"] == "(7, 'd-1', 12)"


def test_a_game_only_bots_play_that_would_never_end_is_abandoned(catalog, alice, settings):
    # Workshop/Gardens on a kingdom with neither buys Silver and Copper, then nothing: two of
    # them played on for ever (found on a live server: 3,300 moves in a minute and counting,
    # one GameStep row each, on the thread every game's bots share).
    settings.BOT_GAME_MAX_TURNS = 30
    kingdom = ["Chapel", "Moneylender", "Throne Room", "Library", "Bureaucrat", "Bandit",
               "Sentry", "Harbinger", "Vassal", "Poacher"]
    game = services.game_create(creator=alice, seats=["workshop-gardens"] * 2, kingdom=kingdom)
    game = services.game_start(game=game, user=alice)  # no commit hooks: moved one by one
    for _ in range(3000):
        game.refresh_from_db()
        if game.status != GameStatus.RUNNING:
            break
        bot_move.apply(args=[game.pk, game.decisions[0]["id"], game.step]).get()

    assert game.status == GameStatus.ABANDONED and game.decisions == []
    table = history.whole_table(game)
    assert max(p.turns for p in table.players) <= 31
