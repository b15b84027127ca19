"""What a replay page costs: the game's record is replayed at most once per request."""

from __future__ import annotations

import pytest
from django.urls import reverse

import engine
from games.models import GameStatus


@pytest.fixture
def replays(monkeypatch) -> list[int]:
    """One entry per replay started (every replay deals the game again with new_game)."""
    started: list[int] = []
    deal = engine.new_game
    monkeypatch.setattr(engine, "new_game", lambda *a, **k: started.append(1) or deal(*a, **k))
    return started


def test_a_replay_page_replays_the_game_once(client, running_game, play_to_end, make_user,
                                             replays):
    game = play_to_end(running_game)
    assert game.status == GameStatus.FINISHED
    client.force_login(make_user("carol"))
    replays.clear()  # (the game's end checks its record)
    response = client.get(reverse("games:replay", args=[game.pk]), {"step": 7})
    assert response.status_code == 200
    assert response.context["turns"] and response.context["chart"]  # all three from one pass
    assert len(replays) == 1


def test_a_running_game_replays_once_too(client, running_game, play_one, replays):
    game = running_game
    for _ in range(6):
        game = play_one(game)
    client.force_login(game.seats.get(position=0).user)
    replays.clear()
    url = reverse("games:replay", args=[game.pk])
    assert client.get(url, {"step": 3}).status_code == 200
    assert len(replays) == 1
    assert client.get(url, {"step": 4}).status_code == 200
    assert len(replays) == 2  # the turns and the chart's rows of this state are cached
