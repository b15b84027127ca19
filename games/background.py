"""Run Celery tasks the way the deployment allows (settings.BACKGROUND_MODE).

- "celery": publish to the broker; a separate `celery worker` runs the task.
- "thread": embedded mode. One background thread of the web process runs tasks in order, so
  a bot's thinking never holds up a request and SQLite sees one background writer at a time.
- "inline": run at once in the caller. A task that schedules another (a bot answering, which
  opens a decision for the next bot) only queues it; the outermost call drains the queue in a
  loop, so a 1,000-move bot game never grows the stack.

Callers schedule only from transaction.on_commit, so a task never sees uncommitted data.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import close_old_connections

log = logging.getLogger(__name__)

_local = threading.local()
_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def schedule(task: Any, *args: Any) -> None:
    """Run `task(*args)` in the background according to BACKGROUND_MODE."""
    mode = settings.BACKGROUND_MODE
    if mode == "celery":
        task.apply_async(args=args)
    elif mode == "thread":
        _submit_to_thread(task, args)
    elif mode == "inline":
        _run_inline(task, args)
    else:
        raise ImproperlyConfigured(f"unknown BACKGROUND_MODE {mode!r}")


def _thread_pool() -> ThreadPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="background")
        return _pool


def _submit_to_thread(task: Any, args: tuple) -> None:
    try:
        _thread_pool().submit(_run_in_thread, task, args)
    except RuntimeError:  # the interpreter is shutting down; bots_resume picks it up later
        log.warning("dropped %s%r at shutdown", task.name, args)


def _run_in_thread(task: Any, args: tuple) -> None:
    try:
        result = task.apply(args=args)
        if result.failed():
            log.error("background task %s%r failed: %r", task.name, args, result.result)
    finally:
        close_old_connections()


def _run_inline(task: Any, args: tuple) -> None:
    queue = getattr(_local, "queue", None)
    if queue is not None:
        queue.append((task, args))
        return
    _local.queue = deque([(task, args)])
    try:
        while _local.queue:
            next_task, next_args = _local.queue.popleft()
            next_task.apply(args=next_args, throw=True)
    finally:
        _local.queue = None


def drain() -> None:
    """Wait until the background thread has run everything queued so far (for commands)."""
    if _pool is not None:
        _pool.submit(lambda: None).result()
