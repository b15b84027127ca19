"""The live page never stalls: it follows the server's newest step, and recovers by itself.

Each page records, with the browser's clock, every step its table shows (a MutationObserver on
#game's data-step) and every form it submits, so the tests can compare what the page showed
with when the server got there (GameStep.created_at, the same machine's clock).
"""

from __future__ import annotations

import re
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


def test_two_players_with_attacks_never_show_an_old_step(catalog, make_user, new_page,
                                                        capsys):
    """Both pages follow every move (Militia, Moat); prints submit -> the other seat's page."""
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, ["me", "open"], joiners=[bob], seed="seed-15")
    pages = [new_page(alice), new_page(bob)]
    for page in pages:
        _open(page, game)
    policy, moves, kinds = Policy(), [], set()
    while len(moves) < 40:
        game.refresh_from_db()
        decision = game.decisions[0]
        page, other = pages[decision["seat"]], pages[1 - decision["seat"]]
        click_answer(page, decision, policy.answer(decision))
        kinds.add(decision["kind"])
        _shows_step(other, game.step + 1)
        moves.append((decision["seat"], game.step + 1))
    assert {"Reveal", "ChooseCards"} <= kinds
    assert _too_slow(pages, game) == []
    with capsys.disabled():
        print(f"\nsubmit -> other seat's page: {_latency(pages, moves)}")


def _latency(pages, moves: list[tuple[int, int]]) -> str:
    """From each click (the page's submit event) to the other page drawing the new step."""
    submits = [pages[seat].evaluate("window.__submits") for seat in (0, 1)]
    shown = [pages[seat].evaluate("window.__shown") for seat in (0, 1)]
    made = [0, 0]
    lags = []
    for seat, step in moves:
        sent = submits[seat][made[seat]]
        made[seat] += 1
        lags.append(min(t for t, s in shown[1 - seat] if s is not None and s >= step) - sent)
    lags.sort()
    return (f"{len(lags)} moves, median {statistics.median(lags):.0f} ms, "
            f"p90 {lags[int(len(lags) * 0.9)]:.0f} ms, max {lags[-1]:.0f} ms")


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


def test_the_page_recovers_by_itself_when_its_socket_dies(catalog, make_user, new_page):
    """Bob's socket is cut and kept down while Alice moves; once it can connect again the
    page catches up on its own, without a reload."""
    alice, bob = make_user("alice"), make_user("bob")
    game = start_game(alice, ["me", "open"], joiners=[bob], seed="seed-15")
    line = {"down": False, "sockets": []}

    def route(ws) -> None:
        if line["down"]:
            ws.close(code=4000, reason="cut by the test")
            return
        ws.connect_to_server()
        line["sockets"].append(ws)

    pages = [new_page(alice), new_page(bob)]
    pages[1].route_web_socket(re.compile(r".*/ws/games/\d+/$"), route)
    for page in pages:
        _open(page, game)
    loads = []
    pages[1].on("framenavigated", lambda frame: loads.append(frame.url))
    policy = Policy()
    _play_until_seat(game, pages, policy, seat=0)

    line["down"] = True
    for ws in line["sockets"]:
        ws.close(code=4000, reason="cut by the test")
    expect(pages[1].locator("#game")).to_have_attribute("data-socket", "closed")
    before = Game.objects.get(pk=game.pk).step
    _play_until_seat(game, pages, policy, seat=1, bob_watching=False)
    assert Game.objects.get(pk=game.pk).step > before
    line["down"] = False

    _shows_step(pages[1], Game.objects.get(pk=game.pk).step)
    expect(pages[1].locator("#game")).to_have_attribute("data-socket", "open")
    assert loads == []
    game.refresh_from_db()
    decision = game.decisions[0]
    click_answer(pages[decision["seat"]], decision, policy.answer(decision))  # live again
    _shows_step(pages[1 - decision["seat"]], game.step + 1)


def _play_until_seat(game: Game, pages, policy, seat: int, bob_watching: bool = True) -> None:
    """Alice answers until a decision of `seat` is open (Bob's page follows if watching)."""
    while True:
        game.refresh_from_db()
        decision = game.decisions[0]
        if decision["seat"] == seat and game.step > 0:
            return
        if decision["seat"] == 1:
            click_answer(pages[1], decision, policy.answer(decision))
        else:
            click_answer(pages[0], decision, policy.answer(decision))
        if bob_watching:
            _shows_step(pages[1], game.step + 1)
