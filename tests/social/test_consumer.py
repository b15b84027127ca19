"""The social socket: each viewer gets only the chat lines they may read, and change notices."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.security.websocket import AllowedHostsOriginValidator
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from games import services
from games.routing import websocket_urlpatterns
from games.social import chat, undo

pytestmark = pytest.mark.django_db(transaction=True)


def _socket(game, user=None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if user is not None:
        client = Client()
        client.force_login(user)
        session = client.cookies[settings.SESSION_COOKIE_NAME].value
        headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={session}".encode()))
    app = AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns)))
    return WebsocketCommunicator(app, f"/ws/games/{game.pk}/social/", headers=headers)


def test_chat_reaches_each_viewer_who_may_read_it(running_game, alice, bob, carol):
    chat.mute_set(user=bob, other=alice, muted=True)
    sockets = [_socket(running_game, u) for u in (alice, bob, carol)]
    post = database_sync_to_async(chat.chat_post)

    async def scenario():
        for socket in sockets:
            assert (await socket.connect())[0]
        await post(game=running_game, user=alice, body="<i>hello</i>")
        got = [await sockets[0].receive_json_from(timeout=10),
               await sockets[2].receive_json_from(timeout=10)]
        nothing_for_bob = await sockets[1].receive_nothing(timeout=0.5)
        for socket in sockets:
            await socket.disconnect()
        return got, nothing_for_bob

    got, nothing_for_bob = async_to_sync(scenario)()
    assert all(m["type"] == "chat" and m["message"]["body"] == "<i>hello</i>" for m in got)
    assert nothing_for_bob


def test_a_private_game_refuses_a_strangers_socket(catalog, alice, carol, base_kingdom):
    game = services.game_create(creator=alice, seats=["me", "bmu"], kingdom=base_kingdom,
                                listed=False)
    socket = _socket(game, carol)

    async def scenario():
        connected, _ = await socket.connect()
        return connected

    assert async_to_sync(scenario)() is False


def test_moves_and_undos_are_announced(running_game):
    game = running_game
    decision = game.decisions[0]
    seat = decision["seat"]
    user = game.seats.get(position=seat).user
    socket = _socket(game, user)
    submit = database_sync_to_async(services.decision_submit)
    take_back = database_sync_to_async(undo.undo_take_back)

    async def scenario():
        assert (await socket.connect())[0]
        await submit(game_id=game.pk, seat=seat, decision_id=decision["id"],
                     answer={"play": "all"}, step=0)
        moved = await socket.receive_json_from(timeout=10)
        await take_back(game=game, user=user, to_step=0, step=1)
        notices = [await socket.receive_json_from(timeout=10) for _ in range(2)]
        await socket.disconnect()
        return moved, notices

    moved, notices = async_to_sync(scenario)()
    assert moved == {"type": "changed", "step": 1, "status": "running"}
    assert {"type": "undo", "status": "applied", "to_step": 0} in notices


def test_a_player_who_left_a_private_game_reads_no_more_of_its_chat(catalog, alice, carol,
                                                                    base_kingdom):
    game = services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom,
                                listed=False)
    services.seat_join(game=game, user=carol, invite_token=game.invite_token)
    socket = _socket(game, carol)
    post = database_sync_to_async(chat.chat_post)

    async def scenario():
        assert (await socket.connect())[0]
        await database_sync_to_async(services.seat_leave)(game=game, user=carol)
        await post(game=game, user=alice, body="carol has gone")
        outputs = [await socket.receive_output(timeout=10)]
        while outputs[-1]["type"] == "websocket.send":
            outputs.append(await socket.receive_output(timeout=10))
        return outputs

    outputs = async_to_sync(scenario)()
    assert outputs[-1] == {"type": "websocket.close", "code": 4403}
    assert all("carol has gone" not in o.get("text", "") for o in outputs)


def test_a_player_who_left_a_private_game_hears_no_more_of_its_moves(catalog, alice, bob, carol,
                                                                     base_kingdom):
    game = services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom,
                                listed=False)
    services.seat_join(game=game, user=carol, invite_token=game.invite_token)
    socket = _socket(game, carol)

    def others_play_on() -> None:
        services.seat_leave(game=game, user=carol)
        services.seat_join(game=game, user=bob, invite_token=game.invite_token)
        started = services.game_start(game=game, user=alice)
        decision = started.decisions[0]
        services.decision_submit(game_id=game.pk, seat=decision["seat"],
                                 decision_id=decision["id"], answer={"end": True},
                                 step=started.step)

    async def scenario():
        assert (await socket.connect())[0]
        await database_sync_to_async(others_play_on)()
        outputs = []
        while not await socket.receive_nothing(timeout=2):
            outputs.append(await socket.receive_output())
        return outputs

    outputs = async_to_sync(scenario)()
    # (closed at the first news; a close for each broadcast that came before it took effect)
    assert outputs and all(o == {"type": "websocket.close", "code": 4403} for o in outputs)


def test_a_hidden_line_is_announced_only_to_who_could_read_it(running_game, alice, bob, carol,
                                                               make_user):
    """Staff hid a line: the notice (its id) went to every socket, bob's too, who had muted
    its author and never saw it."""
    chat.mute_set(user=bob, other=alice, muted=True)
    staff = make_user("staff")
    line = chat.chat_post(game=running_game, user=alice, body="soon gone")
    sockets = [_socket(running_game, u) for u in (alice, bob, carol)]
    hide = database_sync_to_async(chat.chat_hide)

    async def scenario():
        for socket in sockets:
            assert (await socket.connect())[0]
        await hide(message=line, staff=staff)
        got = [await sockets[i].receive_json_from(timeout=10) for i in (0, 2)]
        nothing_for_bob = await sockets[1].receive_nothing(timeout=0.5)
        for socket in sockets:
            await socket.disconnect()
        return got, nothing_for_bob

    got, nothing_for_bob = async_to_sync(scenario)()
    assert got == [{"type": "chat_hidden", "id": line.pk}] * 2
    assert nothing_for_bob
