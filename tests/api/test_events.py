"""The WebSocket event stream: one token-authenticated socket for all of a user's games.

Runs the real ASGI app under uvicorn and connects with the `websockets` client, as a third
party would. Moves are made through the services, in this thread, after real commits.
"""

from __future__ import annotations

import json

import pytest
from django.utils import timezone
from rest_framework.test import APIClient
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from games import selectors, services
from games.api import services as api_services
from games.api.events import events_for_seat
from games.api.models import ApiToken
from games.models import Game, GameStatus
from tests.api.conftest import conforming

BOUND = 20  # seconds: a bound on waiting for a message, not a timing assertion


@pytest.fixture
def token(alice) -> str:
    return api_services.token_create(user=alice, name="stream")[1]


def _open(live_asgi, path: str = "/ws/api/v1/events/", token: str | None = None):
    headers = {"Authorization": f"Bearer {token}"} if token else None
    return connect(live_asgi.ws_url + path, additional_headers=headers, origin=live_asgi.url,
                   open_timeout=BOUND)


def _next(ws) -> dict:
    return conforming(json.loads(ws.recv(timeout=BOUND)))


def _until(ws, predicate) -> list[dict]:
    """Every event received up to and including the first matching `predicate`."""
    seen = []
    while True:
        seen.append(_next(ws))
        if predicate(seen[-1]):
            return seen


def _human_move(game: Game) -> None:
    """Alice (seat 0) answers her open decision the way Big Money would."""
    game.refresh_from_db()
    decision = next(d for d in game.decisions if d["seat"] == 0)
    seat = game.seats.get(position=0)
    seat.bot_strategy = "bmu"  # in memory only
    services.decision_submit(game_id=game.pk, seat=0, decision_id=decision["id"],
                             answer=selectors.bot_answer_for(game, seat, decision["id"]),
                             step=game.step)


def _reader(token: str) -> APIClient:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return api


def _bot_game(alice, base_kingdom) -> Game:
    return services.game_create(creator=alice, seats=["me", "bmu"], kingdom=base_kingdom)


def test_a_token_connection_gets_the_events_of_all_my_games(live_asgi, catalog, alice, token,
                                                             base_kingdom):
    first, second = _bot_game(alice, base_kingdom), _bot_game(alice, base_kingdom)
    with _open(live_asgi, token=token) as ws:
        assert _next(ws) == {"v": 1, "type": "hello", "user": alice.pk, "game": None}
        services.game_start(game=first, user=alice)
        services.game_start(game=second, user=alice)
        seen = _until(ws, lambda e: e["type"] == "your_turn" and e["game"] == second.pk)
    first.refresh_from_db()
    assert {e["game"] for e in seen} == {first.pk, second.pk}
    assert all(e["v"] == 1 and isinstance(e["step"], int) for e in seen)
    mine = next(e for e in seen if e["type"] == "decision_opened" and e["game"] == first.pk)
    assert {"decision", "kind"} <= set(mine)


def test_your_turn_and_decision_opened_follow_the_moves(live_asgi, catalog, alice, token,
                                                        base_kingdom):
    game = _bot_game(alice, base_kingdom)
    with _open(live_asgi, token=token) as ws:
        _next(ws)
        services.game_start(game=game, user=alice)
        turn = _until(ws, lambda e: e["type"] == "your_turn")[-1]
        game.refresh_from_db()
        assert turn["step"] == game.step
        assert turn["decisions"] == [d["id"] for d in game.decisions if d["seat"] == 0]
        read = _reader(token).get(f"/api/v1/games/{game.pk}/decisions/").json()
        assert read["step"] == turn["step"]
        assert turn["pending"] == read["decisions"]  # no read needed to answer
        _human_move(game)
        moved = _until(ws, lambda e: e["type"] == "game_moved" and e["step"] > turn["step"])
        assert moved[-1]["game"] == game.pk


def test_the_game_filter_keeps_one_game(live_asgi, catalog, alice, token, base_kingdom):
    wanted, other = _bot_game(alice, base_kingdom), _bot_game(alice, base_kingdom)
    with _open(live_asgi, f"/ws/api/v1/events/?game={wanted.pk}", token) as ws:
        assert _next(ws)["game"] == wanted.pk
        services.game_start(game=other, user=alice)
        services.game_start(game=wanted, user=alice)
        seen = _until(ws, lambda e: e["type"] == "your_turn")
    assert {e["game"] for e in seen} == {wanted.pk}


def test_game_ended_is_sent_at_the_end(live_asgi, catalog, alice, token, base_kingdom):
    game = _bot_game(alice, base_kingdom)
    services.game_start(game=game, user=alice)
    with _open(live_asgi, f"/ws/api/v1/events/?game={game.pk}", token) as ws:
        _next(ws)
        game.refresh_from_db()
        while game.status == GameStatus.RUNNING:
            _human_move(game)
            game.refresh_from_db()
        ended = _until(ws, lambda e: e["type"] == "game_ended")[-1]
    assert ended == {"v": 1, "type": "game_ended", "game": game.pk, "step": game.step,
                     "status": "finished"}


def test_ping_pong(live_asgi, token):
    with _open(live_asgi, token=token) as ws:
        _next(ws)
        ws.send(json.dumps({"type": "ping"}))
        assert _next(ws) == {"v": 1, "type": "pong"}


@pytest.mark.parametrize("path, header", [
    ("/ws/api/v1/events/", None),
    ("/ws/api/v1/events/", "dom_not-a-token"),
    ("/ws/api/v1/events/?token=dom_not-a-token", None),
    ("/ws/api/v1/events/?ticket=wst_not-a-ticket", None),
    ("/ws/api/v1/events/?game=abc", "valid"),
])
def test_bad_connections_are_refused(live_asgi, token, path, header):
    with pytest.raises(InvalidStatus) as refused:
        _open(live_asgi, path, token if header == "valid" else header)
    assert refused.value.response.status_code == 403


def test_a_revoked_token_cannot_connect(live_asgi, alice):
    token, raw = api_services.token_create(user=alice, name="gone")
    api_services.token_revoke(user=alice, token_id=token.pk)
    with pytest.raises(InvalidStatus):
        _open(live_asgi, token=raw)


def test_a_token_in_the_url_is_refused(live_asgi, token):
    """URLs end up in access logs: a token there is refused even when it is valid."""
    with pytest.raises(InvalidStatus) as refused:
        _open(live_asgi, f"/ws/api/v1/events/?token={token}")
    assert refused.value.response.status_code == 403


def test_a_filter_for_a_game_without_my_seat_is_refused(live_asgi, catalog, alice, bob, token,
                                                        base_kingdom):
    private = services.game_create(creator=bob, seats=["me", "bmu"], kingdom=base_kingdom,
                                   listed=False)
    listed = services.game_create(creator=bob, seats=["me", "bmu"], kingdom=base_kingdom)
    for game_id in (private.pk, listed.pk, 999999):
        with pytest.raises(InvalidStatus) as refused:
            _open(live_asgi, f"/ws/api/v1/events/?game={game_id}", token)
        assert refused.value.response.status_code == 403


def test_events_name_only_the_seats_own_decisions():
    decisions = [{"id": "d4", "seat": 1, "kind": "ChooseCards"},
                 {"id": "d5", "seat": 2, "kind": "ChooseCards"}]
    events = events_for_seat(game_id=7, step=3, status="running", position=1,
                             decisions=decisions)
    assert [e["type"] for e in events] == ["game_moved", "your_turn", "decision_opened"]
    assert "d5" not in json.dumps(events)
    idle = events_for_seat(game_id=7, step=3, status="running", position=0, decisions=decisions)
    assert [e["type"] for e in idle] == ["game_moved"]
    full = events_for_seat(game_id=7, step=3, status="running", position=1,
                           decisions=decisions, with_pending=True)
    assert [d["id"] for d in full[1]["pending"]] == ["d4"] and "d5" not in json.dumps(full)
    assert "pending" not in events[1]  # (webhooks' events: ids only)


def test_a_client_without_an_origin_header_connects_with_its_token(live_asgi, token):
    with connect(live_asgi.ws_url + "/ws/api/v1/events/",
                 additional_headers={"Authorization": f"Bearer {token}"},
                 open_timeout=BOUND) as ws:
        ws.ping().wait(BOUND)


def test_a_foreign_web_page_cannot_open_a_socket(live_asgi, token):
    with pytest.raises(InvalidStatus):
        connect(live_asgi.ws_url + "/ws/api/v1/events/",
                additional_headers={"Authorization": f"Bearer {token}"},
                origin="http://evil.example", open_timeout=BOUND)


def test_your_turn_fires_when_a_decision_becomes_mine_not_after_my_own_move():
    opened_by_bot = {"id": "d7", "seat": 0, "kind": "BuyPhase", "opened_step": 5,
                     "opened_by": 1, "deadline": "2026-11-25T06:00:00Z"}
    opened_by_me = {**opened_by_bot, "opened_by": 0}
    still_open = {**opened_by_bot, "opened_step": 4}

    def kinds(decision):
        return [e["type"] for e in events_for_seat(game_id=7, step=5, status="running",
                                                   position=0, decisions=[decision])]

    assert kinds(opened_by_bot) == ["game_moved", "your_turn", "decision_opened"]
    assert kinds(opened_by_me) == ["game_moved"]
    assert kinds(still_open) == ["game_moved"]
    turn = events_for_seat(game_id=7, step=5, status="running", position=0,
                           decisions=[opened_by_bot])[1]
    assert turn["deadline"] == "2026-11-25T06:00:00Z"


def test_after_my_own_move_no_your_turn_and_a_new_turn_carries_its_deadline(
        live_asgi, catalog, alice, token, base_kingdom):
    game = _bot_game(alice, base_kingdom)
    with _open(live_asgi, f"/ws/api/v1/events/?game={game.pk}", token) as ws:
        _next(ws)
        services.game_start(game=game, user=alice)
        first = _until(ws, lambda e: e["type"] == "your_turn")[-1]
        assert first["deadline"].endswith("Z")
        _human_move(game)  # my Buy phase goes on: my next decision opened by my own move
        game.refresh_from_db()
        moved = _until(ws, lambda e: e["type"] == "game_moved" and e["step"] == game.step)
        assert moved[-1]["step"] == first["step"] + 1
        ws.send(json.dumps({"type": "ping"}))
        after = _until(ws, lambda e: e["type"] == "pong")
    assert [e["type"] for e in after] == ["pong"], after


def test_a_ticket_opens_the_stream_once(live_asgi, alice, token):
    api = _reader(token)
    made = api.post("/api/v1/ws-ticket/")
    assert made.status_code == 201 and made.json()["ticket"].startswith("wst_")
    assert token not in json.dumps(made.json())
    path = f"/ws/api/v1/events/?ticket={made.json()['ticket']}"
    with _open(live_asgi, path) as ws:
        assert _next(ws)["user"] == alice.pk
    with pytest.raises(InvalidStatus):
        _open(live_asgi, path)  # single use


def test_a_browser_can_authenticate_with_a_subprotocol(live_asgi, alice, token):
    with connect(live_asgi.ws_url + "/ws/api/v1/events/", origin=live_asgi.url,
                 subprotocols=["dominion.v1", f"dominion.bearer.{token}"],
                 open_timeout=BOUND) as ws:
        assert ws.subprotocol == "dominion.v1"  # the token is never echoed back
        assert _next(ws)["user"] == alice.pk


@pytest.mark.parametrize("how", ["header", "ticket"])
def test_revoking_a_token_closes_its_sockets(live_asgi, alice, how):
    token, raw = api_services.token_create(user=alice, name="soon revoked")
    if how == "header":
        ws = _open(live_asgi, token=raw)
    else:
        found = api_services.ticket_create(user=alice, token=token)[0]
        ws = _open(live_asgi, f"/ws/api/v1/events/?ticket={found}")
    with ws:
        _next(ws)
        api_services.token_revoke(user=alice, token_id=token.pk)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(timeout=BOUND)
    assert closed.value.rcvd.code == 4401


def test_a_token_revoked_elsewhere_is_noticed_by_the_recheck(live_asgi, alice, settings):
    settings.API_WS_TOKEN_RECHECK_SECONDS = 0.2
    token, raw = api_services.token_create(user=alice, name="admin revokes it")
    with _open(live_asgi, token=raw) as ws:
        _next(ws)
        ApiToken.objects.filter(pk=token.pk).update(revoked_at=timezone.now())  # no message
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(timeout=BOUND)
    assert closed.value.rcvd.code == 4401


def test_a_socket_opened_through_an_oauth_app_closes_when_its_token_is_revoked(
        live_asgi, alice, settings):
    # A ticket made with an app's access token opened a socket that nothing watched: it
    # outlived the token (found against a live server: still open after the revocation).
    from hashlib import sha256

    import httpx
    from oauth2_provider.models import AccessToken

    from tests.api.test_scopes import _oauth_token

    settings.API_WS_TOKEN_RECHECK_SECONDS = 0.2
    raw = _oauth_token(alice, "read play")["access_token"]
    made = httpx.post(f"{live_asgi.url}/api/v1/ws-ticket/", timeout=BOUND,
                      headers={"Authorization": f"Bearer {raw}"})
    assert made.status_code == 201
    with _open(live_asgi, f"/ws/api/v1/events/?ticket={made.json()['ticket']}") as ws:
        assert _next(ws)["type"] == "hello"
        # as /o/revoke_token/ does:
        AccessToken.objects.get(token_checksum=sha256(raw.encode()).hexdigest()).revoke()
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(timeout=BOUND)
    assert closed.value.rcvd.code == 4401


def test_a_ticket_dies_with_the_oauth_token_that_made_it(live_asgi, alice):
    from hashlib import sha256

    from oauth2_provider.models import AccessToken

    from tests.api.test_scopes import _oauth_token

    raw = _oauth_token(alice, "read")["access_token"]
    access = AccessToken.objects.get(token_checksum=sha256(raw.encode()).hexdigest())
    ticket = api_services.ticket_create(user=alice, token=None, oauth_token=access)[0]
    access.revoke()
    with pytest.raises(InvalidStatus):
        _open(live_asgi, f"/ws/api/v1/events/?ticket={ticket}")
