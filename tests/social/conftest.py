"""Fixtures for the social features: the site's players and games, and small move helpers."""

from __future__ import annotations

from typing import Any

import pytest

from games import services
from games.models import Game
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
def carol(make_user):  # noqa: F811
    return make_user("carol")


@pytest.fixture
def answer(committed):  # noqa: F811
    """Answer seat's first open decision with `value` (after-commit hooks run)."""

    def act(game: Game, seat: int, value: Any, actor: str = "player") -> Game:
        game.refresh_from_db()
        decision = next(d for d in game.decisions if d["seat"] == seat)
        with committed():
            services.decision_submit(game_id=game.pk, seat=seat, decision_id=decision["id"],
                                     answer=value, step=game.step, actor=actor)
        game.refresh_from_db()
        return game

    return act


def first_seat(game: Game) -> int:
    game.refresh_from_db()
    return game.decisions[0]["seat"]


@pytest.fixture
def finish():
    """Play a game to its end quickly: humans answered by Big Money, no after-commit hooks
    (tests that need the end-of-game reactions call them or use play_to_end)."""
    from games import selectors
    from games.models import GameStatus

    def act(game: Game, actor_for=lambda decision: "player") -> Game:
        for _ in range(5000):
            game.refresh_from_db()
            if game.status != GameStatus.RUNNING:
                return game
            decision = game.decisions[0]
            seat = game.seats.get(position=decision["seat"])
            actor = "bot" if seat.is_bot else actor_for(decision)  # (as the site records it)
            seat.bot_strategy = seat.bot_strategy or "bmu"  # in memory only
            services.decision_submit(
                game_id=game.pk, seat=decision["seat"], decision_id=decision["id"],
                answer=selectors.bot_answer_for(game, seat, decision["id"]), step=game.step,
                actor=actor)
        raise AssertionError("the game did not end")

    return act
