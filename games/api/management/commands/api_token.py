"""Create an API token for a user from the command line (prints it once)."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from games.api import services
from games.api.models import ALL_SCOPES


class Command(BaseCommand):
    help = "Create a named API token for USERNAME and print it (it is stored hashed)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("username")
        parser.add_argument("--name", default="command line")
        parser.add_argument("--scopes", default=",".join(ALL_SCOPES),
                            help="comma-separated: read, play, manage-games (default: all)")
        parser.add_argument("--expires-days", type=int, default=None,
                            help="the token ends after this many days (default: never)")

    def handle(self, *args, username: str, name: str, scopes: str, expires_days: int | None,
               **options) -> None:
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"no user {username!r}")
        wanted = [s.strip() for s in scopes.split(",") if s.strip()]
        unknown = set(wanted) - set(ALL_SCOPES)
        if unknown or not wanted:
            raise CommandError(f"scopes must be among {', '.join(ALL_SCOPES)}")
        expires = timezone.now() + timedelta(days=expires_days) if expires_days else None
        try:
            _, raw = services.token_create(user=user, name=name, scopes=wanted,
                                           expires_at=expires)
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(raw)
