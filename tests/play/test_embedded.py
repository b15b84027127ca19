"""Embedded mode: no Redis, no worker, no beat; the web process sweeps in a thread."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from games import background
from games.play import sweep, sweeper, tasks
from games.play.models import DecisionClock


def test_no_sweep_thread_unless_embedded(settings):
    settings.BACKGROUND_MODE = "celery"

    assert sweeper.start_if_embedded() is None


@pytest.mark.django_db(transaction=True)
def test_the_embedded_sweeper_fires_deadlines_without_celery(start_game, alice, bob,
                                                             settings):
    settings.BACKGROUND_MODE = "thread"
    game = start_game([alice, bob], limit_days=1)
    # The start's own after-move job runs on the background thread: once it has, it cannot
    # set the clock again after the deadline below (it did when the thread was busy).
    background.drain()
    DecisionClock.objects.filter(game=game).update(
        deadline_at=timezone.now() - timedelta(minutes=1))
    thread = sweeper.Sweeper(interval=0.05)
    thread.start()
    try:
        give_up = time.monotonic() + 60
        while not game.steps.exists() and time.monotonic() < give_up:
            time.sleep(0.05)
    finally:
        thread.stop()
        background.drain()

    game.refresh_from_db()
    assert game.step >= 1
    assert set(game.steps.values_list("actor", flat=True)) == {"deadline"}


@pytest.mark.django_db(transaction=True)
def test_sweeps_do_not_pile_up_behind_a_slow_one(settings, monkeypatch):
    settings.BACKGROUND_MODE = "thread"
    release = threading.Event()
    started = []

    def slow_sweep(now=None):
        started.append(time.monotonic())
        release.wait(30)
        return {}

    monkeypatch.setattr(sweep, "sweep", slow_sweep)
    thread = sweeper.Sweeper(interval=0.01)
    thread.start()
    try:
        give_up = time.monotonic() + 30
        while not started and time.monotonic() < give_up:
            time.sleep(0.01)
        time.sleep(0.3)  # about 30 more ticks while the first sweep is held
        assert background.queued(tasks.play_sweep) == 1
    finally:
        thread.stop()
        release.set()
        background.drain()
    assert len(started) == 1


@pytest.mark.django_db(transaction=True)
def test_the_embedded_sweeper_runs_the_beat_schedule_too(settings, alice):
    """Without beat, old Idempotency-Key records (each holding a whole reply) were kept for
    ever: the sweeper now runs every entry of the beat schedule at its own interval."""
    from games.api.models import IdempotencyRecord

    settings.BACKGROUND_MODE = "thread"
    settings.CELERY_BEAT_SCHEDULE = {
        **settings.CELERY_BEAT_SCHEDULE,
        "api-purge": {"task": "games.api.tasks.api_purge", "schedule": 0.2},
    }
    old = IdempotencyRecord.objects.create(user=alice, key="old", request_hash="x" * 64)
    IdempotencyRecord.objects.filter(pk=old.pk).update(
        created_at=timezone.now() - timedelta(days=2))
    fresh = IdempotencyRecord.objects.create(user=alice, key="fresh", request_hash="y" * 64)
    thread = sweeper.Sweeper(interval=0.05)
    thread.start()
    try:
        give_up = time.monotonic() + 60
        while (IdempotencyRecord.objects.filter(pk=old.pk).exists()
               and time.monotonic() < give_up):
            time.sleep(0.05)
    finally:
        thread.stop()
        background.drain()

    assert list(IdempotencyRecord.objects.values_list("pk", flat=True)) == [fresh.pk]


def test_the_sweeper_runs_every_beat_entry_but_the_sweep_itself(settings):
    assert set(sweeper.Sweeper.periodic()) == {
        entry["task"] for name, entry in settings.CELERY_BEAT_SCHEDULE.items()
        if name != "play-sweep"}
