"""A simple deterministic player for the browser tests: decision dict in, engine answer out.

Buys Militia once, Moat once, then Big Money; plays Militia before anything else; reveals Moat;
discards the first cards offered. The tests click whatever this chooses, so the same policy run
on the bare engine finds seeds where the interesting things (a Moat meeting a Militia) happen.
"""

from __future__ import annotations

from typing import Any

PRIORITY = [("Province", 8), ("Gold", 6), ("Militia", 4), ("Silver", 3), ("Moat", 2)]
ONCE = {"Militia", "Moat"}


class Policy:
    def __init__(self, big_money_only: bool = False) -> None:
        self.bought: dict[int, set[str]] = {}
        self.big_money_only = big_money_only

    def answer(self, d: dict) -> Any:
        kind = d["kind"]
        if kind == "BuyPhase":
            return self._buy(d)
        if kind in ("PlayAction", "Reveal"):
            names = [c["name"] for c in d["cards"]]
            pick = names.index("Militia") if "Militia" in names else 0
            return [d["cards"][pick]["id"]] if d["cards"] else []
        if kind in ("ChooseCards", "OrderCards"):
            return [c["id"] for c in d["cards"][: max(d["min"], 0)]]
        if kind == "ChoosePile":
            piles = sorted(d["piles"], key=lambda p: -p["cost"])
            return piles[0]["name"] if piles else None
        if kind == "ChooseOption":
            keys = [o["key"] for o in d["options"]][: max(d["min"], 1)]
            return keys if d["max"] > 1 else keys[0]
        if kind == "NameCard":
            return d["names"][0]
        raise AssertionError(f"no policy for {kind}")

    def _buy(self, d: dict) -> dict:
        if d["treasures"]:
            return {"play": "all"}
        legal = {p["name"] for p in d["piles"]}
        mine = self.bought.setdefault(d["seat"], set())
        for name, cost in PRIORITY:
            if self.big_money_only and name in ONCE:
                continue
            if d["coins"] >= cost and name in legal and not (name in ONCE and name in mine):
                mine.add(name)
                return {"buy": name}
        return {"end": True}
