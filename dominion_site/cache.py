"""Django's Redis cache, with one Redis client per connection pool instead of one per call.

Django builds a new `redis.Redis` for every cache operation, and each one fills a table of
about 170 response callbacks: with the API's throttles, the login limits and the after-move
job's claim that was ~0.35 ms of CPU a call, several calls a request (cProfile of a move).
A client is thread-safe (it borrows a connection from the pool per command), so one per pool
serves every thread of the process.
"""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient


class SharedClientRedisCacheClient(RedisCacheClient):
    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        """The pool's client, built once."""
        pool = self._get_connection_pool(write)
        clients = self.__dict__.setdefault("_shared_clients", {})
        client = clients.get(id(pool))
        if client is None:
            client = clients.setdefault(id(pool), self._client(connection_pool=pool))
        return client


class SharedClientRedisCache(RedisCache):
    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = SharedClientRedisCacheClient
