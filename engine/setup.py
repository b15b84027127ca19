"""Setting up a game exactly as the rulebooks say, for 2 to 6 players."""
from __future__ import annotations

from typing import Any

from . import rng
from .cardbase import DARK_AGES, KNIGHT, RUINS, VICTORY, canonical
from .cards import CARDS
from .entries import no_log
from .game import Game
from .player import Player

BASIC = ("Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse")
SHELTERS = ("Hovel", "Necropolis", "Overgrown Estate")

DEFAULTS: dict[str, Any] = {
    "players": 2, "kingdom": [], "edition": 2, "card_editions": {}, "shelters": "auto",
    "first_player": None, "previous_winner": None, "names": None, "extra_piles": [],
    "autoplay_treasures": [],
}


def normalise(setup: dict) -> dict:
    unknown = set(setup) - set(DEFAULTS)
    if unknown:
        raise ValueError(f"unknown setup keys: {sorted(unknown)}")
    s = {**DEFAULTS, **setup}
    n = s["players"]
    if not isinstance(n, int) or not 2 <= n <= 6:
        raise ValueError("a game has 2 to 6 players")
    kingdom = [canonical(name) for name in s["kingdom"]]
    if len(set(kingdom)) != len(kingdom):
        raise ValueError("kingdom piles must be different")
    for name in kingdom:
        c = CARDS.get(name)
        if c is None or not c.is_kingdom:
            raise ValueError(f"{name!r} is not an implemented Kingdom card")
    s["shelters"] = _shelters_rule(s["shelters"])
    for name in s["extra_piles"]:
        c = CARDS.get(name)
        if c is None or c.is_kingdom:
            raise ValueError(f"{name!r} is not a non-Kingdom pile")
    s["card_editions"] = {canonical(k): v for k, v in dict(s["card_editions"]).items()}
    if s["edition"] not in (1, 2):
        raise ValueError("edition must be 1 or 2")
    s["kingdom"] = kingdom
    s["names"] = list(s["names"] or [f"Player {i + 1}" for i in range(n)])
    if len(s["names"]) != n:
        raise ValueError("one name per player")
    return s


_SHELTER_RULES = {True: True, False: False, "always": True, "never": False, "auto": "auto"}


def _shelters_rule(value: Any) -> bool | str:
    """True/"always", False/"never", or "auto": the rulebook's rule (a random Kingdom card
    decides: Shelters if it is a Dark Ages card)."""
    try:
        return _SHELTER_RULES[value]
    except (KeyError, TypeError):
        raise ValueError('shelters must be true, false, "always", "never" or "auto"') from None


def pile_count(name: str, players: int) -> int:
    """How many cards start in a non-Kingdom pile a card calls for (Ruins, Spoils...)."""
    c = CARDS[name]
    if c.members and c.type_bits & RUINS:
        return 10 * (players - 1)
    return c.pile_size or 10


def supply_counts(setup: dict) -> dict[str, int]:
    """How many cards start in each Supply pile (Coppers before dealing starting decks)."""
    n = setup["players"]
    big = n >= 5
    victory = 8 if n == 2 else 12
    counts = {
        "Copper": 120 if big else 60, "Silver": 80 if big else 40, "Gold": 60 if big else 30,
        "Estate": victory, "Duchy": victory,
        "Province": {2: 8, 3: 12, 4: 12, 5: 15, 6: 18}[n], "Curse": 10 * (n - 1),
    }
    for name in setup["kingdom"]:
        c = CARDS[name]
        if c.pile_size is not None:
            counts[name] = c.pile_size
        elif c.type_bits & VICTORY:
            counts[name] = victory
        else:
            counts[name] = 10
    return counts


def _needs(setup: dict) -> list[str]:
    """Extra piles the kingdom calls for (Ruins, Spoils...): declared by the cards as data."""
    extra: list[str] = list(setup["extra_piles"])
    for name in setup["kingdom"]:
        for pile in CARDS[name].needs:
            if pile not in extra:
                extra.append(pile)
    return extra


def new_game(setup: dict, seed: str, *, log: bool = True) -> Game:
    """A new game from the caller's setup and a secret seed (never shown to players).

    `log=False` makes a quiet game for simulations: the same game, result and score, but no
    log is kept (views show none, and its saves carry none).
    """
    return deal(normalise(setup), seed, log=log)


def deal(s: dict, seed: str, *, log: bool = True) -> Game:
    """`new_game` for a setup `normalise` returned (and nobody changes): simulations check
    theirs once, not once per game."""
    g = Game()
    g.setup = s
    g.options = {"edition": s["edition"], "card_editions": dict(s["card_editions"])}
    g._set_secret(seed)
    g.trash_pile = []
    g.log = [] if log else no_log()
    g.logging = log
    g.counter = g.next_id = g.step = g.turn_no = 0
    g.result = None
    g.players = [Player(name) for name in s["names"]]
    n = s["players"]
    shelters = _decide_shelters(g, s)
    key = (n, tuple(s["kingdom"]), shelters, tuple(s["extra_piles"]))
    layout = _LAYOUTS.get(key)
    if layout is None:
        _lay_out(g, s, shelters)
        g._derive()
        if not any(CARDS[pile].members for pile in g.piles):  # nothing shuffled: keep it
            if len(_LAYOUTS) >= 256:
                _LAYOUTS.clear()
            _LAYOUTS[key] = (tuple(g.names), tuple(g.supply), tuple(g.piles),
                             tuple(map(tuple, g.piles.values())), g.tables)
    else:
        names, supply, pile_names, pile_ids, tables = layout
        g.names, g.supply = list(names), list(supply)
        g.piles = dict(zip(pile_names, map(list, pile_ids)))
        g._derive(tables)
    _deal(g, s)
    if s["first_player"] is not None:
        first = s["first_player"] % n
    elif s["previous_winner"] is not None:
        first = (s["previous_winner"] + 1) % n
    else:
        g.counter += 1
        first = rng.randbelow(g.key, g.counter, n)
    g.first = first
    for p in range(n):
        g.draw(p, 5)
    start = {"players": s["names"], "first": first}
    if g.options["shelters"] or "shelters_card" in g.options:
        start["shelters"] = g.options["shelters"]
        start["shelters_card"] = g.options.get("shelters_card")
    g.log.append(["start", None, start, None, None])
    g._begin_turn(first)
    g._base = ("new", {"setup": s, "seed": seed})
    g._advance()
    return g


# Setup -> the cards before dealing (names by id, Supply, piles, Game tables): the same for
# every game of one setup unless a pile is shuffled, and simulations deal thousands.
_LAYOUTS: dict[tuple, tuple] = {}


# Draw 0 of the game's random stream is kept for the Shelters decider: shuffles and the first
# player use draws 1, 2, ..., so a game deals the same with or without the decision.
SHELTERS_DRAW = 0


def _decide_shelters(g: Game, s: dict) -> bool:
    """Whether Shelters replace the starting Estates; "auto" asks a random Kingdom card and
    the game records which one decided (`options["shelters_card"]`)."""
    rule = s["shelters"]
    if rule == "auto":
        if not s["kingdom"]:
            rule = False
        else:
            pick = rng.randbelow(g.key, SHELTERS_DRAW, len(s["kingdom"]))
            decider = s["kingdom"][pick]
            g.options["shelters_card"] = decider
            rule = CARDS[decider].set == DARK_AGES
    g.options["shelters"] = rule
    return rule


def _lay_out(g: Game, s: dict, shelters: bool) -> None:
    """Create every card of the game: the piles, then the starting Estates (or Shelters)."""
    g.names, g.piles = [], {}
    counts = supply_counts(s)
    g.supply = list(BASIC) + sorted(s["kingdom"], key=lambda k: (CARDS[k].cost, k))
    for pile in g.supply:
        g.piles[pile] = _make_pile(g, pile, counts[pile])
    for pile in _needs(s):
        g.piles[pile] = _make_pile(g, pile, pile_count(pile, s["players"]))
        if CARDS[pile].in_supply:
            g.supply.append(pile)
    if shelters:
        for _ in g.players:
            _new_cards(g, list(SHELTERS))
    else:
        _new_cards(g, ["Estate"] * 3 * s["players"])


def _make_pile(g: Game, name: str, count: int) -> list[int]:
    """A pile of `count` cards; a split pile (Knights, Ruins) is shuffled face down."""
    members = CARDS[name].members
    if not members:
        return _new_cards(g, [name] * count)
    if CARDS[name].type_bits & KNIGHT:
        names = list(members)
    else:  # Ruins-like: deal count from a shuffled stock of 10 of each
        names = [m for m in members for _ in range(10)]
    g.counter += 1
    rng.shuffle(g.key, g.counter, names)
    return _new_cards(g, names[:count])


def _new_cards(g: Game, names: list[str]) -> list[int]:
    start = len(g.names)
    g.names.extend(names)
    return list(range(start, start + len(names)))


def _deal(g: Game, s: dict) -> None:
    """7 Coppers from the Copper pile and 3 Estates (or Shelters) from the box, shuffled.

    The starting Estates/Shelters were created last, 3 per player, in `new_game`.
    """
    starting = list(range(len(g.names) - 3 * len(g.players), len(g.names)))
    coppers = g.piles["Copper"]
    for p, pl in enumerate(g.players):
        pl.discard = coppers[-7:] + starting[3 * p: 3 * p + 3]
        del coppers[-7:]
        g.shuffle_discard(p)

