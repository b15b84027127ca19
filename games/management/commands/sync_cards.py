from django.core.management.base import BaseCommand

from games import catalogue


class Command(BaseCommand):
    help = "Mirror the engine's card registry into the database (keeps admin edits)."

    def handle(self, *args, **options) -> None:
        counts = catalogue.cards_sync()
        self.stdout.write(
            "cards: {created} created, {updated} updated, {retired} retired".format(**counts)
        )
