"""Bot-versus-bot games, for benchmarks and strategy comparisons.

A simulation is split into chunks of games (`simulate_chunk`, a JSON-ready partial result) and
`merge`d: any split, in any order, over processes or machines, gives exactly the result of one
process, since game `i` always has the seed `f"{seed}:{i}"`. `simulate(..., jobs=N)` runs the
chunks on N processes; the site runs them as Celery tasks (games/sim_tasks.py).
"""
from __future__ import annotations

import multiprocessing
import os
import time
from typing import TYPE_CHECKING

from .bots import seat_player
from .cardbase import DARK_AGES, canonical
from .cards import CARDS
from .kingdoms import by_name
from .setup import deal, normalise

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

# Chunks per process: small chunks handed out as processes free up, so that the last one
# leaves the others idle for a small fraction of the run (measured: games in 1-game chunks
# cost no more CPU than in one chunk; sending one is a fraction of a millisecond).
CHUNKS_PER_JOB = 32
MIN_CHUNK_GAMES = 4


def kingdom_cards(kingdom: str) -> list[str]:
    """A recommended kingdom's name, or a comma-separated list of 10 card names."""
    if "," in kingdom:
        return [c.strip() for c in kingdom.split(",")]
    return list(by_name(kingdom).cards)


def shelters_rule(kingdom: list[str]) -> bool | str:
    """The rulebook's Shelters rule when a Dark Ages card is in the kingdom; otherwise no
    Shelters, without the random draw (so games without Dark Ages deal as they always did)."""
    return "auto" if any(CARDS[canonical(n)].set == DARK_AGES for n in kingdom) else False


def game_setup(bots: list[str], kingdom: list[str], edition: int = 2,
               autoplay: bool = True) -> dict:
    """The setup of a simulated game. Bots always play all their Treasures, so by default they
    use the autoplay standing order, which skips that decision when it is not a real choice."""
    return {"players": len(bots), "kingdom": kingdom, "edition": edition,
            "shelters": shelters_rule(kingdom),
            "autoplay_treasures": list(range(len(bots))) if autoplay else []}


def check_kingdom(kingdom: list[str], edition: int = 2) -> None:
    """ValueError unless games on `kingdom` can be dealt (known Kingdom cards, edition)."""
    try:
        normalise(game_setup(["bmu", "bmu"], kingdom, edition))
    except KeyError as exc:
        raise ValueError(f"unknown card in {kingdom!r}") from exc


def play_one(bots: list[str], kingdom: list[str], seed: str, edition: int = 2,
             max_steps: int = 20000, autoplay: bool = True, setup: dict | None = None) -> dict:
    """One complete game, quiet (no log) and on the fast path (`Game.play_out`); `setup` is
    the game's setup as `normalise` returned it, when the caller has it already."""
    s = setup or _setup(tuple(bots), tuple(kingdom), edition, autoplay)
    g = deal(s, seed, log=False)
    players = [seat_player(bot, g, seat) for seat, bot in enumerate(bots)]
    try:
        steps = g.play_out(players, max_steps)
    except RuntimeError:
        raise RuntimeError(f"game {seed} did not end in {max_steps} answers") from None
    return {"result": g.result, "answers": steps}


# (bots, kingdom, edition, autoplay) -> the normalised setup, shared read-only by every game
# of it (as `simulate_chunk` shares its own): checking a setup costs a few percent of a game.
_SETUPS: dict[tuple, dict] = {}


def _setup(bots: tuple[str, ...], kingdom: tuple[str, ...], edition: int,
           autoplay: bool) -> dict:
    key = (bots, kingdom, edition, autoplay)
    s = _SETUPS.get(key)
    if s is None:
        if len(_SETUPS) >= 64:
            _SETUPS.clear()
        s = _SETUPS[key] = normalise(game_setup(list(bots), list(kingdom), edition, autoplay))
    return s


def simulate_chunk(bots: list[str], kingdom: str | list[str], seed: str, start: int,
                   stop: int, edition: int = 2, autoplay: bool = True) -> dict:
    """Games `start` to `stop - 1` of a simulation, as a partial result for `merge`.

    Wins are counted exactly: `shares[seat:bot][k]` is the number of games that seat won
    with k - 1 others (each such game is worth 1/k of a win).
    """
    cards = kingdom if isinstance(kingdom, list) else kingdom_cards(kingdom)
    shares: dict[str, dict[str, int]] = {}
    ties = turns = answers = 0
    cpu, wall = time.process_time(), time.perf_counter()
    setup = normalise(game_setup(bots, cards, edition, autoplay))  # once, not once a game
    for i in range(start, stop):
        out = play_one(bots, cards, f"{seed}:{i}", edition, autoplay=autoplay, setup=setup)
        res = out["result"]
        answers += out["answers"]
        turns += max(res["turns"])
        k = str(len(res["winners"]))
        ties += k != "1"
        for w in res["winners"]:
            counts = shares.setdefault(f"{w}:{bots[w]}", {})
            counts[k] = counts.get(k, 0) + 1
    return {"games": stop - start, "turns": turns, "answers": answers, "ties": ties,
            "shares": shares, "cpu_seconds": time.process_time() - cpu,
            "seconds": time.perf_counter() - wall}


def merge(partials: list[dict]) -> dict:
    """Partial results added up (in any order: the same sum)."""
    out: dict = {"games": 0, "turns": 0, "answers": 0, "ties": 0, "shares": {},
                 "cpu_seconds": 0.0, "seconds": 0.0}
    for part in partials:
        for key in ("games", "turns", "answers", "ties", "cpu_seconds", "seconds"):
            out[key] += part[key]
        for who, counts in part["shares"].items():
            mine = out["shares"].setdefault(who, {})
            for k, n in counts.items():
                mine[k] = mine.get(k, 0) + n
    return out


def report(merged: dict, bots: list[str], kingdom: str | list[str], seed: str,
           autoplay: bool = True, seconds: float | None = None, jobs: int = 1) -> dict:
    """The simulation's result from its merged chunks; `seconds` is the wall time when the
    chunks ran side by side (their own times add up to CPU time, not wall time)."""
    games = merged["games"]
    seconds = merged["seconds"] if seconds is None else seconds
    cpu = merged["cpu_seconds"]
    wins = {who: sum(n / int(k) for k, n in sorted(counts.items(), key=lambda kn: int(kn[0])))
            for who, counts in merged["shares"].items()}
    return {
        "games": games, "seconds": round(seconds, 3),
        "games_per_sec": round(games / seconds, 1) if seconds else None,
        "mean_turns": round(merged["turns"] / games, 2) if games else 0,
        "answers_per_game": round(merged["answers"] / games, 1) if games else 0,
        "wins": {k: round(v, 1) for k, v in sorted(wins.items())}, "ties": merged["ties"],
        "bots": bots, "kingdom": kingdom if isinstance(kingdom, list) else kingdom_cards(kingdom),
        "seed": seed, "autoplay_treasures": autoplay, "jobs": jobs,
        "cpu_seconds": round(cpu, 3),
        "games_per_cpu_sec": round(games / cpu, 1) if cpu else None,
    }


def chunks(games: int, parts: int) -> list[tuple[int, int]]:
    """`range(games)` cut into at most `parts` nearly equal runs, in order."""
    parts = max(1, min(parts, games))
    bounds = [games * i // parts for i in range(parts + 1)]
    return [(a, b) for a, b in zip(bounds, bounds[1:]) if b > a]


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def job_chunks(games: int, jobs: int) -> list[tuple[int, int]]:
    """How `simulate` cuts `games` for `jobs` processes: many small chunks (dynamic
    scheduling), none below `MIN_CHUNK_GAMES` games unless there are fewer games than jobs."""
    return chunks(games, min(jobs * CHUNKS_PER_JOB, max(jobs, games // MIN_CHUNK_GAMES)))


def _pool(jobs: int) -> ProcessPoolExecutor:
    """Worker processes forked from this one where the platform can: no re-import, warm
    tables, start-up in milliseconds (Python 3.14 makes forkserver the default, which would
    import the engine again in each). `gc.freeze()` before the fork was measured and left
    out: the children copy as many pages without it (about 1,700 per 1,000 games)."""
    from concurrent.futures import ProcessPoolExecutor  # only when there are jobs

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    return ProcessPoolExecutor(max_workers=jobs, mp_context=context)


def simulate(bots: list[str], games: int, seed: str, kingdom: str = "First Game",
             edition: int = 2, autoplay: bool = True, jobs: int = 1) -> dict:
    """`games` games; with `jobs` > 1 on that many processes, with the same result."""
    cards = kingdom_cards(kingdom)
    start = time.perf_counter()
    if jobs <= 1 or games < 2:
        merged = merge([simulate_chunk(bots, cards, seed, 0, games, edition, autoplay)])
        jobs = 1
    else:
        with _pool(jobs) as pool:
            futures = [pool.submit(simulate_chunk, bots, cards, seed, a, b, edition, autoplay)
                       for a, b in job_chunks(games, jobs)]
            merged = merge([f.result() for f in futures])  # in order: the same sums
    return report(merged, bots, cards, seed, autoplay, time.perf_counter() - start, jobs)
