"""The header's "your turn" badge follows the player's games on any page, without a reload."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games import selectors
from tests.browser.actions import click_answer
from tests.browser.conftest import start_game
from tests.browser.policy import Policy

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_badge_on_the_lobby_turns_with_the_game_played_elsewhere(catalog, make_user,
                                                                     new_page):
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, ["me", "open"], joiners=[bob])
    lobby = new_page(alice)
    lobby.goto("/")
    badge = lobby.locator(".your-turn-badge")
    expect(badge).to_have_attribute("data-socket", "open")
    navigations: list = []
    lobby.on("framenavigated", lambda frame: navigations.append(frame.url))
    tables = [new_page(alice), new_page(bob)]
    for page in tables:
        page.goto(f"/games/{game.pk}/play/")
        expect(page.locator("#game")).to_have_attribute("data-socket", "open")

    policy, seen = Policy(), set()
    game.refresh_from_db()
    while selectors.game_view(game, None)["turn"]["number"] <= 3:
        decision = game.decisions[0]
        mine = decision["seat"] == 0
        if mine:
            expect(badge).to_contain_text("Your turn in 1 game")
        else:
            expect(badge).not_to_contain_text("Your turn")
        seen.add(mine)
        click_answer(tables[decision["seat"]], decision, policy.answer(decision))
        game.refresh_from_db()

    assert seen == {True, False} and navigations == []


def test_the_badge_alone_is_served_to_its_player_only(client, make_user):
    response = client.get("/play/badge/")
    assert response.status_code == 403
    client.force_login(make_user("carol"))
    response = client.get("/play/badge/")
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    assert response.content.decode() == "Notifications"
