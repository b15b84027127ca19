"""The game page's socket: session auth, the game's group, and each socket its own seat only."""

from __future__ import annotations

import re

import pytest
from asgiref.sync import async_to_sync
from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.security.websocket import AllowedHostsOriginValidator
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from games import selectors, services
from games.routing import websocket_urlpatterns
from tests.live_pool import pool_lent

pytestmark = pytest.mark.django_db(transaction=True)

HAND = re.compile(r'id="my-hand-cards">(.*?)</ul>', re.S)
NAME = re.compile(r'<span class="card-name">([^<]+)</span>')


def _app():
    """The same WebSocket stack as dominion_site/asgi.py."""
    return AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns)))


def _socket(game, user=None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if user is not None:
        client = Client()
        client.force_login(user)
        session = client.cookies[settings.SESSION_COOKIE_NAME].value
        headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={session}".encode()))
    return WebsocketCommunicator(_app(), f"/ws/games/{game.pk}/", headers=headers)


def _first_move(game):
    game.refresh_from_db()
    d = game.decisions[0]
    answer = {"play": "all"} if d["kind"] == "BuyPhase" and d["treasures"] else \
        ({"end": True} if d["kind"] == "BuyPhase" else [])
    submit = database_sync_to_async(services.decision_submit)
    return d["seat"], lambda: submit(game_id=game.pk, seat=d["seat"], decision_id=d["id"],
                                      answer=answer, step=game.step)


def _hand_in(html: str) -> list[str] | None:
    found = HAND.search(html)
    return NAME.findall(found.group(1)) if found else None


def test_a_move_by_one_player_reaches_the_others_socket(running_game):
    mover, move = _first_move(running_game)
    other = running_game.seats.get(position=1 - mover).user
    mover_name = running_game.seats.get(position=mover).user.username
    socket = _socket(running_game, other)

    async def scenario():
        connected, _ = await socket.connect()
        assert connected
        await move()
        message = await socket.receive_json_from(timeout=10)
        await socket.disconnect()
        return message

    message = async_to_sync(scenario)()

    assert message["type"] == "moved" and message["step"] == running_game.step + 1
    assert f"{mover_name} played" in message["html"]


def test_each_socket_gets_only_its_own_seats_hand(running_game, make_user):
    mover, move = _first_move(running_game)
    seats = {s.position: s.user for s in running_game.seats.all()}
    sockets = [_socket(running_game, seats[0]), _socket(running_game, seats[1]),
               _socket(running_game, make_user("carol"))]

    async def scenario():
        for socket in sockets:
            assert (await socket.connect())[0]
        await move()
        messages = [await socket.receive_json_from(timeout=10) for socket in sockets]
        for socket in sockets:
            await socket.disconnect()
        return messages

    messages = async_to_sync(scenario)()

    running_game.refresh_from_db()
    for position in (0, 1):
        own = [c["name"] for c in selectors.game_view(running_game, position)["hand"]]
        assert sorted(_hand_in(messages[position]["html"])) == sorted(own)
        other_name = seats[1 - position].username
        drew = re.findall(rf"{other_name} drew [^<]*", messages[position]["html"])
        assert drew and all("(" not in line for line in drew), "no peeking at their draws"
    assert _hand_in(messages[2]["html"]) is None, "a spectator sees no hand"
    assert "decision-" not in messages[2]["html"]


def test_rendering_for_sockets_gives_every_database_connection_back(running_game, make_user):
    """The table is drawn on a pool thread; its connection once stayed lent from the database
    pool for ever (three sockets: three connections, until the pool ran dry)."""
    mover, move = _first_move(running_game)
    seats = {s.position: s.user for s in running_game.seats.all()}
    sockets = [_socket(running_game, seats[0]), _socket(running_game, seats[1]),
               _socket(running_game, make_user("carol"))]
    before = pool_lent()

    async def scenario():
        for socket in sockets:
            assert (await socket.connect())[0]
        await move()
        for socket in sockets:
            await socket.receive_json_from(timeout=10)
            await socket.disconnect()

    async_to_sync(scenario)()

    assert pool_lent() <= before


def test_an_anonymous_socket_on_a_private_game_is_refused(catalog, alice, base_kingdom):
    game = services.game_create(creator=alice, seats=["me", "bmu"], kingdom=base_kingdom,
                                listed=False)
    services.game_start(game=game, user=alice)
    anonymous, player = _socket(game), _socket(game, alice)

    async def scenario():
        refused, _ = await anonymous.connect()
        accepted, _ = await player.connect()
        await player.disconnect()
        return refused, accepted

    assert async_to_sync(scenario)() == (False, True)


def test_an_anonymous_socket_on_a_listed_game_watches_as_a_spectator(running_game):
    socket = _socket(running_game)

    async def scenario():
        connected, _ = await socket.connect()
        await socket.send_json_to({"have": -1})
        message = await socket.receive_json_from(timeout=10)
        await socket.disconnect()
        return connected, message

    connected, message = async_to_sync(scenario)()

    assert connected and message["step"] == running_game.step
    assert _hand_in(message["html"]) is None


def test_a_client_that_is_up_to_date_is_sent_nothing_until_the_next_move(running_game):
    mover, move = _first_move(running_game)
    socket = _socket(running_game, running_game.seats.get(position=mover).user)

    async def scenario():
        await socket.connect()
        await socket.send_json_to({"have": running_game.step})
        quiet = await socket.receive_nothing(timeout=0.2)
        await move()
        message = await socket.receive_json_from(timeout=10)
        await socket.disconnect()
        return quiet, message

    quiet, message = async_to_sync(scenario)()

    assert quiet and message["step"] == running_game.step + 1


def test_a_heartbeat_is_answered_with_the_games_step(running_game):
    """The page's heartbeat ({"have", "ping"}) gets "at" when nothing is newer, so the page can
    tell a live socket from a dead one; a newer table is pushed as usual."""
    seat = running_game.seats.get(position=0)
    socket = _socket(running_game, seat.user)

    async def scenario():
        await socket.connect()
        await socket.send_json_to({"have": running_game.step, "ping": True})
        at = await socket.receive_json_from(timeout=10)
        await socket.send_json_to({"have": running_game.step - 1, "ping": True})
        moved = await socket.receive_json_from(timeout=10)
        await socket.disconnect()
        return at, moved

    at, moved = async_to_sync(scenario)()

    assert at == {"type": "at", "step": running_game.step, "status": "running"}
    assert moved["type"] == "moved" and moved["step"] == running_game.step


def test_a_player_who_left_the_seat_is_not_shown_its_next_occupant(catalog, alice, bob,
                                                                   make_user, base_kingdom):
    # The socket drew the seat found at connect time, for whoever held it next.
    eve = make_user("eve")
    game = services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom)
    services.seat_join(game=game, user=eve)
    socket = _socket(game, eve)

    async def scenario():
        assert (await socket.connect())[0]
        await database_sync_to_async(services.seat_leave)(game=game, user=eve)
        await database_sync_to_async(services.seat_join)(game=game, user=bob)
        await database_sync_to_async(services.game_start)(game=game, user=alice)
        message = await socket.receive_json_from(timeout=10)
        while message["status"] != "running":
            message = await socket.receive_json_from(timeout=10)
        await socket.disconnect()
        return message

    message = async_to_sync(scenario)()
    assert _hand_in(message["html"]) is None, "the seat's new occupant's hand"
    assert "decision-" not in message["html"]


def _session_socket(game, client: Client, route: str = "",
                    path: str | None = None) -> WebsocketCommunicator:
    """A socket opened with `client`'s session cookie (route "social/": the chat socket;
    `path`: any other)."""
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver"),
               (b"cookie", f"{settings.SESSION_COOKIE_NAME}={session}".encode())]
    return WebsocketCommunicator(_app(), path or f"/ws/games/{game.pk}/{route}",
                                 headers=headers)


def test_a_sessions_sockets_close_when_it_logs_out(running_game):
    # A socket was authenticated once, when it opened: after a logout it went on pushing
    # the seat's hand (found against a live server, after a password change).
    alice = running_game.seats.get(position=0).user
    client = Client()
    client.force_login(alice)
    socket = _session_socket(running_game, client)
    events = _session_socket(running_game, client, path="/ws/api/v1/events/")  # the badge's

    async def scenario():
        assert (await socket.connect())[0]
        assert (await events.connect())[0]
        assert (await events.receive_json_from(timeout=10))["type"] == "hello"
        await database_sync_to_async(client.logout)()
        return [await socket.receive_output(timeout=10),
                await events.receive_output(timeout=10)]

    assert async_to_sync(scenario)() == [{"type": "websocket.close", "code": 4401}] * 2


def _expiring_session(game, seconds: int) -> Client:
    """A client logged in as the game's first player, its session ending in `seconds`."""
    client = Client()
    client.force_login(game.seats.get(position=0).user)
    session = client.session
    session.set_expiry(seconds)
    session.save()
    return client


def test_a_sessions_sockets_close_when_it_expires(running_game):
    """Nobody logs out, the session's age is simply up: its sockets went on for ever (only
    the game stream had a maximum life)."""
    client = _expiring_session(running_game, 3)
    sockets = [_session_socket(running_game, client), _session_socket(running_game, client,
                                                                       "social/"),
               _session_socket(running_game, client, path="/ws/api/v1/events/")]

    async def scenario():
        for each in sockets:
            assert (await each.connect())[0]
        assert (await sockets[2].receive_json_from(timeout=10))["type"] == "hello"
        assert await sockets[0].receive_nothing(timeout=1), "closed before the session ended"
        return [await each.receive_output(timeout=15) for each in sockets]

    assert async_to_sync(scenario)() == [{"type": "websocket.close", "code": 4401}] * 3


def test_a_session_given_a_later_expiry_keeps_its_sockets(running_game):
    client = _expiring_session(running_game, 2)
    socket = _session_socket(running_game, client, "social/")

    def extend():
        later = client.session
        later.set_expiry(3600)
        later.save()

    async def scenario():
        assert (await socket.connect())[0]
        await database_sync_to_async(extend)()
        open_still = await socket.receive_nothing(timeout=4)
        await socket.disconnect()
        return open_still

    assert async_to_sync(scenario)()


def test_a_deactivated_accounts_session_sockets_close(running_game):
    """Its sessions no longer authenticate (staff deactivate an account to ban it), yet its
    sockets went on pushing the seat's table and chat."""
    alice = running_game.seats.get(position=0).user
    client = Client()
    client.force_login(alice)
    socket = _session_socket(running_game, client)
    social = _session_socket(running_game, client, "social/")

    def deactivate():
        alice.is_active = False
        alice.save()

    async def scenario():
        for each in (socket, social):
            assert (await each.connect())[0]
        await database_sync_to_async(deactivate)()
        return [await each.receive_output(timeout=10) for each in (socket, social)]

    assert async_to_sync(scenario)() == [{"type": "websocket.close", "code": 4401}] * 2


def test_a_password_change_closes_the_accounts_other_session_sockets(running_game):
    alice = running_game.seats.get(position=0).user
    alice.set_password("old-pass-phrase-41")
    alice.save()
    elsewhere, here = Client(), Client()
    elsewhere.force_login(alice)
    here.force_login(alice)
    sockets = [_session_socket(running_game, elsewhere), _session_socket(running_game, here)]
    social = _session_socket(running_game, elsewhere, "social/")

    def change_password():
        page = here.post("/accounts/password/change/", {
            "oldpassword": "old-pass-phrase-41", "password1": "new-pass-phrase-42",
            "password2": "new-pass-phrase-42"})
        assert page.status_code == 302, page.content[:500]

    async def scenario():
        for socket in (*sockets, social):
            assert (await socket.connect())[0]
        await database_sync_to_async(change_password)()
        closed = [await socket.receive_output(timeout=10) for socket in (sockets[0], social)]
        return closed, await sockets[1].receive_nothing(timeout=0.5)

    closed, nothing = async_to_sync(scenario)()
    assert closed == [{"type": "websocket.close", "code": 4401}] * 2
    assert not nothing  # (the changing session's too: its key changed, its page reopens)
    assert elsewhere.get("/profile/").status_code == 302  # its HTTP session ended too


@pytest.mark.parametrize("how", ["set_password", "set_unusable_password"])
def test_a_password_saved_outside_the_sites_forms_closes_the_session_sockets(running_game, how):
    """The admin's password form and a shell save the account, with no allauth signal: the
    HTTP sessions ended (their auth hash changed) and the sockets went on until reopened.
    A save that leaves the password alone (a login's last_login, a name) closes nothing."""
    alice = running_game.seats.get(position=0).user
    client, unused = Client(), Client()
    client.force_login(alice)
    unused.force_login(alice)
    socket, social = _session_socket(running_game, client), \
        _session_socket(running_game, client, "social/")
    by_ticket, spare = _ticket_socket(client), _ticket_socket(unused)

    def save_unchanged():
        alice.first_name = "Alice"
        alice.save()
        alice.save(update_fields=["last_login"])

    def change():
        getattr(alice, how)(*(["another-pass-phrase-43"] if how == "set_password" else []))
        alice.save()

    async def scenario():
        for each in (socket, social, by_ticket):
            assert (await each.connect())[0]
        assert (await by_ticket.receive_json_from(timeout=10))["type"] == "hello"
        await database_sync_to_async(save_unchanged)()
        quiet = await socket.receive_nothing(timeout=0.3)
        await database_sync_to_async(change)()
        closed = [await each.receive_output(timeout=10) for each in (socket, social, by_ticket)]
        return quiet, closed, (await spare.connect())[0]

    quiet, closed, spare_opened = async_to_sync(scenario)()
    assert quiet
    assert closed == [{"type": "websocket.close", "code": 4401}] * 3
    assert not spare_opened  # the sessions' unused tickets died with them
    assert client.get("/profile/").status_code == 302  # (as their HTTP sessions did)


def _ticket_socket(client: Client) -> WebsocketCommunicator:
    """The event stream opened with a ticket `client`'s session asked for (no cookie)."""
    made = client.post("/api/v1/ws-ticket/", content_type="application/json")
    assert made.status_code == 201, made.content[:300]
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    return WebsocketCommunicator(_app(), f"/ws/api/v1/events/?ticket={made.json()['ticket']}",
                                 headers=headers)


def test_a_socket_opened_with_a_sessions_ticket_closes_when_it_logs_out(running_game):
    """A ticket made over the session opened a socket that outlived the session's logout."""
    alice = running_game.seats.get(position=0).user
    client, other = Client(), Client()
    client.force_login(alice)
    other.force_login(alice)
    closed, nothing = _one_closes_one_stays(_ticket_socket(client), _ticket_socket(other),
                                            client.logout)
    assert closed == {"type": "websocket.close", "code": 4401}
    assert nothing  # another session's socket stays open


def _one_closes_one_stays(socket, kept, end=None) -> tuple[dict, bool]:
    """Open both event streams, `end` (sync) the first's session if given: (what the first
    received next, whether the second received nothing)."""
    async def scenario():
        for each in (socket, kept):
            assert (await each.connect())[0]
            assert (await each.receive_json_from(timeout=10))["type"] == "hello"
        if end is not None:
            await database_sync_to_async(end)()
        closed = await socket.receive_output(timeout=15)
        nothing = await kept.receive_nothing(timeout=0.5)
        await kept.disconnect()
        return closed, nothing

    return async_to_sync(scenario)()


def test_a_socket_opened_with_a_sessions_ticket_closes_when_the_session_expires(
        running_game):
    closed, nothing = _one_closes_one_stays(
        *(_ticket_socket(_expiring_session(running_game, seconds)) for seconds in (3, 3600)))
    assert closed == {"type": "websocket.close", "code": 4401}
    assert nothing  # a session with time left keeps its socket


@pytest.mark.parametrize("ends", ["logout", "password"])
def test_a_sessions_unused_ticket_dies_with_the_session(running_game, ends):
    alice = running_game.seats.get(position=0).user
    alice.set_password("old-pass-phrase-41")
    alice.save()
    client = Client()
    client.force_login(alice)
    socket = _ticket_socket(client)
    if ends == "logout":
        client.logout()
    else:
        changed = client.post("/accounts/password/change/", {
            "oldpassword": "old-pass-phrase-41", "password1": "new-pass-phrase-42",
            "password2": "new-pass-phrase-42"})
        assert changed.status_code == 302

    async def scenario():
        return (await socket.connect())[0]

    assert async_to_sync(scenario)() is False
