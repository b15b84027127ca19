"""The socket cap as a third-party client meets it: a real server, the `websockets` client."""

from __future__ import annotations

import threading
import time

import pytest
from websockets.exceptions import ConnectionClosed

from games import socket_quota
from games.api import services as api_services
from tests.api.test_events import BOUND, _next, _open


def test_a_token_over_the_cap_gets_4429_with_a_reason(live_asgi, alice, bob, settings):
    settings.WS_MAX_SOCKETS_PER_USER = 2
    settings.WS_MAX_SOCKETS_PER_GAME = 0
    alices = api_services.token_create(user=alice, name="one")[1]
    alices_other = api_services.token_create(user=alice, name="two")[1]
    bobs = api_services.token_create(user=bob, name="bob")[1]
    with _open(live_asgi, token=alices) as first, \
            _open(live_asgi, token=alices_other) as second:
        _next(first), _next(second)
        with _open(live_asgi, token=alices) as third:  # the cap counts the account's tokens
            with pytest.raises(ConnectionClosed) as closed:
                third.recv(timeout=BOUND)
        assert closed.value.rcvd.code == 4429
        assert closed.value.rcvd.reason == "too many open sockets for this account (2)"
        with _open(live_asgi, token=bobs) as other:
            assert _next(other)["type"] == "hello"
        first.close()
        _until_fewer_than(2, f"user:{alice.pk}")  # the server notes the close in its own time
        with _open(live_asgi, token=alices) as again:  # closing one frees its place
            assert _next(again)["type"] == "hello"


def _until_fewer_than(n: int, key: str) -> None:
    give_up = time.monotonic() + BOUND
    while socket_quota.open_count(key) >= n:
        assert time.monotonic() < give_up, "the server never noted the closed socket"
        threading.Event().wait(0.02)


def test_ndjson_streams_count_against_the_same_caps(live_asgi, catalog, alice, base_kingdom,
                                                    settings):
    """An NDJSON stream holds a connection as a socket does: a WebSocket and a stream on one
    game fill a cap of 2, the next stream is a JSON 429, and a stream that ended frees its
    place."""
    import httpx

    from games import services
    from tests.api.test_game_stream import _token, _ws

    settings.WS_MAX_SOCKETS_PER_GAME = 2
    game = services.game_start(game=services.game_create(
        creator=alice, seats=["me", "bmu"], kingdom=base_kingdom), user=alice)
    token = _token(alice)
    headers = {"Authorization": f"Bearer {token}", "Accept": "application/x-ndjson"}
    url = f"{live_asgi.url}/api/v1/games/{game.pk}/stream/"
    key = f"user:{alice.pk}:game:{game.pk}"
    with httpx.stream("GET", url, headers=headers, timeout=BOUND) as first, \
            _ws(live_asgi, game, token) as ws:
        lines = first.iter_lines()  # (kept: a dropped line iterator closes the connection)
        assert first.status_code == 200 and next(lines)
        ws.recv(timeout=BOUND)
        refused = httpx.get(url, headers=headers, timeout=BOUND)
        assert refused.status_code == 429
        assert refused.json() == {"code": "too_many_streams", "detail":
                                  "too many open sockets for this account on this game (2)"}
    _until_fewer_than(1, key)
    with httpx.stream("GET", url, headers=headers, timeout=BOUND) as again:
        assert again.status_code == 200
