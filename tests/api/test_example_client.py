"""examples/client.py plays a whole game against a bot on a live server, as documented."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from games.api import services as api_services
from games.models import Game, GameStatus

CLIENT = Path(__file__).resolve().parents[2] / "examples" / "client.py"


def test_the_example_client_plays_a_game_to_the_end(live_asgi, catalog, alice, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        "read": "100000/min", "write": "100000/min", "create_game": "100/hour"}}
    _, token = api_services.token_create(user=alice, name="example")
    run = subprocess.run(
        [sys.executable, str(CLIENT), "--url", live_asgi.url, "--token", token, "--seed", "1"],
        capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    game = Game.objects.get(creator=alice)
    assert game.status == GameStatus.FINISHED
    assert "signed in as alice" in run.stdout
    assert f"finished after {game.step} answers" in run.stdout
