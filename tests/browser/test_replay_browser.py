"""The replay viewer in a real browser: a finished game stepped through turn by turn with the
table, the log and the VP chart in sync; a running game only as the viewer's seat saw it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games import selectors
from tests.browser.conftest import start_game
from tests.browser.policy import Policy
from tests.browser.table_helpers import SCREENSHOTS, advance, play_to_end, serious_violations

pytestmark = pytest.mark.django_db(transaction=True)


def _step(page) -> int:
    return int(page.locator("#replay").get_attribute("data-step"))


def test_a_finished_game_is_stepped_through_turn_by_turn(catalog, make_user, new_page):
    alice, carol = make_user("alice"), make_user("carol")
    game = play_to_end(start_game(alice, ["me", "bmu"]))
    page = new_page(carol)  # a spectator: the game is over, so everything shows
    page.goto(f"/games/{game.pk}/replay/?step=0")
    assert _step(page) == 0
    expect(page.locator(".log-lines li").first).to_have_text(re.compile(r"^Turn 1: "))
    expect(page.locator(".log-lines")).to_contain_text("The game began.")
    page.get_by_role("link", name="Turn ▶").click()
    first_turn_end = _step(page)
    assert first_turn_end > 0
    header = page.locator(".log-lines li.log-turn").first  # the log ends where the table is
    expect(header).to_have_text(re.compile(r"^Turn \d+: (alice|Bot)"))
    page.keyboard.press("ArrowRight")
    expect(page).to_have_url(re.compile(rf"step={first_turn_end + 1}"))
    page.keyboard.press("Shift+ArrowRight")
    assert _step(page) > first_turn_end + 1
    middle = game.step // 2
    page.goto(f"/games/{game.pk}/replay/?step={middle}")
    share = page.locator(".share input").input_value()
    assert share.endswith(f"/games/{game.pk}/replay/?step={middle}")
    expect(page.locator("svg.vp-chart line.marker")).to_have_count(1)
    expect(page.locator(".player-list")).to_contain_text("Hand:")  # every hand, game over
    assert game.seed not in page.content()
    assert serious_violations(page) == []
    page.screenshot(path=str(SCREENSHOTS / "replay.png"), full_page=True)
    other = new_page(carol)
    other.goto(share)  # the shared link opens the same moment
    assert _step(other) == middle
    expect(other.locator(".replay-where")).to_have_text(page.locator(".replay-where").inner_text())


def test_a_running_game_replays_only_my_seat_up_to_now(catalog, make_user, new_page):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, ["me", "open"], joiners=[bob], seed="seed-15")
    advance(game, lambda d: selectors.game_view(game, None)["turn"]["number"] >= 5,
            policy=Policy())
    game.refresh_from_db()
    page = new_page(alice)
    page.goto(f"/games/{game.pk}/play/")
    page.get_by_role("link", name=re.compile("replay")).click()
    assert _step(page) == game.step
    expect(page.get_by_role("link", name="Step ›")).to_have_count(0)  # nothing after now
    expect(page.locator(".player-list")).not_to_contain_text("Hand:")
    page.get_by_role("link", name="« Start").click()
    page.get_by_role("link", name="Turn ▶").click()
    step = _step(page)
    view_then = selectors.game_view(game, 0)  # now, for comparison of what is hidden
    bob_draws = [ln for ln in page.locator(".log-lines li").all_inner_texts()
                 if ln.startswith("bob drew")]
    assert all("(" not in line for line in bob_draws)  # bob's cards never named to alice
    assert step < game.step and view_then["seat"] == 0
    chart = page.locator("svg.vp-chart")  # my own VP only: the game has no VP counter
    expect(chart).to_contain_text("alice (")
    expect(chart).not_to_contain_text("bob (")
    share = page.locator(".share input").input_value()
    assert share.endswith(f"/games/{game.pk}/replay/?step={step}")
    again = new_page(alice)
    again.goto(share)  # the link opens the same moment
    assert _step(again) == step
    assert serious_violations(page) == []
