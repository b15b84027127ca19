"""Fixtures for the site's tests: a synced card catalogue, players, and games in each state.

Background work runs inline here, so a bot's move has happened by the time the call that
triggered it returns (the inline runner queues chained moves instead of recursing).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from games import catalogue, selectors, services
from games.models import Game, GameStatus

BASE_KINGDOM = [
    "Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel", "Smithy", "Village",
    "Workshop",
]


@pytest.fixture(autouse=True)
def _inline_background(settings) -> None:
    settings.BACKGROUND_MODE = "inline"


@pytest.fixture
def catalog(db) -> None:
    catalogue.cards_sync()
    catalogue.kingdoms_load()


@pytest.fixture
def make_user(db):
    def make(username: str, password: str = "a-long-pass-phrase-42") -> Any:
        return get_user_model().objects.create_user(
            username=username, email=f"{username}@example.com", password=password
        )

    return make


@pytest.fixture
def alice(make_user):
    return make_user("alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def open_game(catalog, alice) -> Game:
    """Alice's listed 2-player game with one seat still open."""
    return services.game_create(creator=alice, seats=["me", "open"], kingdom=BASE_KINGDOM)


@pytest.fixture
def running_game(open_game, bob) -> Game:
    """Alice (seat 0) and Bob (seat 1), dealt and waiting for the first decision."""
    services.seat_join(game=open_game, user=bob)
    return services.game_start(game=open_game, user=open_game.creator)


def _bot_answer_for_seat(game: Game, decision: dict) -> Any:
    """What Big Money would answer for a human seat: tests play humans with the engine's bots."""
    seat = game.seats.get(position=decision["seat"])
    seat.bot_strategy = "bmu"  # in memory only: the row stays a human seat
    return selectors.bot_answer_for(game, seat, decision["id"])


def _play_one(game: Game, committed) -> Game:
    """Answer the first open decision through decision_submit; return the refreshed game."""
    game.refresh_from_db()
    decision = game.decisions[0]
    with committed():
        services.decision_submit(
            game_id=game.pk, seat=decision["seat"], decision_id=decision["id"],
            answer=_bot_answer_for_seat(game, decision), step=game.step,
        )
    game.refresh_from_db()
    return game


def _play_to_end(game: Game, committed, limit: int = 5000) -> Game:
    for _ in range(limit):
        game.refresh_from_db()
        if game.status != GameStatus.RUNNING:
            return game
        _play_one(game, committed)
    raise AssertionError(f"game {game.pk} did not end within {limit} answers")


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """Context manager: run the on-commit hooks (broadcasts, bot moves) of what it wraps.

    Tests run inside a transaction that never commits, so hooks would otherwise never fire.
    """
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def play_one(committed):
    """Answer the first open decision (humans played by Big Money) via decision_submit."""
    return lambda game: _play_one(game, committed)


@pytest.fixture
def play_to_end(committed):
    """Answer decisions through decision_submit until the game ends."""
    return lambda game: _play_to_end(game, committed)


@pytest.fixture
def base_kingdom() -> list[str]:
    return list(BASE_KINGDOM)


@pytest.fixture(autouse=True)
def _fast_passwords(settings) -> None:
    # The real hasher is deliberately slow; tests create many users.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
