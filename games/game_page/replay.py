"""The replay viewer: any step of a game, drawn as the table was then, with the log in sync.

Built by replaying the record (setup + seed + answers) and asking the replayed engine for
`view(seat)` at the step shown, so a seat never sees more than it could see at that moment:
- a finished game: anyone who may see the game sees every hand and the unredacted log;
- a running (or abandoned) game: a player gets their own seat's view up to now, a spectator
  of a listed game the spectator view. No view carries the seed or another seat's hand.

The link is shareable: `/games/<id>/replay/?step=N` (and `&seat=P` for a finished game).

A request replays the record at most once (`_replay_once`); a finished game's frames are
cached per step and seat shown, so a page seen before replays nothing.
"""

from __future__ import annotations

import math
from typing import Any

from django.contrib import messages
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

import engine
from games import selectors
from games.api.throttles import ReplayThrottle, page_quota_wait, wait_message
from games.forms import whole_number
from games.game_page import chart
from games.game_page.context import (
    _counted,
    _editions,
    _hand,
    _newest_turn_first,
    _pile,
    _supply,
)
from games.game_page.logtext import log_lines
from games.game_page.views import _visible_game
from games.models import Game, GameStatus


def game_replay(request: HttpRequest, pk: int) -> HttpResponse:
    game = _visible_game(request, pk)
    if not game.snapshot:
        return redirect("games:detail", pk=game.pk)
    if not engine.replayable(game.engine_version):
        messages.info(request, f"This game was dealt by engine {game.engine_version}, which "
                      f"this site (engine {engine.ENGINE_VERSION}) cannot replay: its record "
                      "stays available from the API.")
        return redirect("games:detail", pk=game.pk)
    wait = page_quota_wait(request, ReplayThrottle())
    if wait is not None:
        return _too_many(request, game, wait)
    total = game.step  # (the number of answers in the record)
    step = _int(request.GET.get("step"), total, 0, total)
    finished = game.status == GameStatus.FINISHED
    # (a player who resigned while the game runs watches as a spectator: not the hand the
    # bot now plays for their seat)
    mine = selectors.playing_position(game, request.user)
    # A finished game is seen by any seat: the one asked for, else mine, else whoever plays.
    asked = _int(request.GET.get("seat"), None, 0, game.player_count - 1)
    position = (mine if asked is None else asked) if finished else mine
    frame, turns, scores = _replay_once(game, step, position, finished)
    position = frame["position"]
    context = replay_context(game, frame, finished, viewer=mine)
    if position is not None and position != mine:
        context["hand_title"] = f"{context['names'][position]}’s hand"
    context.update(_navigation(turns, step, total, asked if finished else None))
    context["chart"] = _chart(game, context["names"], context["turn_index"], finished, mine,
                              scores)
    context["share_url"] = request.build_absolute_uri(context["here"])
    return render(request, "games/replay.html", context)


def _too_many(request: HttpRequest, game: Game, wait: float) -> HttpResponse:
    response = render(request, "games/replay_throttled.html",
                      {"game": game, "message": wait_message(wait, "replayed games")},
                      status=429)
    response["Retry-After"] = str(max(1, math.ceil(wait)))
    return response


def _int(raw: str | None, default: int | None, low: int, high: int) -> int | None:
    """A link's number, kept in range; anything but ASCII digits is the default."""
    value = whole_number(raw or "")
    value = default if value is None else value
    return None if value is None else max(low, min(high, value))


def _replay_once(game: Game, step: int, position: int | None,
                 finished: bool) -> tuple[dict, list[dict], list[list[int]]]:
    """The frame at `step` (`_frame`), where each turn starts and the VP rows, from at most
    one pass over the record: the turns and rows of this state of the game are cached, and
    while they are, the pass stops at `step`. A finished game no longer changes: its frames
    are cached too, so a page seen before costs no replay at all."""
    frame_key = _frame_key(game, step, position) if finished else None
    frame = cache.get(frame_key) if frame_key else None
    turns = cache.get(_turns_key(game))
    scores = chart.vp_rows_cached(game)
    whole = turns is None or scores is None
    if frame is not None and not whole:
        return frame, turns, scores
    record = selectors.game_record(game)  # carries the seed: it stays on the server
    table = engine.new_game(record["setup"], record["seed"])
    starts, rows = (TurnStarts(table), chart.ScoreRows(table)) if whole else (None, None)
    if step == 0 and frame is None:
        frame = _frame(table, position, finished)
    for n, (seat, decision_id, answer) in enumerate(record["answers"], start=1):
        if n > step and not whole:
            break
        table.answer(seat, decision_id, answer)
        if whole:
            starts.after_answer(table, n)
            rows.after_answer(table)
        if n == step and frame is None:
            frame = _frame(table, position, finished)
    if whole:
        turns, scores = starts.turns, rows.rows
        cache.set(_turns_key(game), turns, 3600)
        chart.vp_rows_keep(game, scores)
    if frame_key:
        cache.set(frame_key, frame, 3600)
    return frame, turns, scores


def _frame_key(game: Game, step: int, position: int | None) -> str:
    """A finished game's frame, per seat whose view it is ("playing": no seat chosen, the
    view of whoever plays at that step). Only finished games are cached this way: in a game
    still running, a seat's view and a spectator's differ, and every move changes them."""
    seat = "playing" if position is None else position
    return f"replay-frame:{game.pk}:{game.revision}:{step}:{seat}"


def _frame(table: engine.Game, position: int | None, finished: bool) -> dict:
    """What the page reads from the table at the step shown: `position`'s view (in a finished
    game with no seat chosen, whoever plays then) and, in a finished game, every hand and
    where the log stands (its lines come from the stored history: `replay_context`)."""
    if not finished:
        return {"position": position, "view": table.view(position), "hands": None,
                "log_length": len(table.log)}
    if position is None:
        position = table.active
    # No log in any of these views: the page reads it from the stored history, and each view
    # would redact the whole log again for its seat (once per seat, for the hands alone).
    view = table.view(position, log=False)
    hands = [[c["name"] for c in table.view(p, log=False)["hand"]]
             for p in range(len(table.players))]
    return {"position": position, "view": view, "hands": hands, "log_length": len(table.log)}


def _turns_key(game: Game) -> str:
    # by revision, which every change bumps (after an undo a step number can come back with
    # other moves)
    return f"replay-turns:{game.pk}:{game.revision}"


class TurnStarts:
    """Where each turn begins: [{"step", "player", "own" (the player's turn number)}], fed
    one answer at a time."""

    def __init__(self, table: engine.Game) -> None:
        self.turns = [_turn_entry(table, 0)]

    def after_answer(self, table: engine.Game, step: int) -> None:
        if table.turn_no != self.turns[-1]["n"] and not table.over:
            self.turns.append(_turn_entry(table, step))


def _turn_entry(table: engine.Game, step: int) -> dict:
    player = table.active
    return {"step": step, "player": player, "n": table.turn_no,
            "own": table.players[player].turns, "name": table.players[player].name}


def replay_context(game: Game, frame: dict, finished: bool,
                   viewer: int | None = None) -> dict[str, Any]:
    """The table at that step for the frame's position; a finished game shows every hand and
    the log as it reads at the end of the game (nothing hidden), cut at this step. The log
    says "You" for the `viewer`'s own seat only."""
    view, position = frame["view"], frame["position"]
    names = [p["name"] for p in view["players"]]
    edition = _editions(view["options"])
    if finished:
        log = _finished_log(game)[:frame["log_length"]]
    else:
        log = view["log"]
    players = []
    for p in view["players"]:
        entry = {**p, "active": p["seat"] == view["turn"]["player"],
                 "in_play_counted": _counted(p["in_play"]), "you": p["seat"] == position}
        if finished:
            entry["hand_cards"] = _counted(frame["hands"][p["seat"]])
        players.append(entry)
    return {
        "game": game, "view": view, "me": position, "names": names, "finished": finished,
        "turn": {**view["turn"], "name": names[view["turn"]["player"]],
                 "own": view["players"][view["turn"]["player"]]["turns"]},
        "supply": _supply(view, [], edition),
        "non_supply": [_pile(p, edition) for p in view["non_supply"]],
        "hand": _hand(view.get("hand"), [], edition),
        "hand_size": len(view.get("hand") or ()),
        "players": players,
        "waiting": [names[s] for s in view["waiting_for"]] if not view["over"] else [],
        "pending": [d for d in view["pending"] if d["seat"] == position],
        "trash": _counted(view["trash"]),
        "log": _newest_turn_first(log_lines(log, names, viewer)),
    }


def _finished_log(game: Game) -> list[dict]:
    """The whole log of a finished game as it reads at the end (kept apart from the snapshot
    since the log left it; nothing is hidden any more), cached: it no longer changes."""
    key = f"replay-log:{game.pk}:{game.revision}"
    log = cache.get(key)
    if log is None:
        log = selectors.game_view(game, None, log="all")["log"]
        cache.set(key, log, 3600)
    return log


def _navigation(turns: list[dict], step: int, total: int, seat: int | None) -> dict:
    index = max(i for i, t in enumerate(turns) if t["step"] <= step)
    start = turns[index]["step"]
    prev_turn = start if step > start else turns[max(index - 1, 0)]["step"]
    next_turn = turns[index + 1]["step"] if index + 1 < len(turns) else total

    def link(to: int) -> str:
        return f"?step={to}" + (f"&seat={seat}" if seat is not None else "")

    return {
        "step": step, "total": total, "turns": turns, "turn_index": index,
        "here": link(step), "seat_param": seat,
        "nav": [("first", "« Start", link(0), step > 0),
                ("prev-turn", "◀ Turn", link(prev_turn), step > 0),
                ("prev", "‹ Step", link(step - 1), step > 0),
                ("next", "Step ›", link(step + 1), step < total),
                ("next-turn", "Turn ▶", link(next_turn), step < total),
                ("last", "End »", link(total), step < total)],
    }


def _chart(game: Game, names: list[str], index: int, finished: bool,
           mine: int | None, rows: list[list[int]]) -> str | None:
    """The VP chart under the table, up to now: every player's line in a finished game or
    with the VP counter on; otherwise a player sees only their own line, a spectator none."""
    seats = None if finished or game.vp_counter else ([mine] if mine is not None else [])
    if seats == []:
        return None
    return chart.vp_chart_svg(game, names, marker=index / max(len(names), 1), seats=seats,
                              rows=rows)
