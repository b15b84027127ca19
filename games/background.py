"""Run Celery tasks the way the deployment allows (settings.BACKGROUND_MODE).

- "celery": publish to the broker; a separate `celery worker` runs the task.
- "thread": embedded mode. Background threads of the web process run the tasks, one pool per
  queue: bot moves in order on one thread (a bot's thinking never holds up a request), and
  slow outbound I/O (webhook deliveries, the sweep that sends emails) on pools of their own,
  so that nothing a user points a webhook at can delay a move. The queue of a task is the
  one Celery would route it to (settings.CELERY_TASK_ROUTES), or BACKGROUND_THREAD_QUEUES.
- "inline": run at once in the caller. A task that schedules another (a bot answering, which
  opens a decision for the next bot) only queues it; the outermost call drains the queue in a
  loop, so a 1,000-move bot game never grows the stack.

Callers schedule only from transaction.on_commit, so a task never sees uncommitted data.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor, wait
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import close_old_connections
from django.utils.module_loading import import_string

log = logging.getLogger(__name__)

DEFAULT_QUEUE = "celery"

_local = threading.local()
_pools: dict[str, ThreadPoolExecutor] = {}
_pending: dict[str, set[Future]] = {}
_pool_lock = threading.Lock()


def schedule(task: Any, *args: Any) -> None:
    """Run `task(*args)` in the background according to BACKGROUND_MODE."""
    mode = settings.BACKGROUND_MODE
    if mode == "celery":
        task.apply_async(args=args, argsrepr=brief(args))
    elif mode == "thread":
        _submit_to_thread(task, args)
    elif mode == "inline":
        _run_inline(task, args)
    else:
        raise ImproperlyConfigured(f"unknown BACKGROUND_MODE {mode!r}")


def brief(args: tuple) -> str:
    """What a task's arguments look like in the worker's logs and monitors (Celery's
    `argsrepr`): ids, steps and short strings, each list or dict inside as its size. Celery
    wrote out every argument, a move's open decisions too (a seat's cards: hidden from the
    others, and a fifth of the CPU of sending the task)."""
    inner = ", ".join(_brief_value(arg, top=True) for arg in args)
    return f"({inner},)" if len(args) == 1 else f"({inner})"


def _brief_value(value: Any, top: bool = False) -> str:
    if value is None or isinstance(value, (bool, int, float)):
        return repr(value)
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:40] + "...")
    if isinstance(value, dict) and top:
        return "{" + ", ".join(f"{key!r}: {_brief_value(item)}" for key, item in value.items()
                               if isinstance(key, str)) + "}"
    if isinstance(value, (list, tuple, dict)):
        return f"<{type(value).__name__} of {len(value)}>"
    return f"<{type(value).__name__}>"


def schedule_named(name: str, *args: Any) -> None:
    """`schedule` by the task's dotted name, so services need not import task modules."""
    schedule(import_string(name), *args)


def queued(task: Any) -> int:
    """How many tasks wait or run on `task`'s thread pool (embedded mode; 0 otherwise)."""
    with _pool_lock:
        return len(_pending.get(queue_of(task), ()))


def queue_of(task: Any) -> str:
    """The queue `task` runs on: embedded-only overrides first, then Celery's routes."""
    name = getattr(task, "name", "")
    embedded = getattr(settings, "BACKGROUND_THREAD_QUEUES", {}).get(name)
    route = getattr(settings, "CELERY_TASK_ROUTES", None) or {}
    return embedded or route.get(name, {}).get("queue") or DEFAULT_QUEUE


def _thread_pool(queue: str) -> ThreadPoolExecutor:
    with _pool_lock:
        if queue not in _pools:
            size = getattr(settings, "BACKGROUND_THREADS", {}).get(queue, 1)
            prefix = "background" if queue == DEFAULT_QUEUE else f"background-{queue}"
            _pools[queue] = ThreadPoolExecutor(max_workers=size, thread_name_prefix=prefix)
        return _pools[queue]


def _submit_to_thread(task: Any, args: tuple) -> None:
    queue = queue_of(task)
    try:
        future = _thread_pool(queue).submit(_run_in_thread, task, args)
    except RuntimeError:  # the interpreter is shutting down; bots_resume picks it up later
        log.warning("dropped %s%r at shutdown", task.name, args)
        return
    with _pool_lock:
        _pending.setdefault(queue, set()).add(future)
    future.add_done_callback(lambda done: _forget(queue, done))


def _forget(queue: str, future: Future) -> None:
    with _pool_lock:
        _pending.get(queue, set()).discard(future)


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
    """Wait until the background threads have run everything queued so far (for commands).

    The default queue goes first, so what its tasks queue elsewhere (a move that enqueues
    webhook deliveries) is waited for too.
    """
    _wait_for(DEFAULT_QUEUE)
    with _pool_lock:
        others = [queue for queue in _pending if queue != DEFAULT_QUEUE]
    for queue in others:
        _wait_for(queue)


def _wait_for(queue: str) -> None:
    with _pool_lock:
        futures = set(_pending.get(queue, ()))
    wait(futures)
