"""Requests per turn, measured: the example clients each play a game against a bot on a live
server, and the server counts the HTTP requests they make (docs/api.md quotes the figures).

- examples/client.py: the account event stream says when it is our turn, then GET
  /decisions/; each answer's reply carries the next decisions.
- examples/typed_bot.py: the generated typed client, no socket: it polls while the bot moves.
- examples/stream_bot.py: the game stream sends every state; the only requests are answers.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from django.core import signals

from games.api import selectors as api_selectors
from games.api import services as api_services
from games.models import Game, GameStatus, GameStep
from tests.api.test_typed_client import generated_client  # noqa: F401  (fixture)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def counted():
    """Counts the HTTP requests the server receives, by path prefix."""
    seen: Counter = Counter()

    def count(sender, scope=None, environ=None, **kwargs) -> None:
        path = (scope or {}).get("path") or (environ or {}).get("PATH_INFO", "")
        seen["api" if path.startswith("/api/") else "other"] += 1

    signals.request_started.connect(count, weak=False)
    yield seen
    signals.request_started.disconnect(count)


def _play(live_asgi, alice, script: str, env: dict) -> Game:
    _, token = api_services.token_create(user=alice, name=script)
    run = subprocess.run(
        [sys.executable, str(EXAMPLES / script), "--url", live_asgi.url, "--token", token,
         *(["--seed", "3"] if script != "typed_bot.py" else [])],
        capture_output=True, text=True, timeout=900, env=env)
    assert run.returncode == 0, run.stdout + run.stderr
    game = Game.objects.filter(creator=alice).latest("pk")
    assert game.status == GameStatus.FINISHED
    return game


def _per_turn(game: Game, count: int) -> float:
    """`count` per turn of seat 0 (the client's)."""
    return round(count / api_selectors.view_of(game, None)["players"][0]["turns"], 2)


@pytest.mark.slow
def test_requests_per_turn_of_the_example_clients(live_asgi, catalog, alice, settings, counted,
                                                  generated_client):  # noqa: F811
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        "read": "100000/min", "write": "100000/min", "create_game": "100/hour"}}
    figures = {}
    for script in ("client.py", "typed_bot.py", "stream_bot.py"):
        counted.clear()
        env = {**os.environ, "PYTHONPATH": str(generated_client)}
        game = _play(live_asgi, alice, script, env)
        answers = GameStep.objects.filter(game=game, seat=0).count()
        figures[script] = (_per_turn(game, counted["api"]), _per_turn(game, answers))
    print("requests per turn (and answers per turn):", figures)
    # The stream bot sends nothing but its answers (and the create and start).
    assert figures["stream_bot.py"][0] < figures["client.py"][0]
    assert figures["stream_bot.py"][0] <= figures["stream_bot.py"][1] + 1
