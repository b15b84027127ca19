"""Summarise (and rate) finished games that have no summary yet, oldest first."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from games.models import Game, GameStatus
from games.social import ratings
from games.social.models import GameSummary


class Command(BaseCommand):
    help = "Summarise and rate finished games that were missed (e.g. a failed receiver)."

    def handle(self, *args, **options) -> None:
        done = set(GameSummary.objects.values_list("game_id", flat=True).distinct())
        missing = (Game.objects.filter(status=GameStatus.FINISHED).exclude(pk__in=done)
                   .order_by("finished_at", "pk").values_list("pk", flat=True))
        count = 0
        for game_id in missing:
            if ratings.game_finished_record(game_id=game_id):
                count += 1
        self.stdout.write(f"summarised {count} game(s)")
