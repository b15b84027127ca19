"""Celery tasks: thin, idempotent wrappers over services.

Each carries what it acts on (game id, decision id, step) and does nothing once that decision
is closed (a decision's id is its version), so a retried or duplicated delivery never moves
twice, and a bot's decision open beside others' is answered whatever they did meanwhile.
"""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError

from games import aftermove, services
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


@shared_task(acks_late=True, autoretry_for=(OperationalError,), retry_backoff=True, max_retries=5)
def after_move(payload: dict) -> bool:
    """Everything a committed move sets off (games/aftermove.py); idempotent by revision."""
    return aftermove.run(payload)


@shared_task(acks_late=True, autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def account_mail_send(message: dict) -> None:
    """Send an account email the request rendered (games/account_adapter.py): sent in the
    request, a password reset for a known address took the mail server's time, and one for
    an unknown address (which mails nothing) did not, so the answer's time told them apart."""
    from django.core.mail import EmailMultiAlternatives

    mail = EmailMultiAlternatives(message["subject"], message["body"], message["from_email"],
                                  message["to"], headers=message.get("headers") or None)
    for content, mimetype in message.get("alternatives", []):
        mail.attach_alternative(content, mimetype)
    mail.send()
