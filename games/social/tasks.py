"""Celery tasks of the social app: thin wrappers over its services."""

from __future__ import annotations

from celery import shared_task

from games.social import undo


@shared_task(acks_late=True)
def undo_expire() -> int:
    """Beat, every minute: end the undo requests past their deadline (games/social/undo.py)."""
    return undo.undo_requests_expire()
