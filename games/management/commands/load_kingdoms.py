from django.core.management.base import BaseCommand

from games import catalogue


class Command(BaseCommand):
    help = "Store the rulebooks' recommended kingdoms and mark which ones are playable."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--reset", action="store_true", help="Overwrite admin edits of recommended kingdoms."
        )

    def handle(self, *args, **options) -> None:
        counts = catalogue.kingdoms_load(reset=options["reset"])
        self.stdout.write(
            "kingdoms: {created} created, {reset} reset; "
            "{playable} playable, {not_playable} waiting for cards".format(**counts)
        )
