"""python -m loadtest --games 2,20,200: the production set-up under N concurrent games.

Starts PostgreSQL, Redis, two uvicorn processes, a Celery worker and beat on 127.0.0.1 (see
stack.py), then for each N drives N games through the public API and the event stream
(every `--bot-every`-th game is human against a bot, the others two tokens against each
other), measures a window of `--seconds`, and prints moves/s, submit latency, submit → the
other seat's event, errors, and CPU seconds per move of the web, database and worker
processes (from /proc/<pid>/stat). Bounded: `--seconds` per N and `--max-requests` in all.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from pathlib import Path

import httpx

from loadtest import players, stack

COLUMNS = ("games", "moves", "moves/s", "submit p50/p95/p99 ms", "event p50/p99 ms", "errors",
           "CPU ms/move web", "db", "worker", "total")


def percentile(values: list[float], pct: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * pct / 100))]


def seed_tokens(site: stack.Stack, count: int) -> list[str]:
    out = stack.manage(site, "shell", "-c", f"from loadtest.seed import main; main({count})")
    return json.loads(out.strip().splitlines()[-1])


async def run_level(site: stack.Stack, games: int, args: argparse.Namespace) -> dict:
    bots = {i for i in range(games) if args.bot_every and i % args.bot_every == args.bot_every - 1}
    need = sum(1 if i in bots else 2 for i in range(games))
    tokens = seed_tokens(site, need)
    metrics = players.Metrics()
    # Idle connections are dropped after 2 s, before uvicorn's 5 s: with both at 5 s (httpx's
    # default), a request sent on a connection the server was closing at that moment failed.
    limits = httpx.Limits(max_connections=need + 10, max_keepalive_connections=need + 10,
                          keepalive_expiry=2.0)
    clients = [httpx.AsyncClient(limits=limits, timeout=30) for _ in site.ports]
    users = [players.User(i, token, f"http://{stack.HOST}:{site.ports[i % len(site.ports)]}",
                          clients[i % len(clients)], metrics, args.client == "table")
             for i, token in enumerate(tokens)]
    ready = [asyncio.Event() for _ in users]
    listeners = [asyncio.create_task(u.listen(r)) for u, r in zip(users, ready)]
    stop, setup = asyncio.Event(), asyncio.Semaphore(16)
    seats: dict[int, list[int]] = {}
    try:
        await asyncio.wait_for(asyncio.gather(*(r.wait() for r in ready)), 120)
        started = [asyncio.Event() for _ in range(games)]
        rng = random.Random(args.seed)
        it = iter(users)
        pairs = [[next(it)] if i in bots else [next(it), next(it)] for i in range(games)]
        tasks = [asyncio.create_task(players.run_pair(
            pair, args.bot if i in bots else None, args.think, random.Random(rng.random()),
            stop, started[i], seats, setup)) for i, pair in enumerate(pairs)]
        await asyncio.wait_for(asyncio.gather(*(s.wait() for s in started)), 300)
        await asyncio.sleep(min(5.0, args.think * 2))
        stack.pg_reset(site)
        before, t0 = site.cpu(), time.perf_counter()
        metrics.window[0] = t0
        while time.perf_counter() - t0 < args.seconds and metrics.requests < args.max_requests:
            await asyncio.sleep(0.25)
        t1 = metrics.window[1] = time.perf_counter()
        cpu = stack.cpu_used(before, site.cpu())
        await asyncio.sleep(1.0)  # events of the window's last moves
        stop.set()
        await players.close_all(tasks)
    finally:
        await players.close_all(listeners)
        # A table client's view reads still in flight: a client closed under them is no error
        # of the site's.
        await players.close_all([read for user in users for read in user.reads])
        for client in clients:
            await client.aclose()
    result = _summary(games, metrics, seats, cpu, t1 - t0)
    report = stack.pg_report(site, result["moves"])
    if report:
        print(report, flush=True)
    return result


def _summary(games: int, metrics: players.Metrics, seats: dict, cpu: dict, seconds: float):
    moves = len(metrics.moves)
    per_move = {role: 1000 * used / moves if moves else float("nan") for role, used in cpu.items()}
    submit = [1000 * s for s in metrics.submits]
    event = [1000 * s for s in metrics.event_latencies(seats)]
    web, db = per_move.get("web", 0.0), per_move.get("database", 0.0)
    worker = per_move.get("worker", 0.0) + per_move.get("beat", 0.0)
    return {
        "games": games, "moves": moves, "moves_per_s": moves / seconds,
        "games_ended": len(metrics.ended),
        "submit_ms": [percentile(submit, p) for p in (50, 95, 99)],
        "event_ms": [percentile(event, p) for p in (50, 99)],
        "errors": sum(metrics.errors.values()), "error_kinds": dict(metrics.errors),
        "refused": dict(metrics.refused), "submits": len(submit),
        "requests": dict(metrics.calls), "repeated_events": dict(metrics.repeated),
        "cpu_ms_per_move": {"web": web, "database": db, "worker": worker,
                            "total": web + db + worker},
        "cpu_share": {role: used / seconds for role, used in cpu.items()},
    }


def _row(r: dict) -> str:
    s, e, c = r["submit_ms"], r["event_ms"], r["cpu_ms_per_move"]
    cells = [str(r["games"]), str(r["moves"]), f"{r['moves_per_s']:.1f}",
             "/".join(f"{v:.0f}" for v in s), "/".join(f"{v:.0f}" for v in e), str(r["errors"]),
             f"{c['web']:.1f}", f"{c['database']:.1f}", f"{c['worker']:.1f}", f"{c['total']:.1f}"]
    return " | ".join(cells)


def parse(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", default="2,20,200", help="comma-separated numbers of games")
    p.add_argument("--seconds", type=float, default=30.0, help="measured window per N")
    p.add_argument("--think", type=float, default=5.0,
                   help="mean seconds a player waits before each answer (0.5x to 1.5x)")
    p.add_argument("--bot-every", type=int, default=4, help="every k-th game is against a bot")
    p.add_argument("--bot", default="bmu")
    p.add_argument("--max-requests", type=int, default=500_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--database-url", help="use this database (created beforehand) instead of "
                                          "a private PostgreSQL")
    p.add_argument("--redis-url", help="use this Redis instead of a private one")
    p.add_argument("--site", type=Path, default=stack.ROOT,
                   help="the checkout to serve (default: this one); e.g. a worktree of an "
                        "older commit, to measure before and after in one sitting")
    p.add_argument("--worker-pool", default="prefork", choices=("prefork", "threads", "solo"),
                   help="the Celery worker's pool (--pool, with --concurrency 2); prefork as "
                        "docs/production.md runs it")
    p.add_argument("--client", default="bot", choices=("bot", "table"),
                   help="bot: answers from the your_turn event's decisions (reads /decisions/ "
                        "when an older site's event has none); "
                        "table: a client that shows the table reads its /view/ after every "
                        "move it did not make (and its decisions from it)")
    p.add_argument("--json", action="store_true", help="print each level as a JSON line too")
    p.add_argument("--pg-stats", action="store_true",
                   help="load pg_stat_statements in the private PostgreSQL and print, per "
                        "level, the top statements and the database's counters per move")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    levels = [int(n) for n in args.games.split(",") if n.strip()]
    site = stack.start(database_url=args.database_url, redis_url=args.redis_url, site=args.site,
                       pg_stats=args.pg_stats, worker_pool=args.worker_pool)
    print("starting: postgres, redis, uvicorn x2 on", site.ports, ", celery worker and beat",
          flush=True)
    print(" | ".join(COLUMNS), flush=True)
    try:
        for games in levels:
            result = asyncio.run(run_level(site, games, args))
            print(_row(result), flush=True)
            if args.json:
                print(json.dumps(result), flush=True)
    finally:
        site.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
