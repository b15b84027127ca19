"""Per-process resources kept across calls: Redis cache clients, pooled database connections.

Measured with scripts/loadtest --pg-stats: Celery's fixup closed the connection pool around
every task (3.6 new PostgreSQL sessions per move), and Django's Redis cache built a client
per call. Both are set up once per process now; these tests keep it so.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from dominion_site import celery as celery_app
from dominion_site.cache import SharedClientRedisCache


def test_redis_cache_builds_one_client_per_pool():
    cache = SharedClientRedisCache("redis://127.0.0.1:1/0", {})
    client = cache._cache.get_client(write=True)

    assert cache._cache.get_client("some-key", write=True) is client
    assert cache._cache.get_client(write=False) is client  # one server: one pool
    assert client.connection_pool is cache._cache._get_connection_pool(True)


def test_every_thread_s_cache_shares_the_process_pool_and_client():
    first = SharedClientRedisCache("redis://127.0.0.1:2/0", {})
    second = SharedClientRedisCache("redis://127.0.0.1:2/0", {})  # another thread's
    other = SharedClientRedisCache("redis://127.0.0.1:2/1", {})

    assert first._cache.get_client() is second._cache.get_client()
    assert first._cache.get_client() is not other._cache.get_client()


def test_the_celery_fixup_no_longer_closes_connections_around_each_task():
    from celery.fixups.django import DjangoWorkerFixup

    assert DjangoWorkerFixup(celery_app.app).db_reuse_max >= 10**9


@pytest.mark.parametrize("eager", [False, True])
def test_tasks_release_connections_as_requests_do(monkeypatch, eager):
    calls = []
    monkeypatch.setattr("django.db.close_old_connections", lambda: calls.append(1))
    task = SimpleNamespace(request=SimpleNamespace(is_eager=eager))

    celery_app._release_connections(sender=task)

    assert calls == ([] if eager else [1])


def test_the_celery_result_backend_is_shared_by_threads():
    import threading

    from django.test import override_settings

    with override_settings(CELERY_RESULT_BACKEND="redis://127.0.0.1:2/0"):
        app = celery_app.Celery("backend-probe", set_as_current=False)
        app.config_from_object("django.conf:settings", namespace="CELERY")
        seen = []
        thread = threading.Thread(target=lambda: seen.append(app.backend))
        thread.start()
        thread.join()

        assert app.conf.result_backend_thread_safe is True
        assert seen == [app.backend]
