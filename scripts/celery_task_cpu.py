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
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
TASKS = 400
INTERVAL = 0.02  # 50 tasks a second: each one wakes the worker, as moves do
QUEUE = "cpu-probe"


def _cpu_seconds(pid: int) -> float:
    """User + system CPU of `pid` and its living descendants (the pool's children)."""
    total = 0.0
    pids = [pid]
    while pids:
        current = pids.pop()
        try:
            fields = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        pids.extend(int(c) for c in children)
    return total


def main(worker_args: list[str]) -> None:
    url = os.environ.get("REDIS_URL", "")
    if urlparse(url).hostname not in ("127.0.0.1", "localhost"):
        sys.exit("REDIS_URL must name a Redis on 127.0.0.1")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dominion_site.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from dominion_site.celery import app

    args = ["-A", "dominion_site", "worker", "-Q", QUEUE, "-l", "warning", "--concurrency", "2",
            "--without-gossip", "--without-mingle", "--without-heartbeat", *worker_args]
    worker = subprocess.Popen([sys.executable, "-m", "celery", *args], cwd=ROOT)
    try:
        time.sleep(8)  # started and idle
        idle_from, idle_at = _cpu_seconds(worker.pid), time.monotonic()
        time.sleep(5)
        idle_rate = (_cpu_seconds(worker.pid) - idle_from) / (time.monotonic() - idle_at)
        start, started = _cpu_seconds(worker.pid), time.monotonic()
        for _ in range(TASKS):
            app.send_task("celery.backend_cleanup", queue=QUEUE)
            time.sleep(INTERVAL)
        time.sleep(3)  # the last ones done
        used = _cpu_seconds(worker.pid) - start - idle_rate * (time.monotonic() - started)
        print(f"worker {' '.join(worker_args) or '(prefork)'}: {1000 * used / TASKS:.2f} ms CPU "
              f"per no-op task ({TASKS} tasks; idle {1000 * idle_rate:.1f} ms/s)")
    finally:
        worker.terminate()
        worker.wait(30)


if __name__ == "__main__":
    main(sys.argv[1:])
