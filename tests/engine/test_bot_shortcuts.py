"""The shortcuts that make bots and simulations cheaper choose exactly what the plain ways do.

The heuristic's Buy phase weighs piles from the best bound down and stops early, its Plan works
figures out on first use, the endgame check is done in one pass, the planner plays its games on
the fast path, and the engine plays Actions that set off nothing (and buys nobody watches)
without generators: each is checked here against the straightforward computation, at every
decision of real games on kingdoms of every set.
"""
from __future__ import annotations

from collections import Counter

import pytest

from engine import CARDS, new_game
from engine.bots import SeatView, heuristic, planner, seat_player, values
from engine.bots.endgame import ending_piles, near_end, safe_to_buy, winning_buy
from engine.bots.heuristic import (
    CURSERS,
    TERMINALS,
    VILLAGES,
    Plan,
    choose_buy,
    keep_value,
    worth,
    worth_bound,
)
from engine.bots.money import big_money_ultimate
from engine.bots.plan import is_terminal, never_junk
from engine.bots.strategies import BUILTIN
from engine.decisions import ChooseCards
from engine.positions import build
from engine.simulate import game_setup, kingdom_cards, shelters_rule
from engine.tables import id_tables
from tests.engine.helpers import seat, spec

KINGDOMS = ["Victory Dance", "Secret Schemes", "Best Wishes", "Grim Parade",
            "Playing Chess With Death", "Prophecy", "Deconstruction", "Size Distortion",
            # Hermits (a Buy rule), Knights and Ruins (piles of different cards), a Band of
            # Misfits (the game's tables made again), Bridge (costs lowered)
            "Hermit, Market Square, Knights, Band of Misfits, Cultist, Bridge, Village, "
            "Smithy, Duke, Nobles"]


def reference_buy(plan: Plan, d) -> object:
    """choose_buy as first written: every buyable pile in Supply order, the first with the
    highest worth above 0 (after the rules that come first, which choose_buy shares)."""
    view = plan.view
    endgame = bool(ending_piles(view)) or view.ends_game_after({})
    if endgame and winning_buy(view, d) is not None:
        return choose_buy(plan, d)
    for rule in heuristic.BUY_RULES:
        if rule(plan, d) is not None:
            return choose_buy(plan, d)
    best, best_worth = None, 0.0
    for pile, top in d.buyable():
        if not endgame or safe_to_buy(view, d, pile):
            w = worth(plan, top)
            if w > best_worth:
                best, best_worth = pile, w
    return {"buy": best} if best else {"end": True}


def reference_ending_piles(view: SeatView) -> list[str]:
    """ending_piles as first written, from the Supply's counts by name."""
    counts = view.supply_counts()
    limit = 4 if view.players >= 5 else 3
    empty = sum(1 for n in counts.values() if n == 0)
    out = [p for p, n in counts.items() if n == 1] if empty == limit - 1 else []
    if counts.get("Province") == 1 and "Province" not in out:
        out.append("Province")
    return out


def reference_trash_junk(plan: Plan, d) -> list[int]:
    """The junk trashed as first written (not Chapel): every card weighed, lowest first."""
    names = d.names
    value = {n: heuristic.own_value(plan, n) for n in {names[c] for c in d.cards}}
    chosen = []
    for c in sorted(d.cards, key=lambda c: value[names[c]]):
        if len(chosen) == d.max:
            break
        if value[names[c]] < 0:
            chosen.append(c)
    if len(chosen) < d.min:
        chosen += heuristic.worst([c for c in d.cards if c not in chosen], names,
                                  d.min - len(chosen))
    return chosen


def reference_pass(plan: Plan, d) -> list[int]:
    """Masquerade's pass as first written: the card whose pass_cost (then name) is least."""
    names = d.names
    cost = {n: heuristic.pass_cost(plan, n) for n in {names[c] for c in d.cards}}
    return [min(d.cards, key=lambda c: (cost[names[c]], names[c]))]


def _as_masquerade(d):
    """The same choice of cards asked as Masquerade's pass (exactly one card)."""
    asked = ChooseCards(d.seat, d.cards, 1, 1, "Pass a card", zone=d.zone, source="Masquerade")
    asked.names = d.names
    return asked


def checked_player(g, p: int, seen: Counter):
    """The heuristic seat's player, checking the shortcuts at each of its decisions."""
    bot = seat_player("heuristic", g, p)
    view = SeatView(g, p)

    def answer(d):
        counts = view.supply_counts()
        assert near_end(view, counts) == (bool(ending_piles(view)) or view.ends_game_after({}))
        plan = Plan(view)
        mine = view.my_cards()
        assert plan.mine == mine and plan.size == sum(mine.values())
        assert plan.terminals == sum(k for n, k in mine.items()
                                     if is_terminal(n) or n == "Nobles")
        assert plan.villages == sum(k for n, k in mine.items() if n in VILLAGES)
        assert plan.top_terminal == max((TERMINALS.get(n, 0) for n in mine if is_terminal(n)),
                                        default=0)
        assert (plan.gte, plan.near) == (view.gains_to_end(), near_end(view, counts))
        me = g.players[p]
        assert plan.money == sum(CARDS[g.names[c]].coins
                                 for c in me.deck + me.hand + me.discard + me.play)
        assert plan.strong_terminal == any(TERMINALS.get(k, 0) > 40 for k in counts)
        assert plan.attack_missing == any(counts.get(k) and not mine[k] for k in CURSERS)
        for name in mine:
            assert keep_value(name) == values._keep_value(name)
            if never_junk(name):
                assert heuristic.own_value(plan, name) >= 0, name
        assert ending_piles(view) == reference_ending_piles(view)
        if d.kind == "ChooseCards" and d.min <= 1 <= d.max and d.source != "Chapel":
            assert heuristic._trash_junk(Plan(view), d) == reference_trash_junk(Plan(view), d)
            if d.min == 1 and len(d.cards) > 1:
                assert (heuristic.choose_cards(Plan(view), _as_masquerade(d))
                        == reference_pass(Plan(view), d))
            seen["chosen"] += 1
        if d.kind == "BuyPhase" and not d.treasures:
            for pile in g.supply:
                top = g.pile_top(pile)
                if top is not None:
                    assert worth(Plan(view), top) <= worth_bound(top), top
            assert choose_buy(Plan(view), d) == reference_buy(Plan(view), d)
            seen["buys"] += 1
        return bot(d)
    return answer


@pytest.mark.parametrize("kingdom", KINGDOMS)
def test_the_heuristic_shortcuts_choose_what_the_plain_ways_choose(kingdom):
    cards = kingdom_cards(kingdom)
    seen: Counter = Counter()
    for i in range(3):
        g = new_game(game_setup(["heuristic"] * 2, cards), f"shortcut:{kingdom}:{i}", log=False)
        g.play_out([checked_player(g, p, seen) for p in range(2)])
        assert g.over
    assert seen["buys"] > 40
    if "Masquerade" in cards:  # its trash and pass were checked against the plain ways
        assert seen["chosen"] > 0


def test_worth_bounds_hold_for_every_card_and_plan():
    """Every card the heuristic may weigh, in early, middle and late positions."""
    names = [n for n, c in CARDS.items() if c.in_supply]
    for deck, supply in ((["Copper"] * 7 + ["Estate"] * 3, {}),
                         (["Gold"] * 6 + ["Duchy"] * 6 + ["Duke"] * 2, {"Province": 2}),
                         (["Witch", "Village", "Smithy", "Silver"] * 3, {"Duchy": 1})):
        kingdom = ["Witch", "Village", "Smithy", "Duke", "Nobles", "Masquerade", "Mill",
                   "Torturer", "Sentry", "Chapel"]
        g = build(spec(seat(hand=["Copper"] * 5, deck=deck), seat(hand=["Copper"] * 5),
                       kingdom=kingdom, supply=supply))
        view = SeatView(g, 0)
        for name in names:
            assert worth(Plan(view), name) <= worth_bound(name), name
            if never_junk(name):  # (a card no trash rule may pick is never worth < 0)
                assert heuristic.own_value(Plan(view), name) >= 0, name
    assert never_junk("Copper") and never_junk("Gold") and never_junk("Great Hall")
    assert not never_junk("Estate") and not never_junk("Duchy") and not never_junk("Smithy")


def test_planner_games_on_the_fast_path_are_the_games_of_the_apply_loop():
    cards = kingdom_cards("Grim Parade")
    key = planner.table_keys({"players": 2, "kingdom": cards,
                              "shelters": shelters_rule(cards)})[0]
    setup = planner._setup(key)
    plan = BUILTIN["double-witch"].answer
    for i in range(4):
        bots = [plan, big_money_ultimate] if i % 2 else [big_money_ultimate, plan]
        clock = [0]
        fast = planner.play_game(setup, bots, f"same:{i}", clock)
        g = new_game(setup, f"same:{i}")
        views = [SeatView(g, p) for p in range(2)]
        steps = 0
        while (d := g.next_decision()) is not None:
            g.apply(d.seat, d.id, bots[d.seat](views[d.seat], d))
            steps += 1
        assert fast == g.result and clock[0] == steps


def test_only_actions_that_set_off_nothing_skip_the_generators():
    names = sorted(n for n, c in CARDS.items() if c.in_supply or c.types)
    t = id_tables(names)
    plain = {n for n, flag in zip(names, t.plain_actions) if flag}
    assert {"Village", "Smithy", "Laboratory", "Market", "Festival", "Great Hall",
            "Moat"} <= plain
    for n in plain:
        c = CARDS[n]
        assert "Action" in c.types and not c.effect and not c.effect1 and not c.triggers
        assert "Attack" not in c.types and "Treasure" not in c.types


def test_a_plain_action_does_what_its_play_does():
    """Village, Market and Smithy through the shortcut and through the general `play` end in
    the same state."""
    kingdom = kingdom_cards("First Game")
    made = []
    for shortcut in (True, False):
        g = build(spec(seat(hand=["Village", "Market", "Smithy"], deck=["Estate"] * 6),
                       seat(hand=["Copper"] * 5), kingdom=kingdom))
        for name in ("Village", "Market", "Smithy"):
            cid = next(c for c in g.players[0].hand if g.names[c] == name)
            if shortcut:
                g.answer(0, g.next_decision().id, [cid])
            else:
                g.actions -= 1
                for _ in g.play(0, cid):
                    pass
        made.append((g.players[0].to_dict(), g.actions, g.buys, g.coins, g.actions_played,
                     [e for e in g.log if e[0] == "play"]))
    assert made[0] == made[1]


def test_pile_rows_name_piles_of_one_card_and_are_made_again_when_the_game_is_derived_again():
    cards = kingdom_cards("Grim Parade")
    g = new_game(game_setup(["heuristic"] * 2, cards), "rows", log=False)
    view = SeatView(g, 0)
    rows = view.pile_rows()
    named = {pile: name for pile, _, name, _ in rows}
    assert named["Knights"] is None and named["Gold"] == "Gold"
    assert [pile for pile, *_ in rows] == list(g.supply)
    assert all(cards is g.piles[pile] for pile, cards, _, _ in rows)
    assert all(cost == CARDS[name].cost for _, _, name, cost in rows if name)
    assert all({g.names[c] for c in cards} == {name} for _, cards, name, _ in rows if name)
    assert {pile for pile, _, name, _ in rows if name is None} == {"Knights", "Ruins"}
    assert view.pile_rows() is rows
    g._derive()  # (as a Band of Misfits does): the rows follow the new tables
    again = view.pile_rows()
    assert again is not rows and again == rows
