"""The cap on open WebSockets: per account, and per address for sockets without an account."""

from __future__ import annotations

import gc
import inspect

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator

from games import socket_quota
from tests.web.test_game_consumer import _app, _socket

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _small_caps(settings):
    settings.WS_MAX_SOCKETS_PER_USER = 2
    settings.WS_MAX_SOCKETS_PER_ADDRESS = 2
    settings.WS_MAX_SOCKETS_PER_GAME = 0  # (its own test below)


def _another_game(running_game):
    from games import services

    alice = running_game.seats.get(position=0).user
    return services.game_start(game=services.game_create(
        creator=alice, seats=["me", "bmu"], kingdom=running_game.kingdom_cards), user=alice)


def _anonymous(game, address: str) -> WebsocketCommunicator:
    socket = _socket(game)
    socket.scope["client"] = (address, 50000)
    return socket


def _social(game, user) -> WebsocketCommunicator:
    socket = _socket(game, user)
    return WebsocketCommunicator(_app(), f"/ws/games/{game.pk}/social/",
                                 headers=socket.scope["headers"])


async def _refused_for_too_many(socket: WebsocketCommunicator) -> dict:
    """Accepted, then closed at once with 4429 and a reason."""
    connected, _ = await socket.connect()
    assert connected
    closed = await socket.receive_output(timeout=5)
    assert closed["type"] == "websocket.close" and closed["code"] == socket_quota.CLOSE_TOO_MANY
    return closed


def test_an_account_holds_at_most_the_cap_across_every_socket_route(running_game):
    alice = running_game.seats.get(position=0).user
    bob = running_game.seats.get(position=1).user
    other = _another_game(running_game)
    first, second = _socket(running_game, alice), _social(other, alice)
    third, again = _socket(other, alice), _socket(running_game, alice)
    bobs = _socket(running_game, bob)

    async def scenario():
        assert (await first.connect())[0] and (await second.connect())[0]
        closed = await _refused_for_too_many(third)
        assert (await bobs.connect())[0]  # another account is not affected
        await first.disconnect()  # a place freed is a place to take again
        assert (await again.connect())[0]
        for socket in (second, bobs, again):
            await socket.disconnect()
        return closed

    closed = async_to_sync(scenario)()
    assert closed["reason"] == "too many open sockets for this account (2)"
    assert socket_quota.open_count(f"user:{alice.pk}") == 0


def _anonymous_cap(game, held: list[str], refused: str, other: str) -> dict:
    """Open anonymous sockets from the `held` addresses, then one from `refused` (its close
    frame is returned) and one from `other`, which must be let in; then close them all."""
    async def scenario():
        sockets = [_anonymous(game, address) for address in held]
        for socket in sockets:
            assert (await socket.connect())[0]
        closed = await _refused_for_too_many(_anonymous(game, refused))
        outside = _anonymous(game, other)
        assert (await outside.connect())[0]
        for socket in (*sockets, outside):
            await socket.disconnect()
        return closed

    return async_to_sync(scenario)()


def test_sockets_without_an_account_are_capped_per_address(running_game):
    closed = _anonymous_cap(running_game, ["198.51.100.7"] * 2, "198.51.100.7", "198.51.100.8")
    assert closed["reason"] == "too many open sockets for this address (2)"
    assert socket_quota.open_count("address:198.51.100.7") == 0


def test_ipv6_clients_are_counted_by_their_64(running_game):
    # Each subscriber has a whole /64 to pick source addresses from: counted per address,
    # one client could hold any number of sockets.
    closed = _anonymous_cap(running_game, ["2001:db8:1:2::1", "2001:db8:1:2::2"],
                            "2001:db8:1:2:ffff::3", "2001:db8:1:3::1")  # (the last: another /64)
    assert closed["reason"] == "too many open sockets for this address (2)"
    assert socket_quota.address_key("::ffff:198.51.100.7") == "198.51.100.7"
    assert socket_quota.address_key("198.51.100.7") == "198.51.100.7"
    assert socket_quota.address_key(None) == "unknown"


def test_a_refused_socket_takes_no_place(running_game, make_user):
    stranger = make_user("stranger")
    running_game.listed = False
    running_game.save(update_fields=["listed"])

    sockets = [_socket(running_game, stranger) for _ in range(3)]

    async def scenario():
        for socket in sockets:  # a private game refuses a stranger: 4403, nothing counted
            assert await socket.connect() == (False, 4403)
        assert socket_quota.open_count(f"user:{stranger.pk}") == 0

    async_to_sync(scenario)()


def test_one_game_holds_fewer_of_an_accounts_sockets(running_game, settings):
    """A person's tabs on one game: the low cap; the account's other games are not held up."""
    settings.WS_MAX_SOCKETS_PER_USER = 10
    settings.WS_MAX_SOCKETS_PER_GAME = 2
    alice = running_game.seats.get(position=0).user
    other = _another_game(running_game)
    held = [_socket(running_game, alice), _social(running_game, alice)]
    third, elsewhere = _socket(running_game, alice), _socket(other, alice)

    async def scenario():
        for socket in held:
            assert (await socket.connect())[0]
        closed = await _refused_for_too_many(third)
        assert (await elsewhere.connect())[0]
        for socket in (*held, elsewhere):
            await socket.disconnect()
        return closed

    closed = async_to_sync(scenario)()
    assert closed["reason"] == "too many open sockets for this account on this game (2)"
    assert socket_quota.open_count(f"user:{alice.pk}") == 0
    assert socket_quota.open_count(f"user:{alice.pk}:game:{running_game.pk}") == 0


def test_a_cap_of_zero_is_no_cap(running_game, settings):
    settings.WS_MAX_SOCKETS_PER_ADDRESS = 0

    async def scenario():
        held = [_anonymous(running_game, "198.51.100.9") for _ in range(4)]
        for socket in held:
            assert (await socket.connect())[0]
        for socket in held:
            await socket.disconnect()

    async_to_sync(scenario)()


def test_a_consumer_gone_without_its_disconnect_frees_its_place(settings):
    class Consumer(socket_quota.SocketQuotaMixin):
        scope = {"client": ("192.0.2.1", 1)}

        async def _accept(self):  # pragma: no cover - not reached under the cap
            raise AssertionError

    async def take():
        return await Consumer().admit(None)

    assert async_to_sync(take)()
    gc.collect()
    assert socket_quota.open_count("address:192.0.2.1") == 0


def test_every_socket_route_takes_a_place_before_it_accepts():
    from games.routing import NoSuchSocket, websocket_urlpatterns

    consumers = {route.callback.consumer_class for route in websocket_urlpatterns}
    assert len(consumers) == len(websocket_urlpatterns) >= 4
    # The catch-all of unknown paths refuses every handshake: it never holds a socket open.
    assert "accept" not in inspect.getsource(NoSuchSocket)
    consumers.discard(NoSuchSocket)
    uncapped = [c.__name__ for c in consumers if not issubclass(c, socket_quota.SocketQuotaMixin)
                or "self.admit(" not in inspect.getsource(c.connect)
                or "self.release()" not in inspect.getsource(c.disconnect)]
    assert not uncapped, f"sockets without the cap: {uncapped}"
