"""Average VP by turn of each bot in a simulation, as an inline SVG line chart."""

from __future__ import annotations

from django.utils.html import escape

COLOURS = ["#c0392b", "#2471a3", "#1e8449", "#b9770e"]
W, H, PAD_L, PAD_R, PAD_T, PAD_B = 720, 280, 40, 190, 14, 34


def vp_chart_svg(rows: list[dict]) -> str:
    """One line per bot (`rows` from the results: bot, vp_by_turn), with title and legend."""
    curves = [r["vp_by_turn"] for r in rows]
    turns = max((len(c) for c in curves), default=0)
    if turns == 0:
        return ""
    top = max(max(max(c) for c in curves if c), 1)

    def xy(t: int, v: float) -> str:
        x = PAD_L + (W - PAD_L - PAD_R) * t / max(turns - 1, 1)
        y = PAD_T + (H - PAD_T - PAD_B) * (top - v) / top
        return f"{x:.1f},{y:.1f}"

    finals = ", ".join(f"{r['bot']} {r['vp_by_turn'][-1]:.1f}" for r in rows if r["vp_by_turn"])
    parts = [f'<svg class="vp-chart" viewBox="0 0 {W} {H}" role="img" '
             'aria-labelledby="sim-vp-title sim-vp-desc" xmlns="http://www.w3.org/2000/svg">',
             '<title id="sim-vp-title">Average VP by turn</title>',
             f'<desc id="sim-vp-desc">{escape(f"{turns} turns. At the end: {finals}.")}</desc>']
    step = max(1, int(top) // 6)
    for v in range(0, int(top) + 1, step):
        x0, y = xy(0, v).split(",")
        x1 = xy(turns - 1, v).split(",")[0]
        parts.append(f'<line x1="{x0}" y1="{y}" x2="{x1}" y2="{y}" class="grid"/>'
                     f'<text x="{PAD_L - 6}" y="{float(y) + 4:.1f}" text-anchor="end">{v}</text>')
    for t in range(0, turns, max(1, turns // 10)):
        x = xy(t, 0).split(",")[0]
        parts.append(f'<text x="{x}" y="{H - PAD_B + 16}" text-anchor="middle">{t + 1}</text>')
    parts.append(f'<text x="{(W - PAD_R + PAD_L) / 2:.0f}" y="{H - 4}" '
                 'text-anchor="middle">turn</text>')
    for i, r in enumerate(rows):
        colour = COLOURS[i % len(COLOURS)]
        points = " ".join(xy(t, v) for t, v in enumerate(r["vp_by_turn"]))
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2.5" '
                     f'points="{points}"/>')
        y = PAD_T + 18 * i + 8
        parts.append(f'<rect x="{W - PAD_R + 10}" y="{y - 8}" width="12" height="12" '
                     f'fill="{colour}"/><text x="{W - PAD_R + 27}" y="{y + 2}">'
                     f'{escape(r["bot"][:22])}</text>')
    parts.append("</svg>")
    return "".join(parts)
