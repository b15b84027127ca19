"""Mechanisms the expansions need, each shown with a card that exists only in this test.

Triggers on gain/trash/buy firing in the middle of another card, the Lose Track rule,
non-Supply piles, split piles where only the top card shows, turn-wide cost changes, and
several Reactions to one Attack chosen one at a time.
"""
from __future__ import annotations

import pytest

from engine import IllegalAnswer, new_game
from engine.cardbase import ACTION, ATTACK, KNIGHT, REACTION, TREASURE, VICTORY
from engine.decisions import ChooseOption
from engine.positions import build

KINGDOM = ["Village", "Smithy", "Remodel", "Workshop", "Militia", "Moat", "Chapel",
           "Throne Room", "Market", "Cellar"]


def answer(g, seat, value):
    d = next(d for d in g.pending() if d.seat == seat)
    return g.answer(seat, d.id, value)


def zone(g, seat, name):
    return [g.names[c] for c in getattr(g.players[seat], name)]


def test_trash_trigger_fires_in_the_middle_of_remodel(test_cards):
    def draw_two(g, p, cid):
        g.draw(p, 2)
        return
        yield

    test_cards("Phoenix", 3, ACTION, triggers={"trash": draw_two}, is_kingdom=False)
    g = build({"kingdom": KINGDOM, "extra_piles": [], "players": [
        {"hand": ["Remodel", "Phoenix"], "deck": ["Gold", "Gold"]}, {}]})
    answer(g, 0, ["Remodel"])
    answer(g, 0, ["Phoenix"])
    # the trigger drew before Remodel's gain was chosen
    assert zone(g, 0, "hand") == ["Gold", "Gold"]
    assert g.pending()[0].kind == "ChoosePile"


def test_gain_and_buy_triggers_fire_with_the_player_choosing_their_order(test_cards):
    order = []

    def on_buy(g, p, cid):
        order.append("buy")
        return
        yield

    def on_gain(g, p, cid):
        order.append("gain")
        yield from g.gain(p, "Curse")

    test_cards("Omen", 2, VICTORY, triggers={"buy": on_buy, "gain": on_gain})
    g = build({"kingdom": ["Omen", *KINGDOM[:9]],
               "players": [{"hand": ["Silver"]}, {}]})
    answer(g, 0, {"play": "all"})
    answer(g, 0, {"buy": "Omen"})
    assert order == ["buy", "gain"]
    owned = sorted(g.names[c] for c in g.players[0].all_cards())
    assert owned == ["Curse", "Omen", "Silver"]


def test_several_triggers_at_once_are_ordered_by_their_owner(test_cards):
    def noop(g, p, cid):
        g.note("fired", p, {"card": g.names[cid]})
        return
        yield

    test_cards("Ember", 0, ACTION, triggers={"trash": noop}, is_kingdom=False)
    test_cards("Ash", 0, ACTION, triggers={"trash": noop}, is_kingdom=False)
    g = build({"kingdom": KINGDOM, "players": [
        {"hand": ["Chapel", "Ember", "Ash"]}, {}]})
    answer(g, 0, ["Chapel"])
    answer(g, 0, ["Ember", "Ash"])
    d = g.pending()[0]
    assert isinstance(d, ChooseOption) and d.labels == ["Ember", "Ash"]
    answer(g, 0, "1")
    fired = [e[2]["card"] for e in g.log if e[0] == "fired"]
    assert fired == ["Ash", "Ember"]


def test_lose_track_throne_room_feast_trashes_once_and_gains_twice():
    g = build({"kingdom": ["Feast", *KINGDOM[:9]], "edition": 1,
               "players": [{"hand": ["Throne Room", "Feast"]}, {}]})
    answer(g, 0, ["Throne Room"])
    answer(g, 0, ["Feast"])
    answer(g, 0, "Duchy")
    answer(g, 0, "Market")
    assert [g.names[c] for c in g.trash_pile] == ["Feast"]
    assert sorted(zone(g, 0, "discard")) == ["Duchy", "Market"]


def test_moving_a_card_that_is_gone_does_nothing():
    g = build({"kingdom": KINGDOM, "players": [{"hand": ["Copper"]}, {}]})
    copper = g.players[0].hand[0]
    g.move(copper, g.players[0].hand, g.trash_pile)
    assert g.move(copper, g.players[0].hand, g.players[0].discard) is False
    assert zone(g, 0, "discard") == []


def test_non_supply_piles_can_be_gained_but_not_bought_and_never_end_the_game(test_cards):
    def gain_loot(g, p, cid):
        yield from g.gain(p, "Loot")

    test_cards("Loot", 0, TREASURE, coins=3, in_supply=False, is_kingdom=False, pile_size=2)
    test_cards("Raider", 4, ACTION, effect=gain_loot, needs=("Loot",))
    g = build({"kingdom": ["Raider", *KINGDOM[:9]],
               "players": [{"hand": ["Raider", "Copper"]}, {}],
               "supply": {"Curse": 0, "Estate": 0}})
    assert "Loot" not in g.supply and len(g.piles["Loot"]) == 2
    answer(g, 0, ["Raider"])
    d = g.pending()[0]
    assert "Loot" not in d.piles
    with pytest.raises(IllegalAnswer):
        answer(g, 0, {"buy": "Loot"})
    g.piles["Loot"].clear()
    assert g.empty_supply_piles() == 2 and not g._game_ended()


def test_split_pile_shows_and_gives_only_its_top_card(test_cards):
    test_cards("Sir Low", 3, ACTION | ATTACK | KNIGHT, is_kingdom=False)
    test_cards("Dame High", 5, ACTION | ATTACK | KNIGHT, is_kingdom=False)
    test_cards("Heroes", 5, ACTION | ATTACK | KNIGHT, members=("Sir Low", "Dame High"))
    g = new_game({"players": 2, "kingdom": ["Heroes", *KINGDOM[:9]]}, "split")
    heroes = g.piles["Heroes"]
    heroes.sort(key=lambda c: g.names[c] == "Sir Low")  # Sir Low on top, Dame High under
    for seat in (None, 0, 1):
        pile = next(p for p in g.view(seat)["supply"] if p["pile"] == "Heroes")
        assert (pile["top"], pile["cost"], pile["count"]) == ("Sir Low", 3, 2)
        assert "Dame High" not in str(g.view(seat)["supply"])
    p = g.active
    sir_low = heroes[-1]
    g.players[p].hand.append(g.players[p].deck.pop())  # any card; we gain via the verb
    gained = list(_drive(g.gain(p, "Heroes")))
    assert gained == [] and g.names[g.players[p].discard[-1]] == "Sir Low"
    assert g.players[p].discard[-1] == sir_low and g.pile_top("Heroes") == "Dame High"


def _drive(gen):
    """Run a verb generator that should not need any decision."""
    try:
        while True:
            yield next(gen)
    except StopIteration:
        return


def test_split_pile_is_dealt_shuffled_from_its_members(test_cards):
    test_cards("Sir A", 4, ACTION | KNIGHT, is_kingdom=False)
    test_cards("Sir B", 5, ACTION | KNIGHT, is_kingdom=False)
    test_cards("Order", 5, ACTION | KNIGHT, members=("Sir A", "Sir B"))
    tops = set()
    for seed in range(20):
        g = new_game({"players": 2, "kingdom": ["Order", *KINGDOM[:9]]}, f"s{seed}")
        tops.add(g.pile_top("Order"))
        assert sorted(g.names[c] for c in g.piles["Order"]) == ["Sir A", "Sir B"]
    assert tops == {"Sir A", "Sir B"}


def test_cost_reduction_applies_everywhere_and_never_below_zero(test_cards):
    def bridge_like(g, p, cid):
        g.cost_reduction += 1
        return
        yield

    test_cards("Span", 4, ACTION, effect=bridge_like, plus_actions=1)
    g = build({"kingdom": ["Span", *KINGDOM[:9]],
               "players": [{"hand": ["Span", "Span", "Workshop", "Copper"]}, {}]})
    answer(g, 0, ["Span"])
    answer(g, 0, ["Span"])
    assert g.cost("Duchy") == 3 and g.cost("Copper") == 0 and g.cost("Estate") == 0
    answer(g, 0, ["Workshop"])
    d = g.pending()[0]
    assert "Gold" in d.piles and "Province" not in d.piles  # Gold costs $4 now
    answer(g, 0, "Gold")
    view = g.view(0)
    assert next(p for p in view["supply"] if p["pile"] == "Province")["cost"] == 6
    answer(g, 0, {"play": "all"})
    answer(g, 0, {"buy": "Estate"})  # $1 buys an Estate that costs $0
    assert g.cost("Duchy") == 5  # the next turn has normal costs


def test_several_reactions_to_one_attack_are_revealed_one_at_a_time(test_cards):
    def shield(g, v, c, attacker):
        g.draw(v, 1)  # may draw another Reaction, which can then be revealed
        return False
        yield

    test_cards("Buckler", 2, ACTION | REACTION, reaction=shield)
    g = build({"kingdom": ["Buckler", *KINGDOM[:9]], "players": [
        {"hand": ["Militia"]},
        {"hand": ["Buckler", "Copper", "Copper", "Estate", "Estate"], "deck": ["Moat"]}]})
    answer(g, 0, ["Militia"])
    d = g.pending()[0]
    assert d.kind == "Reveal" and [g.names[c] for c in d.cards] == ["Buckler"]
    answer(g, 1, ["Buckler"])
    d = g.pending()[0]
    assert d.kind == "Reveal" and sorted(g.names[c] for c in d.cards) == ["Moat"]
    answer(g, 1, ["Moat"])
    assert [x.kind for x in g.pending()] == ["BuyPhase"]  # Moat blocked the discard
    assert len(g.players[1].hand) == 6


def test_reactions_of_different_players_are_open_at_the_same_time():
    g = build({"kingdom": KINGDOM, "players": [
        {"hand": ["Militia"]},
        {"hand": ["Moat", "Copper", "Copper", "Estate", "Estate"]},
        {"hand": ["Moat", "Copper", "Copper", "Estate", "Estate"]}]})
    answer(g, 0, ["Militia"])
    assert sorted(d.seat for d in g.pending()) == [1, 2]
    answer(g, 2, [])  # seat 2 answers first and declines
    d = next(d for d in g.pending() if d.seat == 2)
    assert d.kind == "ChooseCards"  # seat 2 discards while seat 1 still decides
    answer(g, 2, ["Estate", "Estate"])
    answer(g, 1, ["Moat"])
    assert len(g.players[1].hand) == 5 and len(g.players[2].hand) == 3
