"""Embedded mode: the periodic sweep on an interval, without Celery beat.

A daemon thread wakes every PLAY_SWEEP_SECONDS and queues the sweep on the background
runner (games.background): on a pool of its own ("mail", one thread), so sweeps run one at a
time and a slow mail server never holds up the bot moves. The beat schedule's other entries
(stalled bots resumed, old API records purged) run here too, each at its own interval, so an
embedded site keeps the same housekeeping as a production one.
"""

from __future__ import annotations

import threading
import time

from django.conf import settings
from django.utils.module_loading import import_string

from games import background
from games.play import conf

_running: Sweeper | None = None
_lock = threading.Lock()


class Sweeper(threading.Thread):
    def __init__(self, interval: float) -> None:
        super().__init__(name="play-sweeper", daemon=True)
        self.interval = interval
        self.stopped = threading.Event()

    def run(self) -> None:
        from games.play.tasks import play_sweep

        last_run = {name: time.monotonic() for name in self.periodic()}
        while not self.stopped.wait(self.interval):
            # Checked at each tick: a process that switched to Celery (or a test running
            # tasks inline) must not sweep from here as well. A sweep still waiting or running
            # (a slow mail server) is not joined by another: they would only pile up.
            if settings.BACKGROUND_MODE != "thread":
                continue
            if not background.queued(play_sweep):
                background.schedule(play_sweep)
            now = time.monotonic()
            for name, every in self.periodic().items():
                if now - last_run.get(name, now) >= every:
                    last_run[name] = now
                    background.schedule(import_string(name))

    @staticmethod
    def periodic() -> dict[str, float]:
        """The beat schedule's tasks other than the sweep: dotted name → seconds between runs."""
        return {entry["task"]: float(entry["schedule"])
                for entry in settings.CELERY_BEAT_SCHEDULE.values()
                if entry["task"] != "games.play.tasks.play_sweep"}

    def stop(self) -> None:
        self.stopped.set()
        self.join()


def start_if_embedded() -> Sweeper | None:
    """Start the sweep thread once, only when no Celery beat runs (BACKGROUND_MODE=thread)."""
    global _running
    with _lock:
        if settings.BACKGROUND_MODE != "thread" or _running is not None:
            return None
        _running = Sweeper(conf.get("PLAY_SWEEP_SECONDS"))
        _running.start()
        return _running
