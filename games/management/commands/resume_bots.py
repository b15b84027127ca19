from django.core.management.base import BaseCommand
from django.test.utils import override_settings

from games import services


class Command(BaseCommand):
    help = "Play every open bot decision now (embedded mode runs this before serving)."

    def handle(self, *args, **options) -> None:
        # Inline: the moves finish before the command exits instead of dying with its thread.
        with override_settings(BACKGROUND_MODE="inline"):
            count = services.bots_resume()
        self.stdout.write(f"bots: resumed {count} open decision(s)")
