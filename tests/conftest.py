"""Fixtures every suite shares."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _fresh_cache(request: pytest.FixtureRequest) -> None:
    """A test that touches the database starts with an empty cache: throttle and rate-limit
    counters, socket caps and cached reads would otherwise carry over from the test before
    it, so a test's result would depend on which ran first."""
    uses_db = {"db", "transactional_db", "live_server"} & set(request.fixturenames)
    if not uses_db and request.node.get_closest_marker("django_db") is None:
        return  # engine tests: no Django state to clear
    from django.core.cache import caches

    for alias in caches:
        caches[alias].clear()
