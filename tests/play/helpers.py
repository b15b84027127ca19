"""Helpers for the play-by-the-turn tests (fixtures are in conftest.py)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from games import services
from games.models import Game
from games.play import services as play
from games.play.models import DecisionClock

BASE_KINGDOM = [
    "Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel", "Smithy", "Village",
    "Workshop",
]


def hours(n: float) -> timedelta:
    return timedelta(hours=n)


def handled(game: Game, at: datetime, committed) -> Game:
    """Re-run the after-commit reaction with the clock at `at` (as if the move happened then)."""
    DecisionClock.objects.filter(game=game).delete()
    game.refresh_from_db()
    with committed():
        play.game_moved_handle(game_id=game.pk, step=game.step, status=game.status,
                               decisions=game.decisions, now=at, revision=game.revision)
    game.refresh_from_db()
    return game


def hand(*names: str, deck=(), discard=()) -> dict:
    """One player's zones for engine.positions: `names` in hand, `deck` top first."""
    return {"hand": list(names), "deck": list(deck), "discard": list(discard), "in_play": [],
            "set_aside": []}


def answer(game: Game, seat: int, value: Any, committed, actor: str = "player") -> Game:
    """Submit `value` to the seat's first open decision, running the after-commit hooks."""
    game.refresh_from_db()
    decision = next(d for d in game.decisions if d["seat"] == seat)
    with committed():
        services.decision_submit(game_id=game.pk, seat=seat, decision_id=decision["id"],
                                 answer=value, step=game.step, actor=actor)
    game.refresh_from_db()
    return game


def card_id(decision: dict, name: str) -> int:
    return next(c["id"] for c in decision["cards"] if c["name"] == name)


def open_for(game: Game, seat: int) -> dict | None:
    game.refresh_from_db()
    return next((d for d in game.decisions if d["seat"] == seat), None)


def actors(game: Game) -> list[str]:
    return list(game.steps.order_by("number").values_list("actor", flat=True))
