"""Engine log events (already redacted for the viewer) as short English lines."""

from __future__ import annotations

from collections.abc import Iterable


def _cards(names: Iterable[str]) -> str:
    """["Copper", "Copper", "Silver"] -> "2 Coppers, a Silver" (order of first appearance)."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    parts = [f"{n} {_plural(name)}" if n > 1 else _a(name) for name, n in counts.items()]
    return ", ".join(parts) or "nothing"


def _plural(name: str) -> str:
    if name.endswith(("s", "x", "ch", "sh")):
        return name + "es"
    if name.endswith("y") and name[-2:-1] not in "aeiou":
        return name[:-1] + "ies"
    return name + "s"


def _a(name: str) -> str:
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


def _count(n: int, what: str = "card") -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def _line(ev: dict, who: str) -> str | None:
    kind = ev["type"]
    if kind == "play":
        return f"{who} played {_cards(ev['cards'])}" + (" again" if ev.get("again") else "")
    if kind == "buy":
        return f"{who} bought {_a(ev['card'])}"
    if kind == "gain":
        where = {"hand": " into hand", "deck": " onto their deck"}.get(ev.get("to"), "")
        return f"{who} gained {_a(ev['card'])}{where}"
    if kind == "draw":
        seen = f" ({_cards(ev['cards'])})" if ev.get("cards") else ""
        return f"{who} drew {_count(ev['count'])}{seen}"
    if kind == "shuffle":
        return f"{who} shuffled"
    if kind == "discard":
        what = _cards(ev["cards"]) if ev.get("cards") else _count(ev.get("count", 0))
        return f"{who} discarded {what}"
    if kind == "topdeck":
        what = ev.get("card") and _a(ev["card"]) or (ev.get("cards") and _cards(ev["cards"]))
        return f"{who} put {what or _count(ev.get('count', 1))} on their deck"
    if kind in ("reveal", "trash", "set_aside"):
        verb = {"reveal": "revealed", "trash": "trashed", "set_aside": "set aside"}[kind]
        return f"{who} {verb} {_cards(ev.get('cards', []))}"
    if kind == "deck_discarded":
        return f"{who} put their deck ({_count(ev['count'])}) into their discard pile"
    if kind == "look":
        seen = f": {_cards(ev['cards'])}" if ev.get("cards") else ""
        if ev.get("zone") == "discard":
            return f"{who} looked through their discard pile{seen}"
        return f"{who} looked at the top {_count(ev['count'])} of their deck{seen}"
    return _dark_ages_line(kind, ev, who)


def _dark_ages_line(kind: str, ev: dict, who: str) -> str | None:
    """Band of Misfits' disguise, naming a card, returning to a pile, back to hand."""
    if kind == "play_as":
        return f"{who} played {ev['card']} as {_a(ev['as'])}"
    if kind == "name":
        by = f" for {ev['by']}" if ev.get("by") else ""
        return f"{who} named {ev['card']}{by}"
    if kind == "return":
        return f"{who} returned {_a(ev['card'])} to the {ev['pile']} pile"
    if kind == "to_hand":
        what = ev.get("card") and _a(ev["card"]) or (ev.get("cards") and _cards(ev["cards"]))
        where = " from the trash" if ev.get("from") == "trash" else ""
        return f"{who} put {what or _count(ev.get('count', 1))}{where} into their hand"
    if kind == "pass":
        return f"{who} passed {_a(ev['card']) if ev.get('card') else 'a card'} to {ev['to_name']}"
    if kind == "insert":
        return f"{who} put {_a(ev['card']) if ev.get('card') else 'a card'} into their deck"
    return None


def log_lines(log: list[dict], names: list[str], me: int | None) -> list[dict]:
    """The log as lines, oldest first: {"text", "turn" (bool: a turn header), "seat"}.

    Consecutive plays of one player merge ("played 3 Coppers, a Silver"); a gain right after
    buying that card is folded into the buy.
    """
    lines: list[dict] = []
    prev: dict | None = None
    for ev in log:
        kind, seat = ev["type"], ev.get("seat")
        who = "You" if seat is not None and seat == me else _name(names, seat)
        if kind == "turn":
            # The player's own turn number, as players count ("alice's 14th turn").
            lines.append({"text": f"Turn {ev['turn']}: {who}", "turn": True,
                          "seat": seat})
        elif kind == "start":
            lines.append({"text": "The game began." + _shelters(ev), "turn": True, "seat": None})
        elif kind == "end":
            lines.append({"text": "The game is over.", "turn": True, "seat": None})
        elif kind == "gain" and prev and prev["type"] == "buy" and prev["seat"] == seat \
                and prev["card"] == ev["card"] and ev.get("to") == "discard":
            pass
        elif kind == "play" and prev and prev["type"] == "play" and prev["seat"] == seat \
                and not ev.get("again") and not prev.get("again") and lines:
            prev_cards = lines[-1]["cards"] + [ev["card"]]
            lines[-1] = {**lines[-1], "cards": prev_cards,
                         "text": _line({"type": "play", "cards": prev_cards}, who)}
        else:
            shown = {**ev, "cards": [ev["card"]]} if kind == "play" else ev
            if kind == "pass":
                shown = {**ev, "to_name": "you" if ev["to"] == me else _name(names, ev["to"])}
            text = _line(shown, who)
            if text:
                lines.append({"text": text, "turn": False, "seat": seat,
                              "cards": shown.get("cards", [])})
        prev = ev
    return lines


def _shelters(start: dict) -> str:
    if "shelters" not in start:
        return ""
    used = "Shelters replace the starting Estates" if start["shelters"] else "No Shelters"
    card = start.get("shelters_card")
    return f" {used}" + (f" ({card} decided)." if card else ".")


def _name(names: list[str], seat: int | None) -> str:
    if seat is None or not 0 <= seat < len(names):
        return "Someone"
    return names[seat]
