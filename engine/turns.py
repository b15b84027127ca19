"""Turn structure: Action phase, Buy phase, Clean-up, the end of the game and scoring."""
from __future__ import annotations

from collections.abc import Iterator

from .cardbase import ACTION, TREASURE
from .cards import CARDS
from .decisions import BuyPhase, PlayAction


class TurnsMixin:
    def _advance(self) -> None:
        """Run phase changes until some decision is open or the game is over."""
        while not self._open and self.phase != "over":
            p = self.active
            phase = self.phase
            if phase == "action":
                if self.actions > 0:
                    bits = self.bits
                    acts = [c for c in self.players[p].hand if bits[c] & ACTION]
                    if acts:
                        self._open_decision(PlayAction(
                            p, acts, 0, 1, "Play an Action card, or none to go to your Buy phase"),
                            None)
                        return
                self.phase = "buy"
            elif phase == "buy":
                if self.buys > 0:
                    d = self._buy_decision(p)
                    if d.treasures and p in self.setup["autoplay_treasures"] and self._autoplay(d):
                        d.treasures = []
                        d.coins = self.coins
                    self._open_decision(d, None)
                    return
                self.phase = "cleanup"
            elif not self._cleanup_simple(p):
                self._start(self._cleanup(p))

    def _buy_decision(self, p: int) -> BuyPhase:
        bits = self.bits
        treasures = [] if self.bought else [
            c for c in self.players[p].hand if bits[c] & TREASURE]
        return BuyPhase(p, treasures, self.coins, self.buys, self)

    def _autoplay(self, d) -> bool:
        """A seat's standing order: play every Treasure when that has no choice or catch.

        Only when all are plain (no play effect, no turn-wide bonus pending); else the player
        keeps the choice.
        """
        if self.flags or not all(map(self.plain.__getitem__, d.treasures)):
            return False
        self.play_plain_treasures(d.seat, d.treasures)
        return True

    def _top_level_simple(self, d, value) -> bool:
        """Handle a top-level answer that cannot set off any effect without a generator.

        Most answers (end the phase, play plain Treasures, buy a card without triggers) are
        like this; skipping the generator machinery for them doubles simulation speed.
        """
        if d.kind == "PlayAction":
            if value:
                return False
            self.phase = "buy"
            return True
        verb, arg = value
        if verb == "end":
            self.phase = "cleanup"
            return True
        if verb == "play":
            if self.flags or not all(map(self.plain.__getitem__, arg)):
                return False
            self.play_plain_treasures(self.active, arg)
            return True
        if self.watchers or not self.plain[self.piles[arg][-1]]:
            return False
        self.buy_simple(self.active, arg)
        if self.buys <= 0:
            self.phase = "cleanup"
        return True

    def _top_level(self, d, value) -> Iterator:
        p = self.active
        if d.kind == "PlayAction":
            if not value:
                self.phase = "buy"
                return
            self.actions -= 1
            yield from self.play(p, value[0])
            return
        verb, arg = value
        if verb == "end":
            self.phase = "cleanup"
        elif verb == "play":
            for cid in arg:
                yield from self.play(p, cid)
        else:
            yield from self.buy(p, arg)
            if self.buys <= 0:
                self.phase = "cleanup"

    def _cleanup_simple(self, p: int) -> bool:
        me = self.players[p]
        if not all(map(self.quiet.__getitem__, me.play)):
            return False
        me.discard.extend(me.play)
        me.play.clear()
        me.discard.extend(me.hand)
        me.hand.clear()
        me.discard.extend(me.aside)
        me.aside.clear()
        self.draw(p, 5)
        self._end_turn(p)
        return True

    def _cleanup(self, p: int) -> Iterator:
        me = self.players[p]
        names = self.names
        leaving = list(me.play)
        me.discard.extend(me.play)
        me.play.clear()
        for cid in leaving:
            trig = CARDS[names[cid]].triggers.get("discard_from_play")
            if trig is not None:
                yield from trig(self, p, cid)
        me.discard.extend(me.hand)
        me.hand.clear()
        me.discard.extend(me.aside)  # nothing should remain set aside past a turn
        me.aside.clear()
        self.draw(p, 5)
        self._end_turn(p)

    def _end_turn(self, p: int) -> None:
        if self._game_ended():
            self._finish()
            return
        self._begin_turn((p + 1) % len(self.players))

    def _begin_turn(self, p: int) -> None:
        self.active = p
        self.phase = "action"
        self.actions = 1
        self.buys = 1
        self.coins = 0
        self.cost_reduction = 0
        self.actions_played = 0
        self.flags = {}
        self.bought = []
        self.turn_no += 1
        self.players[p].turns += 1
        self.log.append(["turn", p, {"turn": self.players[p].turns, "n": self.turn_no}, None, None])

    def empty_supply_piles(self) -> int:
        piles = self.piles
        return sum(1 for name in self.supply if not piles[name])

    def _game_ended(self) -> bool:
        piles = self.piles
        if all(piles.values()):  # the usual case, checked at C speed
            return False
        if "Province" in piles and not piles["Province"]:
            return True
        limit = 4 if len(self.players) >= 5 else 3
        return self.empty_supply_piles() >= limit

    def score(self, p: int) -> int:
        names = [self.names[c] for c in self.players[p].all_cards()]
        total = 0
        for n in names:
            c = CARDS[n]
            total += c.vp
            if c.score is not None:
                total += c.score(names)
        return total

    def _finish(self) -> None:
        self.phase = "over"
        scores = [self.score(p) for p in range(len(self.players))]
        turns = [pl.turns for pl in self.players]
        best = max(scores)
        tied = [p for p, s in enumerate(scores) if s == best]
        fewest = min(turns[p] for p in tied)
        winners = [p for p in tied if turns[p] == fewest]
        self.result = {"scores": scores, "turns": turns, "winners": winners}
        self.log.append(["end", None, dict(self.result), None, None])
