"""The live servers' check that every pooled database connection went back to the pool.

A thread outside a request or a task that uses the ORM and ends without closing its
connection leaves it lent for ever (the pool cannot take back a connection whose thread is
gone): under the live test servers such a thread ran the pool dry, and the tests after it
waited DB_POOL_TIMEOUT for a connection and failed. Called once a server has stopped (its
request threads are done), it names the leak where it happens.
"""

from __future__ import annotations

import time

from django.db import DEFAULT_DB_ALIAS, connections

SETTLE_SECONDS = 10.0  # a pool just created opens its first connections in the background


def pool_lent() -> int:
    """Connections out of this process's database pool (0 without one: SQLite, DB_POOL=0,
    or a pool closed since, which took back what was out)."""
    # (not `connection.pool`, which makes a pool when there is none: one not opened yet
    # counts its min_size as lent)
    connection = connections[DEFAULT_DB_ALIAS]
    pool = getattr(type(connection), "_connection_pools", {}).get(connection.alias)
    if pool is None or pool.closed:
        return 0
    stats = pool.get_stats()
    return stats["pool_size"] - stats["pool_available"]


def assert_none_lent_but_mine() -> None:
    """Only this thread's own connection (if it has one) may be out of the pool.

    The pool counts a connection it is still opening (a new pool fills up to its min_size in
    the background) as not available yet, so the count is read again until it settles; a
    connection never given back never comes back, however long this waits.
    """
    mine = 1 if connections[DEFAULT_DB_ALIAS].connection is not None else 0
    deadline = time.monotonic() + SETTLE_SECONDS
    while True:
        lent = pool_lent()
        if lent <= mine or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert lent <= mine, (f"{lent - mine} pooled connection(s) never given back: a thread "
                          "that used the ORM ended without connection.close()")
