"""Bot simulations on the Celery workers: a chord of chunk tasks whose callback merges them.

`simulation_start` cuts the games into chunks (`task_chunks`), sends one task per
chunk to the "simulations" queue, where any number of workers on any number of machines share
them, and a callback that merges the partial results. The merged report is exactly what one
process gives (`engine.simulate.simulate`: game i always has seed "{seed}:{i}"); it is kept in
the cache and the result backend for `simulation_result`. Tasks are thin: the work is the
engine's.
"""

from __future__ import annotations

import time
import uuid

from celery import chord, shared_task
from celery.result import AsyncResult
from django.core.cache import cache

from engine import simulate as sim
from engine.bots import names as bot_names

QUEUE = "simulations"
RESULT_TTL = 24 * 3600
# Chunk sizes: at least SPREAD_CHUNKS chunks when there are games enough, so that however many
# workers share the queue, the last chunk leaves the others idle only briefly; no fewer than
# MIN_CHUNK_GAMES games (a task's round trip through the broker costs milliseconds) and no
# more than CHUNK_GAMES (about a second of work).
CHUNK_GAMES = 200
MIN_CHUNK_GAMES = 25
SPREAD_CHUNKS = 32
MAX_GAMES = 1_000_000


def _key(run_id: str) -> str:
    return f"simulation:{run_id}"


@shared_task(ignore_result=False, acks_late=True)
def simulation_chunk(bots: list[str], kingdom: list[str], seed: str, start: int, stop: int,
                     edition: int = 2, autoplay: bool = True) -> dict:
    """Games `start` to `stop - 1`: a partial result (JSON-ready)."""
    return sim.simulate_chunk(bots, kingdom, seed, start, stop, edition, autoplay)


@shared_task(ignore_result=False, acks_late=True)
def simulation_merge(partials: list[dict], run_id: str, bots: list[str], kingdom: list[str],
                     seed: str, autoplay: bool, started: float) -> dict:
    """The chord's callback: the report of the whole run, kept for `simulation_result`."""
    merged = sim.merge(partials)
    out = sim.report(merged, bots, kingdom, seed, autoplay, time.time() - started)
    out.update(run=run_id, chunks=len(partials), jobs=None)  # jobs: whoever consumed the queue
    cache.set(_key(run_id), out, RESULT_TTL)
    return out


def task_chunks(games: int, chunk_games: int | None = None) -> list[tuple[int, int]]:
    """The chunks of a run: of `chunk_games` games each when given, else sized as above."""
    if chunk_games is not None:
        return sim.chunks(games, -(-games // chunk_games))
    parts = min(games // MIN_CHUNK_GAMES, max(SPREAD_CHUNKS, -(-games // CHUNK_GAMES)))
    return sim.chunks(games, max(1, parts))


def simulation_start(*, bots: list[str], games: int, seed: str, kingdom: str = "First Game",
                     edition: int = 2, autoplay: bool = True, chunk_games: int | None = None,
                     queue: str = QUEUE) -> str:
    """Send a simulation to the workers; returns its run id. ValueError on a bad request
    (unknown bot or kingdom, no games), before anything is sent."""
    unknown = [b for b in bots if b not in bot_names()]
    if unknown or not 2 <= len(bots) <= 6:
        raise ValueError(f"bots must be 2 to 6 of {bot_names()}; unknown: {unknown}")
    if not 1 <= games <= MAX_GAMES or (chunk_games is not None and chunk_games < 1):
        raise ValueError(f"games must be 1 to {MAX_GAMES}, chunks at least 1 game")
    try:
        cards = sim.kingdom_cards(kingdom)
        sim.check_kingdom(cards, edition)
    except KeyError as exc:
        raise ValueError(f"unknown kingdom {kingdom!r}") from exc
    run_id = uuid.uuid4().hex
    parts = task_chunks(games, chunk_games)
    header = [simulation_chunk.si(bots, cards, seed, a, b, edition, autoplay).set(queue=queue)
              for a, b in parts]
    body = simulation_merge.s(run_id, bots, cards, seed, autoplay, time.time()).set(
        queue=queue, task_id=run_id)
    chord(header)(body)
    return run_id


def simulation_result(run_id: str) -> dict | None:
    """The report of a finished run; None while it runs (or when it is unknown or expired)."""
    out = cache.get(_key(run_id))
    if out is not None:
        return out
    result = AsyncResult(run_id)
    if result.backend.__class__.__name__ != "DisabledBackend" and result.successful():
        return result.result
    return None
