"""A real `celery worker` against a real Redis: bots play to the end, and a worker killed in the
middle of a bot move leads to that move applied exactly once (acks_late + idempotent tasks).

CI gives REDIS_URL (and PostgreSQL in DATABASE_URL); elsewhere the test starts a private
redis-server on a free port. The worker reads the test database: its name (PostgreSQL) or
file (SQLite) is passed in its environment. The test is transactional so the worker sees
committed rows.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
import redis
from django.db import connection
from django.utils import timezone

from dominion_site.celery import app
from games import catalogue, selectors, services
from games.models import Game, GameStatus
from games.play.models import DecisionClock
from games.play.tasks import play_sweep
from tests.play.helpers import BASE_KINGDOM

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db(transaction=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(check: Callable[[], bool], what: str, limit: float = 120.0) -> None:
    """Poll until `check()` holds; a generous limit only stops a hung test."""
    give_up = time.monotonic() + limit
    while not check():
        if time.monotonic() > give_up:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.1)


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory) -> Iterator[str]:
    if os.environ.get("REDIS_URL"):
        yield os.environ["REDIS_URL"]
        return
    port = _free_port()
    server = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
         "--appendonly", "no", "--dir", str(tmp_path_factory.mktemp("redis"))],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    try:
        wait_for(lambda: _pings(url), "redis-server to start", 30)
        yield url
    finally:
        server.terminate()
        server.wait(10)


def _pings(url: str) -> bool:
    try:
        return bool(redis.Redis.from_url(url).ping())
    except redis.ConnectionError:
        return False


def _database_env() -> dict[str, str]:
    """Point the worker at the test database this process uses."""
    db = connection.settings_dict
    if db["ENGINE"] == "django.db.backends.sqlite3":
        return {"SQLITE_PATH": str(db["NAME"])}
    user, password = quote(db["USER"] or ""), quote(db["PASSWORD"] or "")
    url = f"postgres://{user}:{password}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}"
    return {"DATABASE_URL": f"{url}/{db['NAME']}"}


class Workers:
    """Start and SIGKILL `celery -A tests.play.worker_app worker` processes."""

    def __init__(self, redis_url: str, queue: str, logs: Path) -> None:
        self.env = {
            **{k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "SQLITE_PATH"}},
            **_database_env(),
            "REDIS_URL": redis_url, "BACKGROUND_MODE": "celery", "PLAY_TEST_QUEUE": queue,
            "DJANGO_SETTINGS_MODULE": "dominion_site.settings", "PYTHONPATH": str(ROOT),
        }
        self.queue, self.logs, self.running = queue, logs, []

    def start(self, **extra: str) -> subprocess.Popen:
        log = open(self.logs / f"worker-{len(self.running)}.log", "w")  # noqa: SIM115
        worker = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "tests.play.worker_app", "worker",
             "--pool=solo", "-Q", self.queue, "--without-heartbeat", "--without-gossip",
             "--without-mingle", "-l", "warning"],
            cwd=ROOT, env={**self.env, **extra}, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True)
        self.running.append(worker)
        return worker

    def kill(self, worker: subprocess.Popen) -> None:
        if worker.poll() is None:
            os.killpg(worker.pid, signal.SIGKILL)
        worker.wait(30)

    def stop_all(self) -> None:
        for worker in self.running:
            self.kill(worker)


@pytest.fixture
def workers(redis_url, tmp_path, settings) -> Iterator[Workers]:
    queue = f"play-test-{uuid.uuid4().hex[:12]}"
    settings.BACKGROUND_MODE = "celery"
    saved = {k: app.conf[k] for k in ("broker_url", "task_always_eager", "task_default_queue")}
    app.conf.update(broker_url=redis_url, task_always_eager=False, task_default_queue=queue)
    app._pool = None  # publish through the new broker
    pool = Workers(redis_url, queue, tmp_path)
    try:
        yield pool
    finally:
        pool.stop_all()
        app.conf.update(saved)
        app._pool = None
        redis.Redis.from_url(redis_url).delete(queue)


@pytest.fixture
def bot_game(db, make_user) -> Callable[[], Game]:
    """An open Big Money vs Smithy game (committed: this test is transactional)."""

    def make() -> Game:
        catalogue.cards_sync()
        return services.game_create(creator=make_user("host"), seats=["bmu", "smithy"],
                                    kingdom=BASE_KINGDOM)

    return make


def _finished(game: Game) -> bool:
    game.refresh_from_db()
    return game.status == GameStatus.FINISHED


def test_a_bot_game_plays_to_the_end_through_the_worker(workers, bot_game):
    game = bot_game()
    workers.start()

    services.game_start(game=game)  # commits: the first bot move goes to Redis

    wait_for(lambda: _finished(game), "the bot game to finish")
    assert game.steps.count() == game.step > 20
    assert set(game.steps.values_list("actor", flat=True)) == {"bot"}
    assert selectors.game_replays_identically(game)


def test_a_worker_killed_mid_move_applies_the_move_exactly_once(workers, bot_game, tmp_path):
    game = bot_game()
    before, after = tmp_path / "hang-before", tmp_path / "hang-after"
    first = workers.start(PLAY_TEST_HANG_AT="before", PLAY_TEST_MARKER=str(before))
    game = services.game_start(game=game)
    opening = game.decisions[0]["id"]

    wait_for(before.exists, "the first worker to start the bot move")
    workers.kill(first)  # killed before the move: it must be redone, by someone else
    game.refresh_from_db()
    assert game.step == 0

    second = workers.start(PLAY_TEST_HANG_AT="after", PLAY_TEST_MARKER=str(after))
    wait_for(after.exists, "the redelivered bot move to run")
    workers.kill(second)  # killed after the commit, before the ack: redelivered again
    game.refresh_from_db()
    assert game.step >= 1

    workers.start()
    wait_for(lambda: _finished(game), "the bot game to finish")

    numbers = list(game.steps.order_by("number").values_list("number", flat=True))
    assert numbers == list(range(1, game.step + 1))
    assert game.steps.filter(number=1, decision_id=opening).count() == 1
    assert selectors.game_replays_identically(game)


def test_the_sweep_task_fires_an_expired_deadline_in_the_worker(workers, start_game, alice):
    workers.start()
    game = start_game([alice, None])  # alice vs Big Money
    wait_for(lambda: DecisionClock.objects.filter(game=game, position=0).exists(),
             "alice's clock to start")
    DecisionClock.objects.filter(game=game).update(deadline_at=timezone.now())

    play_sweep.apply_async()  # what beat sends every minute

    wait_for(lambda: game.steps.filter(actor="deadline").exists(), "the deadline move")
    assert set(game.steps.filter(seat=0).values_list("actor", flat=True)) == {"deadline"}
