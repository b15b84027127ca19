"""After every committed change of a game: end stale undo requests, rate finished games."""

from __future__ import annotations

import logging

from games import seat_extras
from games.models import GameStatus
from games.social import ratings, undo

log = logging.getLogger(__name__)


def on_game_moved(sender, *, game_id: int, step: int, status: str, **kwargs) -> None:
    seats = kwargs.get("seats")
    try:
        if not seat_extras.loaded(seats, "undo_pending") or any(s.undo_pending for s in seats):
            undo.undo_void_if_moved(game_id=game_id, step=step, status=status,
                                      game=kwargs.get("game"))
        if status == GameStatus.FINISHED:
            ratings.game_finished_record(game_id=game_id)
    except Exception:  # the move is committed; ratings can be recomputed by the command
        log.exception("social: handling game %s step %s failed", game_id, step)
