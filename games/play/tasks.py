"""Celery tasks: thin, idempotent wrappers over the services (each checks before acting).

All are acks_late (a worker that dies mid-task leaves the message to be redelivered) and
retried on database errors; a redelivered task finds the game moved on and does nothing.
"""

from __future__ import annotations

from datetime import datetime

from celery import shared_task
from django.conf import settings
from django.db import OperationalError

from games.play import services, sweep, webhooks

RETRIED = {
    "acks_late": True,
    "autoretry_for": (OperationalError,),
    "retry_backoff": True,
    "max_retries": 5,
}


@shared_task(**RETRIED)
def play_sweep() -> dict[str, int]:
    """Beat, every minute: reminders, turn emails, digests, expired deadlines, retries."""
    return sweep.sweep()


@shared_task(**RETRIED)
def standing_order_answer(game_id: int, decision_id: str, step: int) -> bool:
    return services.standing_order_play(game_id=game_id, decision_id=decision_id, step=step)


@shared_task(**RETRIED)
def deadline_expire(game_id: int, position: int, step: int, now: str | None = None) -> bool:
    when = datetime.fromisoformat(now) if now else None
    return services.deadline_expire(game_id=game_id, position=position, step=step, now=when)


@shared_task(bind=True, **RETRIED)
def webhook_deliver(self, delivery_id: int) -> bool:
    retry_in = webhooks.delivery_attempt(delivery_id=delivery_id)
    if retry_in is not None and settings.BACKGROUND_MODE == "celery":
        # Ask the broker for the retry; the sweep would pick it up anyway if this is lost.
        self.apply_async(args=[delivery_id], countdown=retry_in)
    return retry_in is None
