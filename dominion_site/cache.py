"""Django's Redis cache, with its connection pools and clients shared by the whole process.

Django keeps one cache object per thread (asyncio context), and under ASGI every request runs
in a thread of its own: each request built a new connection pool, so opened a new Redis
connection, and each cache call built a new `redis.Redis`, filling a table of about 170
response callbacks (py-spy of a loaded web process: ~8% of its CPU). Pools are thread-safe, and
so is a client that borrows its connections from one, so one of each per server and options
serves every thread of the process.
"""

from __future__ import annotations

import threading
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient

_POOLS: dict[tuple, dict[int, Any]] = {}
_CLIENTS: dict[int, Any] = {}
_LOCK = threading.Lock()


class SharedClientRedisCacheClient(RedisCacheClient):
    def __init__(self, servers: list[str], **options: Any) -> None:
        super().__init__(servers, **options)
        key = (tuple(servers), repr(sorted(self._pool_options.items())))
        with _LOCK:
            self._pools = _POOLS.setdefault(key, {})

    def _get_connection_pool(self, write: bool) -> Any:
        index = self._get_connection_pool_index(write)
        pool = self._pools.get(index)
        if pool is None:
            with _LOCK:
                pool = self._pools.get(index)
                if pool is None:
                    pool = self._pools[index] = self._pool_class.from_url(
                        self._servers[index], **self._pool_options)
        return pool

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        """The pool's client, built once per process."""
        pool = self._get_connection_pool(write)
        client = _CLIENTS.get(id(pool))
        if client is None:
            with _LOCK:
                client = _CLIENTS.setdefault(id(pool), self._client(connection_pool=pool))
        return client


class SharedClientRedisCache(RedisCache):
    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = SharedClientRedisCacheClient

    def raw_client(self, key: Any = None, *, write: bool = True) -> Any:
        """The process's redis-py client for `key` (for atomic scripts the cache API lacks)."""
        return self._cache.get_client(key, write=write)
