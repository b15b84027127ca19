"""A random legal player, for fuzzing: every answer it gives must be accepted."""
from __future__ import annotations

from random import Random
from typing import Any

from ..decisions import Decision
from .common import SeatView


def random_answer(view: SeatView, d: Decision, rng: Random) -> Any:
    kind = d.kind
    if kind == "OrderCards":
        order = list(d.cards)
        rng.shuffle(order)
        return order
    if kind in ("ChooseCards", "Reveal", "PlayAction"):
        counts = range(d.min, min(d.max, len(d.cards)) + 1)
        if d.sizes is not None:
            counts = [k for k in counts if k in d.sizes]
        return rng.sample(d.cards, rng.choice(counts))
    if kind == "ChooseOption":
        k = rng.randint(d.min, d.max)
        picked = rng.sample(d.options, k)
        return picked if d.max > 1 else picked[0]
    if kind == "ChoosePile":
        if not d.piles or (d.optional and rng.random() < 0.2):
            return None
        return rng.choice(d.piles)
    if kind == "NameCard":
        return rng.choice(d.choices)
    if kind == "BuyPhase":
        r = rng.random()
        if d.treasures and r < 0.7:
            return {"play": rng.sample(d.treasures, rng.randint(1, len(d.treasures)))}
        if d.piles and r < 0.95:
            return {"buy": rng.choice(d.piles)}
        return {"end": True}
    raise ValueError(f"random bot cannot answer {kind}")
