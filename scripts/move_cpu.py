"""CPU per move in-process: an API answer's request, and its after-move job, apart.

The load benchmark (scripts/loadtest) measures whole processes; this one plays a game through
the API test client and times, in CPU seconds of this process, each answer's request (auth,
throttle, view, the move's transaction, the reply) and then the after-move job it scheduled
(run here instead of on Celery). No ASGI server, no socket events, no Celery: what the code
of a move costs. With MOVE_PROFILE=path, cProfile (on CPU time) writes path.web and path.job.

    PYTHONPATH=$PWD .venv/bin/python -m pytest scripts/move_cpu.py -q -s
    # against another checkout, from its root: the same command with this file's path
    # DATABASE_URL=... REDIS_URL=... for PostgreSQL and the Redis cache, as in production

Compare trees only run by run, interleaved (the machine's speed drifts).
"""

from __future__ import annotations

import cProfile
import os
import time
from typing import Any

import pytest
from rest_framework.test import APIClient

from games import aftermove, background
from games.api import services as api_services
from games.models import Game
from games.play import notify
from tests.web.conftest import (  # noqa: F401  (the site tests' fixtures, used by name)
    _inline_background,
    alice,
    bob,
    catalog,
    make_user,
    open_game,
    running_game,
)

MOVES = int(os.environ.get("MOVE_COUNT", "150"))


def _answer_for(decision: dict) -> Any:
    """The cheapest legal answer: what the query-count test plays."""
    from tests.web.test_query_counts import _cheap_answer

    return _cheap_answer(decision)


def _client(user: Any) -> APIClient:
    notify.prefs_of(user)
    client = APIClient()
    _, raw = api_services.token_create(user=user, name="cpu")
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {raw}")
    client.get("/api/v1/me/")  # the per-process caches warmed
    return client


@pytest.mark.django_db(transaction=True)
def test_cpu_per_move(running_game, alice, bob, monkeypatch) -> None:  # noqa: F811
    jobs: list[tuple] = []
    monkeypatch.setattr(background, "schedule_named", lambda name, *a: jobs.append((name, a)))
    clients = {user.pk: _client(user) for user in (alice, bob)}
    seats = {s.position: s.user_id for s in running_game.seats.all()}
    profiles = {part: cProfile.Profile(time.process_time) for part in ("web", "job", "view")}
    spent, moves = {"web": 0.0, "job": 0.0, "view": 0.0}, 0
    for _ in range(MOVES):
        game = Game.objects.get(pk=running_game.pk)
        if game.status != "running" or not game.decisions:
            break
        decision = game.decisions[0]
        jobs.clear()
        body = {"decision": decision["id"], "answer": _answer_for(decision), "step": game.step}
        with _timed("web", spent, profiles):
            response = clients[seats[decision["seat"]]].post(
                f"/api/v1/games/{game.pk}/answer/", body, format="json")
        assert response.status_code == 200, response.content
        with _timed("job", spent, profiles):
            for name, args in jobs:
                if name == aftermove.TASK:
                    aftermove.run(*args)
        with _timed("view", spent, profiles):  # the mover's table, as a client showing it reads it
            seen = clients[seats[decision["seat"]]].get(f"/api/v1/games/{game.pk}/view/")
        assert seen.status_code == 200, seen.content
        moves += 1
    _report(moves, spent, profiles)


class _timed:
    def __init__(self, part: str, spent: dict, profiles: dict) -> None:
        self.part, self.spent, self.profile = part, spent, profiles[part]

    def __enter__(self) -> None:
        if os.environ.get("MOVE_PROFILE"):
            self.profile.enable()
        self.started = time.process_time()

    def __exit__(self, *exc: object) -> None:
        self.spent[self.part] += time.process_time() - self.started
        if os.environ.get("MOVE_PROFILE"):
            self.profile.disable()


def _report(moves: int, spent: dict, profiles: dict) -> None:
    assert moves, "no move was played"
    print(f"\nmoves {moves}: request {1000 * spent['web'] / moves:.2f} ms CPU, "
          f"after-move job {1000 * spent['job'] / moves:.2f} ms CPU, "
          f"a /view/ after it {1000 * spent['view'] / moves:.2f} ms CPU")
    if os.environ.get("MOVE_PROFILE"):
        for part, profile in profiles.items():
            profile.dump_stats(f"{os.environ['MOVE_PROFILE']}.{part}")
