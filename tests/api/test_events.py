"""The WebSocket event stream: one token-authenticated socket for all of a user's games.

Runs the real ASGI app under uvicorn and connects with the `websockets` client, as a third
party would. Moves are made through the services, in this thread, after real commits.
"""

from __future__ import annotations

import json

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from games import selectors, services
from games.api import services as api_services
from games.api.events import events_for_seat
from games.models import Game, GameStatus

BOUND = 20  # seconds: a bound on waiting for a message, not a timing assertion


@pytest.fixture
def token(alice) -> str:
    return api_services.token_create(user=alice, name="stream")[1]


def _open(live_asgi, path: str = "/ws/api/v1/events/", token: str | None = None):
    headers = {"Authorization": f"Bearer {token}"} if token else None
    return connect(live_asgi.ws_url + path, additional_headers=headers, origin=live_asgi.url,
                   open_timeout=BOUND)


def _next(ws) -> dict:
    return json.loads(ws.recv(timeout=BOUND))


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
    with _open(live_asgi, f"/ws/api/v1/events/?token={token}&game={game.pk}") as ws:
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


def test_events_name_only_the_seats_own_decisions():
    decisions = [{"id": "d4", "seat": 1, "kind": "ChooseCards"},
                 {"id": "d5", "seat": 2, "kind": "ChooseCards"}]
    events = events_for_seat(game_id=7, step=3, status="running", position=1,
                             decisions=decisions)
    assert [e["type"] for e in events] == ["game_moved", "your_turn", "decision_opened"]
    assert "d5" not in json.dumps(events)
    idle = events_for_seat(game_id=7, step=3, status="running", position=0, decisions=decisions)
    assert [e["type"] for e in idle] == ["game_moved"]


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
