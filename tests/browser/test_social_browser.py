"""The table panel in a real browser: live chat, undo (free and by consent), rematch, ratings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games import selectors, services
from games.models import Game, GameStatus
from games.social import chat
from games.social.models import Pool, Rating
from tests.browser.actions import click_answer
from tests.browser.conftest import start_game

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 15_000  # ms: a change crosses a POST, a commit, a socket and a fetch (a busy machine)
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def _open(page, game) -> None:
    page.goto(f"/games/{game.pk}/play/")
    expect(page.locator("#game")).to_have_attribute("data-socket", "open", timeout=WAIT)
    expect(page.locator("#social")).to_have_attribute("data-socket", "open", timeout=WAIT)


def _table(make_user):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, ["me", "open"], joiners=[bob], seed="social-1")
    return game, {0: alice, 1: bob}


def test_chat_arrives_live_and_stays_plain_text(catalog, make_user, new_page):
    game, users = _table(make_user)
    pages = [new_page(users[0]), new_page(users[1])]
    for page in pages:
        _open(page, game)
    pages[0].fill("#chat-body", "<b>good luck</b>")
    pages[0].press("#chat-body", "Enter")
    for page in pages:
        expect(page.locator("#chat-lines .chat-body")).to_have_text(["<b>good luck</b>"],
                                                                    timeout=WAIT)
    expect(pages[1].locator("#chat-lines b")).to_have_count(0, timeout=WAIT)
    expect(pages[0].locator("#chat-body")).to_have_value("")
    pages[1].locator("#social").screenshot(path=str(SCREENSHOTS / "table-panel.png"))


def test_a_free_undo_then_an_undo_by_consent(catalog, make_user, new_page):
    game, users = _table(make_user)
    game.refresh_from_db()
    seat = game.decisions[0]["seat"]
    mine, theirs = new_page(users[seat]), new_page(users[1 - seat])
    _open(mine, game)
    _open(theirs, game)
    click_answer(mine, game.decisions[0], {"play": "all"})
    mine.locator("#undo-last").click()  # nothing revealed yet: taken back at once
    expect(mine.locator("#game")).to_have_attribute("data-step", "0", timeout=WAIT)
    expect(mine.locator(".undo-log li")).to_have_count(1, timeout=WAIT)
    expect(theirs.locator(".undo-log li")).to_have_count(1, timeout=WAIT)  # page reloaded
    game.refresh_from_db()
    click_answer(mine, game.decisions[0], {"play": "all"})
    game.refresh_from_db()
    click_answer(mine, game.decisions[0], {"buy": "Silver"})  # the turn ends: cards drawn
    # (the panel of step 1 may still be up, its button asking too: wait for step 2's form)
    expect(mine.locator(".undo-form input[name=step]")).to_have_value("2", timeout=WAIT)
    expect(mine.locator("#undo-last")).to_have_text("Ask to undo my last answer", timeout=WAIT)
    mine.locator("#undo-last").click()
    expect(mine.locator("#undo-request")).to_be_visible(timeout=WAIT)
    theirs.locator("#undo-allow").click()
    expect(theirs.locator("#game")).to_have_attribute("data-step", "1", timeout=WAIT)
    expect(mine.locator("#game")).to_have_attribute("data-step", "1", timeout=WAIT)
    expect(mine.locator(".undo-log li").nth(1)).to_contain_text("with everyone's consent",
                                                                timeout=WAIT)
    game.refresh_from_db()
    assert game.step == 1 and selectors.game_replays_identically(game)


def test_a_rematch_offered_and_accepted_in_the_browser(catalog, make_user, new_page):
    game, users = _table(make_user)
    _finish(game)
    offerer, other = new_page(users[0]), new_page(users[1])
    _open(offerer, game)
    _open(other, game)
    offerer.locator("#rematch-offer").click()
    other.locator("#rematch-accept").click()  # shown live on the other's page
    expect(other).to_have_url(re.compile(rf"/games/(?!{game.pk}/)\d+/play/$"), timeout=WAIT)
    expect(offerer.locator("#rematch-link")).to_be_visible(timeout=WAIT)
    new = game.rematch_offers.get().new_game
    assert other.url.endswith(f"/games/{new.pk}/play/")
    assert new.status == GameStatus.RUNNING and new.kingdom_cards == game.kingdom_cards


def _hold_first_panel_read(page, game: Game) -> list:
    """Hold the page's first read of the table panel: the list gets (route, its response)
    once it is made; the test fulfils it when it likes. Later reads go through."""
    held = []
    panel = f"/games/{game.pk}/social/"

    def hold_first(route) -> None:
        if held:
            route.continue_()
        else:
            held.append((route, route.fetch()))

    page.route(lambda url: url.split("?")[0].endswith(panel), hold_first)
    return held


def _soon(page, happened, tries: int = 200) -> bool:
    """Whether `happened()` comes true within `tries` waits of 50 ms."""
    for _ in range(tries):
        if happened():
            return True
        page.wait_for_timeout(50)
    return bool(happened())


def test_a_change_heard_while_the_panel_is_being_read_is_read_again(catalog, make_user,
                                                                       new_page):
    """The panel read on the socket's opening is answered (as the server drew it, before the
    offer) only after the rematch offer's message has reached the page: that answer predates
    the offer, so the page must read once more."""
    game, users = _table(make_user)
    _finish(game)
    offerer, other = new_page(users[0]), new_page(users[1])
    frames = []
    held = _hold_first_panel_read(other, game)
    other.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(f)))
    _open(offerer, game)
    _open(other, game)
    assert _soon(other, lambda: held), "the panel was not read when the socket opened"
    offerer.locator("#rematch-offer").click()
    assert _soon(other, lambda: any('"changed"' in str(f) for f in frames)), \
        "the offer was not heard"
    route, drawn_before = held[0]
    route.fulfill(response=drawn_before)
    expect(other.locator("#rematch-accept")).to_be_visible(timeout=WAIT)


def test_the_leaderboard_links_to_profiles(catalog, make_user, new_page):
    alice = make_user("alice")
    Rating.objects.create(user=alice, pool=Pool.DUEL, rating=1712, deviation=55, games=12,
                          wins=9)
    page = new_page(make_user("bob"))
    page.goto("/leaderboard/")
    expect(page.locator("#leaderboard tbody tr")).to_have_count(1, timeout=WAIT)
    page.get_by_role("link", name="alice").click()
    expect(page.locator("#ratings")).to_contain_text("1712", timeout=WAIT)


def _finish(game: Game) -> None:
    for _ in range(5000):
        game.refresh_from_db()
        if game.status != GameStatus.RUNNING:
            return
        decision = game.decisions[0]
        seat = game.seats.get(position=decision["seat"])
        seat.bot_strategy = "bmu"  # in memory only: the bot answers for the person
        services.decision_submit(game_id=game.pk, seat=decision["seat"],
                                 decision_id=decision["id"], step=game.step,
                                 answer=selectors.bot_answer_for(game, seat, decision["id"]))
    raise AssertionError("the game did not end")


def test_a_line_heard_while_the_panel_is_being_read_stays(catalog, make_user, new_page):
    """The panel read on the socket's opening is answered (drawn before the line) only after
    the line arrived over the socket: swapping that older panel in must not drop the line."""
    game, users = _table(make_user)
    page = new_page(users[0])
    held = _hold_first_panel_read(page, game)
    _open(page, game)
    assert _soon(page, lambda: held), "the panel was not read when the socket opened"
    chat.chat_post(game=game, user=users[1], body="heard live")
    expect(page.locator("#chat-lines .chat-body")).to_have_text(["heard live"], timeout=WAIT)
    route, drawn_before = held[0]
    route.fulfill(response=drawn_before)
    page.wait_for_timeout(1000)  # (the older panel is swapped in as soon as it arrives)
    expect(page.locator("#chat-lines .chat-body")).to_have_text(["heard live"])
    expect(page.locator("#chat-lines .chat-author")).to_have_text(["bob"])
