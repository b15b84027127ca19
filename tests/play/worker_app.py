"""The project's Celery app, as the worker test starts it (`celery -A tests.play.worker_app`).

Test-only additions, from the environment the test passes: a private queue, a short Redis
visibility timeout (so a killed worker's unacknowledged task comes back in seconds, not an
hour), and a hang at a chosen point of the first bot move so the test can kill the worker
exactly there: "before" the move is applied, or "after" it is committed but not yet acked.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from celery.signals import task_postrun, task_prerun

from dominion_site.celery import app

app.conf.update(
    task_default_queue=os.environ["PLAY_TEST_QUEUE"],
    # (what the worker sends on goes to the test's queue too: a simulation's chunks)
    task_routes={"games.sim.tasks.*": {"queue": os.environ["PLAY_TEST_QUEUE"]}},
    broker_transport_options={
        "visibility_timeout": 3, "unacked_restore_interval": 1, "unacked_restore_throttle": 1,
    },
)
HANG_AT = os.environ.get("PLAY_TEST_HANG_AT", "")
MARKER = os.environ.get("PLAY_TEST_MARKER", "")


def _hang(task, point: str) -> None:
    if task.name != "games.tasks.bot_move" or HANG_AT != point or not MARKER:
        return
    marker = Path(MARKER)
    if not marker.exists():
        marker.write_text(point)
        time.sleep(600)  # the test SIGKILLs the worker while it sleeps here


@task_prerun.connect
def _before(task=None, **kwargs) -> None:
    _hang(task, "before")


@task_postrun.connect
def _after(task=None, **kwargs) -> None:
    _hang(task, "after")
