"""What one seat may see at the table; the single source for HTML, API, sockets and logs."""
from __future__ import annotations

from .cards import CARDS

ALL = -1  # an omniscient viewer, for the server's own use


class ViewMixin:
    def _event(self, entry: list, viewer: int | None) -> dict:
        """The event a log entry shows `viewer`.

        Most entries are [kind, seat, public, secret, seen_by]; the two written every turn
        are compact, to keep simulations fast: ["draw", seat, card ids] and
        ["turn", seat, the player's turn number, the game's turn number].
        """
        if len(entry) != 5:
            return self._compact_event(entry, viewer)
        kind, seat, public, secret, seen_by = entry
        ev = {"type": kind, "seat": seat, **public}
        if secret is not None:
            seen = viewer == seat if seen_by is None else viewer in seen_by
            if seen or viewer == ALL or self.phase == "over":
                ev.update(secret)
        return ev

    def _compact_event(self, entry: list, viewer: int | None) -> dict:
        kind, seat = entry[0], entry[1]
        if kind == "draw":
            ids = entry[2]
            ev = {"type": "draw", "seat": seat, "count": len(ids)}
            if viewer == seat or viewer == ALL or self.phase == "over":
                ev["cards"] = [self.names[c] for c in ids]
            return ev
        if kind == "turn":
            return {"type": "turn", "seat": seat, "turn": entry[2], "n": entry[3]}
        raise ValueError(f"unknown log entry {entry!r}")

    def log_for(self, viewer: int | None, since: int = 0) -> list[dict]:
        if not self.logging:  # a quiet game keeps no log
            return []
        return [self._event(e, viewer) for e in self.log[since:]]

    def view(self, seat: int | None = None, *, log: bool = True) -> dict:
        """JSON-ready: only what `seat` could see at the table (None = a spectator).

        `log=False` leaves out the log (the whole game's events, redacted for `seat`: the
        costly part) for a caller that reads it elsewhere, such as one replay frame asking
        every seat for its hand."""
        over = self.phase == "over"
        names = self.names
        v = {
            "seat": seat,
            "over": over,
            "step": self.step,
            "turn": {"player": self.active, "number": self.turn_no, "phase": self.phase,
                     "actions": self.actions, "buys": self.buys, "coins": self.coins,
                     "cost_reduction": self.cost_reduction,
                     "actions_played": self.actions_played, "bought": list(self.bought)},
            "supply": [self._pile_view(p, True) for p in self.supply],
            "non_supply": [self._pile_view(p, False) for p in self.piles if p not in self.supply],
            "empty_supply_piles": self.empty_supply_piles(),
            "trash": [names[c] for c in self.trash_pile],
            "players": [self._player_view(p, seat, over) for p in range(len(self.players))],
            "pending": [d.to_dict() for d, _ in self._open.values()
                        if over or seat == ALL or d.seat == seat],
            "waiting_for": sorted({d.seat for d, _ in self._open.values()}),
            **({"log": self.log_for(seat)} if log else {}),  # (in its place in the JSON)
            "options": {"edition": self.options["edition"],
                        "card_editions": dict(self.options["card_editions"]),
                        "shelters": bool(self.options.get("shelters")),
                        "shelters_card": self.options.get("shelters_card")},
        }
        if seat is not None and seat != ALL:
            me = self.players[seat]
            v["hand"] = [{"id": c, "name": names[c]} for c in me.hand]
            v["looking"] = [{"id": c, "name": names[c]} for c in me.looking]
        if over:
            v["result"] = self.result
        return v

    def _pile_view(self, pile: str, in_supply: bool) -> dict:
        cards = self.piles[pile]
        top = self.names[cards[-1]] if cards else None
        shown = top or pile
        c = CARDS[shown]
        return {"pile": pile, "top": top, "count": len(cards), "cost": self.cost(shown),
                "types": list(c.types), "in_supply": in_supply}

    def _player_view(self, p: int, seat: int | None, over: bool) -> dict:
        pl = self.players[p]
        names = self.names
        d = {
            "seat": p, "name": pl.name, "turns": pl.turns,
            "hand_size": len(pl.hand), "deck_size": len(pl.deck),
            "discard_size": len(pl.discard),
            "discard_top": names[pl.discard[-1]] if pl.discard else None,
            "in_play": [names[c] for c in pl.play],
            "set_aside": [names[c] for c in pl.aside],
            "looking_size": len(pl.looking),
        }
        if over:
            d["cards"] = sorted(names[c] for c in pl.all_cards())
            d["score"] = self.result["scores"][p] if self.result else self.score(p)
            d["hand"] = [names[c] for c in pl.hand]
        return d
