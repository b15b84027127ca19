"""The fast path for players answering in the same process: bots in simulations and planners.

`Game.play_out(players)` plays a game to its end, `players[seat](decision)` answering. It is the
same game as a driver answering `next_decision()` with `apply` (same state, log and replay
record, tested), but a top-level decision (play an Action or none, the Buy phase) is offered
without being opened, and the commonest turn (buy a card that sets off nothing, a Clean-up
with nothing to trigger, a new hand of plain Treasures) runs as one pass.

A player may also hand over its Buy phase as data (`player.buy_rules`: rows of pile and
conditions, engine/bots/money.py): play_out then answers those Buy phases itself, the answer
the player would give, and plays such turns back to back in one loop (`_rule_turns`) without
a decision object or a call to the player. Big Money Ultimate's seats do (nearly every turn
of a Big Money mirror); the record, state and saves are the same (tested).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .cards import CARDS
from .decisions import BuyPhase, Decision, IllegalAnswer, PlayAction
from .ids import DECISION_IDS, all_have, decision_id, having

Answerer = Callable[[Decision], Any]


# id(rules) -> (rules, whether they name no pile of different cards): checked once per rules
# object (a seat's rules are one shared tuple), not once a game
_CHECKED: dict[int, tuple[tuple, bool]] = {}


def _usable(rules: tuple | None) -> bool:
    """Buy rules `_rule_turns` may answer: none names a pile of different cards (Knights,
    Ruins), whose top may cost anything."""
    if rules is None:
        return False
    checked = _CHECKED.get(id(rules))
    if checked is None or checked[0] is not rules:
        if len(_CHECKED) >= 256:
            _CHECKED.clear()
        ok = not any(row[0] in CARDS and CARDS[row[0]].members for row in rules)
        checked = _CHECKED[id(rules)] = (rules, ok)
    return checked[1]


class FastMixin:
    def play_out(self, players: Sequence[Answerer], max_answers: int = 20000) -> int:
        """Play on to the end, `players[seat](decision)` answering every decision in this
        process; returns how many answers were given.

        While a player thinks, the offered top-level decision is not in `pending()`; a
        `dumps()` then saves what it would save with the decision open. On any error
        (IllegalAnswer included) the decision is left open, as after `apply`; more than
        `max_answers` answers is a RuntimeError.
        """
        d = self._reclaim()
        self._fast = True
        answers = 0
        # Buy phases given as data (money.py) that `_rule_turns` answers
        rules = [getattr(player, "buy_rules", None) for player in players]
        rules = [r if _usable(r) else None for r in rules]
        ruled = rules.count(None) < len(rules)
        try:
            while answers < max_answers:
                if self._open:
                    d = next(iter(self._open.values()))[0]
                    self.apply(d.seat, d.id, players[d.seat](d))
                    d = None
                elif d is None:
                    d = self._due()
                    if d is None and self.phase == "over":
                        return answers
                    continue
                elif (ruled and rules[d.seat] is not None and d.kind == "BuyPhase"
                      and not d.treasures):
                    offered, d = d, None
                    d, used = self._rule_turns(offered, rules, max_answers - answers)
                    answers += used
                    continue
                else:
                    n = self.next_id + 1  # the id it would have if opened: what a bot sees
                    d.id = DECISION_IDS[n] if n < 2048 else decision_id(n)
                    d.names = self.names
                    answer = players[d.seat](d)
                    value = d.validate(answer)
                    offered, d = d, None
                    d = self._take(offered, answer, value)
                answers += 1
            if self.phase == "over":
                return answers
            raise RuntimeError(f"the game did not end in {max_answers} answers")
        finally:
            self._fast = False
            if d is not None and not self._open:
                self._open_decision(d, None)
            else:
                self._advance()

    def _reclaim(self) -> Decision | None:
        """The open top-level decision, if that is all that is open, taken back (unopened)."""
        if len(self._open) != 1 or self._live:
            return None
        (did, (d, th)), = self._open.items()
        if th is not None or did != decision_id(self.next_id):
            return None
        del self._open[did]
        self.next_id -= 1
        return d

    def _rule_turns(self, d: BuyPhase, rules: list, budget: int) -> tuple[Decision | None, int]:
        """Buy phases of players whose Buy phase is data (`buy_rules`: money.py says how they
        read), answered here without asking them, turn after turn while the turn is the plain
        one `_take` and `_next_turn` run in one pass (a plain buy, a quiet Clean-up, a new
        hand of plain Treasures autoplayed); the same answers, record and state. Returns the
        next top-level decision (None: `_due` finds it) and how many answers it gave (at most
        `budget`).

        Written as one loop (a simulated game spends most of its turns here). While it runs,
        only its own plain buys change what anyone owns or what the piles hold, so each
        seat's total money is counted once and then kept up to date, and `gains_to_end` is
        worked out again only when its last value, less one per buy since (a gain lowers it
        by one at most), could meet a rule's limit.
        """
        costs, plain, values = self.base_costs, self.plain, self.coin_values
        table, n_seats, since = self.autoplay_coins, len(self.players), self._since
        money = [-1] * n_seats
        gte = -1  # gains_to_end when last worked out, `age` buys ago
        age = used = 0
        rows = [self._rule_rows(r) if r is not None else None for r in rules]
        p, limit = d.seat, d.limit
        while True:
            for cost, cards, pile, above, at_most in rows[p]:  # noqa: B007 (pile: below)
                if cost > limit or not cards:
                    continue
                if at_most is not None:
                    if gte < 0 or age and gte - age <= at_most:
                        gte, age = self.gains_to_end(), 0
                    if gte - age > at_most:
                        continue
                if above is not None:
                    if money[p] < 0:
                        money[p] = self.money_of(p)
                    if money[p] <= above:
                        continue
                break
            else:
                pile = cards = None
            used += 1
            n = self.next_id + 1
            if (cards is None or self.buys != 1 or not plain[cards[-1]]
                    or self.buy_watchers and self.buy_watched()):
                if d is None:
                    d = BuyPhase(p, [], self.coins, self.buys, self)
                d.id = DECISION_IDS[n] if n < 2048 else decision_id(n)
                if cards is None:
                    return self._take(d, {"end": True}, ("end", None)), used
                return self._take(d, {"buy": pile}, ("buy", pile)), used
            # `_take`'s plain buy, written out
            self.next_id = n
            since.append([p, DECISION_IDS[n] if n < 2048 else decision_id(n), {"buy": pile}])
            self.step += 1
            cid = cards.pop()
            cost = costs[cid] - self.cost_reduction
            if cost > 0:
                self.coins -= cost
            name = self.names[cid]
            self.bought.append(name)
            me = self.players[p]
            me.discard.append(cid)
            if money[p] >= 0:
                money[p] += values[cid]
            age += 1
            if self.logging:
                self.log.append(self.bought_entry[p][name])
                self.log.append(self.gained_entry[p][name])
            self.buys = 0
            # `_next_turn`, written out for its plain case
            play = me.play
            if me.aside or self.disguised or not (self.no_triggers or all_have(self.quiet, play)):
                self.phase = "cleanup"
                return self._due(), used
            self._clean_up_plain(p, me)
            if not all(self.supply_lists) and self._game_ended():
                self._finish()
                return None, used
            p = p + 1 if p + 1 < n_seats else 0
            self.active = p
            self.actions = self.buys = 1
            self.coins = self.cost_reduction = self.actions_played = 0
            if self.flags:
                self.flags = {}
            self.bought = []
            self.turn_no += 1
            me = self.players[p]
            me.turns += 1
            if self.logging:
                self.log.append(["turn", p, me.turns, self.turn_no])
            hand = me.hand
            if not self.action_ids.isdisjoint(hand):
                self.phase = "action"
                return PlayAction(p, having(self.is_action, hand), 0, 1,
                                  "Play an Action card, or none to go to your Buy phase"), used
            self.phase = "buy"
            if not self.autoplays[p]:
                return BuyPhase(p, having(self.is_treasure, hand), 0, 1, self), used
            # `_autoplay`, written out
            treasures, rest = [], []
            coins = 0
            for c in hand:
                a = table[c]
                if a > 0:
                    treasures.append(c)
                    coins += a
                elif a:
                    return BuyPhase(p, having(self.is_treasure, hand), 0, 1, self), used
                else:
                    rest.append(c)
            if treasures:
                coins -= len(treasures)  # (each counted one over)
                me.hand = rest  # (no effect is running: nothing else holds these lists)
                if me.play:
                    me.play += treasures
                else:
                    me.play = treasures
                self.coins = coins
                if self.logging:
                    self.log_plays(p, treasures)
            if rules[p] is None or used >= budget:
                return BuyPhase(p, [], coins, 1, self), used
            d = None
            limit = coins

    def _clean_up_plain(self, p: int, me: Any) -> None:
        """Clean-up when nothing in play has a trigger: play and hand to the discard pile,
        then the next hand (`_due`'s plain case)."""
        discard, hand, deck = me.discard, me.hand, me.deck
        discard += me.play
        me.play.clear()
        discard += hand
        hand.clear()
        if len(deck) < 5:
            self.draw(p, 5)
        else:
            drawn = deck[:-6:-1]
            del deck[-5:]
            hand += drawn
            if self.logging:
                self.log.append(["draw", p, drawn])

    def _rule_rows(self, rules: tuple) -> list[tuple]:
        """Buy rules with each pile's list of cards and their cost, for `_rule_turns`: its
        piles only lose cards while it runs, and a pile of one card (never a mixed one:
        `play_out` checks) costs the same whichever is on top; an empty pile is left out."""
        rows = []
        for pile, above, at_most in rules:
            cards = self.supply_piles.get(pile)
            if cards:
                rows.append((self.base_costs[cards[-1]], cards, pile, above, at_most))
        return rows

    def _take(self, d: Decision, answer: Any, value: Any) -> Decision | None:
        """Apply a validated answer to the unopened top-level decision `d`: what opening it
        and `apply` do. Returns the next top-level decision when this pass found it."""
        self.next_id += 1
        self._since.append([d.seat, d.id, answer])
        self.step += 1
        if d.kind == "BuyPhase" and value[0] == "buy":
            cards = self.piles[value[1]]
            cid = cards[-1]
            if self.plain[cid] and not (self.buy_watchers and self.buy_watched()):
                # `buy_simple`, written out: the commonest answer of a simulated game
                cards.pop()
                p = self.active
                name = self.names[cid]
                cost = self.base_costs[cid] - self.cost_reduction
                if cost > 0:
                    self.coins -= cost
                self.bought.append(name)
                self.players[p].discard.append(cid)
                if self.logging:
                    self.log.append(self.bought_entry[p][name])
                    self.log.append(self.gained_entry[p][name])
                self.buys -= 1
                if self.buys > 0:
                    return None
                self.phase = "cleanup"
                return self._next_turn()
        if not self._top_level_simple(d, value):
            self._start(self._top_level(d, value))
        if self._runnable:
            self._drain()
        return None

    def _next_turn(self) -> Decision | None:
        """Clean-up and the next turn up to its first decision, in one pass: `_due`, written
        out for the case where nothing in play has a trigger and nothing is set aside."""
        p = self.active
        me = self.players[p]
        play = me.play
        if me.aside or self.disguised or not (self.no_triggers or all_have(self.quiet, play)):
            return self._due()
        self._clean_up_plain(p, me)
        if not all(self.supply_lists) and self._game_ended():
            self._finish()
            return None
        p = p + 1 if p + 1 < len(self.players) else 0
        # `_begin_turn`, written out
        self.active = p
        self.phase = "action"
        self.actions = self.buys = 1
        self.coins = self.cost_reduction = self.actions_played = 0
        if self.flags:
            self.flags = {}
        if self.bought:
            self.bought = []
        self.turn_no += 1
        me = self.players[p]
        me.turns += 1
        if self.logging:
            self.log.append(["turn", p, me.turns, self.turn_no])
        hand = me.hand
        if not self.action_ids.isdisjoint(hand):
            return PlayAction(p, having(self.is_action, hand), 0, 1,
                              "Play an Action card, or none to go to your Buy phase")
        self.phase = "buy"
        if self.autoplays[p] and self._autoplay(p, hand):  # (no flags: just cleared)
            return BuyPhase(p, [], self.coins, 1, self)
        return BuyPhase(p, having(self.is_treasure, hand), self.coins, 1, self)


__all__ = ["FastMixin", "IllegalAnswer"]
