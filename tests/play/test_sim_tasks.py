"""Simulations on Celery: a chord of chunk tasks, merged, is exactly the one-process result.

Without a worker (eager, as in embedded mode) and through real `celery worker` processes
against Redis (two of them sharing the chunks, as workers on several machines would).
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import uuid
from collections.abc import Iterator

import pytest
import redis

from dominion_site.celery import app
from engine.simulate import simulate
from games.sim_tasks import (
    CHUNK_GAMES,
    MIN_CHUNK_GAMES,
    SPREAD_CHUNKS,
    simulation_result,
    simulation_start,
    task_chunks,
)
from tests.play.test_worker import ROOT, _database_env, _free_port, _pings, wait_for

KINGDOM = ["Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel", "Smithy",
           "Village", "Workshop"]
TIMES = ("seconds", "games_per_sec", "cpu_seconds", "games_per_cpu_sec", "jobs")


def same_result(a: dict, b: dict) -> bool:
    drop = (*TIMES, "run", "chunks")
    return {k: v for k, v in a.items() if k not in drop} == {
        k: v for k, v in b.items() if k not in drop}


def test_a_simulation_without_a_worker_runs_in_place_with_the_one_process_result(monkeypatch):
    # Embedded mode runs tasks eagerly; CI sets REDIS_URL, which otherwise sends them to a broker.
    monkeypatch.setattr(app.conf, "task_always_eager", True)
    run = simulation_start(bots=["bmu", "smithy"], games=50, seed="eager", chunk_games=12)
    out = simulation_result(run)
    assert out is not None and out["chunks"] == 5 and out["run"] == run
    assert same_result(out, simulate(["bmu", "smithy"], 50, "eager"))


def test_a_run_is_cut_into_many_chunks_within_the_size_bounds():
    for games in (1, 24, 25, 100, 1000, 6400, 7000, 200_000):
        runs = task_chunks(games)
        assert [i for a, b in runs for i in range(a, b)] == list(range(games))
        sizes = [b - a for a, b in runs]
        assert max(sizes) <= CHUNK_GAMES
        assert min(sizes) >= MIN_CHUNK_GAMES or len(runs) == 1
        assert len(runs) >= SPREAD_CHUNKS or len(runs) == max(1, games // MIN_CHUNK_GAMES)
    assert len(task_chunks(1000)) == SPREAD_CHUNKS and len(task_chunks(100)) == 4
    assert len(task_chunks(50, chunk_games=12)) == 5


def test_the_default_chunks_merge_to_the_one_process_result(monkeypatch):
    monkeypatch.setattr(app.conf, "task_always_eager", True)
    run = simulation_start(bots=["bmu", "smithy"], games=130, seed="spread")
    out = simulation_result(run)
    assert out is not None and out["chunks"] == len(task_chunks(130)) == 5
    assert same_result(out, simulate(["bmu", "smithy"], 130, "spread"))


@pytest.mark.parametrize("request_", [
    {"bots": ["bmu", "nobody"], "games": 10},
    {"bots": ["bmu"], "games": 10},
    {"bots": ["bmu", "bmu"], "games": 0},
    {"bots": ["bmu", "bmu"], "games": 10, "kingdom": "No Such Kingdom"},
    {"bots": ["bmu", "bmu"], "games": 10, "kingdom": "Smithy,Nothing"},
])
def test_a_bad_request_is_refused_before_anything_is_sent(request_):
    with pytest.raises(ValueError):
        simulation_start(seed="bad", **request_)


@pytest.fixture
def sim_redis_url(tmp_path) -> Iterator[str]:
    """CI's Redis (REDIS_URL), or a private redis-server on a free port."""
    if os.environ.get("REDIS_URL"):
        yield os.environ["REDIS_URL"]
        return
    port = _free_port()
    server = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
         "--appendonly", "no", "--dir", str(tmp_path)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    try:
        wait_for(lambda: _pings(url), "redis-server to start", 30)
        yield url
    finally:
        server.terminate()
        server.wait(10)


@pytest.fixture
def sim_workers(sim_redis_url, tmp_path) -> Iterator[callable]:
    redis_url = sim_redis_url
    queue = f"sim-test-{uuid.uuid4().hex[:12]}"
    saved = {k: app.conf[k] for k in ("broker_url", "result_backend", "task_always_eager")}
    app.conf.update(broker_url=redis_url, result_backend=redis_url, task_always_eager=False)
    _forget_connections()
    env = {**{k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "SQLITE_PATH"}},
           **_database_env(), "REDIS_URL": redis_url, "BACKGROUND_MODE": "celery",
           "PLAY_TEST_QUEUE": queue, "DJANGO_SETTINGS_MODULE": "dominion_site.settings",
           "PYTHONPATH": str(ROOT)}
    running = []

    def start() -> None:
        log = open(tmp_path / f"worker-{len(running)}.log", "w")  # noqa: SIM115
        running.append(subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "tests.play.worker_app", "worker",
             "--pool=solo", "-Q", queue, "--without-heartbeat", "--without-gossip",
             "--without-mingle", "-l", "warning", "-n", f"sim{len(running)}@%h"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True))

    start.queue = queue
    try:
        yield start
    finally:
        for worker in running:
            worker.terminate()
            worker.wait(30)
        app.conf.update(saved)
        _forget_connections()
        redis.Redis.from_url(redis_url).delete(queue)


def _forget_connections() -> None:
    """Drop this process's broker connections and result backend, with its Redis
    subscriptions (results of a run unsubscribe when collected, maybe after the test's
    redis-server is gone), so that the next publish uses the broker now configured."""
    app._pool = None
    app.amqp._producer_pool = None
    # Celery 5.5+ keeps a thread-safe backend (the disabled one of a run without a result
    # backend, made by any earlier test that asked for it) on the app, others per thread.
    backend = app._local.__dict__.pop("backend", None) or getattr(app, "_backend_cache", None)
    if hasattr(app, "_backend_cache"):
        app._backend_cache = None
    consumer = getattr(backend, "result_consumer", None)
    if consumer is not None:
        consumer.stop()
        consumer._pubsub = None
        consumer.subscribed_to.clear()
    gc.collect()


@pytest.mark.django_db
def test_workers_share_the_chunks_and_the_chord_merges_them(sim_workers):
    sim_workers()
    sim_workers()
    run = simulation_start(bots=["heuristic", "bmu"], games=80, seed="workers",
                           kingdom="Victory Dance", chunk_games=10, queue=sim_workers.queue)
    wait_for(lambda: simulation_result(run) is not None, "the simulation's merged result")
    out = simulation_result(run)
    assert out["chunks"] == 8 and out["games"] == 80
    assert same_result(out, simulate(["heuristic", "bmu"], 80, "workers", "Victory Dance"))


@pytest.mark.django_db(transaction=True)
def test_the_simulator_pages_runs_share_their_chunks_between_workers(sim_workers, settings):
    """A simulation made on the site (games/sim) sends its chunks as tasks: two workers play
    them, the sums are the one-process sums, and the run is marked done once."""
    from django.contrib.auth import get_user_model

    from games import catalogue
    from games.sim import runner
    from games.sim import services as sim_services
    from games.sim.models import SimStatus, Simulation

    catalogue.cards_sync()
    settings.BACKGROUND_MODE = "celery"
    saved = app.conf.task_routes
    app.conf.update(task_routes={"games.sim.tasks.*": {"queue": sim_workers.queue}})
    try:
        sim_workers()
        sim_workers()
        user = get_user_model().objects.create_user("simmer", password="x")
        sim = sim_services.simulation_create(user=user, kingdom=KINGDOM, bots=["heuristic",
                                             "bmu"], games=40)  # autocommit: sent at once
        wait_for(lambda: Simulation.objects.get(pk=sim.pk).finished, "the simulation's end")
    finally:
        app.conf.update(task_routes=saved)
    sim.refresh_from_db()
    assert sim.status == SimStatus.DONE, sim.error
    assert sim.done == 40 and len(sim.chunks) == 8
    assert sorted(map(tuple, sim.chunks)) == sim_services.chunks_todo(
        Simulation(games=40, chunks=[], done=0))
    assert sim.totals == runner.run_chunk(sim_services.spec_of(sim), 0, 40)
