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


def test_a_quota_holds_under_concurrent_requests(settings, alice):
    """Sixteen requests of one user at once against a quota of five: exactly five pass (a
    read-then-write count lets several through on the same window)."""
    from concurrent.futures import ThreadPoolExecutor

    from django.test import RequestFactory

    from games.api.throttles import ReadThrottle

    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {"read": "5/min"}}
    request = RequestFactory().get("/api/v1/me/")
    request.user = alice
    barrier = __import__("threading").Barrier(16)

    def one(_: int) -> bool:
        throttle = ReadThrottle()
        barrier.wait()
        return throttle.allow_request(request, None)

    with ThreadPoolExecutor(16) as pool:
        allowed = list(pool.map(one, range(16)))
    assert allowed.count(True) == 5
    assert ReadThrottle().allow_request(request, None) is False


def test_a_window_left_in_drfs_format_is_replaced(settings, alice):
    from django.core.cache import cache
    from django.test import RequestFactory

    from games.api.throttles import ReadThrottle, window_read

    request = RequestFactory().get("/api/v1/me/")
    request.user = alice
    throttle = ReadThrottle()
    key = throttle.get_cache_key(request, None)
    cache.set(key, [1.0, 2.0], 60)  # as DRF wrote it
    assert window_read(cache, key) in ([], [1.0, 2.0])  # Redis: not read; locally: the same
    assert throttle.allow_request(request, None) is True


def test_a_challenge_counts_in_the_quota_for_creating_games(tight_rates, catalog, as_alice,
                                                             bob, base_kingdom):
    """A challenge creates its game at once, so it is no way around create_game."""
    body = {"username": "bob", "seats": ["me", "open"], "kingdom": base_kingdom}
    first = as_alice.post("/api/v1/challenges/", body, format="json")
    assert first.status_code == 201
    assert first.headers["RateLimit-Policy"].count("create_game") == 1
    refused = as_alice.post("/api/v1/challenges/", body, format="json")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 60
    assert as_alice.post("/api/v1/games/", {"seats": ["me", "bmu"], "kingdom": base_kingdom},
                         format="json").status_code == 429  # one quota for both
    assert as_alice.get("/api/v1/challenges/").status_code == 200


def _quota_of(settings, scope: str, rate: str) -> None:
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], scope: rate}}


def test_refused_creations_do_not_use_up_the_quota_for_creating_games(
        settings, catalog, as_alice, alice, base_kingdom):
    """Only a game that is created counts: a 400 (bad kingdom, bad seats) or a 409 (the open
    games cap) as many times as the quota still leaves the whole quota for real games."""
    from games import services
    from games.models import Game

    _quota_of(settings, "create_game", "3/hour")
    settings.MAX_OPEN_GAMES_PER_USER = 1
    services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom)
    refusals = [
        as_alice.post("/api/v1/games/", {"seats": ["me", "bmu"], "kingdom": ["Moat"] * 10},
                      format="json"),
        as_alice.post("/api/v1/games/", {"seats": ["me", "nobody"], "kingdom": base_kingdom},
                      format="json"),
        as_alice.post("/api/v1/games/", {"seats": ["me", "bmu"], "kingdom": base_kingdom},
                      format="json"),
    ]
    assert [r.status_code for r in refusals] == [400, 400, 409]
    assert refusals[-1].json()["code"] == "too_many_open_games"
    assert '"create_game";r=3;' in refusals[-1]["RateLimit"]
    settings.MAX_OPEN_GAMES_PER_USER = 10

    created = [as_alice.post("/api/v1/games/", {"seats": ["me", "bmu"],
                                                "kingdom": base_kingdom}, format="json")
               for _ in range(3)]

    assert [r.status_code for r in created] == [201, 201, 201]
    assert '"create_game";r=0;' in created[-1]["RateLimit"]
    refused = as_alice.post("/api/v1/games/", {"seats": ["me", "bmu"],
                                               "kingdom": base_kingdom}, format="json")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 60
    assert Game.objects.count() == 4


def test_refused_challenges_do_not_use_up_the_quota_for_creating_games(
        settings, catalog, as_alice, alice, bob, base_kingdom):
    from games import services
    from games.api.models import Challenge

    _quota_of(settings, "create_game", "3/hour")
    settings.MAX_OPEN_GAMES_PER_USER = 1
    services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom)
    post = lambda **body: as_alice.post("/api/v1/challenges/",  # noqa: E731
                                        {"kingdom": base_kingdom, **body}, format="json")
    refusals = [post(username="bob", kingdom=["Moat"] * 10),
                post(username="bob", seats=["me", "open", "open"]),
                post(username="bob")]
    assert [r.status_code for r in refusals] == [400, 403, 409]
    settings.MAX_OPEN_GAMES_PER_USER = 10

    created = [post(username="bob") for _ in range(3)]

    assert [r.status_code for r in created] == [201, 201, 201]
    assert '"create_game";r=0;' in created[-1]["RateLimit"]
    assert post(username="bob").status_code == 429
    assert Challenge.objects.count() == 3


def test_over_the_quota_for_creating_games_a_bad_request_gets_its_429_first(
        settings, catalog, as_alice, bob, base_kingdom):
    """Over quota a game, a challenge or a bad body of either is refused 429 before the body
    is checked (the client can do nothing until a place frees up); under quota, a 400."""
    from games.models import Game

    _quota_of(settings, "create_game", "1/hour")

    bad = {"seats": ["me", "bmu"], "kingdom": ["Moat"] * 10}
    assert as_alice.post("/api/v1/games/", bad, format="json").status_code == 400
    assert as_alice.post("/api/v1/games/", {"seats": ["me", "bmu"], "kingdom": base_kingdom},
                         format="json").status_code == 201

    refused = [as_alice.post("/api/v1/games/", bad, format="json"),
               as_alice.post("/api/v1/games/", {"seats": "nonsense"}, format="json"),
               as_alice.post("/api/v1/challenges/", {"username": "bob", **bad}, format="json")]

    assert [r.status_code for r in refused] == [429, 429, 429]
    assert [(r.json()["code"], int(r["Retry-After"]) > 60) for r in refused] == [
        ("throttled", True)] * 3
    assert Game.objects.count() == 1
