"""The shipped strategies, one JSON file each in this folder (the format: docs/strategies.md).

Loaded and checked once at import: a broken file fails loudly, here, not mid-game.
"""
from __future__ import annotations

from importlib import resources

from ..rules import Strategy, StrategyError, parse


def _load() -> dict[str, Strategy]:
    out: dict[str, Strategy] = {}
    for entry in sorted(resources.files(__name__).iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".json"):
            continue
        try:
            strategy = parse(entry.read_text(encoding="utf-8"))
        except StrategyError as e:
            raise StrategyError([f"{entry.name}: {p}" for p in e.problems]) from None
        if strategy.name != entry.name[:-5]:
            raise StrategyError([f"{entry.name}: name must be {entry.name[:-5]!r}"])
        out[strategy.name] = strategy
    return out


BUILTIN: dict[str, Strategy] = _load()
