"""An NDJSON game stream opened with the site's session ends with the session, as the sockets
do (games/session_sockets.py): it went on sending the seat's hand after a logout."""

from __future__ import annotations

import json

import httpx
import pytest
from django.conf import settings as django_settings
from django.test import Client

from games import services
from games.models import Game
from tests.api.test_game_stream import BOUND, _move


@pytest.fixture
def duel(catalog, alice, bob, base_kingdom) -> Game:
    game = services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom)
    services.seat_join(game=game, user=bob)
    return services.game_start(game=game, user=alice)


def _lines_after(live_asgi, game: Game, user, end_session) -> list[bytes]:
    client = Client()
    client.force_login(user)
    cookie = client.cookies[django_settings.SESSION_COOKIE_NAME].value
    with httpx.stream("GET", f"{live_asgi.url}/api/v1/games/{game.pk}/stream/",
                      headers={"Accept": "application/x-ndjson"},
                      cookies={django_settings.SESSION_COOKIE_NAME: cookie},
                      timeout=BOUND) as response:
        assert response.status_code == 200
        lines = response.iter_lines()
        assert json.loads(next(lines))["step"] == 0
        end_session(client, user)
        _move(game)  # broadcast after the session ended
        return [line for line in lines if line]


def _log_out(client: Client, user) -> None:
    client.logout()


def _deactivate(client: Client, user) -> None:
    user.is_active = False
    user.save()


@pytest.mark.parametrize("end_session", [_log_out, _deactivate], ids=["logout", "deactivated"])
def test_an_ndjson_stream_opened_with_a_session_ends_with_it(live_asgi, duel, alice, settings,
                                                             end_session):
    settings.API_STREAM_KEEPALIVE_SECONDS = 0.2
    settings.API_STREAM_MAX_SECONDS = BOUND  # (a stream that missed it ends anyway)
    assert _lines_after(live_asgi, duel, alice, end_session) == []
