"""How many requests an API client needs per turn: examples/client.py against a live server.

The figure is printed (run with -s), not asserted: it is the report's "requests per turn".
What is asserted is the shape that makes it small: the client never reads after its own move.
"""

from __future__ import annotations

import importlib.util
import random
from collections import Counter
from pathlib import Path

import pytest

from games.api import services as api_services
from games.models import Game, GameStatus

CLIENT = Path(__file__).resolve().parents[2] / "examples" / "client.py"


def _client_module():
    spec = importlib.util.spec_from_file_location("example_client", CLIENT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("mode", ["inline", "thread"])
def test_requests_per_turn_of_the_example_client(live_asgi, catalog, alice, settings, capsys,
                                                 mode):
    settings.BACKGROUND_MODE = mode  # thread: the bot moves after the answer's response
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        "read": "100000/min", "write": "100000/min", "create_game": "100/hour"}}
    client = _client_module()
    counts: Counter = Counter()

    class CountingApi(client.Api):
        def _request(self, method: str, path: str, **kwargs):
            counts[(method, path.split("?")[0].rstrip("/").split("/")[-1])] += 1
            return super()._request(method, path, **kwargs)

    _, token = api_services.token_create(user=alice, name="count")
    record = client.play(CountingApi(live_asgi.url, token), "bmu", random.Random(3))
    game = Game.objects.get(creator=alice)
    assert game.status == GameStatus.FINISHED
    turns = record["result"]["turns"][0]
    game_requests = sum(n for (method, what), n in counts.items()
                        if what not in ("me", "games", "start", "record"))
    with capsys.disabled():
        print(f"\nexample client ({mode}): {game_requests} requests in {turns} turns "
              f"({game_requests / turns:.1f} per turn), by kind {dict(counts)}")
