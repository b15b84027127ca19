"""Everything the game page's templates draw, built from ONE `game.view(seat)`.

`live_context` is shared by the page, the form POST (for its JSON reply) and the WebSocket
consumer, so a socket always receives exactly what a reload would show that seat.
"""

from __future__ import annotations

from typing import Any

from django.utils.text import slugify

from engine import CARDS
from games import selectors
from games.game_page import chart
from games.game_page.forms import decision_ui
from games.game_page.logtext import log_lines
from games.models import Game, GameStatus, Seat

LOG_LINES_SHOWN = 400
SINCE_LINES_SHOWN = 14
TYPE_ORDER = {"Action": 0, "Treasure": 1, "Victory": 2, "Curse": 3}


def live_context(game: Game, position: int | None, view: dict[str, Any] | None = None,
                 log: str = "recent") -> dict[str, Any]:
    """The context of `_live.html` for seat `position` (None: a spectator).

    `view` is that seat's view when the caller already has it (the reply to a move). Its log
    is the recent turns (games/history.py), or the whole log on request (`log="all"`).
    """
    if view is None:
        view = selectors.game_view(game, position, log=log)
    if view is None:
        return {"game": game, "view": None}
    seats = selectors.game_seats(game)
    names = [p["name"] for p in view["players"]]
    running = game.status == GameStatus.RUNNING
    clocks = _seat_statuses(game, view["turn"]["player"], seats)
    hand_ids = {c["id"] for c in view.get("hand") or ()}
    decisions = [decision_ui(d, hand_ids) for d in view["pending"]
                 if d["seat"] == position and running]
    _name_pile_tops(decisions, view)
    edition = _editions(view["options"])
    _dress_cards(decisions, edition)
    last = _last_move(game, position)
    ctx = {
        "game": game,
        "view": view,
        "me": position,
        "step": game.step,
        "names": names,
        "turn": _turn(view, names, position),
        "decisions": decisions,
        "buy": next((d for d in decisions if d["style"] == "buy"), None),
        "supply": _supply(view, decisions, edition),
        "vp_counter": game.vp_counter,
        "non_supply": [_pile(p, edition) for p in view["non_supply"]],
        "hand": _hand(view.get("hand"), decisions, edition),
        "hand_size": len(view.get("hand") or ()),
        "looking": [_card(c["name"], edition, id=c["id"]) for c in view.get("looking", [])],
        "players": _players(view, seats, clocks, position, _scores(game, view)),
        "waiting": _waiting(view, seats, game, clocks, position),
        "log": _newest_turn_first(log_lines(view["log"], names, position))[:LOG_LINES_SHOWN],
        "log_older": view.get("log_from", 0) > 0,
        "since": _since(game, view, names, position, last),
        "seat_step": _seat_step(game, position, last),
        "trash": _counted(view["trash"]),
        "near_end": _near_end(view),
    }
    if view["over"]:
        ctx["end"] = _end(game, view, names, position)
    return ctx


def _name_pile_tops(decisions: list[dict], view: dict) -> None:
    """A mixed pile (Knights, Ruins) offered by a decision is labelled with its top card."""
    tops = {p["pile"]: p["top"] for p in view["supply"] + view["non_supply"]}
    for d in decisions:
        for p in d.get("piles") or ():
            top = tops.get(p["name"])
            if top and top != p["name"]:
                p["top"] = top


def _editions(options: dict) -> Any:
    def edition_of(name: str) -> int:
        eds = CARDS[name].editions
        want = options["card_editions"].get(name, options["edition"])
        return want if want in eds else eds[-1]

    return edition_of


def _card(name: str, edition_of: Any, **extra: Any) -> dict[str, Any]:
    """A card as drawn: printed data (types, text for its edition) plus `extra`."""
    c = CARDS[name]
    types = list(c.types)
    return {"name": name, "types": types, "type_line": " – ".join(types), "cost": c.cost,
            "text": c.text_for(edition_of(name)),
            "tip": f"card-{extra['id']}" if "id" in extra else f"pile-{slugify(name)}",
            "value": c.coins if "Treasure" in types and c.coins > 0 else None,
            "classes": " ".join(f"type-{t.lower()}" for t in types),
            "plain": c.coins > 0 and c.text_for(edition_of(name)).strip() == f"${c.coins}",
            **extra}


def _pile(pile: dict, edition_of: Any, picks: dict | None = None) -> dict[str, Any]:
    name = pile["top"] or pile["pile"]
    if name not in CARDS:  # a split pile shown by its pile name
        return {"name": name, "types": pile["types"], "cost": pile["cost"], "text": "",
                "count": pile["count"], "pile": pile["pile"], "classes": "", "type_line": ""}
    card = _card(name, edition_of, count=pile["count"], pile=pile["pile"],
                 tip=f"pile-{slugify(pile['pile'])}")
    if pile["pile"] != name:  # a mixed pile (Knights, Ruins): only its top card shows
        card["pile_label"] = f"{pile['pile']} pile"
        card["classes"] += " mixed"
    card["cost"] = pile["cost"]  # the current cost (after reductions)
    card["empty"] = pile["count"] == 0
    card["pick"] = (picks or {}).get(pile["pile"])
    return card


def _supply(view: dict, decisions: list[dict], edition_of: Any) -> dict[str, list]:
    """Basic and Kingdom piles; piles an open decision lets me buy or pick are buttons."""
    picks: dict[str, dict] = {}
    for d in decisions:
        field, verb = ("buy", "Buy") if d["kind"] == "BuyPhase" else ("pile", "Choose")
        for name in d.get("buyable", ()):
            picks.setdefault(name, {"decision": d["id"], "field": field, "verb": verb})
    basic, kingdom, special = [], [], []
    for pile in view["supply"]:
        kind = CARDS.get(pile["pile"])
        target = (kingdom if kind is None or kind.is_kingdom
                  else special if kind.members else basic)  # Ruins: a mixed non-Kingdom pile
        target.append(_pile(pile, edition_of, picks))
    kingdom.sort(key=lambda c: (c["cost"], c["name"]))
    treasures = [c for c in basic if "Treasure" in c["types"]]
    return {"basic": basic, "kingdom": kingdom, "special": special, "treasures": treasures,
            "victory": [c for c in basic if c not in treasures]}


def _dress_cards(decisions: list[dict], edition_of: Any) -> None:
    """Card choices outside the hand are drawn as cards too (name, types, text)."""
    for d in decisions:
        if d.get("cards") and d["style"] != "order":
            d["cards"] = [_card(c["name"], edition_of, id=c["id"]) for c in d["cards"]]


def _hand_controls(decisions: list[dict]) -> dict[int, dict]:
    """Which hand card answers which decision, and how: a button, or a checkbox to tick."""
    controls: dict[int, dict] = {}
    for d in decisions:
        if d["kind"] == "BuyPhase":
            for c in d["treasures"]:
                controls.setdefault(c["id"], {"decision": d["id"], "field": "play",
                                              "verb": "Play", "check": False})
        elif d.get("in_hand"):
            for c in d["cards"]:
                controls.setdefault(c["id"], {"decision": d["id"], "field": "card",
                                              "verb": d["verb"],
                                              "check": d["style"] == "checkboxes"})
    return controls


def _hand(hand: list[dict] | None, decisions: list[dict], edition_of: Any) -> list[dict] | None:
    """My hand sorted as on the table (Actions, Treasures, Victory...), identical cards grouped
    into one stack ("3 × Copper") whose copies are still chosen one by one."""
    if hand is None:
        return None
    controls = _hand_controls(decisions)
    cards = sorted((_card(c["name"], edition_of, id=c["id"], control=controls.get(c["id"]))
                    for c in hand),
                   key=lambda c: (min(TYPE_ORDER.get(t, 4) for t in c["types"] or ["?"]),
                                  c["name"], c["control"] is None))
    groups: list[dict] = []
    for card in cards:
        if groups and groups[-1]["name"] == card["name"]:
            groups[-1]["copies"].append(card)
        else:
            groups.append({"name": card["name"], "copies": [card]})
    for group in groups:
        group["count"] = len(group["copies"])
        for n, card in enumerate(group["copies"], start=1):
            card["nth"] = n
    return groups


def _scores(game: Game, view: dict) -> list[int] | None:
    """Every player's VP during the game, only where the game's VP counter is on."""
    if view["over"] or not game.vp_counter:
        return None
    return selectors.game_scores(game)


def _newest_turn_first(lines: list[dict]) -> list[dict]:
    """Turns newest first, each under its header and read top to bottom within the turn."""
    groups: list[list[dict]] = [[]]
    for line in lines:
        if line["turn"]:
            groups.append([])
        groups[-1].append(line)
    return [line for group in reversed(groups) for line in group]


def _turn(view: dict, names: list[str], me: int | None) -> dict[str, Any]:
    """The turn as players count it: the active player's own turn number (their 14th turn)."""
    t = view["turn"]
    return {**t, "name": names[t["player"]], "mine": t["player"] == me,
            "own": view["players"][t["player"]]["turns"]}


def _counted(names: list[str]) -> list[tuple[str, int]]:
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return sorted(counts.items())


def _players(view: dict, seats: list[Seat], clocks: dict[int, dict], me: int | None,
             scores: list[int] | None = None) -> list:
    by_pos = {s.position: s for s in seats}
    out = []
    for p in view["players"]:
        seat = by_pos.get(p["seat"])
        if scores is not None:
            p = {**p, "score": scores[p["seat"]]}
        out.append({**p, "you": p["seat"] == me, "active": p["seat"] == view["turn"]["player"],
                    "bot": bool(seat and seat.is_bot), "in_play_counted": _counted(p["in_play"]),
                    "waiting": p["seat"] in view["waiting_for"],
                    "clock": clocks.get(p["seat"], {})})
    return out


def _waiting(view: dict, seats: list[Seat], game: Game, clocks: dict[int, dict],
             me: int | None) -> list[dict]:
    """Who must answer now, since when, and until when (the play package's one deadline)."""
    if game.status != GameStatus.RUNNING:
        return []
    by_pos = {s.position: s for s in seats}
    out = []
    for pos in view["waiting_for"]:
        seat = by_pos.get(pos)
        status = clocks.get(pos, {})
        out.append({"seat": pos, "name": view["players"][pos]["name"], "you": pos == me,
                    "bot": bool(seat and seat.is_bot),
                    "since": seat.waiting_since if seat else None,
                    "deadline": status.get("deadline_at"),
                    "on_vacation": status.get("on_vacation", False),
                    "taken_over": status.get("taken_over", False)})
    return out


def _seat_statuses(game: Game, active: int | None, seats: list[Seat]) -> dict[int, dict]:
    try:
        from games.play.selectors import seat_statuses
    except ImportError:  # the play-by-the-turn package is optional here
        return {}
    return seat_statuses(game, active=active, seats=seats)


def _last_move(game: Game, me: int | None) -> Any:
    """My newest GameStep (number and time), or None."""
    if me is None:
        return None
    return game.steps.filter(seat=me).order_by("-number").only("number", "created_at").first()


def _seat_step(game: Game, me: int | None, last: Any) -> int:
    """The step at which my own picture last changed: my last answer, or a decision opening.

    The forms carry it (not the game's step), so a move by another seat leaves my forms, and
    what I am ticking in them, untouched, and the server accepts them as not stale.
    """
    opened = [d.get("opened_step", 0) for d in game.decisions if d["seat"] == me]
    return max([*opened, last.number if last else 0])


def _since(game: Game, view: dict, names: list[str], me: int | None, last: Any) -> dict | None:
    """What happened since my last move: the log after my last own event, and when that was.

    Derived, not stored: my last move is the newest GameStep of my seat; the lines are the
    log entries after the last event of mine (turn headers aside).
    """
    if me is None or view["over"]:
        return None
    log = view["log"]
    mine = max((i for i, ev in enumerate(log) if ev.get("seat") == me and ev["type"] != "turn"),
               default=None)
    if mine is None:
        return None
    shown = [ev for ev in log[mine + 1:] if ev["type"] not in ("draw", "shuffle")]
    lines = [ln for ln in log_lines(shown, names, me) if not ln["turn"]]
    if not lines:
        return None
    return {"lines": lines[-SINCE_LINES_SHOWN:], "more": max(0, len(lines) - SINCE_LINES_SHOWN),
            "at": last.created_at if last else None,
            "moves": game.step - last.number if last else game.step}


def _near_end(view: dict) -> dict | None:
    empty = view["empty_supply_piles"]
    provinces = next((p["count"] for p in view["supply"] if p["pile"] == "Province"), None)
    limit = 4 if len(view["players"]) >= 5 else 3
    if empty == 0 and (provinces is None or provinces > 4):
        return None
    return {"empty": empty, "limit": limit, "provinces": provinces}


def _end(game: Game, view: dict, names: list[str], me: int | None) -> dict[str, Any]:
    result = view.get("result") or {}
    winners = result.get("winners", [])
    ranking = sorted(view["players"], key=lambda p: (-p["score"], p["turns"]))
    return {
        "winners": [names[w] for w in winners],
        "i_won": me in winners,
        "ranking": [{**p, "won": p["seat"] in winners, "deck": _counted(p["cards"]),
                     "deck_size": len(p["cards"])} for p in ranking],
        "chart": chart.vp_chart_svg(game, names),
    }
