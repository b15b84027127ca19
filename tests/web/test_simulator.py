"""The simulator: a simulation is checked, runs in chunks that add up (and never count a game
twice), keeps its results, and its page shows progress, win rates, VP by turn and lengths."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from engine.bots import planner
from games.sim import runner, services
from games.sim.models import SimStatus, Simulation
from games.strategies.models import Strategy
from tests.at_once import at_once


def _create(user, kingdom, bots=("bmu", "smithy"), games=6, **kw) -> Simulation:
    return services.simulation_create(user=user, kingdom=kingdom, bots=list(bots), games=games,
                                      **kw)


@pytest.mark.parametrize("change, code", [
    ({"bots": ["bmu"]}, "invalid_bots"),
    ({"bots": ["bmu"] * 5}, "invalid_bots"),
    ({"bots": ["bmu", "smithee"]}, "invalid_bots"),
    ({"games": 0}, "invalid_games"),
    ({"games": 100000}, "invalid_games"),
    ({"kingdom": ["Smithy"] * 10}, "invalid_kingdom"),
    ({"edition": 3}, "invalid_setup"),
    ({"shelters": "often"}, "invalid_setup"),
])
def test_a_bad_simulation_is_refused_with_its_reason(catalog, alice, base_kingdom, change,
                                                      code):
    args = {"kingdom": base_kingdom, "bots": ["bmu", "smithy"], "games": 10, **change}
    with pytest.raises(services.SimulationRefused) as err:
        services.simulation_create(user=alice, **args)
    assert err.value.code == code
    assert not Simulation.objects.exists()


def test_a_simulation_runs_after_commit_and_keeps_its_results(catalog, alice, base_kingdom,
                                                              committed):
    with committed():
        sim = _create(alice, base_kingdom, games=12)
    sim.refresh_from_db()
    assert sim.status == SimStatus.DONE and sim.done == 12 and sim.finished_at
    from games.sim.selectors import simulation_results

    results = simulation_results(sim)["results"]
    assert sum(b["wins"] for b in results["bots"]) == pytest.approx(12)
    assert sum(results["lengths"].values()) == 12
    for row in results["bots"]:
        lo, hi = row["ci95"]
        assert lo <= row["win_rate"] <= hi
        assert len(row["vp_by_turn"]) == max(results["lengths"])
        assert row["vp_by_turn"][-1] >= row["vp_by_turn"][0]


def test_chunks_add_up_to_the_same_games_in_any_split(catalog, alice, base_kingdom):
    spec = services.spec_of(_create(alice, base_kingdom))
    whole = runner.run_chunk(spec, 0, 8)
    parts = runner.merge([runner.run_chunk(spec, 5, 8), runner.run_chunk(spec, 0, 2),
                          runner.run_chunk(spec, 2, 5)])
    assert parts == whole


def test_a_second_delivery_never_counts_a_game_twice(catalog, alice, base_kingdom):
    sim = _create(alice, base_kingdom, games=10)
    assert services.simulation_run(simulation_id=str(sim.pk))
    first = Simulation.objects.get(pk=sim.pk)
    assert not services.simulation_run(simulation_id=str(sim.pk))
    again = Simulation.objects.get(pk=sim.pk)
    assert again.done == 10 and again.totals == first.totals


def test_a_run_cut_short_is_carried_on_from_its_last_chunk(catalog, alice, base_kingdom):
    sim = _create(alice, base_kingdom, games=10)
    spec = services.spec_of(sim)
    Simulation.objects.filter(pk=sim.pk).update(
        status=SimStatus.RUNNING, done=4, totals=runner.run_chunk(spec, 0, 4))
    services.simulation_run(simulation_id=str(sim.pk))
    sim.refresh_from_db()
    assert sim.status == SimStatus.DONE and sim.totals == runner.run_chunk(spec, 0, 10)


def test_chunks_finish_in_any_order_and_a_chunk_delivered_twice_counts_once(
        catalog, alice, base_kingdom):
    sim = _create(alice, base_kingdom, games=12)  # (its run waits for a commit never made)
    spec = services.spec_of(sim)
    assert services.chunks_todo(sim) == [(0, 5), (5, 10), (10, 12)]
    Simulation.objects.filter(pk=sim.pk).update(status=SimStatus.RUNNING)
    for start, stop in [(10, 12), (0, 5), (10, 12)]:
        services.simulation_chunk(simulation_id=str(sim.pk), start=start, stop=stop)
    sim.refresh_from_db()
    assert sim.done == 7 and sim.chunks == [[10, 12], [0, 5]]
    assert sim.status == SimStatus.RUNNING and services.chunks_todo(sim) == [(5, 10)]
    assert services.simulation_chunk(simulation_id=str(sim.pk), start=5, stop=10)
    assert not services.simulation_chunk(simulation_id=str(sim.pk), start=5, stop=10)
    sim.refresh_from_db()
    assert sim.status == SimStatus.DONE and sim.finished_at and sim.done == 12
    assert sim.totals == runner.run_chunk(spec, 0, 12)


def test_a_chunk_that_lost_the_race_to_save_retries_on_the_fresh_sums(
        catalog, alice, base_kingdom, monkeypatch):
    sim = _create(alice, base_kingdom, games=10)
    spec = services.spec_of(sim)
    Simulation.objects.filter(pk=sim.pk).update(status=SimStatus.RUNNING)
    played = runner.run_chunk

    def meanwhile(spec_, start, stop):  # another worker saves its chunk while this one plays
        if start == 5:
            services.simulation_chunk(simulation_id=str(sim.pk), start=0, stop=5)
        return played(spec_, start, stop)

    monkeypatch.setattr(runner, "run_chunk", meanwhile)
    assert services.simulation_chunk(simulation_id=str(sim.pk), start=5, stop=10)
    sim.refresh_from_db()
    assert sim.status == SimStatus.DONE and sim.chunks == [[0, 5], [5, 10]]
    assert sim.totals == played(spec, 0, 10)


def test_a_run_sends_only_the_chunks_not_yet_saved(catalog, alice, base_kingdom, monkeypatch):
    from games import background
    from games.sim import tasks

    sim = _create(alice, base_kingdom, games=12)
    services.simulation_chunk(simulation_id=str(sim.pk), start=5, stop=10)
    sent = []
    monkeypatch.setattr(background, "schedule", lambda task, *args: sent.append((task, args)))
    assert services.simulation_run(simulation_id=str(sim.pk))
    assert sent == [(tasks.simulation_chunk, (str(sim.pk), 0, 5)),
                    (tasks.simulation_chunk, (str(sim.pk), 10, 12))]
    assert Simulation.objects.get(pk=sim.pk).status == SimStatus.RUNNING


def test_a_failing_run_is_marked_failed(catalog, alice, base_kingdom, monkeypatch):
    sim = _create(alice, base_kingdom)

    def broken(spec, start, stop):
        raise RuntimeError("boom")

    monkeypatch.setattr(runner, "run_chunk", broken)
    assert not services.simulation_run(simulation_id=str(sim.pk))
    sim.refresh_from_db()
    assert sim.status == SimStatus.FAILED and str(sim.pk) in sim.error
    assert "boom" not in sim.error and "RuntimeError" not in sim.error  # the log has it


def test_a_user_has_only_a_few_simulations_running(catalog, alice, base_kingdom, settings):
    settings.SIM_MAX_ACTIVE = 1
    _create(alice, base_kingdom)  # queued (its run waits for a commit that never comes)
    with pytest.raises(services.SimulationRefused) as err:
        _create(alice, base_kingdom)
    assert err.value.code == "too_many_simulations"


def test_a_site_strategy_is_kept_as_it_was(catalog, alice, base_kingdom):
    row = Strategy.objects.create(name="mine", definition={"buy": ["Gold", "Silver"]})
    sim = _create(alice, base_kingdom, bots=["mine", "bmu"])
    row.definition = {"buy": ["Silver"]}
    row.save()
    assert services.spec_of(sim)["bots"][0]["buy"] == ["Gold", "Silver"]
    assert services.simulation_run(simulation_id=str(sim.pk))


def test_the_planner_plans_its_tables_before_the_games(catalog, alice, base_kingdom,
                                                       monkeypatch):
    monkeypatch.setattr(planner, "ROUNDS", ((2, 2), (2, 1)))
    monkeypatch.setattr(planner, "FINAL_HEAD_TO_HEAD", 2)
    monkeypatch.setattr(planner, "_PLANS", type(planner._PLANS)())
    sim = _create(alice, base_kingdom, bots=["planner", "bmu", "heuristic"], games=3)
    assert services.simulation_run(simulation_id=str(sim.pk))
    from games.strategies.models import Plan

    assert Plan.objects.filter(key__contains='"players":3').count() == 1


# ----- pages ----------------------------------------------------------------------------------
def test_the_form_creates_a_simulation_and_shows_its_page(catalog, client, alice, committed):
    client.force_login(alice)
    page = client.get(reverse("sim:new") + "?bots=double-witch,bmu")
    assert page.status_code == 200
    assert page.context["form"]["bot_1"].initial == "double-witch"
    with committed():
        response = client.post(reverse("sim:new"), {
            "kingdom_mode": "cards", "games": "6", "edition": "2", "shelters": "auto",
            "cards": "Cellar, Market, Merchant, Militia, Mine, Moat, Remodel, Smithy, Village, "
                     "Workshop", "bot_1": "smithy", "bot_2": "bmu"})
    sim = Simulation.objects.get()
    assert response.status_code == 302 and response.url == reverse("sim:detail", args=[sim.pk])
    client.logout()  # anyone with the link may look
    page = client.get(response.url)
    html = page.content.decode()
    assert page.status_code == 200 and "<progress" in html and "Average VP by turn" in html
    assert "<svg" in html and "smithy" in html and "95" in html
    status = client.get(reverse("sim:status", args=[sim.pk])).json()
    assert status == {"status": "done", "done": 6, "games": 6, "progress": 1.0}


def test_the_form_refuses_bad_cards_and_needs_a_login(catalog, client, alice):
    assert client.get(reverse("sim:new")).status_code == 302
    client.force_login(alice)
    response = client.post(reverse("sim:new"), {
        "kingdom_mode": "cards", "games": "6", "edition": "2", "shelters": "auto",
        "cards": "Smithy, Smithy", "bot_1": "smithy", "bot_2": "bmu"})
    assert response.status_code == 200
    assert "exactly 10 cards" in response.content.decode()
    assert not Simulation.objects.exists()



def test_the_form_refuses_an_oversized_card_list_without_echoing_it(catalog, client, alice):
    """100,000 names (1.1 MB) used to come back as one error line each: 6.5 MB of page and
    seconds of CPU a request, before any quota counted it."""
    client.force_login(alice)
    response = client.post(reverse("sim:new"), {
        "kingdom_mode": "cards", "games": "6", "edition": "2", "shelters": "auto",
        "cards": ",".join(f"Bogus{i}" for i in range(100_000)),
        "bot_1": "smithy", "bot_2": "bmu"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "at most 1000 characters" in html
    assert "Bogus5 is not" not in html  # (the field still shows what was typed, once)
    assert len(html) < 1_300_000
    assert not Simulation.objects.exists()

def test_the_form_counts_in_the_api_quota_for_simulations(catalog, client, alice, settings):
    from django.core.cache import cache

    cache.clear()
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "simulate": "1/hour"}}
    client.force_login(alice)
    form = {"kingdom_mode": "cards", "games": "6", "edition": "2", "shelters": "auto",
            "cards": "Cellar, Market, Merchant, Militia, Mine, Moat, Remodel, Smithy, Village, "
                     "Workshop", "bot_1": "smithy", "bot_2": "bmu"}
    assert client.post(reverse("sim:new"), form).status_code == 302

    refused = client.post(reverse("sim:new"), form)

    assert refused.status_code == 429
    assert "started simulations as often as you may" in refused.content.decode()
    assert Simulation.objects.count() == 1


def test_a_form_the_simulator_refuses_does_not_use_up_the_quota(catalog, client, alice,
                                                               settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "simulate": "2/hour"}}
    settings.SIM_MAX_ACTIVE = 1
    client.force_login(alice)
    form = {"kingdom_mode": "cards", "games": "6", "edition": "2", "shelters": "auto",
            "cards": "Cellar, Market, Merchant, Militia, Mine, Moat, Remodel, Smithy, Village, "
                     "Workshop", "bot_1": "smithy", "bot_2": "bmu"}
    assert client.post(reverse("sim:new"), form).status_code == 302
    busy = client.post(reverse("sim:new"), form)  # one still running: refused by the service
    assert busy.status_code == 200 and "wait for one to finish" in busy.content.decode()
    Simulation.objects.update(status=SimStatus.DONE)

    assert client.post(reverse("sim:new"), form).status_code == 302
    assert Simulation.objects.count() == 2


def test_a_running_simulation_page_polls_and_an_unknown_one_is_404(catalog, client, alice,
                                                                   base_kingdom):
    sim = _create(alice, base_kingdom)
    html = client.get(reverse("sim:detail", args=[sim.pk])).content.decode()
    assert "sim.js" in html and 'http-equiv="refresh"' in html
    assert client.get(reverse("sim:detail", args=[uuid.uuid4()])).status_code == 404
    assert client.get(reverse("sim:index")).status_code == 200


@pytest.mark.django_db(transaction=True)
def test_simulations_sent_at_once_cannot_pass_the_cap_together(catalog, alice, base_kingdom,
                                                                settings, monkeypatch):
    # Each request counted the user's running simulations before any of the others had been
    # written, so 8 sent at once against a live server started 4 against a cap of 2.
    settings.SIM_MAX_ACTIVE = 2
    monkeypatch.setattr(services, "_schedule", lambda pk: None)  # queued, never run
    outcomes = at_once([lambda: _create(alice, base_kingdom)] * 8)
    refused = [o for o in outcomes if isinstance(o, Exception)]
    assert len(outcomes) == 8, outcomes
    assert all(getattr(o, "code", None) == "too_many_simulations" for o in refused), refused
    assert Simulation.objects.filter(created_by=alice).count() == 2 == 8 - len(refused)


@pytest.mark.django_db(transaction=True)
def test_simulations_of_many_accounts_sent_at_once_cannot_pass_the_site_cap(
        catalog, make_user, base_kingdom, settings, monkeypatch):
    """The site-wide cap is counted under a site-wide lock: each account's own lock let
    requests of different accounts count the queue together."""
    settings.SIM_MAX_QUEUED_SITE = 3
    monkeypatch.setattr(services, "_schedule", lambda pk: None)  # queued, never run
    users = [make_user(f"player{n}") for n in range(8)]
    outcomes = at_once([lambda user=user: _create(user, base_kingdom) for user in users])
    refused = [o for o in outcomes if isinstance(o, Exception)]
    assert len(outcomes) == 8, outcomes
    assert all(getattr(o, "code", None) == "simulations_busy" for o in refused), refused
    assert Simulation.objects.count() == 3 == 8 - len(refused)


def test_the_form_says_the_site_is_busy(catalog, client, alice, bob, base_kingdom, settings):
    settings.SIM_MAX_QUEUED_SITE = 1
    _create(bob, base_kingdom)
    client.force_login(alice)
    form = {"kingdom_mode": "cards", "games": "6", "edition": "2", "shelters": "auto",
            "cards": ", ".join(base_kingdom), "bot_1": "smithy", "bot_2": "bmu"}
    busy = client.post(reverse("sim:new"), form)
    assert "the site is busy" in busy.content.decode()
    assert Simulation.objects.count() == 1


def test_a_simulation_lost_with_its_worker_is_failed_by_the_sweep_and_frees_its_place(
        catalog, alice, base_kingdom, settings, monkeypatch):
    from datetime import timedelta

    from django.utils import timezone

    from games.play import sweep

    monkeypatch.setattr(services, "_schedule", lambda pk: None)  # its worker never runs it
    settings.SIM_MAX_ACTIVE = 1
    lost = services.simulation_create(user=alice, kingdom=base_kingdom, bots=["bmu", "bmu"],
                                      games=4)
    with pytest.raises(services.SimulationRefused):
        services.simulation_create(user=alice, kingdom=base_kingdom, bots=["bmu", "bmu"],
                                   games=4)
    later = timezone.now() + timedelta(hours=settings.SIM_STALE_HOURS, minutes=1)
    assert sweep.sweep(now=timezone.now())["simulations_expired"] == 0
    assert sweep.sweep(now=later)["simulations_expired"] == 1
    lost.refresh_from_db()
    assert lost.status == SimStatus.FAILED and "run it again" in lost.error
    services.simulation_create(user=alice, kingdom=base_kingdom, bots=["bmu", "bmu"], games=4)


def test_over_the_quota_the_form_says_when_to_try_again_before_judging_what_was_sent(
        catalog, client, alice, settings):
    """As POST /api/v1/simulations/ answers 429 before a 400."""
    from django.core.cache import cache

    cache.clear()
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "simulate": "1/hour"}}
    client.force_login(alice)
    form = {"kingdom_mode": "cards", "games": "6", "edition": "2", "shelters": "auto",
            "cards": "Cellar, Market, Merchant, Militia, Mine, Moat, Remodel, Smithy, Village, "
                     "Workshop", "bot_1": "smithy", "bot_2": "bmu"}
    assert client.post(reverse("sim:new"), form).status_code == 302

    refused = client.post(reverse("sim:new"), {**form, "cards": "Smithy, Smithy"})

    page = refused.content.decode()
    assert refused.status_code == 429
    assert "started simulations as often as you may" in page
    assert "exactly 10 cards" not in page  # (the form was not checked)
    assert "Smithy, Smithy" in page  # what was sent is kept for the next try
    assert Simulation.objects.count() == 1
