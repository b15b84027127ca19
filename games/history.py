"""A game's history, kept apart from its state: each GameStep stores the log entries it wrote.

The snapshot is the game *now* (saved with `dumps(log=False)`, so it does not grow with the
game); the log is read by page: the recent turns for a view, a slice by position for the
API's `/log/`, the moves since a seat's last one for the game page. Entries are the engine's
raw ones, shown to each viewer through `engine.log_events` (the engine's own redaction).
"""

from __future__ import annotations

from typing import Any

from django.db.models import Max

import engine
from games.models import Game, GameStatus, GameStep
from games.prepared import Prepared

PAGE_MAX = 1000


def step_fields(game: Game, table: Any, mark: int) -> dict[str, Any]:
    """The history fields of the GameStep a move appends (the move's entries, from `mark`)."""
    entries = engine.log_entries(table, mark)
    fields = {"log": entries, "log_index": game.log_length, "turn": table.turn_no}
    game.log_length += len(entries)
    return fields


def restart(game: Game, table: Any, steps_kept: int) -> None:
    """After a deal or a rewind (the table holds its whole log): the deal's entries, the count."""
    if steps_kept == 0:
        game.log_start = engine.log_entries(table)
    game.log_length = len(table.log)


def installed(table: Any) -> dict[str, Any]:
    """The row fields of a game given a table wholesale (a position built for a test or a
    puzzle, before any step): its state without the log, and its whole log as the deal's."""
    entries = engine.log_entries(table)
    return {"snapshot": table.dumps(log=False), "log_start": entries,
            "log_length": len(entries)}


def all_entries(game: Game) -> list[Any]:
    """Every entry, in order (audits, finished games' records)."""
    out = list(game.log_start)
    for log in game.steps.order_by("number").values_list("log", flat=True):
        out.extend(log)
    return out


def recent_turns(game: Game) -> int:
    """A view's log by default: the last round and the turn before it, so that what happened
    since a seat's last move is in it, however long the game."""
    return game.player_count + 1


def recent(game: Game, table: Any, viewer: int | None,
           turns: int | None = None) -> tuple[int, list[dict]]:
    """(position of the first event, the events of the last `turns` turns) for `viewer`."""
    first_turn = table.turn_no - (turns or recent_turns(game)) + 1
    rows = _RECENT(game.pk, first_turn)
    entries: list[Any] = []
    start = rows[0][0] if rows else game.log_length
    if first_turn <= 1:  # from the deal on
        entries, start = list(game.log_start), 0
    for _, log in rows:
        entries.extend(log)
    events = engine.log_events(table, entries, viewer)
    header = next((i for i, ev in enumerate(events) if ev["type"] == "turn"), 0)
    if start == 0:
        header = 0  # from the deal: nothing comes before the first turn to trim
    return start + header, events[header:]


# Every move's reply and every view reads it: compiled once (games/prepared.py).
_RECENT = Prepared(lambda game_id, first_turn: GameStep.objects.filter(
    game_id=game_id, turn__gte=first_turn).order_by("number").values_list("log_index", "log"),
    "int", "int")


def since_step(game: Game, table: Any, viewer: int | None, number: int) -> list[dict]:
    """The events written by step `number` and every later one."""
    entries: list[Any] = []
    for log in game.steps.filter(number__gte=number).order_by("number").values_list("log",
                                                                                     flat=True):
        entries.extend(log)
    return engine.log_events(table, entries, viewer)


def page(game: Game, table: Any, viewer: int | None, since: int,
         limit: int) -> list[dict]:
    """Events `since` .. `since + limit` of the whole log, for `viewer`."""
    limit = max(1, min(limit, PAGE_MAX))
    entries: list[Any] = list(game.log_start[since:])
    at, first = max(since, len(game.log_start)), 0
    if not entries:
        first = game.steps.filter(log_index__lte=since).aggregate(n=Max("number"))["n"] or 0
    rows = (game.steps.filter(number__gte=first, log_index__lt=since + limit)
            .order_by("number").values_list("log_index", "log"))
    for index, log in rows:
        skip = max(0, at - index)
        entries.extend(log[skip:])
        at = max(at, index + len(log))
    return engine.log_events(table, entries[:limit], viewer)


def with_log(game: Game, table: Any, viewer: int | None, log: str = "recent",
             turns: int | None = None) -> dict:
    """`table.view(viewer)` with its log read from the history: "recent" (then "log_from" is
    the position of its first event in the whole log), "all" or "none"."""
    view = table.view(viewer)
    if game.status != GameStatus.RUNNING and not table.over:
        # Ended off the table (a resignation, a won claim, an abandon): the engine still has
        # the turn open, but nobody may answer it, so no view offers it.
        view["pending"] = []
    if log == "all":
        view["log"] = engine.log_events(table, all_entries(game), viewer)
    elif log == "recent":
        view["log_from"], view["log"] = recent(game, table, viewer, turns)
    else:
        view["log"] = []
    return view


def whole_table(game: Game) -> Any:
    """The stored game with its whole history attached (the golden replay check)."""
    table = engine.loads(game.snapshot)
    engine.attach_log(table, all_entries(game))
    return table

