"""The per-game stream (WebSocket and NDJSON): the seat's state on connect and on every change,
chat lines, keep-alives, and only what that seat may see."""

from __future__ import annotations

import json
import time

import httpx
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from games import selectors, services
from games.api import services as api_services
from games.models import Game, GameStatus
from games.social import chat
from tests.api.conftest import conforming

BOUND = 20  # seconds: a bound on waiting, not a timing assertion


def _token(user) -> str:
    return api_services.token_create(user=user, name="stream")[1]


def _ws(live_asgi, game: Game, token: str):
    return connect(f"{live_asgi.ws_url}/ws/api/v1/games/{game.pk}/stream/",
                   additional_headers={"Authorization": f"Bearer {token}"},
                   origin=live_asgi.url, open_timeout=BOUND)


def _next(ws) -> dict:
    return conforming(json.loads(ws.recv(timeout=BOUND)))


def _until(ws, predicate) -> dict:
    while True:
        message = _next(ws)
        if predicate(message):
            return message


def _move(game: Game) -> None:
    """The seat the game waits for answers as Big Money would."""
    game.refresh_from_db()
    decision = game.decisions[0]
    seat = game.seats.get(position=decision["seat"])
    seat.bot_strategy = "bmu"  # in memory only
    services.decision_submit(game_id=game.pk, seat=decision["seat"], decision_id=decision["id"],
                             answer=selectors.bot_answer_for(game, seat, decision["id"]))


@pytest.fixture
def duel(catalog, alice, bob, base_kingdom) -> Game:
    game = services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom)
    services.seat_join(game=game, user=bob)
    return services.game_start(game=game, user=alice)


def test_connect_sends_my_state_and_each_move_sends_the_next(live_asgi, duel, alice):
    with _ws(live_asgi, duel, _token(alice)) as ws:
        first = _next(ws)
        assert first["type"] == "state" and first["v"] == 1
        assert (first["game"], first["step"], first["seat"]) == (duel.pk, 0, 0)
        assert first["view"]["seat"] == 0 and first["view"]["step"] == 0
        assert first["decisions"] == [d for d in first["view"]["pending"] if d["seat"] == 0]
        _move(duel)
        second = _until(ws, lambda m: m["type"] == "state")
    duel.refresh_from_db()
    assert second["step"] == duel.step == 1
    assert second["view"]["step"] == 1


def test_the_state_is_my_seats_only(live_asgi, duel, alice, bob):
    with _ws(live_asgi, duel, _token(bob)) as ws:
        state = _next(ws)
    assert state["seat"] == 1 and state["view"]["seat"] == 1
    alice_hand = selectors.game_view(duel, 0)["hand"]
    assert state["view"]["hand"] != alice_hand or alice_hand == []
    assert all(d["seat"] == 1 for d in state["decisions"])
    assert "seed" not in json.dumps(state)


def test_chat_lines_come_through_the_stream(live_asgi, duel, alice, bob):
    with _ws(live_asgi, duel, _token(alice)) as ws:
        _next(ws)
        chat.chat_post(game=duel, user=bob, body="good luck")
        line = _until(ws, lambda m: m["type"] == "chat")
    assert line["message"]["body"] == "good luck" and line["message"]["author"] == "bob"
    assert line["step"] == duel.step


def test_a_hidden_line_is_announced_only_to_who_could_read_it(live_asgi, duel, alice, bob,
                                                               make_user):
    """alice muted bob and never saw his line: staff hiding it told her its id all the same."""
    chat.mute_set(user=alice, other=bob, muted=True)
    line = chat.chat_post(game=duel, user=bob, body="soon gone")
    with _ws(live_asgi, duel, _token(alice)) as mine, _ws(live_asgi, duel, _token(bob)) as his:
        _next(mine), _next(his)
        chat.chat_hide(message=line, staff=make_user("staff"))
        chat.chat_post(game=duel, user=alice, body="after it")
        told = _until(his, lambda m: m["type"] != "state")
        first = _until(mine, lambda m: m["type"] != "state")
    assert (told["type"], told["id"], told["game"]) == ("chat_hidden", line.pk, duel.pk)
    assert first["type"] == "chat" and first["message"]["body"] == "after it"


def test_a_spectator_of_a_listed_game_gets_the_spectators_state(live_asgi, duel, make_user):
    carol = make_user("carol")
    with _ws(live_asgi, duel, _token(carol)) as ws:
        state = _next(ws)
    assert state["seat"] is None and state["decisions"] == []
    assert "hand" not in state["view"] or state["view"]["hand"] in ([], None)


def test_a_private_game_refuses_a_stranger(live_asgi, catalog, alice, make_user, base_kingdom):
    game = services.game_create(creator=alice, seats=["me", "bmu"], kingdom=base_kingdom,
                                listed=False)
    with pytest.raises(InvalidStatus):
        _ws(live_asgi, game, _token(make_user("mallory")))


def test_keepalives_and_ping(live_asgi, duel, alice, settings):
    settings.API_STREAM_KEEPALIVE_SECONDS = 0.2
    with _ws(live_asgi, duel, _token(alice)) as ws:
        _next(ws)
        assert _next(ws) == {"v": 1, "type": "keepalive"}
        ws.send(json.dumps({"type": "ping"}))
        assert _until(ws, lambda m: m["type"] != "keepalive") == {"v": 1, "type": "pong"}


def test_a_keepalive_comes_only_after_a_quiet_spell(live_asgi, duel, alice, settings):
    """As documented (and as the NDJSON stream does): it came every 20 s whatever was sent."""
    settings.API_STREAM_KEEPALIVE_SECONDS = 1.0
    with _ws(live_asgi, duel, _token(alice)) as ws:
        _next(ws)
        busy = []
        for _ in range(8):  # a message every 0.2 s for 1.6 s: no quiet spell of 1 s
            ws.send(json.dumps({"type": "ping"}))
            busy.append(_next(ws)["type"])
            time.sleep(0.2)
        quiet = _next(ws)
    assert set(busy) == {"pong"}
    assert quiet == {"v": 1, "type": "keepalive"}


def test_the_socket_ends_after_the_streams_time_as_the_ndjson_one_does(live_asgi, duel, alice,
                                                                       settings):
    """API_STREAM_MAX_SECONDS bounded the NDJSON stream only: a socket opened with a session
    that then expired, or whose account changed in ways no signal reports, went on for ever."""
    settings.API_STREAM_MAX_SECONDS = 0.5
    with _ws(live_asgi, duel, _token(alice)) as ws:
        _next(ws)
        with pytest.raises(ConnectionClosed) as closed:
            _until(ws, lambda m: False)  # (keep-alives until then)
    assert closed.value.rcvd.code == 1001 and "reconnect" in closed.value.rcvd.reason


def test_the_socket_closes_after_the_final_state(live_asgi, catalog, alice, base_kingdom):
    game = services.game_create(creator=alice, seats=["me", "bmu"], kingdom=base_kingdom)
    services.game_start(game=game, user=alice)
    with _ws(live_asgi, game, _token(alice)) as ws:
        _next(ws)
        game.refresh_from_db()
        while game.status == GameStatus.RUNNING:
            _move(game)
            game.refresh_from_db()
        last = _until(ws, lambda m: m["type"] == "state" and m["status"] != "running")
        with pytest.raises(ConnectionClosed):
            while True:
                ws.recv(timeout=BOUND)
    assert last["status"] == "finished" and last["decisions"] == []
    assert last["view"]["over"] is True


def test_ndjson_stream_sends_states_and_blank_keepalives(live_asgi, duel, alice, settings):
    settings.API_STREAM_KEEPALIVE_SECONDS = 0.2
    headers = {"Authorization": f"Bearer {_token(alice)}", "Accept": "application/x-ndjson"}
    url = f"{live_asgi.url}/api/v1/games/{duel.pk}/stream/"
    with httpx.stream("GET", url, headers=headers, timeout=BOUND) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("application/x-ndjson")
        lines = response.iter_lines()
        first = conforming(json.loads(next(lines)))
        assert first["type"] == "state" and first["step"] == 0 and first["seat"] == 0
        assert next(lines) == ""  # a keep-alive
        _move(duel)
        line = next(lines)
        while line == "":
            line = next(lines)
    assert json.loads(line)["step"] == 1


def test_ndjson_stream_of_a_hidden_game_is_a_json_404(live_asgi, catalog, alice, make_user,
                                                      base_kingdom):
    game = services.game_create(creator=alice, seats=["me", "bmu"], kingdom=base_kingdom,
                                listed=False)
    response = httpx.get(f"{live_asgi.url}/api/v1/games/{game.pk}/stream/", timeout=BOUND,
                         headers={"Authorization": f"Bearer {_token(make_user('eve'))}"})
    assert response.status_code == 404 and response.json()["code"] == "not_found"


def test_a_player_who_left_the_seat_is_not_shown_its_next_occupant(
        live_asgi, catalog, alice, bob, make_user, base_kingdom):
    # The stream drew the seat it found at connect time: a player who joined, opened the
    # stream and left was shown the hand and decisions of whoever took the seat next, for the
    # whole game (found against a live server).
    eve = make_user("eve")
    game = services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom)
    services.seat_join(game=game, user=eve)
    with _ws(live_asgi, game, _token(eve)) as ws:
        assert _next(ws)["seat"] == 1
        services.seat_leave(game=game, user=eve)
        services.seat_join(game=game, user=bob)
        services.game_start(game=game, user=alice)
        state = _until(ws, lambda m: m["type"] == "state" and m["status"] == "running")
    assert state["seat"] is None and state["decisions"] == []
    assert state["view"]["seat"] is None and "hand" not in state["view"]


def test_a_player_who_left_a_private_game_is_cut_off(live_asgi, catalog, alice, bob,
                                                     make_user, base_kingdom):
    eve = make_user("eve")
    game = services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom,
                                listed=False)
    services.seat_join(game=game, user=eve, invite_token=game.invite_token)
    headers = {"Authorization": f"Bearer {_token(eve)}", "Accept": "application/x-ndjson"}
    url = f"{live_asgi.url}/api/v1/games/{game.pk}/stream/"
    with _ws(live_asgi, game, _token(eve)) as ws, httpx.stream(
            "GET", url, headers=headers, timeout=BOUND) as response:
        assert _next(ws)["seat"] == 1
        lines = response.iter_lines()
        assert json.loads(next(lines))["seat"] == 1
        services.seat_leave(game=game, user=eve)
        services.seat_join(game=game, user=bob, invite_token=game.invite_token)
        services.game_start(game=game, user=alice)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                assert _next(ws)["status"] == "open"
        assert closed.value.rcvd.code == 4403
        rest = [line for line in lines if line]  # the NDJSON stream ends
    assert all(json.loads(line)["status"] == "open" for line in rest)


def _ndjson(live_asgi, game: Game, raw: str):
    headers = {"Authorization": f"Bearer {raw}", "Accept": "application/x-ndjson"}
    return httpx.stream("GET", f"{live_asgi.url}/api/v1/games/{game.pk}/stream/",
                        headers=headers, timeout=BOUND)


def test_an_ndjson_stream_ends_when_its_token_is_revoked(live_asgi, duel, alice, settings):
    # Sockets closed on revocation, but an NDJSON stream went on sending the seat's hand and
    # decisions for up to six hours (found against a live server).
    settings.API_STREAM_KEEPALIVE_SECONDS = 0.2
    settings.API_STREAM_MAX_SECONDS = BOUND  # (a stream that missed it ends anyway)
    token, raw = api_services.token_create(user=alice, name="soon revoked")
    with _ndjson(live_asgi, duel, raw) as response:
        lines = response.iter_lines()
        assert json.loads(next(lines))["step"] == 0
        api_services.token_revoke(user=alice, token_id=token.pk)  # tells the stream at once
        _move(duel)  # broadcast after the revocation's message
        rest = [line for line in lines if line]
    assert rest == []


def test_an_ndjson_stream_ends_when_the_recheck_finds_its_token_dead(live_asgi, duel, alice,
                                                                     settings):
    from django.utils import timezone

    from games.api.models import ApiToken

    settings.API_WS_TOKEN_RECHECK_SECONDS = 0.2
    settings.API_STREAM_MAX_SECONDS = BOUND
    token, raw = api_services.token_create(user=alice, name="revoked elsewhere")
    with _ndjson(live_asgi, duel, raw) as response:
        lines = response.iter_lines()
        assert json.loads(next(lines))["step"] == 0
        ApiToken.objects.filter(pk=token.pk).update(revoked_at=timezone.now())  # no message
        assert [line for line in lines if line] == []  # it ends, with nothing more


def test_an_ndjson_stream_through_an_oauth_app_ends_when_its_token_is_revoked(
        live_asgi, duel, alice, settings):
    from hashlib import sha256

    from oauth2_provider.models import AccessToken

    from tests.api.test_scopes import _oauth_token

    settings.API_WS_TOKEN_RECHECK_SECONDS = 0.2
    settings.API_STREAM_MAX_SECONDS = BOUND
    raw = _oauth_token(alice, "read play")["access_token"]
    with _ndjson(live_asgi, duel, raw) as response:
        lines = response.iter_lines()
        assert json.loads(next(lines))["step"] == 0
        AccessToken.objects.get(token_checksum=sha256(raw.encode()).hexdigest()).revoke()
        assert [line for line in lines if line] == []  # it ends, with nothing more
