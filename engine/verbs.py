"""The rulebook's verbs: draw, gain, trash, discard, reveal, set aside, play, attack.

Cards move by id and every move checks the card is still where the effect expects it, so an
effect that finds its card gone does nothing (the Lose Track rule). Verbs that can set off
triggers ("when you gain/trash/buy...") are generators: call them with `yield from`.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

from . import rng
from .cardbase import ACTION, ATTACK, REACTION, TREASURE
from .cards import CARDS
from .decisions import ChooseOption, ChoosePile, Reveal
from .sync import Gate, Parallel


class VerbsMixin:
    # ----- bookkeeping ------------------------------------------------------------------
    def note(self, kind: str, seat: int | None, public: dict, secret: dict | None = None,
             seen_by: list[int] | None = None) -> None:
        """Log an event; `secret` details are shown only to `seat` (or `seen_by`)."""
        if self.logging:
            self.log.append([kind, seat, public, secret, seen_by])

    def edition_of(self, name: str) -> int:
        eds = CARDS[name].editions
        want = self.options["card_editions"].get(name, self.options["edition"])
        return want if want in eds else eds[-1]

    def cost(self, name: str) -> int:
        c = CARDS[name].cost - self.cost_reduction
        return c if c > 0 else 0

    def cost_of(self, cid: int) -> int:
        c = self.base_costs[cid] - self.cost_reduction
        return c if c > 0 else 0

    def pile_top(self, pile: str) -> str | None:
        cards = self.piles.get(pile)
        return self.names[cards[-1]] if cards else None

    def others(self, p: int) -> list[int]:
        n = len(self.players)
        return [(p + i) % n for i in range(1, n)]

    def names_of(self, cids: list[int]) -> list[str]:
        return [self.names[c] for c in cids]

    # ----- the deck ---------------------------------------------------------------------
    def shuffle_discard(self, p: int) -> None:
        """Shuffle the discard pile and put it under the deck (2nd edition wording)."""
        me = self.players[p]
        if not me.discard:
            return
        cards = me.discard
        me.discard = []
        self.counter += 1
        rng.shuffle(self.key, self.counter, cards)
        cards.extend(me.deck)
        me.deck = cards
        if self.logging:
            self.log.append(["shuffle", p, {"count": len(cards)}, None, None])

    def ensure(self, p: int, n: int) -> None:
        """Shuffle only when the deck has fewer cards than needed."""
        if len(self.players[p].deck) < n:
            self.shuffle_discard(p)

    def draw(self, p: int, n: int) -> list[int]:
        """Draw up to `n` cards and return them, top first.

        The returned list is also the log's record of the draw: callers must not change it.
        """
        me = self.players[p]
        deck = me.deck
        if len(deck) < n:
            self.shuffle_discard(p)
            deck = me.deck
            if len(deck) < n:
                n = len(deck)
        if n <= 0:
            return []
        drawn = deck[:-n - 1:-1]  # the top n, top first
        del deck[-n:]
        me.hand += drawn
        if self.logging:
            self.log.append(["draw", p, drawn])  # compact: see ViewMixin._event
        return drawn

    def top(self, p: int, n: int) -> list[int]:
        """The top `n` cards of the deck (top first), shuffling if needed; not moved."""
        self.ensure(p, n)
        deck = self.players[p].deck
        return deck[::-1][:n]

    # ----- moving cards -----------------------------------------------------------------
    def zone(self, p: int | None, name: str) -> list[int]:
        if name == "trash":
            return self.trash_pile
        if p is None:
            return self.piles[name]
        return getattr(self.players[p], name)

    def move(self, cid: int, src: list[int], dst: list[int]) -> bool:
        """Move one card if it is still in `src`; False means the card was lost track of."""
        try:
            src.remove(cid)
        except ValueError:
            return False
        dst.append(cid)
        if self.disguised:
            self.undisguise(cid)
        return True

    def return_to_pile(self, p: int, cid: int, pile: str) -> bool:
        """Return a card of `p`'s from play to its pile ("return this to the Spoils pile");
        False when it is no longer in play (Lose Track)."""
        if not self.move(cid, self.players[p].play, self.piles[pile]):
            return False
        self.note("return", p, {"card": self.names[cid], "pile": pile})
        return True

    # ----- Band of Misfits: a card that is another card until it leaves play ---------------
    def disguise(self, cid: int, name: str) -> None:
        """Card `cid` (in play) is now `name` in every respect, until it leaves play."""
        self.disguised.setdefault(str(cid), self.names[cid])
        self.names[cid] = name
        self._derive()

    def undisguise(self, cid: int | None = None) -> None:
        """Back to its printed self (`cid`), or every disguised card (None), off the play area."""
        keys = list(self.disguised) if cid is None else [str(cid)]
        changed = False
        for key in keys:
            printed = self.disguised.pop(key, None)
            if printed is not None:
                self.names[int(key)] = printed
                changed = True
        if changed:
            self._derive()

    def discard(self, p: int, cids: list[int], frm: str = "hand", public: bool = False) -> int:
        src, dst = self.zone(p, frm), self.players[p].discard
        moved = [c for c in cids if self.move(c, src, dst)]
        if moved:
            names = self.names_of(moved)
            if public:
                self.note("discard", p, {"cards": names, "count": len(moved)})
            else:
                self.note("discard", p, {"count": len(moved), "top": names[-1]}, {"cards": names})
        return len(moved)

    def on_top(self, p: int, cid: int, zone: str) -> bool:
        """Whether a card an effect is following is still the top card of `p`'s discard pile
        or deck: covered up there, it is lost track of (a Death Cart's Ruins gained onto a
        just-gained Death Cart), even though it never left the zone."""
        cards = self.zone(p, zone)
        return bool(cards) and cards[-1] == cid

    def topdeck(self, p: int, cid: int, frm: str = "hand", public: bool = False) -> bool:
        if not self.move(cid, self.zone(p, frm), self.players[p].deck):
            return False
        info = {"card": self.names[cid]}
        self.note("topdeck", p, info if public else {}, None if public else info)
        return True

    def to_hand(self, p: int, cid: int, frm: str) -> bool:
        return self.move(cid, self.zone(p, frm), self.players[p].hand)

    def reveal(self, p: int, cids: list[int], what: str = "") -> None:
        self.note("reveal", p, {"cards": self.names_of(cids), "what": what})

    def set_aside(self, p: int, cids: list[int], frm: str = "deck", public: bool = True) -> None:
        dst = self.players[p].aside if public else self.players[p].looking
        src = self.zone(p, frm)
        for c in cids:
            self.move(c, src, dst)

    def trash(self, p: int, cids: list[int], frm: str = "hand") -> Iterator:
        """Trash cards the player was told to trash; then their "when you trash this"
        abilities and the player's Reactions to it (Market Square), in the order they choose.

        Returns the ids that were trashed (those still where expected).
        """
        src = self.zone(p, frm)
        names = self.names
        moved, what = [], []
        for c in cids:
            name = names[c]  # what it is now: a disguised Band of Misfits is that card
            if self.move(c, src, self.trash_pile):
                moved.append(c)
                what.append(name)
        if not moved:
            return []
        self.note("trash", p, {"cards": self.names_of(moved), "from": frm})
        if self.watchers or any(CARDS[n].triggers for n in what):
            items = []
            for c, name in zip(moved, what):
                trig = CARDS[name].triggers.get("trash")
                if trig is not None:
                    items.append((name, partial(trig, self, p, c)))
            hand = self._hand_triggers(p, "hand_trash", moved)
            seen = {start.args[2] for _, start in hand}  # the responders' ids

            def drawn_since() -> list[tuple[str, Callable]]:
                # A Reaction drawn while the others resolve may still respond (Intrigue
                # rulebook: "The second Reaction card can be one that was not initially in
                # hand"), e.g. a Market Square that a trashed Rats draws.
                new = [t for t in self._hand_triggers(p, "hand_trash", moved)
                       if t[1].args[2] not in seen]
                seen.update(t[1].args[2] for t in new)
                return new

            yield from self.run_triggers(p, items + hand, drawn_since if self.watchers else None)
        return moved

    def gain(self, p: int, pile: str, to: str = "discard") -> Iterator:
        """Gain the top card of `pile` (nothing if empty); returns its id or None."""
        cards = self.piles.get(pile)
        if not cards:
            return None
        cid = cards.pop()
        return (yield from self._gained(p, cid, to))

    def gain_from(self, p: int, cid: int, src: list[int], to: str = "discard") -> Iterator:
        """Gain a particular card from somewhere other than a Supply pile (e.g. the trash)."""
        try:
            src.remove(cid)
        except ValueError:
            return None
        return (yield from self._gained(p, cid, to))

    def _gained(self, p: int, cid: int, to: str) -> Iterator:
        getattr(self.players[p], to).append(cid)
        name = self.names[cid]
        if to == "discard":
            self.log.append(self.gained_entry[p][name])
        else:
            self.log.append(["gain", p, {"card": name, "to": to}, None, None])
        if CARDS[name].triggers or self.watchers:
            items = self._own_trigger(p, cid, "gain") + self._hand_triggers(p, "hand_gain", cid)
            yield from self.run_triggers(p, items)
        return cid

    def buy_simple(self, p: int, pile: str) -> None:
        """Buy and gain a card that has no triggers (the caller checked)."""
        cid = self.piles[pile].pop()
        name = self._pay_for(p, cid)
        self.players[p].discard.append(cid)
        if self.logging:
            self.log.append(self.gained_entry[p][name])

    def _pay_for(self, p: int, cid: int) -> str:
        """Pay for the card on top of a pile and use a Buy; returns its name."""
        name = self.names[cid]
        cost = self.base_costs[cid] - self.cost_reduction  # cost_of(cid), written out
        self.coins -= cost if cost > 0 else 0
        self.buys -= 1
        self.bought.append(name)
        if self.logging:
            self.log.append(self.bought_entry[p][name])
        return name

    def buy(self, p: int, pile: str) -> Iterator:
        cid = self.piles[pile][-1]
        self._pay_for(p, cid)
        items = self._own_trigger(p, cid, "buy") + self._hand_triggers(p, "hand_buy", cid)
        yield from self.run_triggers(p, items)
        return (yield from self.gain(p, pile))

    # ----- triggers ---------------------------------------------------------------------
    def _own_trigger(self, p: int, cid: int, event: str) -> list[tuple[str, Callable]]:
        """The card's own "when you <event> this" ability, ready to run."""
        trig = CARDS[self.names[cid]].triggers.get(event)
        if trig is None:
            return []
        return [(self.names[cid], lambda: trig(self, p, cid))]

    def _hand_triggers(self, p: int, event: str, subject) -> list[tuple[str, Callable]]:
        """Cards in hand that may respond to `event` happening to `subject` (Market Square)."""
        if not self.watchers:
            return []
        out = []
        for c in self.players[p].hand:
            trig = CARDS[self.names[c]].triggers.get(event)
            if trig is not None:
                out.append((self.names[c], partial(trig, self, p, c, subject)))
        return out

    def run_triggers(self, p: int, items: list[tuple[str, Callable]],
                     more: Callable[[], list] | None = None) -> Iterator:
        """Resolve several abilities of one player in the order that player chooses; `more`,
        asked after each, adds those that became possible meanwhile."""
        while items:
            i = 0
            if len({label for label, _ in items}) > 1:  # the same abilities: order is moot
                keys = [str(k) for k in range(len(items))]
                labels = [label for label, _ in items]
                i = int((yield ChooseOption(p, keys, labels, "Which happens first?")))
            _, start = items.pop(i)
            yield from start()
            if more is not None:
                items += more()

    # ----- playing ----------------------------------------------------------------------
    def play_plain_treasures(self, p: int, cids: list[int]) -> None:
        """Fast path for Treasures that only make coins (the caller checked)."""
        hand = self.players[p].hand
        taken = []
        for cid in cids:
            try:
                hand.remove(cid)
            except ValueError:  # no longer in hand: lost track of
                continue
            taken.append(cid)
        self.into_play_plain(p, taken)

    def into_play_plain(self, p: int, cids: list[int], coins: int | None = None) -> None:
        """Put plain Treasures, already out of the hand, into play: their coins (`coins`, when
        the caller added them up already) and log."""
        self.players[p].play += cids
        values = self.coin_values
        if coins is None:
            coins = 0
            for cid in cids:
                coins += values[cid]
        self.coins += coins
        if self.logging:
            self.log_plays(p, cids)

    def log_plays(self, p: int, cids: list[int]) -> None:
        """Log plain Treasures played (one shared entry per card name)."""
        names, entries, log = self.names, self.played_entry[p], self.log
        for cid in cids:
            log.append(entries[names[cid]])

    def play(self, p: int, cid: int, frm: str | None = "hand", again: bool = False) -> Iterator:
        """Play a card: into play from `frm` (None: it stays where it is, as on a second play
        by Throne Room), then follow its text. Playing this way uses no Action."""
        me = self.players[p]
        if frm is not None and not self.move(cid, self.zone(p, frm), me.play):
            return
        c = CARDS[self.names[cid]]
        if self.logging:
            self.log.append(["play", p, {"card": c.name, "again": again} if again
                             else {"card": c.name}, None, None])
        if c.type_bits & ACTION:
            self.actions_played += 1
        if c.type_bits & ATTACK and self.tables.attack_watchers:
            yield from self._attack_played(p, cid)
        yield from self.resolve(p, cid)

    def play_plain_action(self, p: int, cid: int) -> None:
        """`play(p, cid)` for an Action card in hand whose play sets off nothing (no effect, no
        trigger, not a Treasure): its + bonuses, without the generators (the caller checked)."""
        me = self.players[p]
        if not self.move(cid, me.hand, me.play):
            return
        c = CARDS[self.names[cid]]
        if self.logging:
            self.log.append(["play", p, {"card": c.name}, None, None])
        self.actions_played += 1
        if c.plus_cards:
            self.draw(p, c.plus_cards)
        self.actions += c.plus_actions
        self.buys += c.plus_buys
        self.coins += c.plus_coins

    def resolve(self, p: int, cid: int, name: str | None = None) -> Iterator:
        """Follow the text of the card `cid` is now (its effect and its + bonuses), or of
        `name`: a card played again as what it was played as, after it stopped being that
        (a Band of Misfits that left play during its first play by Throne Room)."""
        c = CARDS[name or self.names[cid]]
        if c.type_bits & TREASURE:
            self.coins += c.coins
            if self.flags and c.bonus is not None:
                self.coins += c.bonus(self)
        if c.plus_cards:
            self.draw(p, c.plus_cards)
        self.actions += c.plus_actions
        self.buys += c.plus_buys
        self.coins += c.plus_coins
        eff = c.effect if c.effect1 is None else c.effect_for(self.edition_of(c.name))
        if eff is not None:
            yield from eff(self, p, cid)

    def _attack_played(self, p: int, cid: int) -> Iterator:
        """Cards in play that act when their owner plays another Attack (Urchin), first."""
        items = []
        for c in self.players[p].play:
            trig = CARDS[self.names[c]].triggers.get("play_attack")
            if trig is not None and c != cid:
                items.append((self.names[c], partial(trig, self, p, c, cid)))
        yield from self.run_triggers(p, items)

    # ----- attacks ----------------------------------------------------------------------
    def attack(self, p: int, cid: int, hit: Callable[[int], Iterator] | None,
               parallel: bool = False, include_self: bool = False) -> Iterator:
        """Each other player may react first; then `hit` each one not protected.

        Returns the players hit, in turn order (with `hit=None`: those to hit, for a card
        whose attack has several parts). Reactions of different players are chosen at the
        same time but take effect in turn order (a Gate). With `parallel=True` (victims'
        choices don't affect each other, as with Militia) each victim goes on to the hit as
        soon as they are done reacting; otherwise hits go in turn order.
        """
        victims = self.others(p)
        reacting = [v for v in victims if self._can_react(v)]
        gate = Gate(self, reacting) if len(reacting) > 1 else None
        if parallel and hit is not None:
            def victim(v: int) -> Iterator:
                if not (v in reacting and (yield from self._react(v, p, cid, gate))):
                    yield from hit(v)
                    return v
            hit_ids = yield from self.together([victim(v) for v in victims])
            targets = [v for v in hit_ids if v is not None]
            if include_self:
                yield from hit(p)
                targets.insert(0, p)
            return targets
        blocked: set[int] = set()
        if reacting:
            results = yield from self.together([self._react(v, p, cid, gate) for v in reacting])
            blocked = {v for v, b in zip(reacting, results) if b}
        targets = [v for v in victims if v not in blocked]
        if include_self:
            targets.insert(0, p)
        if hit is not None:
            for v in targets:
                yield from hit(v)
        return targets

    def together(self, gens: list[Iterator]) -> Iterator:
        """Run generators side by side (their decisions open at once); returns their results."""

        if len(gens) == 1:
            return [(yield from gens[0])]
        return (yield Parallel(gens))

    def _can_react(self, v: int) -> bool:
        names = self.names
        return any(CARDS[names[c]].type_bits & REACTION and CARDS[names[c]].reaction is not None
                   for c in self.players[v].hand)

    def _react(self, v: int, attacker: int, attack_cid: int, gate: Gate | None) -> Iterator:
        """The defender reveals Reactions one at a time, each resolved before the next.

        The first choice is made at once; what it does waits for the players before this one
        (the Gate), and so do any further choices.
        """
        used: set[int] = set()
        once: set[str] = set()  # a second Moat is not offered: it would add nothing
        blocked = False
        while True:
            ready = [c for c in self.players[v].hand
                     if (c not in used or CARDS[self.names[c]].reaction_repeats)
                     and self.names[c] not in once and self._ready(v, c)]
            if not ready:
                break
            chosen = yield Reveal(v, ready, 0, 1, f"React to {self.names[attack_cid]}?",
                                  source=self.names[attack_cid])
            if not chosen:
                break
            if gate is not None and not used:
                yield from gate.wait(v)
            c = chosen[0]
            used.add(c)
            if CARDS[self.names[c]].reaction_once:
                once.add(self.names[c])
            if c not in self.players[v].hand:  # it left the hand meanwhile: Lose Track
                continue
            self.reveal(v, [c], "reaction")
            if (yield from CARDS[self.names[c]].reaction(self, v, c, attacker)):
                blocked = True
        if gate is not None:
            gate.done(v)
        return blocked

    def _ready(self, v: int, c: int) -> bool:
        card = CARDS[self.names[c]]
        if not card.type_bits & REACTION or card.reaction is None:
            return False
        return card.reaction_ready is None or card.reaction_ready(self, v, c)

    # ----- choosing piles ---------------------------------------------------------------
    def pile_choice(self, p: int, prompt: str, test: Callable[[str, int], bool],
                    optional: bool = False, source: str | None = None,
                    supply_only: bool = True) -> ChoosePile:
        """A ChoosePile over non-empty piles whose top card passes `test(name, cost)`."""
        piles, costs = [], []
        for pile in (self.supply if supply_only else self.piles):
            top = self.pile_top(pile)
            if top is not None:
                cost = self.cost(top)
                if test(top, cost):
                    piles.append(pile)
                    costs.append(cost)
        return ChoosePile(p, piles, costs, optional or not piles, prompt, source)

    def choose_pile(self, p: int, prompt: str, test: Callable[[str, int], bool],
                    optional: bool = False, source: str | None = None) -> Iterator:
        """Ask for a pile as `pile_choice` does; None, without asking, when none qualifies."""
        d = self.pile_choice(p, prompt, test, optional=optional, source=source)
        if not d.piles:
            return None
        return (yield d)

    def is_type(self, cid: int, bits: int) -> bool:
        return bool(CARDS[self.names[cid]].type_bits & bits)

    @staticmethod
    def card_is(name: str, bits: int) -> bool:
        return bool(CARDS[name].type_bits & bits)

