"""Calls started together, each in its own thread, as requests sent at once reach a server:
for the tests that a cap or a limit holds when its checks race."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.db import connection


def at_once(calls: list[Callable[[], Any]], timeout: float = 120) -> list:
    """Run every call at the same moment; their results or exceptions, in call order. Each
    thread closes its database connection (a pooled one goes back to the pool)."""
    barrier = threading.Barrier(len(calls))
    outcomes: list = [None] * len(calls)

    def run(i: int) -> None:
        try:
            barrier.wait()
            outcomes[i] = calls[i]()
        except Exception as exc:  # collected and asserted on by the caller
            outcomes[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=timeout)
    assert not any(thread.is_alive() for thread in threads), "a thread hung"
    return outcomes
