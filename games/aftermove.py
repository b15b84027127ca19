"""One place for after a move: the request commits, then one job does everything else.

A write that changes a game (a move, a deal, an undo, a seat taken...) calls `schedule()`
inside its transaction. After the commit one background job (`games.tasks.after_move`, on
Celery in production, the background thread when embedded, at once in tests) runs, in turn:
the bots' next moves, the "game N is at step S" broadcast to the game's sockets, and the
`game_moved` signal, whose receivers are the other concerns (the API event stream, clocks,
notices, standing orders and webhooks in games.play, undo and ratings in games.social), each
knowing nothing of the others. The job carries what the move knew (step, status, the open
decisions with their origin, whose turn it is, the seats), so no concern reloads the game or
its snapshot to learn it.

Idempotent: the job is keyed by (game, revision, a nonce drawn when it is scheduled); the
revision is a counter every committed change of the game increments and an undo never takes
back (unlike the step), so a redelivered job does nothing twice, and a receiver can tell that
the game changed again since (its own work is then left to the newer job).
"""

from __future__ import annotations

import secrets
from typing import Any

from django.core.cache import cache
from django.db import transaction

from games import background, broadcast, seat_extras, signals
from games.models import Game, GameStatus, Seat
from games.prepared import Prepared

CLAIM_SECONDS = 24 * 3600
TASK = "games.tasks.after_move"
LIGHT_DEFER = ("snapshot", "log_start", "seed")  # what no after-move concern reads


def schedule(game: Game, *, active: int | None = None, actor: str | None = None) -> None:
    """After this transaction commits, run the after-move job for the game as it is now."""
    payload = {
        "game": game.pk, "step": game.step, "status": game.status, "revision": game.revision,
        "decisions": list(game.decisions), "active": active, "actor": actor,
        "nonce": secrets.token_hex(8),
    }
    transaction.on_commit(lambda: background.schedule_named(TASK, payload))


def run(payload: dict[str, Any]) -> bool:
    """The job: bots, broadcast, then every receiver of `game_moved`. False if already done."""
    game_id = payload["game"]
    key = f"after-move:{game_id}:{payload['revision']}:{payload.get('nonce', '')}"
    if not cache.add(key, 1, CLAIM_SECONDS):
        return False
    try:
        _run(payload)
    except Exception:
        cache.delete(key)  # a retry does it again (each concern is idempotent)
        raise
    return True


def _run(payload: dict[str, Any]) -> None:
    game_id, step, status = payload["game"], payload["step"], payload["status"]
    decisions = payload["decisions"]
    game, seats = _game_and_seats(game_id)
    if game is None:
        return  # deleted since
    if status == GameStatus.RUNNING:
        bots = {s.position for s in seats if s.is_bot}
        for decision in decisions:
            if decision["seat"] in bots:
                background.schedule_named("games.tasks.bot_move", game_id, decision["id"], step)
    broadcast.game_moved(game_id, step, status)
    signals.game_moved.send_robust(
        sender=Game, game_id=game_id, step=step, status=status, decisions=decisions,
        active=payload.get("active"), revision=payload["revision"], actor=payload.get("actor"),
        seats=seats, game=game)


def _game_and_seats(game_id: int) -> tuple[Game | None, list[Seat]]:
    """The game as it is now (without its state) and its seats, their users, preferences and
    play state loaded, with what the concerns registered in games/seat_extras.py (clocks,
    "has a webhook", "an undo request waits"...): one query for every concern, compiled once."""
    seats = _SEATS(game_id, variant=seat_extras.variant())
    if not seats:
        return Game.objects.filter(pk=game_id).defer(*LIGHT_DEFER).first(), []
    game = seats[0].game
    for seat in seats:
        seat.game = game
    return game, seats


_SEATS = Prepared(lambda game_id, reply, names: seat_extras.annotated(
    Seat.objects.filter(game_id=game_id)
    .select_related("game", "user__preferences", "user__play_state")
    .defer(*(f"game__{name}" for name in LIGHT_DEFER)), reply=reply), "int")
