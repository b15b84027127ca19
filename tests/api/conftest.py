"""Fixtures for the API tests: token-authenticated clients and a guard for refused requests.

The site's fixtures (catalogue, users, games in each state, play helpers) come from
tests/web/conftest.py, so both suites build games the same way, through the services.
"""

from __future__ import annotations

import contextlib
import functools
import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from jsonschema import Draft202012Validator
from rest_framework.test import APIClient

from games import broadcast
from games.api import services as api_services
from games.models import Game, GameStep
from tests.live_pool import assert_none_lent_but_mine
from tests.web.conftest import (  # noqa: F401  (fixtures)
    _fast_passwords,
    _inline_background,
    alice,
    base_kingdom,
    bob,
    catalog,
    committed,
    make_user,
    open_game,
    play_one,
    play_to_end,
    running_game,
)


@pytest.fixture
def client_for(db):
    """A token-authenticated API client for a user (the way third parties call the API)."""

    def make(user) -> APIClient:
        _, raw = api_services.token_create(user=user, name="tests")
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {raw}")
        return client

    return make


@pytest.fixture
def as_alice(client_for, alice) -> APIClient:  # noqa: F811
    return client_for(alice)


@pytest.fixture
def as_bob(client_for, bob) -> APIClient:  # noqa: F811
    return client_for(bob)


@pytest.fixture
def untouched():
    """Context manager asserting that the game's stored state did not change inside it."""

    @contextlib.contextmanager
    def check(game: Game):
        game.refresh_from_db()
        before = (game.step, game.snapshot, game.decisions, game.status,
                  GameStep.objects.filter(game=game).count())
        yield
        game.refresh_from_db()
        after = (game.step, game.snapshot, game.decisions, game.status,
                 GameStep.objects.filter(game=game).count())
        assert after == before

    return check


EVENTS_SCHEMA = Path(__file__).resolve().parents[2] / "docs" / "events.schema.json"


@functools.cache
def _events_validator() -> Draft202012Validator:
    return Draft202012Validator(json.loads(EVENTS_SCHEMA.read_text()))


def conforming(message: dict) -> dict:
    """`message`, after checking it against docs/events.schema.json (every stream message)."""
    errors = [f"{list(e.absolute_path)}: {e.message}"
              for e in _events_validator().iter_errors(message)]
    assert not errors, (message.get("type"), errors[:3])
    return message


def my_decision(game: Game, seat: int) -> dict:
    game.refresh_from_db()
    return next(d for d in game.decisions if d["seat"] == seat)


def simple_answer(decision: dict):
    """A legal answer to any decision that changes as little as possible."""
    kind = decision["kind"]
    if kind == "BuyPhase":
        return {"end": True}
    if kind in ("ChooseCards", "Reveal", "PlayAction", "OrderCards"):
        return [c["id"] for c in decision["cards"][: decision["min"]]]
    if kind == "ChooseOption":
        return decision["options"][0]["key"]
    if kind == "ChoosePile":
        return decision["piles"][0]["name"] if decision["piles"] else None
    return decision["names"][0]


class LiveAsgi:
    """The real ASGI application (HTTP and WebSockets) served by uvicorn in a thread."""

    def __init__(self) -> None:
        from dominion_site.asgi import application

        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        self.ws_url = f"ws://127.0.0.1:{port}"
        config = uvicorn.Config(application, lifespan="off", log_level="warning",
                                ws_ping_interval=None)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]},
                                       daemon=True, name="api-live-asgi")

    def __enter__(self) -> LiveAsgi:
        broadcast._server_loop = None  # the app records this server's loop on first use
        self.thread.start()
        while not self.server.started and self.thread.is_alive():
            threading.Event().wait(0.05)
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join()
        broadcast._server_loop = None
        assert_none_lent_but_mine()


@pytest.fixture
def live_asgi(transactional_db) -> Iterator[LiveAsgi]:
    with LiveAsgi() as server:
        yield server


def until_alice_decides(game) -> None:
    """Bob answers until a decision is Alice's (seat 0), so the answer links lead somewhere."""
    from games import services

    for _ in range(50):
        game.refresh_from_db()
        if any(d["seat"] == 0 for d in game.decisions):
            return
        decision = game.decisions[0]
        services.decision_submit(game_id=game.pk, seat=decision["seat"],
                                 decision_id=decision["id"], answer=simple_answer(decision))
