"""Quotas per scope (read, write, create_game): 429 with Retry-After, counted per user."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


@pytest.fixture
def tight_rates(settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        "read": "3/min", "write": "2/min", "create_game": "1/hour"}}


def test_reads_over_the_quota_get_429_with_retry_after(tight_rates, as_alice, as_bob):
    codes = [as_alice.get("/api/v1/me/").status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    refused = as_alice.get("/api/v1/me/")
    assert refused.json()["code"] == "throttled"
    assert 0 < int(refused.headers["Retry-After"]) <= 60
    assert refused.json()["retry_after"] == int(refused.headers["Retry-After"])
    assert as_bob.get("/api/v1/me/").status_code == 200  # per user


def test_writes_have_their_own_quota(tight_rates, open_game, as_bob):
    url = f"/api/v1/games/{open_game.pk}"
    codes = [as_bob.post(f"{url}/{verb}/").status_code for verb in ("join", "leave", "join")]
    assert codes == [200, 200, 429]
    assert as_bob.get(f"{url}/").status_code == 200


def test_creating_games_has_its_own_quota(tight_rates, catalog, as_alice, base_kingdom):
    body = {"seats": ["me", "bmu"], "kingdom": base_kingdom}
    assert as_alice.post("/api/v1/games/", body, format="json").status_code == 201
    refused = as_alice.post("/api/v1/games/", body, format="json")
    assert refused.status_code == 429
    assert int(refused.headers["Retry-After"]) > 60  # an hourly quota
    assert as_alice.get("/api/v1/games/").status_code == 200  # listing is a read
