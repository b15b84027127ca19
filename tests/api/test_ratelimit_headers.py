"""Rate-limit headers on every API response (IETF RateLimit fields and X-RateLimit-*)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def test_a_read_shows_the_read_quota_counting_down(as_alice):
    first = as_alice.get("/api/v1/me/")
    second = as_alice.get("/api/v1/me/")
    assert first["RateLimit-Policy"] == '"read";q=600;w=60'
    assert first["X-RateLimit-Limit"] == "600"
    assert int(first["X-RateLimit-Remaining"]) - int(second["X-RateLimit-Remaining"]) == 1
    assert second["RateLimit"].startswith('"read";r=598;t=')


def test_creating_a_game_shows_both_quotas(as_alice, catalog):
    response = as_alice.post("/api/v1/games/", {"seats": ["me", "bmu"]}, format="json")
    assert response.status_code == 201
    assert response["RateLimit-Policy"] == '"write";q=120;w=60, "create_game";q=30;w=3600'
    assert '"create_game";r=29;' in response["RateLimit"]


def test_errors_carry_the_headers_too(as_alice, catalog):
    for response in (as_alice.get("/api/v1/games/999/"), as_alice.get("/api/v1/nowhere/"),
                     APIClient().get("/api/v1/me/"),
                     as_alice.get("/api/v1/games/?limit=-1")):
        assert response.status_code in (400, 401, 404)
        assert "RateLimit" in response and "X-RateLimit-Remaining" in response


def test_over_the_quota_remaining_is_zero(as_alice, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "read": "2/min"}}
    statuses = [as_alice.get("/api/v1/me/") for _ in range(3)]
    assert [r.status_code for r in statuses] == [200, 200, 429]
    assert statuses[-1]["X-RateLimit-Remaining"] == "0"
    assert int(statuses[-1]["X-RateLimit-Reset"]) > 0
    assert statuses[-1]["Retry-After"]


def test_the_common_headers_name_the_quota_nearest_to_refusing(as_alice, catalog, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "create_game": "1/hour"}}
    made = as_alice.post("/api/v1/games/", {"seats": ["me", "bmu"]}, format="json")
    refused = as_alice.post("/api/v1/games/", {"seats": ["me", "bmu"]}, format="json")
    assert (made.status_code, refused.status_code) == (201, 429)
    for response in (made, refused):  # write has 118 left; create_game none
        assert response["X-RateLimit-Scope"] == "create_game"
        assert response["X-RateLimit-Remaining"] == "0"
        assert int(response["X-RateLimit-Reset"]) > 60
    assert as_alice.get("/api/v1/me/")["X-RateLimit-Scope"] == "read"


def test_the_headers_reuse_what_the_throttle_read(as_alice, monkeypatch):
    """One count per request (the throttle's, one atomic step): the headers reuse the window
    it left instead of reading it again."""
    from games.api import ratelimit, throttles

    as_alice.get("/api/v1/me/")
    hits, reads = [], []
    original = throttles.window_hit
    monkeypatch.setattr(throttles, "window_hit",
                        lambda *a, **kw: hits.append(a[1]) or original(*a, **kw))
    monkeypatch.setattr(ratelimit, "window_read", lambda *a, **kw: reads.append(a[1]) or [])
    response = as_alice.get("/api/v1/me/")
    assert response["RateLimit"].startswith('"read";r=598;t=')
    assert len(hits) == 1 and not reads, (hits, reads)
