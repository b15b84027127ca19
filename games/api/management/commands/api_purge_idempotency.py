"""Delete idempotency records and socket tickets older than a day (run daily, e.g. from cron
or Celery beat)."""

from __future__ import annotations

from datetime import timedelta

from django.core.management.base import BaseCommand

from games.api import services


class Command(BaseCommand):
    help = "Forget Idempotency-Key records older than --hours (default 24)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--hours", type=int, default=24)

    def handle(self, *args, hours: int, **options) -> None:
        deleted = services.idempotency_purge(older_than=timedelta(hours=hours))
        self.stdout.write(f"{deleted} idempotency records deleted")
        tickets = services.tickets_purge(older_than=timedelta(hours=hours))
        self.stdout.write(f"{tickets} socket tickets deleted")
