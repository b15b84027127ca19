"""Engine timings for the README: simulation speed (CPU time, beside the CPython floor loop of
engine/floor.py), heuristic games on Intrigue and Dark Ages kingdoms, one plan made by the
planner, resuming a saved game, full replay, and 1 vs 2 processes."""
from __future__ import annotations

import os
import statistics
import time
from random import Random

from .bots import bot_answer
from .floor import floor_game
from .game import loads, replay
from .kingdoms import by_name
from .setup import new_game
from .simulate import kingdom_cards, shelters_rule, simulate

INTRIGUE = ("Victory Dance", "Secret Schemes", "Best Wishes")  # the Intrigue-only kingdoms
DARK_AGES = "Grim Parade"  # Knights, Ruins, Band of Misfits, Shelters: the slow paths
PLANNED = "Victory Dance"  # the kingdom the planner's timing plans for


def floor_games_per_cpu_sec(games: int, seed: str = "floor") -> float:
    """The floor loop's speed: games per CPU second."""
    rng = Random(seed)
    start = time.process_time()
    for _ in range(games):
        floor_game(rng)
    return games / (time.process_time() - start)


def planner_timing(kingdom: str = PLANNED) -> dict:
    """One plan made for a 2-player table of `kingdom` (the planner simulating its library
    there, as the site does once per new kingdom), in CPU time."""
    from .bots import planner

    cards = kingdom_cards(kingdom)
    key = planner.table_keys({"players": 2, "kingdom": cards,
                              "shelters": shelters_rule(cards)})[0]
    start = time.process_time()
    made = planner.make_plan(key)  # made afresh (only strategy_for reads the cache)
    cpu = time.process_time() - start
    answers = made["planner"]["answers"]
    return {"kingdom": kingdom, "cpu_seconds": round(cpu, 2), "answers": answers,
            "answers_per_cpu_sec": round(answers / cpu) if cpu else None}


def _best(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def _record_game(players: int, seed: str) -> dict:
    kingdom = list(by_name("First Game").cards)
    setup = {"players": players, "kingdom": kingdom}
    g = new_game(setup, seed)
    answers = []
    while not g.over:
        d = g.pending()[0]
        a = bot_answer("smithy" if d.seat % 2 else "bmu", g, d.seat, d)
        answers.append([d.seat, d.id, a])
        g.apply(d.seat, d.id, a)
    return {"setup": setup, "seed": seed, "answers": answers}


def _saved_mid_card() -> tuple[str, int, str, object]:
    """A game saved while Throne Room → Militia waits on one victim's discard."""
    from .positions import build

    g = build({
        "kingdom": ["Militia", "Throne Room", "Moat", "Village", "Smithy", "Market", "Cellar",
                    "Mine", "Remodel", "Workshop"],
        "players": [
            {"hand": ["Throne Room", "Militia", "Copper", "Copper", "Estate"],
             "deck": ["Gold"] * 5},
            {"hand": ["Copper", "Copper", "Estate", "Estate", "Silver"], "deck": ["Gold"] * 5},
            {"hand": ["Copper", "Copper", "Estate", "Estate", "Silver"], "deck": ["Gold"] * 5},
        ],
    })
    g.answer(0, g.pending()[0].id, ["Throne Room"])
    g.answer(0, g.pending()[0].id, ["Militia"])
    first = g.pending()[0]
    g.answer(first.seat, first.id, ["Estate", "Estate"])
    d = g.pending()[0]
    return g.dumps(), d.seat, d.id, ["Estate", "Estate"]


# Games for the 1 vs 2 processes figure: enough that what does not split (the pool's fork and
# its last chunk, ~0.05 s) is a small part of a run (~10 s at one process on this machine).
# At 6,000 games the Big Money mirror showed x1.58, at 20,000 x1.91 (quiet machine).
JOBS_GAMES = 20_000


def jobs_timing(games: int = JOBS_GAMES, rounds: int = 2) -> dict:
    """`simulate` of the Big Money mirror on 1 and on 2 processes, interleaved (1 2, 2 1, ...)
    so that the machine's drift falls on both: games per wall second of each run, their
    medians, the ratio per round and its median, and the load average before and after (a
    ratio near 2 needs the other processes to leave the second core free)."""
    before = [round(x, 2) for x in os.getloadavg()]
    rates: dict[str, list[float]] = {"1": [], "2": []}
    for r in range(rounds):
        for n in ((1, 2) if r % 2 == 0 else (2, 1)):
            out = simulate(["bmu", "bmu"], games, "bench", "First Game", jobs=n)
            rates[str(n)].append(out["games_per_sec"])
    ratios = [two / one for one, two in zip(rates["1"], rates["2"])]
    return {"games": games, "games_per_sec_runs": rates,
            "games_per_sec": {n: statistics.median(v) for n, v in rates.items()},
            "speedup_runs": [round(x, 2) for x in ratios],
            "speedup": round(statistics.median(ratios), 2),
            "load_average_before": before,
            "load_average_after": [round(x, 2) for x in os.getloadavg()]}


def run_all(games: int = 2000, runs: int = 3, jobs: bool = True, planner: bool = True,
            jobs_games: int = JOBS_GAMES) -> dict:
    """Simulation speed is taken `runs` times, each beside a run of the floor loop, since this
    kind of machine's speed drifts; CPU time, so that other processes count less."""
    sims, floors = [], []
    for _ in range(runs):
        sims.append(simulate(["bmu", "bmu"], games, "bench", "First Game"))
        floors.append(floor_games_per_cpu_sec(games))
    sims.sort(key=lambda s: s["games_per_cpu_sec"])
    sim = sims[len(sims) // 2]
    cpu = [s["games_per_cpu_sec"] for s in sims]
    manual = simulate(["bmu", "bmu"], games // 4, "bench", "First Game", autoplay=False)
    text, seat, did, answer = _saved_mid_card()

    def resume():
        loads(text).answer(seat, did, answer)

    record = _record_game(4, "bench-4p")
    out = {
        "simulate_bmu_mirror_first_game": {k: sim[k] for k in (
            "games", "seconds", "games_per_sec", "mean_turns", "games_per_cpu_sec")},
        "simulate_games_per_sec_runs": [s["games_per_sec"] for s in sims],
        "simulate_games_per_cpu_sec_runs": cpu,
        "floor_games_per_cpu_sec_runs": [round(f, 1) for f in floors],
        "engine_vs_floor": round(statistics.median(cpu) / statistics.median(floors), 3),
        "simulate_without_autoplay_games_per_sec": manual["games_per_sec"],
        "heuristic_intrigue_games_per_cpu_sec": {
            k: simulate(["heuristic", "heuristic"], max(games // 20, 10), "bench", k)[
                "games_per_cpu_sec"] for k in INTRIGUE},
        "heuristic_dark_ages_games_per_cpu_sec": {
            DARK_AGES: simulate(["heuristic", "heuristic"], max(games // 20, 10), "bench",
                                DARK_AGES)["games_per_cpu_sec"]},
        "loads_mid_card_and_answer_ms": round(_best(resume, 200) * 1000, 3),
        "replay_4_player_game_ms": round(_best(lambda: replay(record), 20) * 1000, 2),
        "replay_4_player_answers": len(record["answers"]),
    }
    if planner:
        out["planner_one_plan"] = planner_timing()
    if jobs:
        timing = jobs_timing(jobs_games)
        out["jobs_games_per_sec"] = timing["games_per_sec"]
        out["jobs"] = timing
    out["load_average"] = [round(x, 2) for x in os.getloadavg()]
    return out
