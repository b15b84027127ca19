"""examples/stream_bot.py plays a whole game through the game stream: its only requests are
creating and starting the game and one POST per answer (no GET at all)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from games.api import services as api_services
from games.models import Game, GameStatus, GameStep

BOT = Path(__file__).resolve().parents[2] / "examples" / "stream_bot.py"


def test_the_stream_bot_plays_a_game_to_the_end_without_reading(live_asgi, catalog, alice,
                                                                settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        "read": "100000/min", "write": "100000/min", "create_game": "100/hour"}}
    _, token = api_services.token_create(user=alice, name="stream bot")
    run = subprocess.run(
        [sys.executable, str(BOT), "--url", live_asgi.url, "--token", token, "--seed", "2"],
        capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    game = Game.objects.get(creator=alice)
    assert game.status == GameStatus.FINISHED
    answers = GameStep.objects.filter(game=game, seat=0).count()
    requests = int(run.stdout.splitlines()[-1].split()[0])
    assert requests == answers + 2  # create, start, and one POST per answer
    print(run.stdout)
