"""Standing orders: pure functions from an open decision (as data) to an answer, or None.

Orders are a dict a player sets once (PlayerPreferences.standing_orders) and may override per
game:

- "moat": "always" | "never" | "ask" — reveal Moat when attacked, or never, or ask;
- "autoplay_treasures": bool — at the start of the Buy phase, play every Treasure (not when
  one of them does more than make coins, as Counterfeit and Spoils do: the player decides);
- "discard_down": bool — when made to discard down to N, discard Victory cards and Curses
  first, then the cheapest;
- "only_answer": bool — answer at once any decision that has only one legal answer.

An answer given here is the player's own answer: the log records it as a standing order.
"""

from __future__ import annotations

from typing import Any

from engine import CARDS

DEFAULTS: dict[str, Any] = {
    "moat": "ask",
    "autoplay_treasures": False,
    "discard_down": False,
    "only_answer": False,
}
MOAT_CHOICES = ("ask", "always", "never")


def orders_merge(*layers: dict | None) -> dict[str, Any]:
    """Defaults, then each layer's known keys in turn (a per-game override last)."""
    merged = dict(DEFAULTS)
    for layer in layers:
        for key, value in (layer or {}).items():
            if key in DEFAULTS:
                merged[key] = value
    return merged


def orders_clean(raw: dict) -> dict[str, Any]:
    """Keep only valid orders (a form or an API may send anything)."""
    clean: dict[str, Any] = {}
    if raw.get("moat") in MOAT_CHOICES:
        clean["moat"] = raw["moat"]
    for flag in ("autoplay_treasures", "discard_down", "only_answer"):
        if flag in raw:
            clean[flag] = bool(raw[flag])
    return clean


def standing_answer(decision: dict, orders: dict) -> Any | None:
    """The answer `orders` give to `decision`, or None when the player must decide."""
    orders = orders_merge(orders)
    for rule in (_moat, _treasures, _discard_down, _only_answer):
        answer = rule(decision, orders)
        if answer is not None:
            return answer
    return None


def _moat(decision: dict, orders: dict) -> Any | None:
    if decision["kind"] != "Reveal" or orders["moat"] == "ask":
        return None
    cards = decision.get("cards", [])
    moats = [c["id"] for c in cards if c["name"] == "Moat"]
    if not moats:
        return None
    if orders["moat"] == "always":
        return [moats[0]]
    # "never": decline only when nothing else could be revealed, else the player decides.
    return [] if len(moats) == len(cards) else None


def _treasures(decision: dict, orders: dict) -> Any | None:
    # The engine offers Treasures only until the first buy, so this is the Buy phase's start
    # (or right after an Action gave more Treasures to play).
    # Only when every Treasure just makes coins: Counterfeit chooses, Spoils is a one-shot.
    if decision["kind"] == "BuyPhase" and orders["autoplay_treasures"] and decision["treasures"]:
        if all(_plain(card["name"]) for card in decision["treasures"]):
            return {"play": "all"}
    return None


def _plain(name: str) -> bool:
    definition = CARDS.get(name)
    return definition is not None and definition.effect is None and not definition.triggers


def _discard_down(decision: dict, orders: dict) -> Any | None:
    if decision["kind"] != "ChooseCards" or not orders["discard_down"]:
        return None
    if "down to" not in decision.get("prompt", "").lower() or decision["min"] != decision["max"]:
        return None
    ranked = sorted(decision["cards"], key=_discard_rank)
    return [c["id"] for c in ranked[: decision["min"]]]


def _discard_rank(card: dict) -> tuple:
    definition = CARDS.get(card["name"])
    if definition is None:
        return (1, 99, card["name"], card["id"])
    types = set(definition.types)
    junk = bool(types & {"Victory", "Curse"}) and not types & {"Action", "Treasure"}
    return (0 if junk else 1, definition.cost, card["name"], card["id"])


def _only_answer(decision: dict, orders: dict) -> Any | None:
    if not orders["only_answer"]:
        return None
    return only_legal_answer(decision)


def only_legal_answer(decision: dict) -> Any | None:
    """The answer, when every legal answer amounts to the same one; else None."""
    kind = decision["kind"]
    if kind in ("ChooseCards", "Reveal", "PlayAction", "OrderCards"):
        return _only_cards(decision)
    if kind == "ChooseOption":
        options = decision["options"]
        if len(options) == 1 and decision["min"] == 1:
            return options[0]["key"] if decision["max"] == 1 else [options[0]["key"]]
        return None
    if kind == "ChoosePile":
        piles = decision["piles"]
        if len(piles) == 1 and not decision["optional"]:
            return piles[0]["name"]
        return None
    if kind == "NameCard":
        names = decision["names"]
        return names[0] if len(names) == 1 else None
    return None  # BuyPhase: ending the turn is always a choice


def _only_cards(decision: dict) -> Any | None:
    cards = decision["cards"]
    low, high = decision["min"], min(decision["max"], len(cards))
    if high == 0:
        return []
    if low != high:
        return None
    names = {c["name"] for c in cards}
    if len(names) == 1 or len(cards) == low:
        # Every choice is the same cards by name (or all of them): only order could differ,
        # and it matters only when ordering cards of different names.
        if decision["kind"] == "OrderCards" and len(names) > 1:
            return None
        return [c["id"] for c in cards[:low]]
    return None
