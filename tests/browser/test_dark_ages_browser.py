"""Dark Ages in a real browser: whole games against a bot on kingdoms full of the new
machinery (Ruins, Knights, Spoils, Madman; Band of Misfits, Procession, Rogue, Count), the
human's answers chosen by the heuristic bot and clicked into the page's own controls."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from games import selectors, services
from games.models import Game, GameStatus, Seat
from tests.browser.actions import click_answer

pytestmark = pytest.mark.django_db(transaction=True)

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
PART_1 = ["Marauder", "Cultist", "Knights", "Hermit", "Market Square", "Fortress", "Squire",
          "Rats", "Bandit Camp", "Death Cart"]
PART_2 = ["Band of Misfits", "Procession", "Rogue", "Count", "Village", "Smithy", "Militia",
          "Sage", "Vagrant", "Armory"]


def _heuristic_answer(game: Game, decision: dict):
    seat = Seat.objects.get(game=game, position=decision["seat"])
    seat.bot_strategy = "heuristic"  # in memory only: the human's answer, chosen by the bot
    return selectors.bot_answer_for(game, seat, decision["id"])


def _play_to_the_end(page, game: Game, limit: int = 1500) -> set[str]:
    page.goto(f"/games/{game.pk}/play/")
    expect(page.locator("#game")).to_have_attribute("data-socket", "open")
    kinds: set[str] = set()
    for _ in range(limit):
        game.refresh_from_db()
        if game.status != GameStatus.RUNNING:
            return kinds
        decision = next(d for d in game.decisions if d["seat"] == 0)
        expect(page.locator("#game")).to_have_attribute("data-step", str(game.step))
        click_answer(page, decision, _heuristic_answer(game, decision))
        kinds.add(decision["kind"])
    raise AssertionError("the game did not end")


def _start(alice, kingdom: list[str]) -> Game:
    game = services.game_create(creator=alice, seats=["me", "heuristic"], kingdom=kingdom,
                                shelters="always")
    return services.game_start(game=game, user=alice)


def test_a_looters_knights_and_hermit_game_plays_to_the_end(catalog, make_user, new_page):
    alice = make_user("alice")
    game = _start(alice, PART_1)
    page = new_page(alice)
    page.goto(f"/games/{game.pk}/play/")
    expect(page.locator(".supply-grid.special")).to_contain_text("Ruins pile")
    expect(page.locator(".supply-grid.kingdom")).to_contain_text("Knights pile")
    expect(page.locator("section[data-part=supply]")).to_contain_text("Not in the Supply")
    page.screenshot(path=str(SCREENSHOTS / "game-dark-ages.png"), full_page=True)
    kinds = _play_to_the_end(page, game)
    expect(page.locator(".end-screen")).to_be_visible()
    assert {"PlayAction", "BuyPhase"} <= kinds
    game.refresh_from_db()
    assert selectors.game_replays_identically(game)
    log = selectors.game_view(game, None, log="all")["log"]
    played = {e["card"] for e in log if e["type"] == "play"}
    assert played & {"Marauder", "Cultist", "Hermit"} or any(
        name.startswith(("Sir ", "Dame ")) for name in played)


def test_a_misfits_procession_rogue_and_count_game_plays_to_the_end(catalog, make_user,
                                                                   new_page):
    alice = make_user("alice")
    game = _start(alice, PART_2)
    page = new_page(alice)
    kinds = _play_to_the_end(page, game)
    expect(page.locator(".end-screen")).to_be_visible()
    game.refresh_from_db()
    assert selectors.game_replays_identically(game)
    assert "BuyPhase" in kinds
