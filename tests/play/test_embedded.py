"""Embedded mode: no Redis, no worker, no beat; the web process sweeps in a thread."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from games import background
from games.play import sweeper
from games.play.models import DecisionClock


def test_no_sweep_thread_unless_embedded(settings):
    settings.BACKGROUND_MODE = "celery"

    assert sweeper.start_if_embedded() is None


@pytest.mark.django_db(transaction=True)
def test_the_embedded_sweeper_fires_deadlines_without_celery(start_game, alice, bob,
                                                             settings):
    settings.BACKGROUND_MODE = "thread"
    game = start_game([alice, bob], limit_days=1)
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
