"""Measure the site's move path: bot games played through services.decision_submit.

Every move goes the way a real one does (lock the row, load the snapshot, apply, append the
GameStep, save), on whatever database DATABASE_URL names (SQLite by default). Reports games,
moves per second and the latency of decision_submit; the README quotes its figures.
"""
from __future__ import annotations

import statistics
import time

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.test.utils import override_settings

import engine
from engine.bots import bot_answer
from games import selectors, services
from games.models import Game, GameStatus


class Command(BaseCommand):
    help = "Play bot games through decision_submit and report moves per second and latency."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--games", type=int, default=5)
        parser.add_argument("--players", type=int, default=2)
        parser.add_argument("--bots", default="bmu,smithy")
        parser.add_argument("--keep", action="store_true", help="keep the games afterwards")

    def handle(self, *args, games: int, players: int, bots: str, keep: bool, **kw) -> None:
        strategies = bots.split(",")
        users = [get_user_model().objects.get_or_create(username=f"loadtest-{i}")[0]
                 for i in range(players)]
        kingdom = list(selectors.recommended_kingdoms_printed()[0]["cards"])
        latencies: list[float] = []
        created = []
        start = time.perf_counter()
        with override_settings(BACKGROUND_MODE="inline"):
            for _ in range(games):
                # Human seats played by this command, so every move is timed here.
                game = services.game_create(creator=users[0], seats=["me"] + ["open"] *
                                            (players - 1), kingdom=kingdom)
                for user in users[1:]:
                    services.seat_join(game=game, user=user)
                services.game_start(game=game, user=users[0])
                created.append(game.pk)
                latencies += self._play(game.pk, strategies)
        elapsed = time.perf_counter() - start
        moves = len(latencies)
        self.stdout.write(
            f"games={games} moves={moves} seconds={elapsed:.2f} "
            f"moves_per_sec={moves / elapsed:.0f} "
            f"submit_ms_p50={1000 * statistics.median(latencies):.2f} "
            f"submit_ms_p95={1000 * _percentile(latencies, 95):.2f}"
        )
        if not keep:
            Game.objects.filter(pk__in=created).delete()

    def _play(self, game_id: int, strategies: list[str]) -> list[float]:
        """Answer every open decision as a bot would, until the game ends."""
        out = []
        while True:
            game = Game.objects.get(pk=game_id)
            if game.status != GameStatus.RUNNING or not game.decisions:
                return out
            table = engine.loads(game.snapshot)
            d = table.pending()[0]
            answer = bot_answer(strategies[d.seat % len(strategies)], table, d.seat, d)
            d = {"seat": d.seat, "id": d.id}
            t = time.perf_counter()
            services.decision_submit(game_id=game_id, seat=d["seat"], decision_id=d["id"],
                                     answer=answer, step=game.step, actor="bot")
            out.append(time.perf_counter() - t)


def _percentile(values: list[float], pct: int) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * pct / 100))]
