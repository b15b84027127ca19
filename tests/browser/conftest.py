"""Browser tests: Playwright drives Debian's chromium against a live ASGI server (uvicorn in a
thread of this process, on 127.0.0.1), with HTTP and WebSockets as in production.

Tests here use the transactional database (the server's threads must see committed rows).
Bots move inline, inside the request that made it their turn, so a reply already shows them.
"""

from __future__ import annotations

import os
import socket
import threading
from collections.abc import Iterator
from typing import Any

import pytest
import uvicorn
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.test import Client

from games import broadcast, catalogue, services
from games.models import Game
from tests.live_pool import assert_none_lent_but_mine

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync",
                 # no name but the test server's is ever resolved (a test's off-site
                 # address, such as an OAuth app's callback, is answered by page.route)
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
BASE_KINGDOM = ["Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel", "Smithy",
                "Village", "Workshop"]


class LiveServer:
    def __init__(self) -> None:
        from dominion_site.asgi import application
        from games.play import sweeper

        if sweeper._running is not None:  # the embedded sweep thread: not wanted in tests
            sweeper._running.stop()
            sweeper._running = None
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        # A bounded graceful shutdown: with Redis, a socket's consumer can sit in the channel
        # layer's blocking read after its page closed, and an unbounded wait never ends.
        self.app = _InFlight(_with_static(application))
        config = uvicorn.Config(self.app, lifespan="off", log_level="warning",
                                ws_ping_interval=None, timeout_graceful_shutdown=5)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]},
                                       daemon=True, name="live-asgi")

    def start(self) -> None:
        broadcast._server_loop = None  # let the wrapper record this server's loop
        self.thread.start()
        while not self.server.started and self.thread.is_alive():
            threading.Event().wait(0.05)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)
        if self.thread.is_alive():  # still waiting on a connection: close it (daemon thread)
            self.server.force_exit = True
            self.thread.join(timeout=30)
        broadcast._server_loop = None


class _InFlight:
    """Counts the HTTP requests under way, so a test's end can wait for its pages' last ones.

    A request still running when the test's database is flushed (a page's last fetch, a bot's
    move made inline) can deadlock with the TRUNCATE: PostgreSQL then kills the flush.
    """

    def __init__(self, app: Any) -> None:
        self.app = app
        self.calls = 0
        self.changed = threading.Condition()

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":  # sockets live as long as their page: not waited for
            await self.app(scope, receive, send)
            return
        with self.changed:
            self.calls += 1
        try:
            await self.app(scope, receive, send)
        finally:
            with self.changed:
                self.calls -= 1
                self.changed.notify_all()

    def wait_idle(self, timeout: float) -> bool:
        with self.changed:
            return self.changed.wait_for(lambda: self.calls == 0, timeout=timeout)


def _with_static(app: Any) -> Any:
    """Serve /static/ from the app even where production settings leave it to a proxy."""
    if django_settings.SERVE_STATIC:
        return app
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

    return ASGIStaticFilesHandler(app)  # passes everything but /static/ on to `app`


@pytest.fixture(scope="session")
def live_asgi() -> Iterator[LiveServer]:
    server = LiveServer()
    server.start()
    yield server
    server.stop()
    assert_none_lent_but_mine()


@pytest.fixture(scope="module")
def browser(django_db_setup, django_db_blocker) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    # Module-scoped: Playwright's sync API keeps an event loop in this thread while it is open,
    # which would break later tests that start their own loop (async_to_sync).
    # That loop also makes Django refuse ORM calls here; between browser steps they are
    # plain synchronous calls, so allow them.
    saved = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as pw:
            chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            yield chromium
            chromium.close()
    finally:
        if saved is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = saved


@pytest.fixture(autouse=True)
def _browser_settings(settings) -> None:
    settings.BACKGROUND_MODE = "inline"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def catalog(transactional_db) -> None:
    catalogue.cards_sync()


@pytest.fixture
def make_user(transactional_db):
    def make(username: str) -> Any:
        return get_user_model().objects.create_user(
            username=username, email=f"{username}@example.com", password="a-long-pass-phrase-42")

    return make


@pytest.fixture
def new_page(transactional_db, browser, live_asgi):
    """A page in a fresh browser context logged in as `user` (by session cookie).

    At the end its contexts close and the server's HTTP requests still under way are waited
    for (bounded), before the database is flushed.
    """
    contexts = []

    def make(user, javascript: bool = True, viewport: dict | None = None) -> Any:
        client = Client()
        client.force_login(user)
        context = browser.new_context(java_script_enabled=javascript, base_url=live_asgi.url,
                                      viewport=viewport or {"width": 1280, "height": 900})
        context.add_cookies([{"name": django_settings.SESSION_COOKIE_NAME,
                              "value": client.cookies[django_settings.SESSION_COOKIE_NAME].value,
                              "url": live_asgi.url}])
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(20_000)
        return page

    yield make
    for context in contexts:
        context.close()
    live_asgi.app.wait_idle(timeout=10)


def start_game(creator, seats: list[str], joiners=(), seed: str | None = None) -> Game:
    game = services.game_create(creator=creator, seats=seats, kingdom=BASE_KINGDOM)
    if seed is not None:
        Game.objects.filter(pk=game.pk).update(seed=seed)
    for user in joiners:
        services.seat_join(game=game, user=user)
    return services.game_start(game=game, user=creator)

