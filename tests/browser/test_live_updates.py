"""The live page never stalls: it follows the server's newest step, and recovers by itself.

Each page records, with the browser's clock, every step its table shows (a MutationObserver on
#game's data-step) and every form it submits, so the tests can compare what the page showed
with when the server got there (GameStep.created_at, the same machine's clock).
"""

from __future__ import annotations

import statistics
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from games import selectors
from games.models import Game, GameStep
from tests.browser.actions import click_answer
from tests.browser.conftest import start_game
from tests.browser.policy import Policy

pytestmark = pytest.mark.django_db(transaction=True)

RECORDER = """
(() => {
  window.__shown = []; window.__submits = [];
  document.addEventListener("submit", () => window.__submits.push(Date.now()), true);
  // The step of the table actually drawn (.live), not a counter kept beside it.
  const watch = () => {
    const root = document.getElementById("game");
    if (!root) return;
    let last = null;
    const note = () => {
      const live = root.querySelector(".live");
      const step = live ? Number(live.dataset.step) : null;
      if (step !== last) { last = step; window.__shown.push([Date.now(), step]); }
    };
    note();
    new MutationObserver(note).observe(root, {attributes: true, childList: true, subtree: true});
  };
  document.addEventListener("DOMContentLoaded", watch);
})();
"""


def _open(page, game) -> None:
    page.add_init_script(RECORDER)
    page.goto(f"/games/{game.pk}/play/")
    expect(page.locator("#game")).to_have_attribute("data-socket", "open")


def _shows_step(page, step: int) -> None:
    expect(page.locator("#game")).to_have_attribute("data-step", str(step))


def test_submit_to_the_other_seats_page_figure(catalog, make_user, new_page, capsys):
    """Prints how long a move takes from one player's click to the other player's page."""
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, ["me", "open"], joiners=[bob], seed="seed-15")
    pages = [new_page(alice), new_page(bob)]
    for page in pages:
        _open(page, game)
    policy, moves = Policy(), []
    while len(moves) < 40:
        game.refresh_from_db()
        decision = game.decisions[0]
        page, other = pages[decision["seat"]], pages[1 - decision["seat"]]
        _shows_step(page, game.step)
        click_answer(page, decision, policy.answer(decision))
        _shows_step(other, game.step + 1)
        moves.append((decision["seat"], game.step + 1))
    lags = []
    for seat, step in moves:
        submitted = pages[seat].evaluate("window.__submits")
        shown = pages[1 - seat].evaluate("window.__shown")
        sent = submitted[sum(1 for s, _ in moves[: moves.index((seat, step)) + 1] if s == seat)
                         - 1]
        seen = min(t for t, s in shown if s >= step)
        lags.append(seen - sent)
    with capsys.disabled():
        print(f"\nsubmit -> other seat's page, {len(lags)} moves: median "
              f"{statistics.median(lags):.0f} ms, p90 {sorted(lags)[int(len(lags) * 0.9)]:.0f} ms,"
              f" max {max(lags):.0f} ms")


STALE_MS = 2000  # the bound: never behind the server for longer than this


def _server_steps(game: Game) -> list[tuple[float, int]]:
    """(time in ms, step) of every step the server committed, the deal included."""
    game.refresh_from_db()
    steps = [(game.started_at.timestamp() * 1000, 0)]
    steps += [(s.created_at.timestamp() * 1000, s.number)
              for s in GameStep.objects.filter(game=game).order_by("number")]
    return steps


def _lags(page, game: Game) -> list[tuple[int, float]]:
    """For each server step: how long the page took to draw it (or a newer one)."""
    shown = page.evaluate("window.__shown")
    now = page.evaluate("Date.now()")
    opened = shown[0][0]  # steps made before the page was open count from its opening
    lags = []
    for at, step in _server_steps(game):
        seen = [t for t, s in shown if s is not None and s >= step]
        lags.append((step, (min(seen) if seen else now) - max(at, opened)))
    return lags


def _too_slow(pages, game: Game) -> list[tuple[int, int, float]]:
    return [(i, step, lag) for i, page in enumerate(pages) for step, lag in _lags(page, game)
            if lag > STALE_MS]


def _wait_for_my_decision(game: Game, seat: int, bound: float = 30.0) -> dict:
    """The bot moves in the background: poll until the game waits for `seat` (or has ended)."""
    end = time.monotonic() + bound
    while time.monotonic() < end:
        game.refresh_from_db()
        mine = [d for d in game.decisions if d["seat"] == seat]
        if mine or game.status != "running":
            return mine[0] if mine else None
        time.sleep(0.02)
    raise AssertionError(f"the bot did not move within {bound} s")


def test_thirty_turns_against_a_bot_never_show_an_old_step(catalog, make_user, new_page,
                                                          settings):
    settings.BACKGROUND_MODE = "thread"  # as in embedded mode: the bot moves after the reply
    alice = make_user("alice")
    game = start_game(alice, ["me", "bmu"])
    page = new_page(alice)
    _open(page, game)
    policy = Policy(big_money_only=True)
    while selectors.game_view(game, 0)["players"][0]["turns"] < 30:
        decision = _wait_for_my_decision(game, 0)
        if decision is None:
            break
        try:
            click_answer(page, decision, policy.answer(decision))
        except PlaywrightTimeout:
            raise AssertionError(f"the page never drew {decision['id']}: "
                                 f"{_too_slow([page], game)}") from None
    _wait_for_my_decision(game, 0)
    _shows_step(page, Game.objects.get(pk=game.pk).step)
    assert _too_slow([page], game) == []
