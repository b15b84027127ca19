"""The log kept apart from the state: the game *now* in a small snapshot, its history as rows.

A keeper (the site) saves with `game.dumps(log=False)`, so the snapshot no longer grows with
the length of the game, and stores each move's raw entries itself: `apply()` returns where a
move's entries start, and `log_entries(game, mark)` are those entries (JSON-ready, never
changed once written). A game loaded from such a snapshot plays on exactly as before (the
rules never read the log); its in-memory log then holds only what was written since the
load. `log_events` shows stored entries to a viewer with the same redaction as `view()`;
`attach_log` gives a loaded game its whole stored history back, so `view()` is as it was.
"""
from __future__ import annotations

from typing import Any

from .game import Game


def log_entries(game: Game, since: int = 0) -> list[Any]:
    """The raw entries of the in-memory log from position `since` (e.g. apply()'s mark)."""
    return list(game.log[since:])


def log_events(game: Game, entries: list[Any], viewer: int | None) -> list[dict]:
    """Stored entries as `viewer` sees them now (None: a spectator): view()'s redaction."""
    event = game._event
    return [event(entry, viewer) for entry in entries]


def attach_log(game: Game, entries: list[Any]) -> None:
    """Give a game loaded without its log the whole stored history (every entry, in order)."""
    game.log = list(entries)
