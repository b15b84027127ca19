"""Embedded mode: the periodic sweep on an interval, without Celery beat.

A daemon thread wakes every PLAY_SWEEP_SECONDS and queues the sweep on the background
runner (games.background): on a pool of its own ("mail", one thread), so sweeps run one at a
time and a slow mail server never holds up the bot moves.
"""

from __future__ import annotations

import threading

from django.conf import settings

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

        while not self.stopped.wait(self.interval):
            # Checked at each tick: a process that switched to Celery (or a test running
            # tasks inline) must not sweep from here as well. A sweep still waiting or running
            # (a slow mail server) is not joined by another: they would only pile up.
            if settings.BACKGROUND_MODE == "thread" and not background.queued(play_sweep):
                background.schedule(play_sweep)

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
