"""The planner's library: candidate strategies for one kingdom, written in the strategy format.

Each template reads the kingdom and returns strategy definitions (plain dicts, the format of
`rules.py`), so a chosen plan can be stored, shown and replayed like any other strategy:
Big Money with each good terminal (one, two or three copies), with two terminals, with a
terminal and a good non-terminal card (a village lets it hold more terminals), with two
copies of a terminal and one or two flexible helpers (Squire), double and
triple attacks, Gardens and Duke rushes, village-and-draw engines (with a trasher when there
is one), Throne Room with draw, Dark Ages plans (Rebuild with a terminal, Feodum,
Counterfeit...) and one-shot attacks (Pillage) kept at a few copies beside a terminal.

Every template ends the same way: Provinces once the deck has money, Duchies and Estates
as the end nears, any other Victory card the kingdom offers late, Gold before the cards and
Silver after them. Candidates come with a prior (how promising the library thinks they are):
the planner tries them all, but its first cut keeps the better-looking ones on a tie.
"""
from __future__ import annotations

from ..cardbase import ACTION
from ..cards import CARDS
from .heuristic import CANTRIPS, TERMINALS, VILLAGES

Definition = dict
Scored = list[tuple[float, Definition]]

# Terminals whose value is mostly their +Cards: Big Money with them buys Provinces sooner.
DRAW = {"Smithy", "Moat", "Courtyard", "Library", "Council Room", "Masquerade", "Nobles",
        "Hunting Grounds", "Catacombs", "Torturer", "Witch", "Cultist", "Patrol",
        "Sir Destry", "Scavenger"}
# Attacks that hand out Curses or Ruins: worth more than a Gold early, two or more of them.
CURSERS = {"Witch": 2, "Cultist": 3, "Torturer": 2, "Marauder": 2}
# Cards that gain cards cheaply, and +Buy, for Gardens.
GARDEN_GAINERS = ("Workshop", "Ironworks", "Woodcutter", "Armory", "Beggar", "Squire",
                  "Hermit", "Market Square", "Forager")
TRASHERS = ("Chapel", "Steward", "Junk Dealer", "Masquerade", "Forager", "Trading Post",
            "Sentry", "Lurker")
PAYLOAD = ("Market", "Festival", "Laboratory", "Bandit Camp", "Junk Dealer", "Mystic",
           "Ironmonger", "Minion", "Bridge", "Baron", "Courtier", "Gold")
# Late Victory cards beside Duchy: (rule condition, placed before Estates?).
LATE_VICTORY = {
    "Nobles": "gains_to_end <= 5", "Harem": "gains_to_end <= 5",
    "Duke": "gains_to_end <= 5 and count('Duchy') >= 3",
    "Feodum": "gains_to_end <= 5 and count('Silver') >= 6",
    "Great Hall": "gains_to_end <= 3", "Mill": "gains_to_end <= 3",
    "Gardens": "gains_to_end <= 3 and deck_size >= 30",
}


# A deck whose average hand makes this much buys Provinces whatever its size: a trashed or
# Action-paid deck never reaches the Treasure total of a Big Money deck.
THIN_HAND = 8


def _late_victory(kingdom: list[str]) -> list:
    return [{"card": v, "if": cond} for v, cond in LATE_VICTORY.items() if v in kingdom]


def big_money(name: str, label: str, before_gold: list, after_gold: list,
              province_at: int = 16, requires: list[str] | None = None,
              kingdom: list[str] | None = None, trash: list | None = None) -> Definition:
    """Big Money around some cards: Provinces once the deck's money (`economy`, Treasures and
    the +$ of non-terminals) makes `province_at` or an average hand $8 (a thinned deck), Duchies
    and Estates as the end nears, Gold, then the cards, then Silver. A card costing as much
    as Gold or more goes before Gold whatever list it came in: after it, it is never bought."""
    dear = [r for r in after_gold if _cost(r) >= 6]
    before_gold = [*before_gold, *dear]
    after_gold = [r for r in after_gold if _cost(r) < 6]
    buy = [{"card": "Province", "if": f"economy >= {province_at} or avg_hand >= {THIN_HAND}"},
           {"card": "Duchy", "if": "gains_to_end <= 4"},
           *_late_victory(kingdom or []),
           {"card": "Estate", "if": "gains_to_end <= 2"},
           *before_gold, "Gold", {"card": "Duchy", "if": "gains_to_end <= 5"},
           *after_gold, "Silver"]
    out = {"name": short(name), "label": label, "requires": sorted(set(requires or [])),
           "buy": buy}
    if trash:
        out["trash"] = trash
    return out


def short(name: str) -> str:
    """A plan name within the format's 40 characters (two long card names overrun it:
    engine-wandering-minstrel-hunting-grounds)."""
    return name[:40].rstrip("-")


def _cost(rule: str | dict) -> int:
    return CARDS[rule if isinstance(rule, str) else rule["card"]].cost


def _slug(*cards: str) -> str:
    return "-".join(c.lower().replace(" ", "-") for c in cards)


def _terminal(name: str) -> bool:
    c = CARDS[name]
    return bool(c.type_bits & ACTION) and c.plus_actions == 0


def _usable(kingdom: list[str]) -> list[str]:
    return [k for k in kingdom if not CARDS[k].members]


def _copies(x: str, n: int, start: int = 0) -> list:
    """Rules for the first `n` copies of `x`: the first at once, then one per 4 more cards
    in the deck past 13 (deck size 13, 17...)."""
    rules = []
    for i in range(start, n):
        rule = {"card": x, "max": i + 1}
        if i > 0:
            rule["if"] = f"deck_size >= {9 + 4 * i}"
        rules.append(rule)
    return rules


# Mixed piles bought as one card (the top one varies): Knights attack, most are terminals.
# Valued by what Big Money with them makes against Big Money Ultimate: about what Big Money
# alone makes (47-56 %, 400 games on three Knights kingdoms; the attack is worth some 20
# points, but most Knights add no coins), so below Moneylender (Militia 40 makes 74-82 %):
# better terminals take the library's pair and helper plans and its first-cut ties.
PILES = {"Knights": 24}


def terminals(kingdom: list[str], least: float = 14) -> list[tuple[float, str]]:
    """The kingdom's terminal Actions worth a place in Big Money, best first."""
    out = [(TERMINALS[x], x) for x in _usable(kingdom)
           if TERMINALS.get(x, 0) >= least and _terminal(x)]
    out += [(v, p) for p, v in PILES.items() if p in kingdom and v >= least]
    return sorted(out, reverse=True)


def terminal_plans(kingdom: list[str]) -> Scored:
    """Big Money with one terminal: one, two or three copies (Curse-givers: bought before
    Gold, two or three of them)."""
    out = []
    for value, x in terminals(kingdom):
        at = 16 if x in DRAW else 18
        if x in CURSERS:
            n = CURSERS[x]
            out.append((value + 30, big_money(f"bm-{_slug(x)}-{n}", f"{n} x {x}",
                                              [{"card": x, "max": n}], [], at, [x], kingdom)))
            continue
        # a $6 card goes before Gold, or it would never be bought
        dear = CARDS[x].cost >= 6
        for n in (1, 2, 3):
            first, rest = _copies(x, 1), _copies(x, n, 1)
            name = f"bm-{_slug(x)}" + (f"-{n}" if n > 1 else "")
            label = f"Big Money + {x}" if n == 1 else f"Big Money + {n} x {x}"
            before, after = (first + rest, []) if dear else ([], first + rest)
            out.append((value - 2 * (n - 2) ** 2, big_money(
                name, label, before, after, at, [x], kingdom)))
        if not dear and value >= 30:  # the first copy even over a Gold
            out.append((value - 4, big_money(f"bm-{_slug(x)}-first", f"{x} first, then Big "
                                             "Money", first, _copies(x, 2, 1), at, [x],
                                             kingdom)))
    return out


def pair_plans(kingdom: list[str]) -> Scored:
    """Two different terminals: the best draw card with the best other terminal."""
    tops = terminals(kingdom, 20)
    draws = [(v, x) for v, x in tops if x in DRAW and x not in CURSERS]
    others = [(v, x) for v, x in tops if x not in DRAW]
    out = []
    for dv, d in draws[:2]:
        for av, a in others[:2]:
            rules = [{"card": a, "max": 1}, *_copies(d, 2)]
            out.append(((dv + av) / 2, big_money(
                f"bm-{_slug(d, a)}", f"Big Money + {d} + {a}", [], rules, 16, [d, a],
                kingdom)))
    return out


# Non-terminal draw good enough to stack (Laboratory): up to 8, all before the plan's
# second terminal (measured, 400 games: Bandit + Labs 70 -> 76 %; Minion, which is no draw,
# lost 6 % that way beside Rogue).
STRONG_HELPER = 31


def helper_plans(kingdom: list[str]) -> Scored:
    """The best terminals with a good non-terminal card: a village (one more terminal per
    village), or a card bought instead of Silver (a strong one stacked before the second
    terminal)."""
    out = []
    tops = terminals(kingdom, 20)[:2]
    for c in _usable(kingdom):
        value = VILLAGES.get(c, CANTRIPS.get(c))
        if value is None or value < 15 or _terminal(c):
            continue
        village = c in VILLAGES
        if not village:
            out.append((value - 8, big_money(f"bm-{_slug(c)}", f"Big Money + {c}", [],
                                             [{"card": c, "max": 5}], 17, [c], kingdom)))
        for tv, x in tops:
            if village:
                rules = [*_copies(x, 1),
                         {"card": c, "if": f"count('{x}') > count('{c}')", "max": 3},
                         {"card": x, "if": f"count('{x}') <= count('{c}')", "max": 4}]
            elif value >= STRONG_HELPER:  # many of them before a second terminal
                rules = [*_copies(x, 1), {"card": c, "max": 8}, *_copies(x, 2, 1)]
            else:
                rules = [*_copies(x, 2), {"card": c, "max": 5}]
            out.append((value + tv - 25, big_money(
                f"bm-{_slug(x, c)}", f"Big Money + {x} + {c}", [], rules, 16, [x, c],
                kingdom)))
    return out


# Flexible non-terminals worth one or two copies beside two copies of a terminal: Squire's
# +2 Actions when terminals collide, else a Silver gained (measured, 1,000-1,500 games against
# Big Money Ultimate: Nobles 78 -> 81 %, Library 72 -> 78 %); villages there lost 10 %.
FLEX_HELPERS = ("Squire",)


def flex_plans(kingdom: list[str]) -> Scored:
    """The two best terminals, two copies each, with one or two flexible helpers."""
    out = []
    for h in [h for h in FLEX_HELPERS if h in kingdom]:
        for tv, x in terminals(kingdom, 20)[:2]:
            for n in (1, 2):
                rules = [*_copies(x, 2), {"card": h, "max": n}]
                out.append((tv + 2 - n, big_money(
                    f"bm-{_slug(x, h)}-{n}", f"Big Money + 2 {x} + {n} {h}", [], rules, 16,
                    [x, h], kingdom)))
    return out


def gardens_plans(kingdom: list[str]) -> Scored:
    """Gardens with a cheap gainer (or +Buy): many cards, then Gardens, Estates, Coppers."""
    if "Gardens" not in kingdom:
        return []
    out = []
    for g in GARDEN_GAINERS:
        if g not in kingdom:
            continue
        buy = [{"card": "Gardens", "if": f"count('{g}') >= 6 or pile('Gardens') <= 4"},
               {"card": "Duchy", "if": "gains_to_end <= 3"},
               {"card": g, "max": 9},
               {"card": "Estate", "if": "count('Gardens') >= 4 or gains_to_end <= 5"},
               "Gardens", "Silver", "Copper"]
        out.append((45, {"name": f"gardens-{_slug(g)}", "label": f"{g} / Gardens",
                         "requires": ["Gardens", g], "buy": buy}))
    return out


def duke_plans(kingdom: list[str]) -> Scored:
    if "Duke" not in kingdom:
        return []
    draws = [x for _, x in terminals(kingdom, 20) if x in DRAW]
    extra = _copies(draws[0], 2) if draws else []
    buy = [{"card": "Province", "if": "total_money >= 16"},
           {"card": "Duke", "if": "count('Duchy') >= 4 or gains_to_end <= 8"},
           {"card": "Duchy", "if": "total_money >= 10"},
           "Gold", *extra, "Silver"]
    return [(40, {"name": "duke", "label": "Duchy / Duke",
                  "requires": ["Duke", *draws[:1]], "buy": buy})]


def engine_plans(kingdom: list[str]) -> Scored:
    """Villages and draw on a Big Money base (Gold first keeps the money up), with a trasher
    opened when there is one and a payload card beside Silver."""
    usable = _usable(kingdom)
    villages = [k for k in usable if k in VILLAGES]
    draws = [k for k in usable if k in DRAW and _terminal(k)]
    if not villages or not draws:
        return []
    v = max(villages, key=lambda k: VILLAGES[k])
    d = max(draws, key=lambda k: TERMINALS.get(k, 0) + 3 * CARDS[k].plus_cards)
    trasher = next((t for t in TRASHERS if t in usable), None)
    payload = [p for p in PAYLOAD if p in usable and p not in (v, d, "Gold")][:1]
    rules = [{"card": trasher, "max": 1, "if": "turn <= 2"}] if trasher else []
    rules += [{"card": d, "if": f"count('{d}') <= count('{v}')", "max": 4},
              {"card": v, "if": f"count('{v}') < count('{d}')", "max": 4},
              *[{"card": p, "max": 3} for p in payload]]
    trash = None
    if trasher:
        trash = ["Curse", "Estate", "Overgrown Estate", "Hovel", "Ruined Market", "Survivors",
                 {"card": "Copper", "if": "total_money >= 7"}]
    requires = [v, d, *([trasher] if trasher else []), *payload]
    return [(30, big_money(f"engine-{_slug(v, d)}", f"{v} / {d} engine", [], rules, 16,
                           requires, kingdom, trash))]


def throne_plans(kingdom: list[str]) -> Scored:
    if "Throne Room" not in kingdom:
        return []
    draws = [x for _, x in terminals(kingdom, 20) if x in DRAW]
    if not draws:
        return []
    d = draws[0]
    rules = [*_copies(d, 2), {"card": "Throne Room", "if": f"count('{d}') >= 1", "max": 2}]
    return [(TERMINALS[d] - 5, big_money(f"throne-{_slug(d)}", f"Throne Room + {d}", [],
                                         rules, 16, ["Throne Room", d], kingdom))]


def _rebuild(name: str, label: str, after: list, requires: list[str]) -> Definition:
    buy = [{"card": "Province", "if": "total_money >= 15"},
           {"card": "Duchy", "if": "gains_to_end <= 7"},
           {"card": "Rebuild", "max": 2},
           {"card": "Estate", "if": "gains_to_end <= 2"},
           "Gold", *after, "Silver"]
    return {"name": short(name), "label": label, "requires": sorted({"Rebuild", *requires}),
            "buy": buy}


def rebuild_plans(kingdom: list[str]) -> Scored:
    """Two Rebuilds (a third lost 10 %, one 5 %) with Duchies from the first Province gone
    (Rebuild makes them Provinces: +5 % over Duchies at 6 gains from the end), alone, with
    one or two copies of one of the two best terminals after Gold (+8-15 %: Rebuild alone is
    a thin economy), and with a strong non-terminal helper beside the best one."""
    if "Rebuild" not in kingdom:
        return []
    out = [(55, _rebuild("rebuild", "Rebuild", [], []))]
    tops = [x for _, x in terminals(kingdom, 20) if x != "Rebuild"][:2]
    for i, x in enumerate(tops):
        for n in (1, 2):
            out.append((58 - i - n, _rebuild(f"rebuild-{_slug(x)}-{n}",
                                             f"Rebuild + {n} x {x}", _copies(x, n), [x])))
    helpers = [c for c in _usable(kingdom) if CANTRIPS.get(c, 0) >= STRONG_HELPER]
    for h in helpers[:1]:
        for x in tops[:1]:
            out.append((55, _rebuild(f"rebuild-{_slug(x, h)}", f"Rebuild + {x} + {h}",
                                     [*_copies(x, 1), {"card": h, "max": 6}], [x, h])))
    return out


def dark_ages_plans(kingdom: list[str]) -> Scored:
    out = rebuild_plans(kingdom)
    if "Feodum" in kingdom:
        buy = [{"card": "Province", "if": "total_money >= 18"},
               {"card": "Feodum", "if": "count('Silver') >= 6"},
               {"card": "Duchy", "if": "gains_to_end <= 5"}, "Gold", "Silver"]
        out.append((30, {"name": "feodum", "label": "Silver / Feodum", "requires": ["Feodum"],
                         "buy": buy}))
    if "Counterfeit" in kingdom:
        out.append((30, big_money("bm-counterfeit", "Big Money + Counterfeit", [],
                                  [{"card": "Counterfeit", "max": 2}], 17, ["Counterfeit"],
                                  kingdom)))
    return out


def victory_plans(kingdom: list[str]) -> Scored:
    """Harem and Nobles as the green half of Big Money."""
    out = []
    for v in ("Harem", "Nobles"):
        if v in kingdom:
            out.append((35, big_money(f"bm-{_slug(v)}-green", f"Big Money + {v} early",
                                      [{"card": v, "if": "total_money >= 10"}], [], 18, [v],
                                      kingdom)))
    return out


# Attacks that trash themselves when played: "max" then keeps that many in the deck, each
# one bought again after it is used.
ONE_SHOTS = ("Pillage",)


def one_shot_plans(kingdom: list[str]) -> Scored:
    """A one-shot attack kept at two or three copies beside one copy of one of the two best
    other terminals (Bandit + Pillage: 71 -> 75 % over 400 games, where two Bandits and one Pillage
    made 61 %)."""
    out = []
    for a in [a for a in ONE_SHOTS if a in kingdom]:
        for tv, x in [t for t in terminals(kingdom, 30) if t[1] != a][:2]:
            for n in (2, 3):
                rules = [*_copies(x, 1), {"card": a, "max": n}]
                out.append((tv - n, big_money(f"bm-{_slug(x, a)}-{n}", f"Big Money + {x} + "
                                              f"{n} {a}", [], rules, 18, [x, a], kingdom)))
    return out


# Non-terminal attacks bought in numbers, before Silver: only those that pay. Urchin was
# here and won 0-3 % against Big Money Ultimate: eight $0 cantrips bought instead of Silver
# leave seven Coppers to buy with (100 games: 8 Urchins 0 %, 4 26 %, 2 49 %, none 51 %).
MANY_ATTACKS = ("Minion",)


def attack_plans(kingdom: list[str]) -> Scored:
    """Attacks that are not terminals (Minion) bought in numbers."""
    out = []
    for a in MANY_ATTACKS:
        if a in kingdom:
            out.append((30, big_money(f"bm-{_slug(a)}-many", f"Big Money + many {a}s", [],
                                      [{"card": a, "max": 8}], 17, [a], kingdom)))
    return out


# What a plan with a trasher gets rid of: junk always, Coppers while $7 of Treasure is left.
TRASH_JUNK = ["Curse", "Estate", "Overgrown Estate", "Hovel", "Ruined Market", "Survivors",
              "Ruined Village", "Abandoned Mine", "Ruined Library",
              {"card": "Copper", "if": "total_money >= 7"}]
# Trashers for a Big Money plan: opened with, then played whenever there is junk to trash.
LIGHT_TRASHERS = ("Chapel", "Steward", "Junk Dealer", "Trading Post", "Forager",
                  "Moneylender", "Lurker", "Sentry")


def trasher_plans(kingdom: list[str]) -> Scored:
    """The best terminal (two copies; Curse-givers their usual number) with a trasher bought
    in the opening: thinner decks, and a way out of the Curses of a Witch war."""
    trashers = [t for t in LIGHT_TRASHERS if t in kingdom]
    tops = terminals(kingdom, 30)[:2]
    out = []
    for t in trashers[:2]:
        for value, x in tops:
            if x == t:
                continue
            n = CURSERS.get(x, 2)
            before = [{"card": x, "max": n}] if x in CURSERS else []
            after = [] if x in CURSERS else _copies(x, n)
            rules = [{"card": t, "max": 1, "if": "turn <= 2"}]
            out.append((value + (25 if x in CURSERS else -6), big_money(
                f"bm-{_slug(x, t)}", f"Big Money + {x} + {t}", before, rules + after, 16,
                [x, t], kingdom, TRASH_JUNK)))
    return out


TEMPLATES = (terminal_plans, trasher_plans, pair_plans, helper_plans, flex_plans, gardens_plans,
             duke_plans, engine_plans, throne_plans, dark_ages_plans, victory_plans, attack_plans,
             one_shot_plans)


MAX_CANDIDATES = 32


def candidates(kingdom: list[str]) -> list[Definition]:
    """The plans the library has for `kingdom`, most promising first (by prior), at most
    MAX_CANDIDATES; plain Big Money always comes first, so there is a plan on any kingdom."""
    from .engines import TEMPLATES as ENGINES  # (engines.py builds on this module)
    scored: Scored = []
    for make in (*TEMPLATES, *ENGINES):
        scored += make(kingdom)
    scored.sort(key=lambda vd: -vd[0])
    seen, out = set(), [big_money("big-money", "Big Money", [], [], 18, kingdom=kingdom)]
    for _, d in scored:
        if d["name"] not in seen:
            seen.add(d["name"])
            out.append(d)
    return out[:MAX_CANDIDATES]


__all__ = ["candidates"]
