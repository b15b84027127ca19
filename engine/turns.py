"""Turn structure: Action phase, Buy phase, Clean-up, the end of the game and scoring."""
from __future__ import annotations

from collections.abc import Iterator

from .cards import CARDS
from .decisions import BuyPhase, PlayAction
from .ids import all_have, having


class TurnsMixin:
    def _advance(self) -> None:
        """Run phase changes until some decision is open or the game is over.

        One pass usually goes from a turn's Clean-up to the next player's first decision.
        While `play_out` drives the game, it offers top-level decisions itself.
        """
        if not self._fast:
            d = self._due()
            if d is not None:
                self._open_decision(d, None)

    def _due(self) -> PlayAction | BuyPhase | None:
        """Run phase changes until a top-level decision is due (returned, not yet opened),
        an effect has opened one (None) or the game is over (None)."""
        while not self._open:
            phase = self.phase
            if phase == "cleanup":
                p = self.active
                if not self._cleanup_simple(p):
                    self._start(self._cleanup(p))
                    if self._runnable:
                        self._drain()
                    continue
                phase = self.phase
            if phase == "action":
                p = self.active
                hand = self.players[p].hand
                if self.actions > 0 and not self.action_ids.isdisjoint(hand):
                    return PlayAction(p, having(self.is_action, hand), 0, 1,
                                      "Play an Action card, or none to go to your Buy phase")
                phase = self.phase = "buy"
            if phase == "buy":
                if self.buys > 0:
                    return self._buy_decision(self.active)
                self.phase = "cleanup"
            elif phase == "over":
                return None
        return None

    def _buy_decision(self, p: int) -> BuyPhase:
        if self.bought:  # no Treasures after the first buy
            return BuyPhase(p, [], self.coins, self.buys, self)
        hand = self.players[p].hand
        if self.autoplays[p] and not self.flags and self._autoplay(p, hand):
            return BuyPhase(p, [], self.coins, self.buys, self)
        return BuyPhase(p, having(self.is_treasure, hand), self.coins, self.buys, self)

    def _autoplay(self, p: int, hand: list[int]) -> bool:
        """The autoplay standing order: play every Treasure when that has no choice or catch,
        that is when each makes coins and nothing else; False (nothing done) otherwise."""
        table = self.autoplay_coins
        treasures, rest = [], []
        coins = 0
        for c in hand:
            a = table[c]
            if a > 0:
                treasures.append(c)
                coins += a
            elif a:
                return False
            else:
                rest.append(c)
        if not treasures:
            return False
        hand[:] = rest
        self.players[p].play += treasures
        self.coins += coins - len(treasures)  # (each counted one over)
        if self.logging:
            self.log_plays(p, treasures)
        return True

    def _top_level_simple(self, d, value) -> bool:
        """Handle a top-level answer that cannot set off any effect without a generator.

        Most answers (end the phase, play plain Treasures, buy a card without triggers) are
        like this; skipping the generator machinery for them doubles simulation speed.
        """
        if d.kind == "BuyPhase":
            verb, arg = value
            if verb == "buy":
                if not self.plain[self.piles[arg][-1]] or self.buy_watchers and self.buy_watched():
                    return False
                self.buy_simple(self.active, arg)
                if self.buys <= 0:
                    self.phase = "cleanup"
                return True
            if verb == "end":
                self.phase = "cleanup"
                return True
            if self.flags or not all_have(self.plain, arg):  # play
                return False
            self.play_plain_treasures(self.active, arg)
            return True
        if value:  # PlayAction
            cid = value[0]
            if not self.plain_actions[cid]:
                return False
            self.actions -= 1
            self.play_plain_action(self.active, cid)
            return True
        self.phase = "buy"
        return True

    def _top_level(self, d, value) -> Iterator:
        """The effect of a top-level answer that `_top_level_simple` left (an Action played
        is its `play` itself: one generator fewer)."""
        p = self.active
        if d.kind == "PlayAction":  # (not to play one is simple)
            self.actions -= 1
            return self.play(p, value[0])
        return self._buy_phase(p, value)

    def _buy_phase(self, p: int, value) -> Iterator:
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
        if self.disguised or not (self.no_triggers or all_have(self.quiet, me.play)):
            return False
        discard = me.discard
        discard += me.play
        me.play.clear()
        discard += me.hand
        me.hand.clear()
        if me.aside:
            discard += me.aside
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
        if self.disguised:  # Band of Misfits is itself again once out of play
            self.undisguise()
        me.discard.extend(me.hand)
        me.hand.clear()
        me.discard.extend(me.aside)  # nothing should remain set aside past a turn
        me.aside.clear()
        self.draw(p, 5)
        self._end_turn(p)

    def _end_turn(self, p: int) -> None:
        if not all(self.supply_lists) and self._game_ended():  # no empty pile: go on at once
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
        if self.flags:  # (an empty one can stay: nobody keeps it)
            self.flags = {}
        if self.bought:
            self.bought = []
        self.turn_no += 1
        me = self.players[p]
        me.turns += 1
        if self.logging:
            self.log.append(["turn", p, me.turns, self.turn_no])  # compact

    def gains_to_end(self) -> int:
        """Fewest gains that could end the game: Provinces, or the three smallest piles (four
        with five or more players). Bots ask it every Buy phase (and `play_out` for them)."""
        counts = sorted(map(len, self.supply_lists))
        piles = counts[0] + counts[1] + counts[2]
        if len(self.players) >= 5:
            piles += counts[3]
        provinces = len(self.piles.get("Province", ()))
        return provinces if provinces < piles else piles

    def money_of(self, p: int) -> int:
        """The coins printed on everything seat `p` owns (what Big Money bots count)."""
        values = self.coin_values
        me = self.players[p]
        total = 0
        for zone in (me.deck, me.hand, me.discard, me.play):
            for c in zone:
                total += values[c]
        return total

    def empty_supply_piles(self) -> int:
        return self.supply_lists.count([])  # (the Supply's piles, in C)

    def _game_ended(self) -> bool:
        piles = self.piles
        if "Province" in piles and not piles["Province"]:
            return True
        limit = 4 if len(self.players) >= 5 else 3
        return self.empty_supply_piles() >= limit

    def score(self, p: int) -> int:
        cards = self.players[p].all_cards()
        vp = self.vp_values
        total = 0
        for c in cards:
            total += vp[c]
        if self.has_scorers:  # Gardens and the like count the whole deck, once per copy
            names = list(map(self.names.__getitem__, cards))
            for n in set(names):
                scorer = CARDS[n].score
                if scorer is not None:
                    total += names.count(n) * scorer(names)
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
