"""The API event stream's feed: after each committed move, tell each seated user what changed.

Events go to the channel-layer group user-<id>, so one socket serves all of a user's games.
They carry ids and steps only (and, to the seat's own user, its own decisions' ids and kinds):
a client fetches its view to learn the rest, so no event can leak another seat's cards.
"""

from __future__ import annotations

import logging
from typing import Any

from django.dispatch import receiver

from games import broadcast, signals
from games.models import GameStatus, Seat

log = logging.getLogger(__name__)

EVENT_VERSION = 1
ENDED = (GameStatus.FINISHED, GameStatus.ABANDONED)


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def events_for_seat(
    *, game_id: int, step: int, status: str, position: int, decisions: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The events one seat's user gets for a move, in the order they are sent."""
    base = {"v": EVENT_VERSION, "game": game_id, "step": step}
    events = [{**base, "type": "game_moved", "status": status}]
    if status in ENDED:
        return [*events, {**base, "type": "game_ended", "status": status}]
    mine = [d for d in decisions if d["seat"] == position]
    if mine:
        events.append({**base, "type": "your_turn", "decisions": [d["id"] for d in mine]})
    events += [{**base, "type": "decision_opened", "decision": d["id"], "kind": d["kind"]}
               for d in mine]
    return events


@receiver(signals.game_moved, dispatch_uid="api-event-stream")
def game_moved(sender, *, game_id: int, step: int, status: str, decisions: list, **_) -> None:
    seated = Seat.objects.filter(game_id=game_id, user__isnull=False).values_list(
        "user_id", "position")
    for user_id, position in seated:
        events = events_for_seat(game_id=game_id, step=step, status=status, position=position,
                                 decisions=decisions)
        try:
            # broadcast.group_send hands the message to the server's loop (in-memory layer).
            broadcast.group_send(user_group(user_id), {"type": "api.events", "events": events})
        except Exception:  # the move is committed; a lost event is caught up by polling
            log.exception("event stream send to user %s failed", user_id)
