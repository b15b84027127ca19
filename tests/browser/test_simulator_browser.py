"""The simulator in a real browser: fill the form, watch the progress bar while a background
thread plays the games, and read the results (win rates with intervals, the VP chart)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.sim.models import SimStatus, Simulation

pytestmark = pytest.mark.django_db(transaction=True)

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
KINGDOM = "Cellar, Market, Merchant, Militia, Mine, Moat, Remodel, Smithy, Village, Workshop"


def test_a_simulation_runs_in_the_background_and_shows_its_results(catalog, make_user,
                                                                   new_page, settings):
    settings.BACKGROUND_MODE = "thread"  # the games run while the page polls
    alice = make_user("alice")
    page = new_page(alice)
    page.goto("/sim/new/?bots=smithy,bmu")
    expect(page.locator("select[name=bot_1]")).to_have_value("smithy")
    page.check("input[name=kingdom_mode][value=cards]")
    page.fill("input[name=cards]", KINGDOM)
    page.fill("input[name=games]", "150")
    page.click("button[type=submit]")

    expect(page.locator("#sim-bar")).to_be_attached()
    sim = Simulation.objects.get()
    assert page.url.endswith(f"/sim/{sim.pk}/")
    expect(page.locator("#sim-status")).to_have_text("Done", timeout=120_000)
    expect(page.locator("#sim-bar")).to_have_attribute("value", "150")
    table = page.locator("table.sim-results")
    expect(table).to_contain_text("smithy")
    expect(table).to_contain_text("bmu")
    expect(page.locator("svg.vp-chart")).to_be_visible()
    sim.refresh_from_db()
    assert sim.status == SimStatus.DONE and sim.done == 150
    page.screenshot(path=str(SCREENSHOTS / "simulator.png"), full_page=True)


def test_the_result_page_works_without_javascript_for_anyone_with_the_link(
        catalog, make_user, new_page, settings):
    from games.sim import services

    alice, bob = make_user("alice"), make_user("bob")
    sim = services.simulation_create(user=alice, kingdom=[k.strip() for k in KINGDOM.split(",")],
                                     bots=["double-witch", "bmu"], games=20)
    services.simulation_run(simulation_id=str(sim.pk))
    page = new_page(bob, javascript=False)
    page.goto(f"/sim/{sim.pk}/")
    expect(page.locator("table.sim-results")).to_contain_text("double-witch")
    expect(page.locator("#sim-count")).to_have_text("20 / 20 games")
