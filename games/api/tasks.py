"""Celery tasks of the API: thin wrappers over its services."""

from __future__ import annotations

from datetime import timedelta

from celery import shared_task

from games.api import oauth, services

PURGE_AFTER = timedelta(days=1)  # clients retry within minutes, not days


@shared_task(acks_late=True)
def api_purge() -> dict[str, int]:
    """Beat, every hour: forget old Idempotency-Key records and socket tickets, and expired
    OAuth tokens."""
    return {"idempotency": services.idempotency_purge(older_than=PURGE_AFTER),
            "tickets": services.tickets_purge(older_than=PURGE_AFTER),
            "oauth": oauth.expired_purge()}
