"""Per-card-id facts the hot paths look up instead of going through `CARDS[name]`.

Every game of one setup has the same ids, so the tables are made once per setup and shared
(read-only tuples) by every game that has them.
"""
from __future__ import annotations

from itertools import groupby
from typing import NamedTuple

from .cardbase import ACTION, ATTACK, TREASURE
from .cards import CARDS


class IdTables(NamedTuple):
    watchers: bool            # some card watches from a hand (Market Square-like)
    attack_watchers: bool     # some card in play acts when its owner plays an Attack (Urchin)
    no_triggers: bool         # no card in the game has a trigger of any kind
    has_scorers: bool         # some card's VP depend on the deck (Gardens and the like)
    action_ids: frozenset     # the ids of Action cards
    coin_values: tuple        # per id: the coins it makes when played
    plain: tuple              # per id: playing or gaining it sets off nothing (no generator)
    quiet: tuple              # per id: it has no trigger
    is_action: tuple
    is_treasure: tuple
    autoplay_coins: tuple     # per id: 0 not a Treasure, its coins + 1 for a plain Treasure
    #                           (it makes coins and nothing else), -1 for another Treasure
    base_costs: tuple         # per id: the printed cost
    vp_values: tuple          # per id: the printed VP
    plain_actions: tuple      # per id: an Action whose play sets off nothing but its bonuses
    buy_watchers: bool        # some card watches its owner's buys or gains from a hand (Hovel)
    buy_watch: tuple          # per id: this card does (from its owner's hand)


_CACHE: dict[tuple[str, ...], IdTables] = {}


def id_tables(names: list[str]) -> IdTables:
    """The tables for a game whose card names by id are `names`."""
    key = tuple(names)
    tables = _CACHE.get(key)
    if tables is None:
        if len(_CACHE) >= 256:
            _CACHE.clear()
        tables = _CACHE[key] = _build(names)
    return tables


def _build(names: list[str]) -> IdTables:
    rows = []
    for name, run in groupby(names):  # ids come in runs of one name (the piles)
        c = CARDS[name]
        row = (c.coins, not (c.effect or c.triggers), not c.triggers,
               bool(c.type_bits & ACTION), bool(c.type_bits & TREASURE), c.cost, c.vp,
               bool(c.type_bits & ACTION) and not c.type_bits & (TREASURE | ATTACK)
               and not (c.effect or c.effect1 or c.triggers),
               "hand_buy" in c.triggers or "hand_gain" in c.triggers)
        rows += [row] * len(list(run))
    columns = list(zip(*rows)) if rows else [()] * 9
    in_game = [CARDS[n] for n in set(names)]
    return IdTables(
        watchers=any(t.startswith("hand_") for c in in_game for t in c.triggers),
        attack_watchers=any("play_attack" in c.triggers for c in in_game),
        no_triggers=not any(c.triggers for c in in_game),
        has_scorers=any(c.score is not None for c in in_game),
        action_ids=frozenset(i for i, is_action in enumerate(columns[3]) if is_action),
        coin_values=columns[0], plain=columns[1], quiet=columns[2],
        is_action=columns[3], is_treasure=columns[4],
        autoplay_coins=tuple((coins + 1 if plain else -1) if treasure else 0
                             for coins, treasure, plain in zip(columns[0], columns[4], columns[1])),
        base_costs=columns[5], vp_values=columns[6], plain_actions=columns[7],
        buy_watchers=any(columns[8]), buy_watch=columns[8])
