import os

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from games import services


class Command(BaseCommand):
    help = "Create (or reset) the demo account and print how to log in."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--username", default=os.environ.get("DEMO_USER", "demo"))
        parser.add_argument("--password", default=os.environ.get("DEMO_PASSWORD", "demo-dominion"))

    def handle(self, *args, **options) -> None:
        user, _ = get_user_model().objects.get_or_create(
            username=options["username"], defaults={"email": "demo@example.com"}
        )
        user.set_password(options["password"])
        user.is_staff = user.is_superuser = True  # the embedded site is local: let it see /admin/
        user.save()
        services.preferences_ensure(user=user)
        self.stdout.write(
            f"demo account: username {user.username!r}, password {options['password']!r}"
        )
