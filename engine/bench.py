"""Engine timings for the README: simulation speed, resuming a saved game, full replay."""
from __future__ import annotations

import time

from .bots import bot_answer
from .game import loads, replay
from .kingdoms import by_name
from .setup import new_game
from .simulate import simulate


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


def run_all(games: int = 2000, runs: int = 3) -> dict:
    """Simulation speed is taken `runs` times, since this kind of machine's speed drifts."""
    sims = sorted((simulate(["bmu", "bmu"], games, "bench", "First Game") for _ in range(runs)),
                  key=lambda s: s["games_per_sec"])
    sim = sims[len(sims) // 2]
    manual = simulate(["bmu", "bmu"], games // 4, "bench", "First Game", autoplay=False)
    text, seat, did, answer = _saved_mid_card()

    def resume():
        loads(text).answer(seat, did, answer)

    record = _record_game(4, "bench-4p")
    return {
        "simulate_bmu_mirror_first_game": {k: sim[k] for k in (
            "games", "seconds", "games_per_sec", "mean_turns")},
        "simulate_games_per_sec_runs": [s["games_per_sec"] for s in sims],
        "simulate_without_autoplay_games_per_sec": manual["games_per_sec"],
        "loads_mid_card_and_answer_ms": round(_best(resume, 200) * 1000, 3),
        "replay_4_player_game_ms": round(_best(lambda: replay(record), 20) * 1000, 2),
        "replay_4_player_answers": len(record["answers"]),
    }
