"""After commit: tell the game page's social sockets and the API event stream what changed.

Socket messages carry ids only; each socket reads the message and decides, for its own user,
whether to show it (mutes, spectators' chat). API events go to each seated user's own group,
filtered the same way before sending, so a muted author's line never reaches the muter.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction

from games import broadcast
from games.api.events import EVENT_VERSION, user_group
from games.models import Game

log = logging.getLogger(__name__)


def social_group(game_id: int) -> str:
    return f"social-{game_id}"


def _send(group: str, message: dict[str, Any]) -> None:
    try:
        broadcast.group_send(group, message)
    except Exception:  # already committed: a lost push is caught up by a reload or a poll
        log.exception("social broadcast to %s failed", group)


def on_commit(game_id: int, kind: str, **fields: Any) -> None:
    """After commit, send {"type": "social.<kind>", ...} to the game's social sockets."""
    message = {"type": f"social.{kind}", "game": game_id, **fields}
    transaction.on_commit(lambda: _send(social_group(game_id), message))


def events_on_commit(game: Game, events_by_user: dict[int, list[dict[str, Any]]]) -> None:
    """After commit, send each user their API events (already filtered for them)."""
    base = {"v": EVENT_VERSION, "game": game.pk, "step": game.step}

    def send() -> None:
        for user_id, events in events_by_user.items():
            if events:
                _send(user_group(user_id),
                      {"type": "api.events", "events": [{**base, **e} for e in events]})

    transaction.on_commit(send)
