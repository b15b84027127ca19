"""The simulator's API: create a simulation, read its progress and results, clear refusals."""

from __future__ import annotations

import uuid

import pytest

from games.sim.models import Simulation

pytestmark = pytest.mark.django_db


def _post(client, base_kingdom, **change):
    body = {"kingdom": base_kingdom, "bots": ["smithy", "bmu"], "games": 8, **change}
    return client.post("/api/v1/simulations/", body, format="json")


def test_a_simulation_is_created_run_and_read_back(catalog, as_alice, base_kingdom, committed):
    with committed():
        created = _post(as_alice, base_kingdom)
    assert created.status_code == 201
    body = created.json()
    assert body["status"] == "queued" and body["games"] == 8 and body["results"] is None
    assert body["url"].endswith(f"/sim/{body['id']}/")
    done = as_alice.get(f"/api/v1/simulations/{body['id']}/").json()
    assert done["status"] == "done" and done["done"] == 8 and done["progress"] == 1.0
    rows = done["results"]["bots"]
    assert [r["bot"] for r in rows] == ["smithy", "bmu"]
    assert sum(r["wins"] for r in rows) == pytest.approx(8)
    assert all(len(r["ci95"]) == 2 and r["vp_by_turn"] for r in rows)
    assert done["results"]["mean_turns"] > 5


@pytest.mark.parametrize("change, code", [
    ({"bots": ["bmu"]}, "invalid_request"),
    ({"bots": ["bmu", "smithee"]}, "invalid_bots"),
    ({"games": 0}, "invalid_request"),
    ({"games": 50000}, "invalid_games"),
    ({"kingdom": ["Smithy"] * 10}, "invalid_kingdom"),
])
def test_a_bad_simulation_is_a_400_with_its_code(catalog, as_alice, base_kingdom, change, code):
    response = _post(as_alice, base_kingdom, **change)
    assert response.status_code == 400
    assert response.json()["code"] == code
    assert not Simulation.objects.exists()


def test_too_many_running_is_a_409(catalog, as_alice, base_kingdom, settings):
    settings.SIM_MAX_ACTIVE = 1
    assert _post(as_alice, base_kingdom).status_code == 201
    refused = _post(as_alice, base_kingdom)
    assert refused.status_code == 409 and refused.json()["code"] == "too_many_simulations"


def test_an_unknown_simulation_is_a_404_and_strangers_need_a_token(as_alice, client):
    missing = as_alice.get(f"/api/v1/simulations/{uuid.uuid4()}/")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"
    assert client.post("/api/v1/simulations/", {}, format="json").status_code == 401


def test_starting_simulations_has_its_own_quota(catalog, as_alice, base_kingdom, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "simulate": "1/hour"}}
    settings.SIM_MAX_ACTIVE = 10
    assert _post(as_alice, base_kingdom).status_code == 201
    refused = _post(as_alice, base_kingdom)
    assert refused.status_code == 429 and refused.json()["code"] == "throttled"
    assert int(refused["Retry-After"]) > 0 and Simulation.objects.count() == 1


def test_refused_requests_do_not_use_up_the_simulation_quota(catalog, as_alice, base_kingdom,
                                                            settings):
    """Only a simulation that starts counts: as many refusals as the quota still leave it whole."""
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "simulate": "3/hour"}}
    settings.SIM_MAX_ACTIVE = 10
    refusals = [_post(as_alice, base_kingdom, bots=["smithee", "bmu"]),
                _post(as_alice, ["Moat"] * 10),
                _post(as_alice, base_kingdom, games=0)]
    assert [r.status_code for r in refusals] == [400, 400, 400]

    started = [_post(as_alice, base_kingdom) for _ in range(3)]

    assert [r.status_code for r in started] == [201, 201, 201]
    assert '"simulate";r=0;' in started[-1]["RateLimit"]
    assert _post(as_alice, base_kingdom).status_code == 429
    assert Simulation.objects.count() == 3


def test_a_full_site_queue_is_a_409_that_says_to_retry_later(catalog, as_alice, as_bob,
                                                              client_for, make_user,
                                                              base_kingdom, settings):
    """Each account may run SIM_MAX_ACTIVE simulations, but many accounts could fill the
    simulations queue and delay everyone: SIM_MAX_QUEUED_SITE caps the site's."""
    from games.sim.models import SimStatus

    settings.SIM_MAX_QUEUED_SITE = 3
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "simulate": "1/hour"}}
    as_carol, as_dave = (client_for(make_user(name)) for name in ("carol", "dave"))
    assert [_post(c, base_kingdom).status_code for c in (as_alice, as_bob, as_dave)] == [
        201, 201, 201]

    busy = _post(as_carol, base_kingdom)

    assert busy.status_code == 409 and busy.json()["code"] == "simulations_busy"
    assert "busy" in busy.json()["detail"] and "try again later" in busy.json()["detail"]
    assert Simulation.objects.count() == 3
    Simulation.objects.filter(created_by__username="alice").update(status=SimStatus.DONE)
    assert _post(as_carol, base_kingdom).status_code == 201  # the refusal cost no quota


def test_over_the_quota_a_bad_request_gets_its_429_before_its_400(catalog, as_alice,
                                                                  base_kingdom, settings):
    """Over quota the client can do nothing until a place frees up: it is told that first,
    before its body is checked (as the read and write quotas, and create_game, refuse), and
    the refusal takes no place. Under quota the same body gets its 400."""
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "simulate": "1/hour"}}
    settings.SIM_MAX_ACTIVE = 10
    assert _post(as_alice, base_kingdom, bots=["smithee", "bmu"]).status_code == 400
    assert _post(as_alice, base_kingdom).status_code == 201

    refused = [_post(as_alice, base_kingdom, bots=["smithee", "bmu"]),
               _post(as_alice, ["Moat"] * 10),
               _post(as_alice, base_kingdom, games=0),
               _post(as_alice, base_kingdom)]

    assert [r.status_code for r in refused] == [429, 429, 429, 429]
    assert {r.json()["code"] for r in refused} == {"throttled"}
    assert all(int(r["Retry-After"]) > 60 for r in refused)
    assert Simulation.objects.count() == 1
