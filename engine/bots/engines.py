"""The planner's engine plans: decks that trash their starting cards and draw themselves, where
Big Money with one terminal tops out (kingdoms without a strong attack or draw).

- Market Square with a trasher: each card trashed with a Market Square in hand gains a Gold;
- trash-then-Laboratory: a trasher opened, Estates and most Coppers trashed, then Gold and
  stacked Laboratories (with a Market-like payload when there is one), with or without one
  copy of the kingdom's best terminal;
- village-and-draw, thin: a trasher, villages and terminal draw bought before Gold (the Big
  Money engine of `plans.engine_plans` buys them after Gold), greening once the engine has
  two draw cards, or as Big Money would;
- draw-to-X: Library with villages that draw nothing (Festival, Bandit Camp, Squire...):
  their Actions and coins let Library refill the hand to seven (an engine of them, or Big
  Money with two Libraries and one or two of them);
- Conspirator chains: villages and cantrips to make Conspirator's third Action.

Each is a strategy definition like the rest of the library (`plans.py`). Against Big Money
Ultimate on kingdoms with one Buy a turn and no strong attack they mostly lose to the best
Big Money plan (docs/strategies.md has the figures): their priors put them behind it.
"""
from __future__ import annotations

from . import plans as lib
from .heuristic import VILLAGES

# Trashers a thin deck opens with (Masquerade trashes as it passes).
THIN_TRASHERS = ("Chapel", "Steward", "Forager", "Junk Dealer", "Sentry", "Masquerade",
                 "Moneylender", "Trading Post", "Lurker")
# Non-terminal draw to stack.
LABS = ("Laboratory",)
# Non-terminal +$ for an engine's payload (bought beside Gold).
MONEY_CANTRIPS = ("Market", "Festival", "Bandit Camp", "Market Square", "Mystic", "Ironmonger")
# Villages that draw no card: Library draws past them to seven.
DISAPPEARING = ("Festival", "Bandit Camp", "Fortress", "Village", "Mining Village",
                "Shanty Town", "Wandering Minstrel", "Squire")
# Trash junk always, Estates only while the game is far from its end, Coppers while the
# deck keeps `floor` coins (Treasures and the +$ of its cantrips).
JUNK = ["Curse", "Hovel", "Overgrown Estate", "Ruined Market", "Survivors", "Ruined Village",
        "Abandoned Mine", "Ruined Library"]


def thin_trash(floor: int) -> list:
    """A thin deck's trash list (Coppers go while `economy >= floor`)."""
    return [*JUNK, {"card": "Estate", "if": "gains_to_end > 5"},
            {"card": "Copper", "if": f"economy >= {floor}"}]


def _green(kingdom: list[str], province: str, rest: list, requires: list[str], name: str,
           label: str, trash: list | None = None) -> lib.Definition:
    """A buy list ending like every plan: Provinces by `province`, Duchies and Estates late,
    `rest` (the build), Duchies a little earlier, Silver."""
    buy = [{"card": "Province", "if": province},
           {"card": "Duchy", "if": "gains_to_end <= 4"},
           *lib._late_victory(kingdom),
           {"card": "Estate", "if": "gains_to_end <= 2"},
           *rest, {"card": "Duchy", "if": "gains_to_end <= 5"}, "Silver"]
    out = {"name": lib.short(name), "label": label, "requires": sorted(set(requires)),
           "buy": buy}
    if trash:
        out["trash"] = trash
    return out


def _trashers(kingdom: list[str]) -> list[str]:
    return [t for t in THIN_TRASHERS if t in kingdom][:2]


def lab_plans(kingdom: list[str]) -> lib.Scored:
    """Open a trasher, trash down to $5, then Gold and up to ten Laboratories; with the
    kingdom's best terminal (one copy) too, if it has one."""
    usable = lib._usable(kingdom)
    labs = [c for c in LABS if c in usable]
    payload = [c for c in MONEY_CANTRIPS if c in usable][:1]
    tops = [x for _, x in lib.terminals(kingdom, 20) if x not in THIN_TRASHERS][:1]
    out = []
    for lab in labs:
        for t in _trashers(usable):
            for x in [None, *tops]:
                extra = [{"card": x, "max": 1}] if x else []
                rest = [{"card": t, "max": 1, "if": "turn <= 2"}, *extra, "Gold",
                        {"card": lab, "max": 10}, *[{"card": p, "max": 4} for p in payload]]
                name = f"labs-{lib._slug(t, lab)}" + (f"-{lib._slug(x)}" if x else "")
                label = f"{t} / {lab}" + (f" / {x}" if x else "")
                out.append((36 + 2 * bool(x), _green(
                    kingdom, "economy >= 14 or avg_hand >= 8", rest,
                    [lab, t, *payload, *([x] if x else [])], name, label, thin_trash(5))))
    return out


def thin_engine_plans(kingdom: list[str]) -> lib.Scored:
    """A trasher, then villages and terminal draw before Gold, a Market-like payload."""
    usable = lib._usable(kingdom)
    villages = sorted((k for k in usable if k in VILLAGES), key=lambda k: -VILLAGES[k])
    draws = sorted((k for k in usable if k in lib.DRAW and lib._terminal(k)),
                   key=lambda k: -(lib.TERMINALS.get(k, 0) + 3 * lib.CARDS[k].plus_cards))
    trashers = _trashers(usable)
    out = []
    if not villages or not draws or not trashers:  # (without: plans.engine_plans)
        return out
    v = villages[0]
    payload = [p for p in MONEY_CANTRIPS if p in usable and p != v][:1]
    for d in draws[:2]:
        t = trashers[0]
        rest = [{"card": t, "max": 1, "if": "turn <= 2"},
                {"card": d, "max": 1},
                {"card": v, "if": f"count('{v}') < count('{d}')", "max": 3},
                {"card": d, "if": f"count('{d}') <= count('{v}')", "max": 3},
                "Gold", *[{"card": p, "max": 4} for p in payload]]
        # an engine greens as soon as it draws well: its hands are bigger than five
        green = f"count('{d}') >= 2 or economy >= 16 or avg_hand >= 8"
        out.append((34, _green(kingdom, green, rest, [v, d, t, *payload],
                               f"thin-{lib._slug(v, d)}", f"{v} / {d}, thin", thin_trash(6))))
    return out


# Library-BM with one or two such villages bought instead of Silver (measured, 1,500 games
# against Big Money Ultimate: Library + Squire 72 -> 78 %, where the engine above made 69 %).
LIGHT_VILLAGES = (1, 2)


def draw_to_x_plans(kingdom: list[str]) -> lib.Scored:
    """Library with villages that draw nothing: two villages per Library, Gold first; or
    Big Money with two Libraries and one or two of the villages (a light version)."""
    if "Library" not in kingdom:
        return []
    out = []
    for v in [k for k in DISAPPEARING if k in kingdom][:3]:
        rules = [{"card": "Library", "max": 1},
                 {"card": v, "if": "count('Library') * 2 > count('" + v + "')", "max": 6},
                 {"card": "Library", "max": 4}]
        out.append((36, lib.big_money(f"library-{lib._slug(v)}", f"Library / {v}", [], rules,
                                      16, ["Library", v], kingdom)))
        for n in LIGHT_VILLAGES:
            rules = [*lib._copies("Library", 2), {"card": v, "max": n}]
            out.append((37, lib.big_money(f"bm-library-{lib._slug(v)}-{n}",
                                          f"Big Money + 2 Library + {n} {v}", [], rules, 16,
                                          ["Library", v], kingdom)))
    return out


def conspirator_plans(kingdom: list[str]) -> lib.Scored:
    """Conspirators with villages and cantrips: the third Action makes each a cantrip."""
    if "Conspirator" not in kingdom:
        return []
    helpers = [k for k in lib._usable(kingdom)
               if k in VILLAGES or lib.CANTRIPS.get(k, 0) >= 15]
    if not helpers:
        return []
    h = max(helpers, key=lambda k: VILLAGES.get(k, lib.CANTRIPS.get(k, 0)))
    rules = [{"card": "Conspirator", "if": f"count('Conspirator') <= count('{h}') + 1",
              "max": 6}, {"card": h, "max": 5}]
    return [(30, lib.big_money(f"conspirator-{lib._slug(h)}", f"Conspirator / {h}", [], rules,
                               16, ["Conspirator", h], kingdom))]


# Trashers that trash from the hand while a Market Square waits there, and only what the
# plan chooses (measured, 200 games: Rats and Forager, which must trash a card each play,
# churn Golds and breed Rats: 12 % and 43 % against Big Money Ultimate; Masquerade 89 %).
MS_TRASHERS = ("Masquerade", "Junk Dealer", "Steward", "Chapel", "Moneylender",
               "Trading Post")


def market_square_plans(kingdom: list[str]) -> lib.Scored:
    """Market Squares with a trasher: each card trashed with a Market Square in hand brings
    a Gold (the heuristic discards it for one), so trashing Estates and Coppers is paid."""
    if "Market Square" not in kingdom:
        return []
    out = []
    for t in [t for t in MS_TRASHERS if t in kingdom][:2]:
        n = 2 if lib._terminal(t) else 3
        rules = [{"card": t, "max": 1}, {"card": "Market Square", "max": 5},
                 {"card": t, "max": n, "if": "deck_size >= 14"}]
        out.append((40, lib.big_money(f"market-square-{lib._slug(t)}",
                                      f"Market Square / {t}", [], rules, 16,
                                      ["Market Square", t], kingdom, thin_trash(6))))
    return out


TEMPLATES = (market_square_plans, lab_plans, thin_engine_plans, draw_to_x_plans,
             conspirator_plans)
