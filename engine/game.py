"""The Game: state, the scheduler that suspends card effects at decisions, and the public API.

Card effects are generators. Each runs in a *thread*; a thread that yields a Decision waits for
its answer, one that yields `Parallel` waits for several child threads (one per player deciding
independently, e.g. each Militia victim). `pending()` is every waiting decision.

Persistence: when no effect is running the whole state is plain data. `dumps()` then saves it
and makes it the new base; mid-effect it saves the last base plus the answers given since, and
`loads()` replays them. The engine is deterministic given state and answers, so both are exact.
"""
from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

from .cards import CARDS
from .decisions import Decision, IllegalAnswer
from .entries import seat_entries
from .fast import FastMixin
from .ids import decision_id
from .player import Player
from .rng import make_key
from .sync import Park, _Thread
from .tables import IdTables, id_tables
from .turns import TurnsMixin
from .verbs import VerbsMixin
from .view import ALL, ViewMixin

ENGINE_VERSION = "1.1"  # 1.1: shuffles hash key || counter (see rng.py)
# The engines whose answers this one replays into the very same game. A change that deals
# other cards from the same seed (a new shuffle stream, a rule played differently) bumps
# ENGINE_VERSION and leaves the older versions out of this set.
REPLAYS_SAME_GAMES = frozenset({"1.1"})
FORMAT = 1


# The saved fields; everything in them is JSON-ready (lists, never tuples).
_SCALARS = ("active", "phase", "turn_no", "actions", "buys", "coins", "cost_reduction",
            "actions_played", "counter", "next_id", "step", "first")
_LISTS = ("names", "supply", "trash_pile", "bought", "log")
_NESTED = ("setup", "options", "flags", "result", "disguised")
_FIELDS = (*_SCALARS, *_LISTS, *_NESTED, "piles")
# Fields added after games were first saved, with their value in older saves; a save made
# with dumps(log=False) has no log (its keeper stores the entries apart: engine/history.py).
_LATER = {"disguised": {}, "log": []}


class Game(FastMixin, VerbsMixin, TurnsMixin, ViewMixin):
    # Every attribute the engine keeps on a game, as slots: a game has over 50, too many for
    # CPython's shared-key instance dicts, and slot access is what makes the per-answer
    # reads and writes cheap (6 % of a Big Money game). (The mixins have no slots, so an
    # attribute added elsewhere still works, in the instance dict.)
    __slots__ = (
        # state (saved)
        "active", "phase", "turn_no", "actions", "buys", "coins", "cost_reduction",
        "actions_played", "counter", "next_id", "step", "first", "names", "supply",
        "trash_pile", "bought", "log", "setup", "options", "flags", "result", "disguised",
        "piles", "players", "secret", "key",
        # the scheduler and the save point
        "_base", "_fast", "_live", "_open", "_runnable", "_since", "logging",
        # derived from the card list (`_derive`)
        "supply_set", "supply_lists", "supply_piles", "autoplays", "tables", "watchers",
        "no_triggers", "action_ids", "coin_values", "base_costs", "vp_values", "has_scorers",
        "plain", "quiet", "plain_actions", "buy_watchers", "buy_watch", "is_action",
        "is_treasure", "autoplay_coins", "played_entry", "bought_entry", "gained_entry")

    def __init__(self) -> None:
        self.players: list[Player] = []
        self._open: dict[str, tuple[Decision, _Thread | None]] = {}
        self._live = 0
        self._runnable: list[_Thread] = []  # parked threads a Gate let through, to run next
        self._fast = False  # play_out is driving: it offers top-level decisions itself
        self.logging = True  # False: a quiet game (simulations) keeps no log
        # The last save point: ("state", JSON text or data) or ("new", {"setup", "seed"}).
        self._base: tuple[str, Any] = ("new", None)
        self._since: list[list] = []
        self.result: dict | None = None
        self.watchers = self.buy_watchers = False
        self.flags: dict = {}
        self.bought: list[str] = []
        # Band of Misfits: str(card id) -> printed name, while the card is another card in play.
        self.disguised: dict[str, str] = {}

    def _derive(self, tables: IdTables | None = None) -> None:
        """Recompute what is derivable from the card list (never saved); `tables` are this
        game's `id_tables`, when the caller has them already."""
        self.supply_set = frozenset(self.supply)
        self.supply_lists = list(map(self.piles.__getitem__, self.supply))  # the same lists
        self.supply_piles = dict(zip(self.supply, self.supply_lists))
        seats = range(len(self.players))
        self.autoplays = [p in self.setup.get("autoplay_treasures", ()) for p in seats]
        t = self.tables = tables or id_tables(self.names)
        self.watchers, self.no_triggers, self.action_ids = t.watchers, t.no_triggers, t.action_ids
        self.coin_values, self.base_costs = t.coin_values, t.base_costs
        self.vp_values, self.has_scorers = t.vp_values, t.has_scorers
        self.plain, self.quiet, self.plain_actions = t.plain, t.quiet, t.plain_actions
        self.buy_watchers, self.buy_watch = t.buy_watchers, t.buy_watch
        self.is_action, self.is_treasure = t.is_action, t.is_treasure
        self.autoplay_coins = t.autoplay_coins
        self.played_entry, self.bought_entry, self.gained_entry = seat_entries(len(self.players))

    # ----- public API -------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == "over"

    def pending(self) -> list[Decision]:
        return [d for d, _ in self._open.values()]

    def next_decision(self) -> Decision | None:
        """The first open decision, or None when there is none (a driver loop's question)."""
        for d, _ in self._open.values():
            return d
        return None

    def answer(self, seat: int, decision_id: str, answer: Any) -> list[dict]:
        """Apply one answer and return its events, unredacted (for the server's own use).

        On IllegalAnswer nothing has changed.
        """
        mark = self.apply(seat, decision_id, answer)
        return self.log_for(ALL, mark)

    def apply(self, seat: int, decision_id: str, answer: Any) -> int:
        """`answer` without building the events; returns where its events start in the log.

        The answer is kept as given for replay, so callers must not mutate it afterwards.
        """
        entry = self._open.get(decision_id)
        if entry is None:
            raise IllegalAnswer(f"there is no open decision {decision_id!r}")
        d, th = entry
        if d.seat != seat:
            raise IllegalAnswer(f"decision {decision_id} belongs to seat {d.seat}, not {seat}")
        value = d.validate(answer)
        del self._open[decision_id]
        self._since.append([seat, decision_id, answer])
        mark = len(self.log)
        self.step += 1
        if th is None:
            if not self._top_level_simple(d, value):
                self._start(self._top_level(d, value))
        else:
            self._resume(th, value)
        if self._runnable:
            self._drain()
        self._advance()
        return mark

    # ----- scheduler ---------------------------------------------------------------------
    def _start(self, gen: Iterator, parent: _Thread | None = None, index: int = 0) -> None:
        self._live += 1
        self._resume(_Thread(gen, parent, index), None)

    def _resume(self, th: _Thread, value: Any) -> None:
        while True:
            try:
                y = th.gen.send(value)
            except StopIteration as stop:
                self._live -= 1
                parent = th.parent
                if parent is None:
                    return
                parent.results[th.index] = stop.value
                parent.left -= 1
                if parent.left:
                    return
                th, value = parent, parent.results
                continue
            if isinstance(y, Decision):
                self._open_decision(y, th)
                return
            if type(y) is Park:
                y.gate.parked[y.seat] = th
                return
            gens = y.gens
            if not gens:
                value = []
                continue
            th.left = len(gens)
            th.results = [None] * len(gens)
            for i, gen in enumerate(gens):
                self._start(gen, th, i)
            return

    def _drain(self) -> None:
        """Run the threads that Gates let through, each until it waits again or ends."""
        while self._runnable:
            self._resume(self._runnable.pop(0), None)

    def _open_decision(self, d: Decision, th: _Thread | None) -> None:
        d.id = decision_id(self.next_id + 1)
        self.next_id += 1
        d.names = self.names
        self._open[d.id] = (d, th)

    # ----- persistence ------------------------------------------------------------------
    def state_dict(self) -> dict:
        """The whole state as plain data (a copy; log entries are shared, never mutated)."""
        d = {f: getattr(self, f) for f in _SCALARS}
        d.update({f: list(getattr(self, f)) for f in _LISTS})
        d.update({f: copy.deepcopy(getattr(self, f)) for f in _NESTED})
        d["piles"] = {k: list(v) for k, v in self.piles.items()}
        d["players"] = [p.to_dict() for p in self.players]
        d["open"] = [dec.to_dict() for dec, _ in self._open.values()]
        return d

    def dumps(self, log: bool = True) -> str:
        """Save at any moment; the text holds the secret seed, so it never goes to players.

        When no effect is running the state itself is saved and becomes the new base;
        otherwise the last base goes out with the answers given since, for loads() to replay.
        `log=False` leaves the log out of a new base (engine/history.py says how to keep it).
        """
        if self._live == 0:
            state = {f: getattr(self, f) for f in _FIELDS if log or f != "log"}  # no copies
            if log and not self.logging:
                state["log"] = []
            state["players"] = [p.to_dict() for p in self.players]
            state["secret"] = self.secret
            state["next_id"] = self.next_id - len(self._open)  # loads() reopens the same ids
            self._base = ("state", json.dumps(state, separators=(",", ":")))
            self._since = []
        key, value = self._base
        if not isinstance(value, str):  # a base kept as data by loads(): encode it once
            value = json.dumps(value, separators=(",", ":"))
            self._base = (key, value)
        return (f'{{"format":{FORMAT},"engine":"{ENGINE_VERSION}","{key}":{value},'
                f'"answers":{json.dumps(self._since, separators=(",", ":"))}}}')

    @classmethod
    def _from_state(cls, state: dict) -> Game:
        g = cls()
        for f in _FIELDS:  # copies: `state` stays the saved base, unchanged
            setattr(g, f, _unshared(f, state[f] if f in state else _LATER[f]))
        g.players = [Player.from_dict(p) for p in state["players"]]
        g._set_secret(state["secret"])
        g._derive()
        g._base = ("state", state)
        g._advance()
        return g

    def _set_secret(self, secret: str) -> None:
        self.secret = secret
        self.key = make_key(secret)

    def buy_watched(self) -> bool:
        """Whether a card in the active player's hand watches their buys or gains (Hovel):
        if not, buying a card without triggers sets nothing off. Callers ask only when some
        card in the game may (`buy_watchers`)."""
        watch = self.buy_watch
        for c in self.players[self.active].hand:
            if watch[c]:
                return True
        return False

    def card(self, cid: int):
        return CARDS[self.names[cid]]




def _unshared(field: str, value: Any) -> Any:
    """A copy of a saved field that the game can change without changing the saved base.

    Lists hold ids, names or log entries (never edited once written): a shallow copy will do.
    """
    if field == "piles":
        return {k: list(v) for k, v in value.items()}
    if isinstance(value, list):
        return list(value)
    if isinstance(value, dict):
        return json.loads(json.dumps(value))
    return value


def replayable(version: str | None) -> bool:
    """Whether a record or save made by engine `version` replays into the same game here
    (None: a record that does not say, taken as this engine's)."""
    return version is None or version in REPLAYS_SAME_GAMES


def check_replayable(version: str | None) -> None:
    """Refuse answers given under another engine's shuffles: replayed here they would deal
    other cards and make another game (or fail half-way), never the one that was played."""
    if not replayable(version):
        raise ValueError(f"made by engine {version}, whose games engine {ENGINE_VERSION} "
                         "does not replay: it deals other cards from the same seed")


def loads(text: str) -> Game:
    """A game from dumps(). A saved state loads whatever engine saved it: its shuffles are
    still to come (the few answers given since it, inside one effect, are replayed as they
    are, so a running game survives an engine upgrade); a game to replay from its seed must
    come from an engine that deals the same cards."""
    data = json.loads(text)
    if data.get("format") != FORMAT:
        raise ValueError(f"unsupported save format {data.get('format')!r}")
    if "new" in data:
        check_replayable(data.get("engine"))
    if "state" in data:
        g = Game._from_state(data["state"])
    else:
        from .setup import new_game

        g = new_game(data["new"]["setup"], data["new"]["seed"])
    for seat, did, ans in data["answers"]:
        g.answer(seat, did, ans)
    return g


def replay(record: dict) -> Game:
    """Rebuild a game from its setup, seed and every answer given (`engine_version`, when
    the record names one, must be an engine that deals the same cards)."""
    from .setup import new_game

    check_replayable(record.get("engine_version"))
    g = new_game(record["setup"], record["seed"])
    for seat, did, ans in record["answers"]:
        g.answer(seat, did, ans)
    return g
