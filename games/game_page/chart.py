"""Victory points by turn for the end screen: replayed from the record, drawn as inline SVG.

The stored snapshot only knows the final state, so the curve comes from replaying setup +
seed + answers once (a few milliseconds for a whole game) and reading every player's score
whenever a turn ends. The result is cached per game and revision.
"""

from __future__ import annotations

from django.core.cache import cache
from django.utils.html import escape

import engine
from games import selectors
from games.models import Game, GameStatus

COLOURS = ["#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98", "#148f77"]
W, H, PAD_L, PAD_R, PAD_T, PAD_B = 720, 270, 40, 170, 14, 34


def vp_by_turn(game: Game) -> list[list[int]]:
    """Scores of every player at the start and after each turn of the game (one row each);
    none for a game another engine dealt."""
    if not engine.replayable(game.engine_version):
        return []  # dealt by an engine whose shuffles this one does not repeat
    rows = vp_rows_cached(game)
    if rows is None:
        rows = _replay_scores(selectors.game_record(game))
        vp_rows_keep(game, rows)
    return rows


def _vp_key(game: Game) -> str:
    # (by revision, not step: after an undo a step comes again with other moves)
    return f"game-page:vp:{game.pk}:{game.revision}"


def vp_rows_cached(game: Game) -> list[list[int]] | None:
    """The rows `vp_by_turn` worked out for this state of the game, if still cached."""
    return cache.get(_vp_key(game))


def vp_rows_keep(game: Game, rows: list[list[int]]) -> None:
    """Cache rows worked out elsewhere (the replay viewer's own pass over the record)."""
    cache.set(_vp_key(game), rows, 3600)


class ScoreRows:
    """The rows of `vp_by_turn`, fed one answer at a time, so that a replay made for another
    reason can collect them on its way instead of replaying the game again."""

    def __init__(self, table: engine.Game) -> None:
        self.seats = range(len(table.players))
        self.rows = [[table.score(p) for p in self.seats]]
        self.turn = table.turn_no

    def after_answer(self, table: engine.Game) -> None:
        if table.turn_no != self.turn or table.over:
            self.rows.append([table.score(p) for p in self.seats])
            self.turn = table.turn_no


def _replay_scores(record: dict) -> list[list[int]]:
    table = engine.new_game(record["setup"], record["seed"])
    rows = ScoreRows(table)
    for seat, decision_id, answer in record["answers"]:
        table.answer(seat, decision_id, answer)
        rows.after_answer(table)
    return rows.rows


def vp_chart_svg(game: Game, names: list[str], marker: float | None = None,
                 seats: list[int] | None = None, rows: list[list[int]] | None = None) -> str:
    """An accessible line chart (title, description, legend) as an SVG string; `marker` (in
    rounds) draws a vertical line where the replay viewer stands; `seats` limits the lines
    drawn (a running game without the VP counter shows a player only their own score);
    `rows` are `vp_by_turn`'s when the caller has them already."""
    rows = vp_by_turn(game) if rows is None else rows
    if not rows:
        return ""
    n = len(names)
    shown = list(range(n)) if seats is None else seats
    rows_shown = [[r[p] for p in shown] for r in rows]
    top = max(max(max(r) for r in rows_shown), 1)
    low = min(min(min(r) for r in rows_shown), 0)
    span_x = max((len(rows) - 1) / n, 1)  # in rounds: x = turns played / players

    def xy(i: float, v: int) -> str:
        x = PAD_L + (W - PAD_L - PAD_R) * i / span_x
        y = PAD_T + (H - PAD_T - PAD_B) * (top - v) / (top - low)
        return f"{x:.1f},{y:.1f}"

    finals = ", ".join(f"{names[p]} {rows[-1][p]}" for p in shown)
    last = "Final" if game.status == GameStatus.FINISHED else "Now"
    parts = [
        f'<svg class="vp-chart" viewBox="0 0 {W} {H}" role="img" '
        f'aria-labelledby="vp-title vp-desc" xmlns="http://www.w3.org/2000/svg">',
        '<title id="vp-title">Victory points by turn</title>',
        f'<desc id="vp-desc">{escape(f"{len(rows) - 1} turns in all. {last}: {finals}.")}</desc>',
    ]
    parts += _grid(top, low, span_x, xy)
    if marker is not None:
        x = float(xy(min(marker, span_x), low).split(",")[0])
        parts.append(f'<line class="marker" x1="{x:.1f}" y1="{PAD_T}" x2="{x:.1f}" '
                     f'y2="{H - PAD_B}" stroke="#1f4fa3" stroke-width="2" '
                     'stroke-dasharray="5 3"/>')
    for k, p in enumerate(shown):
        colour = COLOURS[p % len(COLOURS)]
        points = " ".join(xy(i / n, row[p]) for i, row in enumerate(rows))
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2.5" '
                     f'points="{points}"/>')
        y = PAD_T + 18 * k + 8
        parts.append(f'<rect x="{W - PAD_R + 10}" y="{y - 8}" width="12" height="12" '
                     f'fill="{colour}"/><text x="{W - PAD_R + 27}" y="{y + 2}">'
                     f'{escape(names[p][:18])} ({rows[-1][p]} VP)</text>')
    parts.append("</svg>")
    return "".join(parts)


def _grid(top: int, low: int, span_x: float, xy) -> list[str]:
    out = []
    step = max(1, (top - low) // 6 or 1)
    for v in range(low - low % step, top + 1, step):
        x0, y = xy(0, v).split(",")
        x1 = xy(span_x, v).split(",")[0]
        out.append(f'<line x1="{x0}" y1="{y}" x2="{x1}" y2="{y}" class="grid"/>'
                   f'<text x="{PAD_L - 6}" y="{float(y) + 4:.1f}" text-anchor="end">{v}</text>')
    every = max(1, int(span_x) // 10)
    for i in range(0, int(span_x) + 1, every):
        x, _ = xy(i, low).split(",")
        out.append(f'<text x="{x}" y="{H - PAD_B + 16}" text-anchor="middle">{i}</text>')
    out.append(f'<text x="{(W - PAD_R + PAD_L) / 2:.0f}" y="{H - 4}" text-anchor="middle">'
               'round</text>')
    return out
