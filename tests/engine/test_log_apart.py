"""The log kept apart from the snapshot (engine/history.py): same games, same redacted views.

A keeper saves with dumps(log=False) after every answer, reloads, and stores each move's
entries itself; the game must go on exactly as one kept whole, every seat's log must read the
same from the stored entries, and the snapshot must not grow with the log.
"""
from __future__ import annotations

import json
import random

import pytest

from engine import attach_log, loads, log_entries, log_events, new_game
from engine.bots import bot_answer

KINGDOMS = [
    ["Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel", "Smithy", "Village",
     "Workshop"],
    ["Bureaucrat", "Chapel", "Council Room", "Festival", "Library", "Moneylender", "Sentry",
     "Throne Room", "Witch", "Harbinger"],
]


def _kept_apart(kingdom: list[str], players: int, seed: str, bots: str = "heuristic"):
    """Play a bot game twice: whole, and saved without its log after each answer."""
    setup = {"players": players, "kingdom": kingdom}
    whole = new_game(setup, seed)
    apart = new_game(setup, seed)
    stored = log_entries(apart)
    text = apart.dumps(log=False)
    rng = random.Random(seed)
    sizes = []
    while not whole.over:
        d = rng.choice(whole.pending())
        answer = bot_answer(bots, whole, d.seat, d)
        whole.answer(d.seat, d.id, answer)
        apart = loads(text)
        mark = apart.apply(d.seat, d.id, answer)
        stored += log_entries(apart, mark)
        text = apart.dumps(log=False)
        sizes.append(len(text))
        yield whole, apart, stored, text, sizes


@pytest.mark.parametrize("kingdom,players", [(KINGDOMS[0], 2), (KINGDOMS[1], 3)])
def test_a_game_kept_without_its_log_plays_and_reads_the_same(kingdom, players):
    for n, (whole, apart, stored, text, _) in enumerate(
            _kept_apart(kingdom, players, f"apart-{players}")):
        assert "log" not in (json.loads(text).get("state") or {})
        assert stored == whole.log
        if n % 7 == 0 or whole.over:
            for viewer in (None, *range(players)):
                assert log_events(apart, stored, viewer) == whole.view(viewer)["log"]
    assert whole.over and apart.over
    assert apart.result == whole.result


def test_attach_log_gives_back_the_whole_view():
    for whole, _, stored, text, _ in _kept_apart(KINGDOMS[0], 2, "attach"):
        if whole.step % 11 == 0:
            reloaded = loads(text)
            attach_log(reloaded, stored)
            for viewer in (None, 0, 1):
                assert reloaded.view(viewer) == whole.view(viewer)


def test_the_snapshot_does_not_grow_with_the_log():
    *_, (whole, _, _, _, sizes) = _kept_apart(KINGDOMS[1], 3, "sizes")
    assert len(whole.log) > 300
    assert max(sizes[len(sizes) // 2:]) < 2 * max(sizes[: len(sizes) // 4])


def test_an_old_snapshot_with_its_log_still_loads_whole():
    g = new_game({"players": 2, "kingdom": KINGDOMS[0]}, "old")
    old = loads(g.dumps())
    assert old.log == g.log and old.view(0) == g.view(0)
