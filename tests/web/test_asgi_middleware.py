"""Under ASGI the middleware stack runs sync: its hooks do not each hand off to a thread.

Django runs a middleware that can do both in the mode of the one below it; the bottom of an
ASGI stack is async, so without games.middleware.SyncChain each middleware handed its hooks to
a thread and back (measured: ~10% of a loaded web process's CPU).
"""

from __future__ import annotations

import asgiref.sync
import pytest
from django.conf import settings


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
