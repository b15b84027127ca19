"""What other apps read with a game's seats, in the same query as the seats themselves.

A move's request and its after-move job each load the game's seats once. The concerns that
react to a move (clocks and takeovers, webhooks and standing orders in games.play, undo
requests in games.social) register here, from their AppConfig.ready(), an annotation that
brings along what they need to know per seat (a clock's deadline, "has an active webhook",
"an undo request waits"), so that each concern skips its own query, or learns without one
that it has nothing to do. The core never imports those apps: it only applies what they
registered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import QuerySet

_factories: dict[str, tuple[Callable[[], Any], bool]] = {}


def register(name: str, factory: Callable[[], Any], *, reply: bool = False) -> None:
    """Bring `name` (an expression made by `factory`) along with the seats `annotated` loads;
    `reply`: the move's own request needs it too (the clocks of its reply), not only the job."""
    _factories[name] = (factory, reply)


def annotated(seats: QuerySet, *, reply: bool = False) -> QuerySet:
    """The seats with the registered annotations (only the reply's with `reply`): one query."""
    return seats.annotate(**{name: factory() for name, (factory, for_reply)
                             in _factories.items() if for_reply or not reply})


def variant(*, reply: bool = False) -> tuple:
    """What shapes the SQL of `annotated` (for a prepared query: games/prepared.py)."""
    return (reply, tuple(_factories))


def loaded(seats: list | None, name: str) -> bool:
    """Whether every seat of `seats` came with the annotation `name`."""
    return bool(seats) and all(hasattr(seat, name) for seat in seats)
