"""The game page in a real browser: live play between two people, a whole game against a bot,
and a turn with JavaScript switched off."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games import selectors
from games.models import Game, GameStatus
from tests.browser.actions import click_answer
from tests.browser.conftest import start_game
from tests.browser.policy import Policy

pytestmark = pytest.mark.django_db(transaction=True)

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
# With this seed the scripted players below buy Militia and Moat, and a Militia meets a
# revealed Moat as well as a victim who must discard, all within the first eight turns.
MILITIA_MEETS_MOAT = "seed-15"


def _open(page, game) -> list:
    """Open the game page; returns a list that records every later navigation (reload)."""
    page.goto(f"/games/{game.pk}/play/")
    expect(page.locator("#game")).to_have_attribute("data-socket", "open")
    loads: list = []
    page.on("framenavigated", lambda frame: loads.append(frame.url))
    return loads


def _shows_step(page, step: int) -> None:
    expect(page.locator("#game")).to_have_attribute("data-step", str(step))


def test_two_players_see_each_others_moves_without_reloading(catalog, make_user, new_page):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, ["me", "open"], joiners=[bob], seed=MILITIA_MEETS_MOAT)
    pages = [new_page(alice), new_page(bob)]
    reloads = [_open(page, game) for page in pages]
    policy, kinds = Policy(), set()
    while True:
        game.refresh_from_db()
        turn = selectors.game_view(game, None)["turn"]["number"]
        if turn > 8:
            break
        decision = game.decisions[0]
        page = pages[decision["seat"]]
        _shows_step(page, game.step)
        if turn == 7 and decision["kind"] == "BuyPhase" and not decision["treasures"] \
                and decision["seat"] == 0:
            page.screenshot(path=str(SCREENSHOTS / "game-midgame.png"), full_page=True)
        click_answer(page, decision, policy.answer(decision))
        kinds.add(decision["kind"])
        for each in pages:  # the mover from its POST reply, the other from its socket
            _shows_step(each, game.step + 1)

    assert reloads == [[], []]
    assert {"PlayAction", "Reveal", "ChooseCards", "BuyPhase"} <= kinds
    log = selectors.game_view(game, None, log="all")["log"]
    assert any(e["type"] == "reveal" and e["cards"] == ["Moat"] for e in log)
    # What Bob did is in Alice's log (its recent turns), pushed to her without a reload.
    expect(pages[0].locator(".log-lines li").first).to_be_visible()
    expect(pages[0].locator(".log-lines")).to_contain_text("bob drew")
    expect(pages[1].locator(".log-lines")).to_contain_text("alice drew")


def test_a_whole_game_against_a_bot_ends_on_the_end_screen(catalog, make_user, new_page):
    alice = make_user("alice")
    game = start_game(alice, ["me", "bmu"])
    page = new_page(alice)
    _open(page, game)
    policy = Policy(big_money_only=True)
    while True:
        game.refresh_from_db()
        if game.status != GameStatus.RUNNING:
            break
        decision = game.decisions[0]
        assert decision["seat"] == 0, "the bot has already answered by the time we look"
        _shows_step(page, game.step)
        click_answer(page, decision, policy.answer(decision))

    end = page.locator(".end-screen")
    expect(end).to_be_visible()
    expect(end.locator("svg.vp-chart polyline")).to_have_count(2)
    expect(end.locator("table.scores tbody tr")).to_have_count(2)
    expect(end).to_contain_text("alice’s deck")
    expect(page.locator("form.decision")).to_have_count(0)
    page.screenshot(path=str(SCREENSHOTS / "game-end.png"), full_page=True)


def test_without_javascript_a_turn_is_played_with_plain_forms(catalog, make_user, new_page):
    alice = make_user("alice")
    game = start_game(alice, ["me", "bmu"])
    page = new_page(alice, javascript=False)
    page.goto(f"/games/{game.pk}/play/")
    expect(page.locator("noscript")).to_have_count(1)
    game.refresh_from_db()
    first_turn = selectors.game_view(game, 0)["players"][0]["turns"]
    policy = Policy(big_money_only=True)
    while selectors.game_view(game, 0)["players"][0]["turns"] == first_turn:
        decision = game.decisions[0]
        click_answer(page, decision, policy.answer(decision))  # each click posts and reloads
        page.wait_for_load_state()
        game.refresh_from_db()
        expect(page.locator("#game")).to_have_attribute("data-step", str(game.step))

    expect(page.locator(".status-bar")).to_contain_text("Your turn")
    expect(page.locator(".log-lines")).to_contain_text("You played")
    view = selectors.game_view(game, 0)
    assert view["turn"]["player"] == 0 and view["players"][0]["turns"] == first_turn + 1


def test_on_a_phone_a_turn_can_be_played_from_the_keyboard(catalog, make_user, new_page):
    alice = make_user("alice")
    game = start_game(alice, ["me", "bmu"])
    page = new_page(alice, viewport={"width": 390, "height": 844})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    _open(page, game)
    game.refresh_from_db()
    decision = game.decisions[0]
    assert decision["kind"] == "BuyPhase" and decision["treasures"]
    for key in ('"', "\\", "]"):  # no shortcut: it went into a selector unescaped (a throw)
        page.keyboard.press(key)
    page.evaluate("0")  # (a round trip: the key handlers have run)
    assert errors == []
    with page.expect_response(lambda r: "/play/decide/" in r.url):
        page.keyboard.press("t")  # the "Play all Treasures" shortcut
    game.refresh_from_db()
    coins = game.decisions[0]["coins"]
    target = "Silver" if coins >= 3 else "Copper"
    pile = page.get_by_role("button", name=re.compile(rf"^Buy {target} for \$"))
    pile.focus()
    page.screenshot(path=str(SCREENSHOTS / "game-phone.png"), full_page=False)
    with page.expect_response(lambda r: "/play/decide/" in r.url):
        page.keyboard.press("Enter")

    view = selectors.game_view(Game.objects.get(pk=game.pk), 0)
    assert any(e["type"] == "buy" and e["seat"] == 0 and e["card"] == target
               for e in view["log"])
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "nothing forces the page wider than the phone"
