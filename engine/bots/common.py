"""What a bot may know, and sensible default answers shared by the simple strategies."""
from __future__ import annotations

from collections import Counter, _count_elements
from typing import Any

from ..cardbase import CURSE, TREASURE, VICTORY
from ..cards import CARDS
from ..decisions import Decision

_new_counter = Counter.__new__  # an empty Counter, as Counter() makes it


class SeatView:
    """Read-only access to what `seat` knows: its own cards, public counts, the turn."""

    __slots__ = ("_g", "seat", "memo")

    def __init__(self, game, seat: int) -> None:
        self._g = game
        self.seat = seat
        # what a bot works out once per game from public facts that never change (the view
        # lives as long as the seat's player in a simulation)
        self.memo: dict[str, Any] = {}

    @property
    def coins(self) -> int:
        return self._g.coins

    @property
    def buys(self) -> int:
        return self._g.buys

    @property
    def actions(self) -> int:
        return self._g.actions

    @property
    def my_turn(self) -> bool:
        return self._g.active == self.seat

    @property
    def actions_played(self) -> int:
        """Action cards played this turn (public: everyone saw them played)."""
        return self._g.actions_played

    def trash(self) -> list[str]:
        """The trash pile (anyone may look through it)."""
        g = self._g
        return [g.names[c] for c in g.trash_pile]

    def hand(self) -> list[str]:
        g = self._g
        return list(map(g.names.__getitem__, g.players[self.seat].hand))

    def looking(self) -> list[str]:
        """The cards I am looking at (face down to the others: Sentry, Survivors)."""
        g = self._g
        return [g.names[c] for c in g.players[self.seat].looking]

    def in_play(self) -> list[str]:
        """My cards in play (everyone sees them)."""
        g = self._g
        return [g.names[c] for c in g.players[self.seat].play]

    def bought(self) -> list[str]:
        """The cards bought this turn (everyone saw them bought)."""
        return list(self._g.bought)

    def my_cards(self) -> Counter:
        """Everything I own (a player may always count their own cards)."""
        g = self._g  # map over the bound method: bots ask this every decision
        mine = _new_counter(Counter)  # filled in C, skipping Counter.__init__ and update
        _count_elements(mine, map(g.names.__getitem__, g.players[self.seat].all_cards()))
        return mine

    def deck_counts(self) -> Counter:
        """What my deck holds, by name, never in what order. A player knows this: they know
        everything they own and saw every card of theirs go into their discard pile."""
        g = self._g
        return Counter(g.names[c] for c in g.players[self.seat].deck)

    def discard_counts(self) -> Counter:
        """What my discard pile holds, by name (known to its owner for the same reason)."""
        g = self._g
        return Counter(g.names[c] for c in g.players[self.seat].discard)

    def pile_rows(self) -> list[tuple[str, list[int], str | None, int]]:
        """(pile, its live list of card ids, the name of all its cards or None for a pile of
        different cards (Knights) or one empty when the rows were made, their printed cost or
        0) for each Supply pile in Supply order: for a
        bot that weighs every pile each Buy phase. Made once per view (the same list object
        while it holds); only a list's length and its top card are to be read (below the top
        of a mixed pile is hidden)."""
        g = self._g
        made = self.memo.get("pile_rows")
        if made is not None and made[0] is g.supply_piles:  # (made again after a re-derive)
            return made[1]
        costs = g.base_costs
        rows = []
        for pile, cards in g.supply_piles.items():
            # a pile of one card holds only cards of its name (a mixed one has `members`)
            name = None if CARDS[pile].members or not cards else pile
            rows.append((pile, cards, name, costs[cards[-1]] if name else 0))
        self.memo["pile_rows"] = (g.supply_piles, rows)
        return rows

    def supply_sizes(self) -> tuple[list[str], list[int]]:
        """The Supply's pile names in Supply order and how many cards each holds: what
        `supply_counts` says, without building a dict."""
        g = self._g
        return g.supply, list(map(len, g.supply_lists))

    def pile_count(self, pile: str) -> int:
        return len(self._g.piles.get(pile, ()))

    def supply_counts(self) -> dict[str, int]:
        g = self._g
        return dict(zip(g.supply, map(len, g.supply_lists)))

    def gains_to_end(self) -> int:
        """Fewest gains that could end the game: Provinces, or the three smallest piles."""
        return self._g.gains_to_end()

    def end_state(self) -> tuple[int, bool]:
        """(`gains_to_end()`, whether one gain could end the game or it is ending already:
        `endgame.near_end`) from one sort of the Supply's sizes, since the heuristic's every
        Buy phase asks both."""
        g = self._g
        counts = sorted(map(len, g.supply_lists))
        if len(g.players) < 5:
            piles, limit = counts[0] + counts[1] + counts[2], 3
        else:
            piles, limit = counts[0] + counts[1] + counts[2] + counts[3], 4
        province = g.piles.get("Province")
        provinces = len(province) if province is not None else 0
        gte = provinces if provinces < piles else piles
        if provinces <= 1 and province is not None and province is g.supply_piles.get(
                "Province"):  # (the Supply's Province pile)
            return gte, True
        empty = counts.count(0)
        return gte, empty >= limit or (
            empty == limit - 1 and empty < len(counts) and counts[empty] == 1)

    def supply_names(self) -> frozenset[str]:
        """The Supply's pile names (they never change during a game)."""
        return self._g.supply_set

    def total_money(self) -> int:
        return self._g.money_of(self.seat)

    def cost(self, name: str) -> int:
        return self._g.cost(name)

    # ----- public facts about everyone: counts, turns, scores --------------------------------
    @property
    def players(self) -> int:
        return len(self._g.players)

    @property
    def turn(self) -> int:
        """How many turns I have started (this one included when it is mine)."""
        return self._g.players[self.seat].turns

    def turns(self) -> list[int]:
        return [p.turns for p in self._g.players]

    def kingdom(self) -> list[str]:
        """The game's Kingdom piles, as dealt (public)."""
        return list(self._g.setup["kingdom"])

    def setup_key(self) -> tuple:
        """What a plan for this table depends on, all of it public: the Kingdom, the number
        of players, the edition of each Kingdom card and whether Shelters are used."""
        g = self._g
        kingdom = tuple(sorted(g.setup["kingdom"]))
        editions = tuple(g.edition_of(n) for n in kingdom)
        return (kingdom, len(g.players), editions, bool(g.options.get("shelters")))

    def cards_of(self, p: int) -> Counter:
        """What player `p` owns, by name. Public in practice: every gain, trash and pass
        is seen, except a Masquerade pass between two other players in a game of 3 or more
        (a rare blind spot, accepted)."""
        g = self._g
        mine = _new_counter(Counter)  # as my_cards: filled in C
        _count_elements(mine, map(g.names.__getitem__, g.players[p].all_cards()))
        return mine

    def scores(self) -> list[int]:
        """Everyone's score now (from the cards they own: a player can keep count)."""
        g = self._g
        return [g.score(p) for p in range(len(g.players))]

    def empty_piles(self) -> int:
        return self._g.empty_supply_piles()

    def ends_game_after(self, taken: dict[str, int]) -> bool:
        """Whether the game would end at the end of this turn if `taken` cards left those
        Supply piles (the Province pile empty, or 3 piles, 4 with 5 or more players)."""
        g = self._g
        piles = g.piles
        if not taken:  # as the game's own end check: in C
            if "Province" in piles and not piles["Province"]:
                return True
            return g.supply_lists.count([]) >= (4 if len(g.players) >= 5 else 3)
        if "Province" in piles and len(piles["Province"]) <= taken.get("Province", 0):
            return True
        empty = 0
        for name in g.supply:
            if len(piles[name]) <= taken.get(name, 0):
                empty += 1
        return empty >= (4 if len(g.players) >= 5 else 3)


def badness(name: str, view: SeatView) -> tuple:
    """Lower = more willing to lose it: Curses, then Victory cards, then cheap cards."""
    c = CARDS[name]
    pure_victory = c.type_bits & (CURSE | VICTORY) and not c.type_bits & ~(CURSE | VICTORY)
    return (0 if c.type_bits & CURSE else 1 if pure_victory else 2, view.cost(name), name)


def default_answer(view: SeatView, d: Decision) -> Any:
    """A sensible answer to any decision: react, keep good cards, gain the best card."""
    kind = d.kind
    if kind == "Reveal":
        return d.cards[:1]
    if kind in ("ChooseCards", "PlayAction"):
        if d.min == 0:
            return []
        ranked = sorted(d.cards, key=lambda c: badness(d.names[c], view))
        return ranked[: d.min]
    if kind == "OrderCards":
        return list(d.cards)
    if kind == "ChooseOption":
        return d.options[: d.min] if d.max > 1 else d.options[0]
    if kind == "ChoosePile":
        if not d.piles:
            return None
        best = max(zip(d.costs, d.piles), key=lambda cp: (cp[0], CARDS[view_top(view, cp[1])]
                                                          .type_bits & TREASURE, cp[1]))
        return best[1]
    if kind == "NameCard":
        return d.choices[0]
    if kind == "BuyPhase":
        return {"play": "all"} if d.treasures else {"end": True}
    raise ValueError(f"no default for {kind}")


def view_top(view: SeatView, pile: str) -> str:
    top = view._g.pile_top(pile)
    return top or pile
