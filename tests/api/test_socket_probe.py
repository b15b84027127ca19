"""An attacker's probe of the WebSocket surface: the attacks that found nothing, kept so that
they stay defended. (What the probe found has its own tests: tests/web/test_socket_origin.py,
tests/api/test_socket_frame_budget.py, tests/api/test_event_stream_filter.py.)

Each socket is driven in-process through the site's whole WebSocket stack
(`dominion_site.asgi.application`: the origin check, sessions, the routes), so a refusal here
is the one a client gets. Attacks the other socket tests already make are not repeated.
"""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client
from django.utils import timezone

from dominion_site.asgi import application
from games import broadcast, safejson, services
from games.api import services as api_services
from games.api.consumers import CLOSE_UNAUTHENTICATED
from games.api.models import SocketTicket
from tests.api.test_hidden_info import _check

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _forget_the_loop():
    """The stack records the loop it first ran on (games.broadcast): each test has its own."""
    broadcast._server_loop = None
    yield
    broadcast._server_loop = None


def _socket(path: str, headers: list | None = None, subprotocols: list[str] | None = None,
            query: bytes | None = None) -> WebsocketCommunicator:
    socket = WebsocketCommunicator(application, path, headers=headers or [],
                                   subprotocols=subprotocols)
    if query is not None:
        socket.scope["query_string"] = query
    return socket


async def _handshake(socket: WebsocketCommunicator) -> tuple[bool, object]:
    """(opened, selected subprotocol or close code); an opened socket is closed again and
    its consumer must have ended cleanly."""
    opened, detail = await socket.connect(timeout=5)
    if opened:
        await socket.disconnect()
    return opened, detail


def _session(user) -> list[tuple[bytes, bytes]]:
    client = Client()
    client.force_login(user)
    cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
    return [(b"host", b"testserver"), (b"origin", b"http://testserver"),
            (b"cookie", cookie.encode())]


def test_the_token_is_never_echoed_whatever_the_client_offers(running_game, alice):
    _, raw = api_services.token_create(user=alice, name="probe")
    bearer = f"dominion.bearer.{raw}"
    offers = [[bearer], [bearer, "dominion.v1"], ["chat", bearer, "dominion.v1", bearer]]
    paths = ["/ws/api/v1/events/", f"/ws/api/v1/games/{running_game.pk}/stream/"]

    selected = {(tuple(offer), path): async_to_sync(_handshake)(_socket(path, subprotocols=offer))
                for offer in offers for path in paths}

    for (offer, _), (opened, protocol) in selected.items():
        assert opened
        assert protocol == ("dominion.v1" if "dominion.v1" in offer else None)


def test_a_ticket_past_its_minute_or_spent_elsewhere_opens_nothing(running_game, alice):
    stale, _ = api_services.ticket_create(user=alice, token=None)
    SocketTicket.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    fresh, _ = api_services.ticket_create(user=alice, token=None)
    stream = f"/ws/api/v1/games/{running_game.pk}/stream/"

    assert async_to_sync(_handshake)(_socket(stream, query=f"ticket={stale}".encode())) == \
        (False, CLOSE_UNAUTHENTICATED)
    assert async_to_sync(_handshake)(_socket("/ws/api/v1/events/",
                                             query=f"ticket={fresh}".encode()))[0]
    # spent on the event stream: not good for the game stream either, nor a second time
    assert async_to_sync(_handshake)(_socket(stream, query=f"ticket={fresh}".encode())) == \
        (False, CLOSE_UNAUTHENTICATED)


GARBLED = [
    [(b"authorization", b"Bearer \xff\xfe\x00")],
    [(b"authorization", b"Bearer")],
    [(b"authorization", b"Bearer one two")],
    [(b"authorization", b"Bearer dom_" + b"x" * 8000)],
    [(b"authorization", b"Basic YWxpY2U6cGFzcw==")],
    [(b"authorization", b"Bearer dom_nope"), (b"authorization", b"Bearer dom_nope2")],
]


@pytest.mark.parametrize("route", ["/ws/api/v1/events/", "/ws/api/v1/games/{game}/stream/"])
def test_garbled_credentials_are_refused_never_raised(running_game, route):
    path = route.format(game=running_game.pk)
    offers = [["dominion.v1", "dominion.bearer."], ["dominion.v1", "dominion.bearer.\u00e9" * 50]]
    queries = [b"ticket=", b"ticket=wst_" + b"%00" * 100, b"&".join([b"ticket=x"] * 2000),
               b"token=dom_x&ticket=y", b"a" * 8000]

    results = [async_to_sync(_handshake)(_socket(path, headers)) for headers in GARBLED]
    results += [async_to_sync(_handshake)(_socket(path, subprotocols=offer)) for offer in offers]
    results += [async_to_sync(_handshake)(_socket(path, query=query)) for query in queries]

    assert all(not opened for opened, _ in results)
    assert {code for _, code in results} <= {CLOSE_UNAUTHENTICATED, 4400}


def test_a_stranger_cannot_tell_a_private_game_from_a_missing_one(catalog, alice, make_user,
                                                                   base_kingdom):
    private = services.game_create(creator=alice, seats=["me", "bmu"], kingdom=base_kingdom,
                                   listed=False)
    mallory = make_user("mallory")
    _, raw = api_services.token_create(user=mallory, name="probe")
    bearer = [(b"authorization", f"Bearer {raw}".encode())]
    routes = [("/ws/games/{game}/", _session(mallory)),
              ("/ws/games/{game}/social/", _session(mallory)),
              ("/ws/api/v1/games/{game}/stream/", bearer)]

    for route, headers in routes:
        seen = [async_to_sync(_handshake)(_socket(route.format(game=game), headers))
                for game in (private.pk, private.pk + 1000)]
        assert seen[0] == seen[1] and not seen[0][0], route
    filtered = [async_to_sync(_handshake)(_socket("/ws/api/v1/events/", bearer,
                                                  query=f"game={game}".encode()))
                for game in (private.pk, private.pk + 1000)]
    assert filtered[0] == filtered[1] and not filtered[0][0]


def test_frames_after_a_refusal_are_dropped_and_the_consumer_ends_cleanly(running_game, alice):
    socket = _socket(f"/ws/games/{running_game.pk}/", _session(alice))

    async def scenario() -> list[dict]:
        opened, _ = await socket.connect(timeout=5)
        assert opened
        await socket.send_to(text_data="not json")
        for _ in range(50):  # ignored: the socket is closing
            await socket.send_to(text_data='{"have": -1, "ping": true}')
        await socket.send_to(bytes_data=b"\x00" * 10)
        outputs = []
        while not await socket.receive_nothing(timeout=0.3):
            outputs.append(await socket.receive_output())
        await socket.disconnect()  # (raises what the consumer raised)
        return outputs

    outputs = async_to_sync(scenario)()

    assert [(o["type"], o.get("code")) for o in outputs] == \
        [("websocket.close", safejson.CLOSE_BAD_MESSAGE)]


def test_a_spectators_game_stream_shows_no_hidden_card_nor_the_seed(running_game, make_user,
                                                                     play_one):
    """Its first state and the next, by card id against the omniscient table (a stream's
    states were only checked for a `hand` key)."""
    _, raw = api_services.token_create(user=make_user("carol"), name="probe")
    socket = _socket(f"/ws/api/v1/games/{running_game.pk}/stream/",
                     [(b"authorization", f"Bearer {raw}".encode())])

    async def scenario() -> tuple[str, str, object]:
        assert (await socket.connect(timeout=5))[0]
        first = (await socket.receive_output(timeout=5))["text"]
        moved = await database_sync_to_async(play_one)(running_game)
        then = (await socket.receive_output(timeout=10))["text"]
        await socket.disconnect()
        return first, then, moved

    first, then, moved = async_to_sync(scenario)()

    _check(json.loads(first), first, running_game, None, "first state")
    _check(json.loads(then), then, moved, None, "after a move")
    assert json.loads(then)["step"] == moved.step
