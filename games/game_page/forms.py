"""Open decisions as plain HTML forms, and a submitted form back into the engine's answer.

Every form carries the decision id and the step the page showed; the answer formats are the
engine's (see engine/decisions.py): card ids, option keys, a pile name or None, a card name,
and for the Buy phase {"play": [ids] | "all"}, {"buy": pile} or {"end": True}.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any

from django.http import QueryDict


class BadForm(ValueError):
    """The submitted form cannot be read as an answer (the reason is shown to the player)."""


CARD_KINDS = ("ChooseCards", "Reveal", "PlayAction")
VERBS = {"discard", "trash", "pass", "reveal", "return", "put", "set", "play", "gain", "keep",
         "topdeck", "exile", "choose"}
_NUMBER = re.compile(r"\b(\d+|one|two|three|four|five|choose|up to|any number)\b", re.I)


def decision_ui(decision: dict, hand_ids: Collection[int] = ()) -> dict:
    """What the template needs to draw `decision`: its kind plus a `style` picking the widget.

    Styles: "buttons" (one click per card/option/pile), "checkboxes" (pick min..max, then
    submit), "order" (give each card a position), "name" (pick a card name), "buy" (the Buy
    phase: play Treasures, buy from the Supply, end the turn). A card decision over cards that
    are all in `hand_ids` is answered by clicking the cards in the hand (`in_hand`).
    """
    kind = decision["kind"]
    ui = {**decision, "style": "buttons", "decline": None, "prompt": tidy(decision["prompt"])}
    if kind == "BuyPhase":
        ui["style"] = "buy"
        ui["buyable"] = {p["name"] for p in decision["piles"]}
    elif kind == "OrderCards":
        ui["style"] = "order"
        ui["positions"] = list(range(1, len(decision["cards"]) + 1))
    elif kind == "NameCard":
        ui["style"] = "name"
    elif kind == "ChoosePile":
        ui["buyable"] = {p["name"] for p in decision["piles"]}
        if decision["optional"] or not decision["piles"]:
            ui["decline"] = "Choose nothing"
    elif kind in CARD_KINDS:
        _card_choice(ui, decision, hand_ids)
    elif kind == "ChooseOption" and decision["max"] > 1:
        ui["style"] = "checkboxes"
    if ui["style"] == "checkboxes":
        ui["count_hint"] = "" if _NUMBER.search(ui["prompt"]) else _count_hint(decision)
    return ui


def _card_choice(ui: dict, decision: dict, hand_ids: Collection[int]) -> None:
    kind = decision["kind"]
    if kind == "Reveal":  # two Moats are one choice: reveal a Moat, or not
        seen: set[str] = set()
        ui["cards"] = [c for c in decision["cards"]
                       if not (c["name"] in seen or seen.add(c["name"]))]
    if decision["max"] > 1:
        ui["style"] = "checkboxes"
    elif decision["min"] == 0:
        ui["decline"] = {"PlayAction": "Play no Action (go to Buy phase)",
                         "Reveal": "Don't reveal"}.get(kind, "Choose none")
    first = ui["prompt"].split(" ", 1)[0].lower()
    ui["verb"] = {"PlayAction": "Play", "Reveal": "Reveal"}.get(
        kind, first.capitalize() if first in VERBS else "Choose")
    ids = {c["id"] for c in decision["cards"]}
    ui["in_hand"] = bool(ids) and decision.get("zone", "hand") == "hand" and ids <= set(hand_ids)


def _count_hint(decision: dict) -> str:
    if decision.get("sizes"):
        return "choose " + " or ".join(map(str, decision["sizes"]))
    if decision["min"] == decision["max"]:
        return f"choose {decision['min']}"
    return f"choose {decision['min']}–{decision['max']}"


def tidy(prompt: str) -> str:
    """The engine's "Discard 2 card(s)" as English: "Discard 2 cards" / "Discard 1 card"."""
    return _PLURAL.sub(lambda m: f"{m[1]} {m[2]}{'' if m[1] == '1' else 's'}", prompt)


_PLURAL = re.compile(r"\b(\d+) (\w+)\(s\)")


def answer_from_post(decision: dict, data: QueryDict) -> Any:
    """Read the answer to `decision` from a submitted form. Only shape is checked here; the
    engine judges legality and gives the reason when it refuses."""
    kind = decision["kind"]
    if kind == "BuyPhase":
        return _buy_answer(data)
    if "decline" in data:
        return None if kind == "ChoosePile" else []
    if kind == "OrderCards":
        return _order_answer(decision, data)
    if kind == "ChoosePile":
        return data.get("pile") or None
    if kind == "NameCard":
        return data.get("name", "")
    if kind == "ChooseOption":
        keys = data.getlist("option")
        return keys if decision["max"] > 1 else (keys[0] if keys else None)
    return [_int(v) for v in data.getlist("card")]


def _buy_answer(data: QueryDict) -> dict:
    if "play_all" in data:
        return {"play": "all"}
    if "play" in data:
        return {"play": [_int(v) for v in data.getlist("play")]}
    if data.get("buy"):
        return {"buy": data["buy"]}
    if "end" in data:
        return {"end": True}
    raise BadForm("choose what to do: play Treasures, buy a card or end your turn")


def _order_answer(decision: dict, data: QueryDict) -> list[int]:
    ids = [card["id"] for card in decision["cards"]]
    places = {cid: _int(data.get(f"order-{cid}", "")) for cid in ids}
    if sorted(places.values()) != list(range(1, len(ids) + 1)):
        raise BadForm(f"give each card a different position from 1 to {len(ids)}")
    return sorted(ids, key=places.__getitem__)


def _int(value: str) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise BadForm(f"{value!r} is not a card") from None
