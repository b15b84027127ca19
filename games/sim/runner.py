"""Where a simulation's games are played: the seam between the site and the engine.

`run_chunk(spec, start, stop)` plays games start..stop-1 and returns partial sums;
`merge(parts)` adds them up. Any split of a simulation into ranges gives the same games, so
ranges may run one after another (as `services.simulation_run` does) or on several workers
at once (a Celery group of chunks and a chord that merges). The engine's own chunk API
(`engine.simulate.simulate_chunk` + `merge`, with its fast path for in-process bots) can
replace the two functions below without touching anything else.
"""

from __future__ import annotations

from engine.bots import arena


def run_chunk(spec: dict, start: int, stop: int) -> dict:
    return arena.run_chunk(spec, start, stop)


def merge(parts: list[dict]) -> dict:
    return arena.merge(parts)


def summary(totals: dict, names: list[str]) -> dict:
    """Win rates with 95 % intervals, mean VP, VP by turn, game lengths (JSON-ready)."""
    return arena.summary(totals, names)
