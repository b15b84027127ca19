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

from games.prepared import Prepared

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


def reply_seats(game_id: int) -> list:
    """The game's seats, their users' play state and what the reply needs: a move's request
    and every read of the clocks ask it, so it is compiled once (games/prepared.py)."""
    return _REPLY_SEATS(game_id, variant=variant(reply=True))


def _reply_seats_query(game_id: int, reply: bool, names: tuple) -> QuerySet:
    from games.models import Seat

    return annotated(Seat.objects.filter(game_id=game_id).select_related("user__play_state"),
                     reply=reply)


_REPLY_SEATS = Prepared(_reply_seats_query, "int")


def loaded(seats: list | None, name: str) -> bool:
    """Whether every seat of `seats` came with the annotation `name`."""
    return bool(seats) and all(hasattr(seat, name) for seat in seats)
