"""Celery tasks: thin, idempotent wrappers over services.

Each carries what it acts on (game id, decision id, step) and does nothing once that decision
is closed (a decision's id is its version), so a retried or duplicated delivery never moves
twice, and a bot's decision open beside others' is answered whatever they did meanwhile.
"""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError

from games import services
from games.sim_tasks import simulation_chunk, simulation_merge  # noqa: F401  (registers them)


@shared_task(
    acks_late=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=5,
)
def bot_move(game_id: int, decision_id: str, step: int) -> bool:
    """Let the bot owning `decision_id` answer it, if it is still open."""
    return services.bot_move_play(game_id=game_id, decision_id=decision_id, step=step)


@shared_task(acks_late=True)
def bots_resume() -> int:
    """Periodic safety net (beat): re-schedule bot decisions whose task was lost."""
    return services.bots_resume()
