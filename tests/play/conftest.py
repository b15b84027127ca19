"""Fixtures for play by the turn: players, games, a controlled clock, on-commit hooks run.

Background work runs inline: a task scheduled after a commit has run by the time the call
that committed returns. Services take `now`, so no test depends on the wall clock.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from engine.positions import build
from games import catalogue, history, services
from games.models import Game, Seat
from tests.play.helpers import BASE_KINGDOM, handled


@pytest.fixture(autouse=True)
def _play_settings(settings) -> None:
    settings.BACKGROUND_MODE = "inline"
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.SITE_URL = "https://dominion.test"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def catalog(db) -> None:
    catalogue.cards_sync()


@pytest.fixture
def make_user(db):
    def make(username: str) -> Any:
        return get_user_model().objects.create_user(
            username=username, email=f"{username}@example.com", password="a-long-pass-phrase-42")

    return make


@pytest.fixture
def alice(make_user):
    return make_user("alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """Run the on-commit hooks (signals, tasks) of what it wraps, as after a real commit."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def start_game(catalog, committed):
    """Start a game for `users` (None: a bot seat), its clocks started at `at`."""

    def start(users: list, *, limit_days: int = 3, at: datetime | None = None,
              bot: str = "bmu") -> Game:
        at = at or timezone.now()
        specs = ["open" if user else bot for user in users]
        creator = next(user for user in users if user)
        game = services.game_create(creator=creator, seats=specs, kingdom=BASE_KINGDOM,
                                    time_limit_days=limit_days)
        for position, user in enumerate(users):
            if user:
                Seat.objects.filter(game=game, position=position).update(user=user, joined_at=at)
        with committed():
            game = services.game_start(game=game, user=creator)
        Seat.objects.filter(game=game, waiting_since__isnull=False).update(waiting_since=at)
        return handled(game, at, committed)

    return start


@pytest.fixture
def position_game(start_game, committed):
    """A running site game whose table is exactly `players` (engine.positions format)."""

    def make(users: list, *players: dict, kingdom=(), at: datetime | None = None,
             limit_days: int = 3) -> Game:
        at = at or timezone.now()
        game = start_game(users, at=at, limit_days=limit_days)
        table = build({"kingdom": list(kingdom), "edition": 2, "card_editions": {},
                       "players": list(players), "supply": {}, "trash": [], "turn": {},
                       "seed": "play-tests"})
        decisions = [d.to_dict() for d in table.pending()]
        Game.objects.filter(pk=game.pk).update(decisions=decisions, **history.installed(table))
        waiting = {d["seat"] for d in decisions}
        Seat.objects.filter(game=game).update(waiting_since=None)
        Seat.objects.filter(game=game, position__in=waiting).update(waiting_since=at)
        return handled(game, at, committed)

    return make
