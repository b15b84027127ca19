"""Signal receivers: after every committed move, run the play-by-the-turn reactions."""

from __future__ import annotations

import logging

from games.play import services

log = logging.getLogger(__name__)


def on_game_moved(sender, *, game_id: int, step: int, status: str, decisions: list, **kwargs):
    try:
        services.game_moved_handle(game_id=game_id, step=step, status=status,
                                   decisions=decisions, active=kwargs.get("active"),
                                   seats=kwargs.get("seats"), revision=kwargs.get("revision"),
                                   actor=kwargs.get("actor"), game=kwargs.get("game"))
    except Exception:  # the move is committed; the sweep repairs what this missed
        log.exception("play by the turn: handling game %s step %s failed", game_id, step)
