"""Under ASGI the middleware stack runs sync: its hooks do not each hand off to a thread.

Django runs a middleware that can do both in the mode of the one below it; the bottom of an
ASGI stack is async, so without games.middleware.SyncChain each middleware handed its hooks to
a thread and back (measured: ~10% of a loaded web process's CPU).
"""

from __future__ import annotations

import asyncio
from collections import Counter

import asgiref.sync
import pytest
from django.conf import settings

from tests.asgi_request import asgi_request


@pytest.mark.django_db
def test_an_asgi_request_crosses_into_threads_only_a_few_times(async_client, monkeypatch):
    made = []
    original = asgiref.sync.SyncToAsync.__init__

    def counting(self, func, *args, **kwargs):
        made.append(getattr(func, "__qualname__", repr(func)))
        original(self, func, *args, **kwargs)

    monkeypatch.setattr(asgiref.sync.SyncToAsync, "__init__", counting)

    response = asgiref.sync.async_to_sync(async_client.get)("/api/v1/games/")

    assert response.status_code in (200, 401, 403)
    assert len(made) <= 10, made  # 18 with the stack async; the rest is Django's own


def test_sync_chain_is_last_and_sync_only():
    from games.middleware import SyncChain

    assert settings.MIDDLEWARE[-1] == "games.middleware.SyncChain"
    assert SyncChain.sync_capable and not SyncChain.async_capable


async def _get(app, path: str, headers: list[tuple[bytes, bytes]]) -> list[dict]:
    return await asgi_request(app, path, headers=headers)


def _counting(monkeypatch) -> Counter:
    calls: Counter = Counter()
    for cls in (asgiref.sync.SyncToAsync, asgiref.sync.AsyncToSync):
        original = cls.__call__

        def counted(self, *args, _original=original, _name=cls.__name__, **kwargs):
            calls[_name] += 1
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(cls, "__call__", counted)
    return calls


@pytest.mark.django_db(transaction=True)
def test_the_sites_handler_answers_as_djangos_in_one_hand_off(alice, monkeypatch):
    from django.core.handlers.asgi import ASGIHandler

    from dominion_site.asgi_handler import SyncChainASGIHandler
    from games.api import services as api_services

    _, raw = api_services.token_create(user=alice, name="h")
    auth = [(b"authorization", f"Bearer {raw}".encode())]
    ours, django = SyncChainASGIHandler(), ASGIHandler()
    for path, headers in (("/api/v1/games/", auth), ("/api/v1/games/", []),
                          ("/api/v1/games/999999/", auth), ("/", [])):
        calls = _counting(monkeypatch)
        mine = asyncio.run(_get(ours, path, headers))
        monkeypatch.undo()
        theirs = asyncio.run(_get(django, path, headers))
        assert mine[0]["status"] == theirs[0]["status"], path
        assert _stable(mine[0]["headers"]) == _stable(theirs[0]["headers"]), path
        assert b"".join(m.get("body", b"") for m in mine[1:]) == \
            b"".join(m.get("body", b"") for m in theirs[1:]), path
        # request_started, the chain, response.close (and a 4xx's log line): no trip back to
        # the loop in between (Django's own handler: 6 hand-offs and 1 back)
        assert calls["AsyncToSync"] == 0 and calls["SyncToAsync"] <= 4, (path, calls)


def _stable(headers: list) -> list:
    """The headers, less those that vary from one request to the next."""
    varying = {b"ratelimit", b"x-ratelimit-remaining", b"x-ratelimit-reset", b"set-cookie",
               b"date"}
    return sorted((k.lower(), v) for k, v in headers if k.lower() not in varying)


@pytest.mark.django_db(transaction=True)
def test_requests_run_on_a_kept_thread_one_request_at_a_time(alice):
    """One thread serves request after request (none is started per request), and the
    database connection it used goes back at the end of each (request_finished)."""
    import threading

    from django.core.signals import request_finished, request_started
    from django.db import connection

    from dominion_site.asgi_handler import SyncChainASGIHandler
    from games.api import services as api_services

    _, raw = api_services.token_create(user=alice, name="h")
    auth = [(b"authorization", f"Bearer {raw}".encode())]
    handler = SyncChainASGIHandler()
    threads, open_after = [], []

    def seen(**kwargs):
        threads.append(threading.get_ident())

    def closed(**kwargs):
        open_after.append(connection.connection is not None)

    async def three():
        for _ in range(3):
            sent = await _get(handler, "/api/v1/games/", auth)
            assert sent[0]["status"] == 200

    request_started.connect(seen, weak=False)
    request_finished.connect(closed, weak=False)  # after Django's close_old_connections
    try:
        asyncio.run(three())
    finally:
        request_started.disconnect(seen)
        request_finished.disconnect(closed)
    assert len(threads) == 3 and len(set(threads)) == 1
    assert open_after == [False, False, False]
    assert threading.get_ident() not in threads
    assert len(handler.threads.idle) == 1


def test_a_thread_still_busy_when_its_request_ends_is_not_kept():
    import threading

    from dominion_site.asgi_handler import RequestThreads

    threads = RequestThreads(keep=2)
    release = threading.Event()
    busy = threads.take()
    busy.submit(release.wait, 5)
    threads.give(busy)  # its request was cancelled while the view still ran
    assert threads.idle == []
    fresh = threads.take()
    assert fresh is not busy
    fresh.submit(lambda: None).result(timeout=5)
    threads.give(fresh)
    assert threads.idle == [fresh]
    release.set()
    spare = [threads.take() for _ in range(3)]
    for thread in spare:
        threads.give(thread)
    assert len(threads.idle) == 2  # at most `keep` idle threads are kept
    for thread in threads.idle:
        thread.shutdown()
