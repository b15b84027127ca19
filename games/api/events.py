"""The API event stream's feed: after each committed move, tell each seated user what changed.

Events go to the channel-layer group user-<id>, so one socket serves all of a user's games.
They carry ids, steps and deadlines (and, to the seat's own user, its own decisions: their ids
and kinds, and in `your_turn` the decisions themselves): a client fetches its view to learn the
rest, so no event can leak another seat's cards. `your_turn` and `decision_opened` are sent
when a decision *becomes* the seat's (it opened at this step through someone else's move, or
the deal), not again after its own move.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db.models import BooleanField
from django.db.models.expressions import RawSQL
from django.dispatch import receiver

from games import broadcast, seat_extras, signals
from games.models import Game, GameStatus, Seat

log = logging.getLogger(__name__)

EVENT_VERSION = 1
ENDED = (GameStatus.FINISHED, GameStatus.ABANDONED)


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def _new_for(decision: dict[str, Any], step: int, position: int) -> bool:
    """Did this decision become the seat's at `step`? (Data without origins counts as new.)"""
    return (decision.get("opened_step", step) == step
            and decision.get("opened_by") != position)


def events_for_seat(
    *, game_id: int, step: int, status: str, position: int, decisions: list[dict[str, Any]],
    with_pending: bool = False,
) -> list[dict[str, Any]]:
    """The events one seat's user gets for a move, in the order they are sent.

    `with_pending` (the account stream, a socket of the seat's own user): `your_turn` also
    carries the seat's open decisions in full, as `GET /decisions/` gives them, so a client
    answers without reading them first. Webhooks, which leave the site, carry ids only."""
    base = {"v": EVENT_VERSION, "game": game_id, "step": step}
    events = [{**base, "type": "game_moved", "status": status}]
    if status in ENDED:
        return [*events, {**base, "type": "game_ended", "status": status}]
    mine = [d for d in decisions if d["seat"] == position]
    new = [d for d in mine if _new_for(d, step, position)]
    if new:
        turn = {**base, "type": "your_turn", "decisions": [d["id"] for d in mine]}
        if "deadline" in new[0]:
            turn["deadline"] = new[0]["deadline"]
        if with_pending:
            turn["pending"] = [_as_read(d) for d in mine]
        events.append(turn)
    for d in new:
        opened = {**base, "type": "decision_opened", "decision": d["id"], "kind": d["kind"]}
        if "deadline" in d:
            opened["deadline"] = d["deadline"]
        events.append(opened)
    return events


def seat_extras_register() -> None:
    """The after-move job learns with the seats which ones resigned (games/seat_extras.py)."""
    from games.api.models import Resignation

    seats, gone = Seat._meta.db_table, Resignation._meta.db_table
    seat_extras.register("resigned", lambda: RawSQL(
        f'EXISTS (SELECT 1 FROM "{gone}" r WHERE r."game_id" = "{seats}"."game_id" '
        f'AND r."position" = "{seats}"."position")', (), output_field=BooleanField()))


def resigned_of(game_id: int, seats: list | None) -> set[int]:
    """The positions that resigned: their players left the table, so the seat's decisions
    (played by the bot now) are no longer sent to them; they are told of moves as watchers."""
    if seat_extras.loaded(seats, "resigned"):
        return {s.position for s in seats if s.resigned}
    from games.api.models import Resignation

    return set(Resignation.objects.filter(game_id=game_id).values_list("position", flat=True))


def _as_read(decision: dict[str, Any]) -> dict[str, Any]:
    """A decision as `GET /decisions/` shows it (games.api.selectors.decisions_timed)."""
    return {**decision, "opened_step": decision.get("opened_step"),
            "opened_by": decision.get("opened_by"), "deadline": decision.get("deadline")}


def decisions_with_deadlines(*, game_id: int, step: int, decisions: list[dict[str, Any]],
                             active: int | None = None, seats: list | None = None,
                             game: Game | None = None) -> list[dict[str, Any]]:
    """The decisions of a move, each with its seat's deadline as the API writes times.

    Only events about a decision that became its seat's carry a deadline, so a move that
    opened none for anyone else (most moves inside one's own turn) costs no clock reads.
    """
    from games.api import selectors as api_selectors  # it imports the play package

    if not any(_new_for(d, step, d["seat"]) for d in decisions):
        return decisions
    if game is None:  # (the after-move job passes the game it loaded)
        game = Game.objects.filter(pk=game_id).defer("snapshot", "log_start").first()
    if game is None:
        return decisions
    clocks = api_selectors.clocks_of(game, active=active, seats=seats)
    return [{**d, "deadline": clocks.get(d["seat"], {}).get("deadline")} for d in decisions]


@receiver(signals.game_moved, dispatch_uid="api-event-stream")
def game_moved(sender, *, game_id: int, step: int, status: str, decisions: list, **extra) -> None:
    seats = extra.get("seats")
    if seats is not None:  # from the after-move job: no query
        seated = [(s.user_id, s.position) for s in seats if s.user_id is not None]
    else:
        seated = list(Seat.objects.filter(game_id=game_id, user__isnull=False).values_list(
            "user_id", "position"))
    if not seated:
        return
    try:
        decisions = decisions_with_deadlines(game_id=game_id, step=step, decisions=decisions,
                                             active=extra.get("active"), seats=seats,
                                             game=extra.get("game"))
    except Exception:  # events without deadlines beat no events
        log.exception("deadlines for the events of game %s failed", game_id)
    gone = resigned_of(game_id, seats)
    for user_id, position in seated:
        events = events_for_seat(game_id=game_id, step=step, status=status, position=position,
                                 decisions=[] if position in gone else decisions,
                                 with_pending=True)
        try:
            # broadcast.group_send hands the message to the server's loop (in-memory layer).
            broadcast.group_send(user_group(user_id), {"type": "api.events", "events": events})
        except Exception:  # the move is committed; a lost event is caught up by polling
            log.exception("event stream send to user %s failed", user_id)
