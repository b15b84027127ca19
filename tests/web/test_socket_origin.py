"""Cross-site WebSocket hijacking: only the site's own pages open its sockets with a cookie.

Channels' AllowedHostsOriginValidator compared only the Origin's host name with ALLOWED_HOSTS:
a page of another program on the same host (http://localhost:9999 beside the site at
localhost:8000, the same site to the browser, which sends it the session cookie) or a plain
http page of an https site opened the game page's socket as the signed-in player and read
their hand. The Origin must now be the socket's own origin, as Django asks of a form's POST.
"""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from dominion_site.asgi import application
from games import socket_origin

pytestmark = pytest.mark.django_db(transaction=True)

ROUTES = ["/ws/games/{game}/", "/ws/games/{game}/social/", "/ws/api/v1/events/",
          "/ws/api/v1/games/{game}/stream/"]


def _opens(path: str, headers: list[tuple[bytes, bytes]], scheme: str = "ws") -> bool:
    async def handshake() -> bool:
        socket = WebsocketCommunicator(application, path, headers=headers)
        socket.scope["scheme"] = scheme
        connected, _ = await socket.connect(timeout=5)
        if connected:
            await socket.disconnect()
        return connected

    return async_to_sync(handshake)()


@pytest.fixture
def cookie(running_game) -> bytes:
    client = Client()
    client.force_login(running_game.seats.get(position=0).user)
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}" \
        .encode()


def _opened(game, cases: dict, cookie: bytes) -> set[tuple[str, str]]:
    """(case, route) of every route a page of each case's (host, origin, scheme) opened."""
    return {(case, route) for case, (host, origin, scheme) in cases.items() for route in ROUTES
            if _opens(route.format(game=game.pk),
                      [(b"host", host), (b"origin", origin), (b"cookie", cookie)], scheme)}


FOREIGN = {
    "another-port-of-the-host": (b"localhost:8000", b"http://localhost:9999", "ws"),
    "the-sites-host-on-no-port": (b"localhost:8000", b"http://localhost", "ws"),
    "plain-http-page-of-an-https-site": (b"localhost", b"http://localhost", "wss"),
    "another-allowed-host": (b"localhost:8000", b"http://127.0.0.1:8000", "ws"),
    "another-site": (b"localhost:8000", b"http://evil.example", "ws"),
    "a-sandboxed-frame": (b"localhost:8000", b"null", "ws"),
    "user-info": (b"localhost:8000", b"http://evil.example@localhost:8000", "ws"),
    "not-http": (b"localhost:8000", b"ftp://localhost:8000", "ws"),
    "host-not-allowed": (b"evil.example", b"http://evil.example", "ws"),
}


def test_a_page_of_another_origin_cannot_open_a_socket_with_the_cookie(running_game, cookie):
    assert _opened(running_game, FOREIGN, cookie) == set()


OWN = {
    "with-its-port": (b"localhost:8000", b"http://localhost:8000", "ws"),
    "on-the-default-port": (b"localhost", b"http://localhost", "ws"),
    "over-tls": (b"localhost", b"https://localhost", "wss"),
    "written-with-the-port-anyway": (b"localhost", b"https://localhost:443", "wss"),
    "in-capitals": (b"LocalHost:8000", b"http://LOCALHOST:8000", "ws"),
    "ipv6": (b"[::1]:8000", b"http://[::1]:8000", "ws"),
}


def test_the_sites_own_pages_open_every_socket(running_game, cookie):
    every = {(case, route) for case in OWN for route in ROUTES}
    assert every - _opened(running_game, OWN, cookie) == set()


def test_behind_the_tls_proxy_its_header_says_the_scheme(running_game, cookie, settings):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    path = f"/ws/games/{running_game.pk}/"
    page = [(b"host", b"localhost"), (b"origin", b"https://localhost"), (b"cookie", cookie)]

    assert _opens(path, [*page, (b"x-forwarded-proto", b"https")], scheme="ws")
    assert not _opens(path, [*page, (b"x-forwarded-proto", b"http")], scheme="ws")


def test_csrf_trusted_origins_are_trusted_here_too(running_game, cookie, settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://play.example", "https://*.dominion.example"]
    path = f"/ws/games/{running_game.pk}/"

    for origin in (b"https://play.example", b"https://eu.dominion.example"):
        assert _opens(path, [(b"host", b"localhost"), (b"origin", origin),
                             (b"cookie", cookie)])
    assert not _opens(path, [(b"host", b"localhost"), (b"origin", b"http://play.example"),
                             (b"cookie", cookie)])


def test_a_client_without_an_origin_is_let_in_and_two_origins_are_not(running_game, cookie):
    path = f"/ws/games/{running_game.pk}/"
    own = (b"origin", b"http://localhost:8000")

    assert _opens(path, [(b"host", b"localhost:8000"), (b"cookie", cookie)])
    assert not _opens(path, [(b"host", b"localhost:8000"), (b"origin", b"http://evil.example"),
                             own, (b"cookie", cookie)])


def test_the_asgi_application_checks_origins_this_way():
    assert isinstance(application.app.application_mapping["websocket"],
                      socket_origin.SameOriginWhenSent)
