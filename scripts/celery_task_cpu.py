"""Celery's own CPU per task: a worker started as the load run starts it, fed no-op tasks.

The load benchmark's worker column holds the after-move job (scripts/move_cpu.py times it)
and Celery's fixed cost per task (receiving, the prefork pool's hand-off, acking); this
measures the second alone. Needs a Redis on 127.0.0.1 (REDIS_URL) and a SECRET_KEY, as a
production worker does; extra arguments go to `celery worker`:

    REDIS_URL=redis://127.0.0.1:6379/7 SECRET_KEY=... .venv/bin/python scripts/celery_task_cpu.py
    ... scripts/celery_task_cpu.py --pool threads
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TASKS = 400
INTERVAL = 0.02  # 50 tasks a second: each one wakes the worker, as moves do
QUEUE = "cpu-probe"


def main(worker_args: list[str]) -> None:
    sys.path.insert(0, str(ROOT))
    from loadtest.stack import local_only

    local_only(os.environ.get("REDIS_URL", ""), "REDIS_URL")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dominion_site.settings")
    import django

    django.setup()
    from dominion_site.celery import app
    from loadtest.stack import cpu_seconds, tree

    def used_by_worker() -> float:  # the worker and its pool's children
        return sum(cpu_seconds(pid) for pid in tree(worker.pid))

    args = ["-A", "dominion_site", "worker", "-Q", QUEUE, "-l", "warning", "--concurrency", "2",
            "--without-gossip", "--without-mingle", "--without-heartbeat", *worker_args]
    worker = subprocess.Popen([sys.executable, "-m", "celery", *args], cwd=ROOT)
    try:
        time.sleep(8)  # started and idle
        idle_from, idle_at = used_by_worker(), time.monotonic()
        time.sleep(5)
        idle_rate = (used_by_worker() - idle_from) / (time.monotonic() - idle_at)
        start, started = used_by_worker(), time.monotonic()
        for _ in range(TASKS):
            app.send_task("celery.backend_cleanup", queue=QUEUE)
            time.sleep(INTERVAL)
        time.sleep(3)  # the last ones done
        used = used_by_worker() - start - idle_rate * (time.monotonic() - started)
        print(f"worker {' '.join(worker_args) or '(prefork)'}: {1000 * used / TASKS:.2f} ms CPU "
              f"per no-op task ({TASKS} tasks; idle {1000 * idle_rate:.1f} ms/s)")
    finally:
        worker.terminate()
        worker.wait(30)


if __name__ == "__main__":
    main(sys.argv[1:])
