"""Markup in a display name or a chat line, arriving live (the table pushed over the socket
after the other player's move, a chat line over the panel's socket), is drawn as text: no
element is made from it and no script runs, even with the policy only reporting."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games import selectors, services
from games.models import PlayerPreferences
from games.social import chat
from tests.browser.conftest import start_game

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 15_000
IMG = "<img src=x onerror=alert(1)>"
SVG = '"><svg onload=alert(1)>'
SCRIPT = "</script><script>alert(2)</script>"


def _answer_as_bot(game, decision) -> None:
    seat = game.seats.get(position=decision["seat"])
    seat.bot_strategy = "bmu"  # in memory only: the row stays a human seat
    services.decision_submit(game_id=game.pk, seat=decision["seat"], decision_id=decision["id"],
                             answer=selectors.bot_answer_for(game, seat, decision["id"]),
                             step=game.step)


def test_hostile_names_and_chat_arriving_live_stay_text(catalog, make_user, new_page, settings):
    settings.CONTENT_SECURITY_POLICY_ENFORCE = False  # a slip would run: the test would see it
    alice, bob = make_user("alice"), make_user("bob")
    PlayerPreferences.objects.update_or_create(user=bob, defaults={"display_name": SVG})
    PlayerPreferences.objects.update_or_create(user=alice, defaults={"display_name": IMG})
    game = start_game(alice, ["me", "open"], joiners=[bob], seed="hostile-1")
    page = new_page(alice)
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(f"/games/{game.pk}/play/")
    expect(page.locator("#game")).to_have_attribute("data-socket", "open", timeout=WAIT)
    expect(page.locator("#social")).to_have_attribute("data-socket", "open", timeout=WAIT)
    # moves until bob has answered twice: each arrives as a table pushed over the socket
    bob_moves = 0
    while bob_moves < 2:
        game.refresh_from_db()
        decision = game.decisions[0]
        bob_moves += decision["seat"] == 1
        _answer_as_bot(game, decision)
    game.refresh_from_db()
    expect(page.locator("#game")).to_have_attribute("data-step", str(game.step), timeout=WAIT)
    chat.chat_post(game=game, user=bob, body=SCRIPT + IMG)
    expect(page.locator("#chat-lines .chat-body")).to_have_text([SCRIPT + IMG], timeout=WAIT)
    expect(page.locator("#chat-lines .chat-author")).to_have_text([SVG])
    assert SVG in page.locator("#game").inner_text()  # bob's name, in the table, as text
    for selector in ("img[src=x]", "svg[onload]", "script:not([src])", "[onerror]"):
        assert page.locator(selector).count() == 0, selector
    page.wait_for_timeout(300)
    assert dialogs == []
