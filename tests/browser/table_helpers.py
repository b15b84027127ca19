"""Helpers of the card-table browser tests: moves made on the server, and axe-core."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.db import connection
from playwright.sync_api import Page

from games import services
from games.models import Game, GameStatus
from tests.browser.policy import Policy

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def submit(game: Game, decision: dict, answer: Any) -> None:
    """Answer on the server, off this thread: Playwright's sync API keeps an event loop here,
    and a move's broadcast must not run inside it. The thread gives its database connection
    back before it ends (with the pool, one left open is lent for ever)."""
    errors: list[BaseException] = []

    def run() -> None:
        try:
            services.decision_submit(game_id=game.pk, seat=decision["seat"],
                                     decision_id=decision["id"], answer=answer)
        except BaseException as exc:  # re-raised below, in the test's thread
            errors.append(exc)
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if errors:
        raise errors[0]


def advance(game: Game, until: Callable[[dict], bool], policy: Policy | None = None,
            limit: int = 600) -> dict:
    """Play the scripted policy for every seat until an open decision passes `until`."""
    policy = policy or Policy()
    for _ in range(limit):
        game.refresh_from_db()
        if game.status != GameStatus.RUNNING:
            raise AssertionError("the game ended first")
        for decision in game.decisions:
            if until(decision):
                return decision
        decision = game.decisions[0]
        submit(game, decision, policy.answer(decision))
    raise AssertionError("never reached")


def play_to_end(game: Game, policy: Policy | None = None, limit: int = 3000) -> Game:
    policy = policy or Policy(big_money_only=True)
    for _ in range(limit):
        game.refresh_from_db()
        if game.status != GameStatus.RUNNING:
            return game
        decision = game.decisions[0]
        submit(game, decision, policy.answer(decision))
    raise AssertionError("the game did not end")


def serious_violations(page: Page) -> list[dict]:
    """axe-core's serious and critical violations on the page as it stands."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # evaluated by the test, not added as a <script>: the site's Content-Security-Policy
        # (rightly) runs no inline script the page did not come with
        page.evaluate(AXE.read_text() + "\n;undefined")
    found = page.evaluate("""async () => {
        const result = await axe.run(document, {resultTypes: ["violations"]});
        return result.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" "))}));
    }""")
    return [v for v in found if v["impact"] in ("serious", "critical")]
