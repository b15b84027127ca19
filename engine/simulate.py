"""Bot-versus-bot games, for benchmarks and strategy comparisons."""
from __future__ import annotations

import time
from collections import Counter

from .bots import seat_player
from .cardbase import DARK_AGES, canonical
from .cards import CARDS
from .kingdoms import by_name
from .setup import new_game


def kingdom_cards(kingdom: str) -> list[str]:
    """A recommended kingdom's name, or a comma-separated list of 10 card names."""
    if "," in kingdom:
        return [c.strip() for c in kingdom.split(",")]
    return list(by_name(kingdom).cards)


def shelters_rule(kingdom: list[str]) -> bool | str:
    """The rulebook's Shelters rule when a Dark Ages card is in the kingdom; otherwise no
    Shelters, without the random draw (so games without Dark Ages deal as they always did)."""
    return "auto" if any(CARDS[canonical(n)].set == DARK_AGES for n in kingdom) else False


def play_one(bots: list[str], kingdom: list[str], seed: str, edition: int = 2,
             max_steps: int = 20000, autoplay: bool = True) -> dict:
    """One complete game. Bots always play all their Treasures, so by default they use the
    autoplay standing order, which skips that decision when it is not a real choice."""
    setup = {"players": len(bots), "kingdom": kingdom, "edition": edition,
             "shelters": shelters_rule(kingdom),
             "autoplay_treasures": list(range(len(bots))) if autoplay else []}
    g = new_game(setup, seed, log=False)
    players = [seat_player(bot, g, seat) for seat, bot in enumerate(bots)]
    steps = g.play_out(players, max_steps)
    return {"result": g.result, "answers": steps}


def simulate(bots: list[str], games: int, seed: str, kingdom: str = "First Game",
             edition: int = 2, autoplay: bool = True) -> dict:
    cards = kingdom_cards(kingdom)
    wins: Counter = Counter()
    ties = turns = answers = 0
    start = time.perf_counter()
    for i in range(games):
        out = play_one(bots, cards, f"{seed}:{i}", edition, autoplay=autoplay)
        res = out["result"]
        answers += out["answers"]
        turns += max(res["turns"])
        if len(res["winners"]) > 1:
            ties += 1
        for w in res["winners"]:
            wins[f"{w}:{bots[w]}"] += 1 / len(res["winners"])
    seconds = time.perf_counter() - start
    return {
        "games": games, "seconds": round(seconds, 3),
        "games_per_sec": round(games / seconds, 1) if seconds else None,
        "mean_turns": round(turns / games, 2) if games else 0,
        "answers_per_game": round(answers / games, 1) if games else 0,
        "wins": {k: round(v, 1) for k, v in sorted(wins.items())}, "ties": ties,
        "bots": bots, "kingdom": cards, "seed": seed, "autoplay_treasures": autoplay,
    }
