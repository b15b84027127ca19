"""The per-game stream authenticates as the event stream does: a token never rides in the URL.

Header `Authorization: Bearer`, the `dominion.bearer.<token>` subprotocol (browsers), a
single-use ticket, or the session; `?token=` is refused even when the token is valid.
"""

from __future__ import annotations

import json

import httpx
import pytest
from rest_framework.test import APIClient
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from games import services
from games.api import services as api_services
from games.models import Game

BOUND = 20  # seconds: a bound on waiting, not a timing assertion


@pytest.fixture
def duel(catalog, alice, bob, base_kingdom) -> Game:
    game = services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom)
    services.seat_join(game=game, user=bob)
    return services.game_start(game=game, user=alice)


@pytest.fixture
def token(alice) -> str:
    return api_services.token_create(user=alice, name="stream auth")[1]


def _open(live_asgi, game: Game, query: str = "", **kwargs):
    return connect(f"{live_asgi.ws_url}/ws/api/v1/games/{game.pk}/stream/{query}",
                   origin=live_asgi.url, open_timeout=BOUND, **kwargs)


def _first(ws) -> dict:
    return json.loads(ws.recv(timeout=BOUND))


def test_a_token_in_the_url_is_refused_even_when_valid(live_asgi, duel, token):
    with pytest.raises(InvalidStatus) as refused:
        _open(live_asgi, duel, f"?token={token}")
    assert refused.value.response.status_code == 403


@pytest.mark.parametrize("credentials", [{}, {"additional_headers": {
    "Authorization": "Bearer dom_not-a-token"}}, {"subprotocols": [
        "dominion.v1", "dominion.bearer.dom_not-a-token"]}])
def test_no_or_bad_credentials_are_refused(live_asgi, duel, credentials):
    with pytest.raises(InvalidStatus):
        _open(live_asgi, duel, **credentials)


def test_the_header_opens_it(live_asgi, duel, token):
    with _open(live_asgi, duel, additional_headers={"Authorization": f"Bearer {token}"}) as ws:
        assert _first(ws)["seat"] == 0


def test_a_browser_opens_it_with_the_subprotocol(live_asgi, duel, token):
    with _open(live_asgi, duel, subprotocols=["dominion.v1", f"dominion.bearer.{token}"]) as ws:
        assert ws.subprotocol == "dominion.v1"  # the token is never echoed back
        message = _first(ws)
    assert (message["type"], message["seat"]) == ("state", 0)


def test_a_ticket_opens_it_once(live_asgi, duel, token):
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    ticket = api.post("/api/v1/ws-ticket/").json()["ticket"]
    with _open(live_asgi, duel, f"?ticket={ticket}") as ws:
        assert _first(ws)["seat"] == 0
    with pytest.raises(InvalidStatus):
        _open(live_asgi, duel, f"?ticket={ticket}")  # single use


def test_revoking_the_token_closes_the_game_stream(live_asgi, duel, alice):
    made, raw = api_services.token_create(user=alice, name="soon revoked")
    with _open(live_asgi, duel, additional_headers={"Authorization": f"Bearer {raw}"}) as ws:
        _first(ws)
        api_services.token_revoke(user=alice, token_id=made.pk)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(timeout=BOUND)
    assert closed.value.rcvd.code == 4401


def test_the_ndjson_stream_refuses_a_token_in_the_url(live_asgi, duel, token):
    response = httpx.get(f"{live_asgi.url}/api/v1/games/{duel.pk}/stream/?token={token}",
                         timeout=BOUND)
    assert response.status_code == 401  # a token in the URL is not a credential
    assert response.json()["code"] == "not_authenticated"
