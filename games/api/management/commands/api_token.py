"""Create an API token for a user from the command line (prints it once)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from games.api import services


class Command(BaseCommand):
    help = "Create a named API token for USERNAME and print it (it is stored hashed)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("username")
        parser.add_argument("--name", default="command line")

    def handle(self, *args, username: str, name: str, **options) -> None:
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"no user {username!r}")
        _, raw = services.token_create(user=user, name=name)
        self.stdout.write(raw)
