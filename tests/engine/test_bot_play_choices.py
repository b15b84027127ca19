"""Choices the planner's plans lean on, in constructed positions: a Throne Room doubles the
card best played now (or nothing), a Mining Village is kept unless trashing it buys a
Province, Rats only trade junk, and a plan's cards costing $6 are bought before Gold (after
Gold they never would be)."""
from __future__ import annotations

from engine.bots import bot_answer
from engine.bots.common import SeatView
from engine.bots.expr import Context, compile_condition
from engine.bots.plans import big_money, candidates
from tests.engine.helpers import decision, play, position, seat

K = ["Throne Room", "Smithy", "Village", "Moneylender", "Chapel", "Witch", "Moat", "Market",
     "Mining Village", "Rats"]


def bot(g, p: int = 0):
    return bot_answer("heuristic", g, p, decision(g, p))


def _throne(hand: list[str]) -> list[str]:
    g = position(seat(hand=["Throne Room", *hand], deck=["Copper"] * 10), seat(), kingdom=K)
    play(g, "Throne Room")
    return [g.names[c] for c in bot(g)]


def test_throne_room_doubles_the_attack_over_a_reaction_and_draw_over_a_dry_moneylender():
    assert _throne(["Moat", "Witch", "Copper", "Estate"]) == ["Witch"]
    assert _throne(["Smithy", "Moneylender", "Silver", "Silver"]) == ["Smithy"]


def test_throne_room_takes_the_village_when_a_terminal_waits_for_its_actions():
    assert _throne(["Market", "Smithy", "Copper", "Estate"]) == ["Market"]


def test_throne_room_doubles_nothing_rather_than_a_card_with_nothing_to_do():
    assert _throne(["Chapel", "Copper", "Silver", "Gold"]) == []
    assert _throne(["Moneylender", "Silver", "Silver", "Gold"]) == []


def test_throne_room_is_not_played_without_a_card_worth_doubling():
    g = position(seat(hand=["Throne Room", "Moneylender", "Silver", "Gold", "Gold"]), seat(),
                 kingdom=K)
    assert bot(g) == []
    g = position(seat(hand=["Throne Room", "Smithy", "Silver", "Gold", "Gold"]), seat(),
                 kingdom=K)
    assert [g.names[c] for c in bot(g)] == ["Throne Room"]


def _mining_village(hand: list[str]) -> str:
    g = position(seat(hand=["Mining Village", *hand], deck=["Estate"] * 5), seat(), kingdom=K)
    play(g, "Mining Village")
    return bot(g)


def test_mining_village_is_kept_unless_its_two_coins_reach_a_province():
    assert _mining_village(["Gold", "Copper", "Copper"]) == "keep"  # $5 -> $7: no Province
    assert _mining_village(["Gold", "Silver", "Copper", "Copper"]) == "trash"  # $7 -> $9


def test_rats_is_not_played_to_trade_a_copper_for_another_rats():
    g = position(seat(hand=["Rats", "Copper", "Silver", "Gold", "Gold"], deck=["Silver"]),
                 seat(), kingdom=K)
    assert bot(g) == []
    g = position(seat(hand=["Rats", "Estate", "Silver", "Gold", "Gold"], deck=["Silver"]),
                 seat(), kingdom=K)
    assert [g.names[c] for c in bot(g)] == ["Rats"]


def _buy_order(definition: dict) -> list[str]:
    return [r if isinstance(r, str) else r["card"] for r in definition["buy"]]


def test_a_card_costing_six_goes_before_gold_in_every_plan():
    plan = big_money("x", "x", [], [{"card": "Hunting Grounds", "max": 2}, "Village"])
    order = _buy_order(plan)
    assert order.index("Hunting Grounds") < order.index("Gold") < order.index("Village")
    kingdom = ["Hunting Grounds", "Fortress", "Mining Village", "Moneylender", "Hermit",
               "Cellar", "Altar", "Armory", "Conspirator", "Throne Room"]
    for definition in candidates(kingdom):
        order = _buy_order(definition)
        for card in ("Hunting Grounds", "Altar"):
            if card in order:
                assert order.index(card) < order.index("Gold"), definition["name"]


def test_rats_is_no_trasher_of_any_plan():
    kingdom = ["Rats", "Smithy", "Militia", "Village", "Cellar", "Moat", "Workshop",
               "Bureaucrat", "Market", "Festival"]
    assert not [d["name"] for d in candidates(kingdom) if "Rats" in d.get("requires", [])]


def test_economy_counts_the_coins_of_non_terminal_action_cards():
    g = position(seat(hand=["Festival", "Market", "Silver", "Rogue"], deck=["Copper"]),
                 seat(), kingdom=K + ["Festival", "Rogue"])
    ctx = Context(SeatView(g, 0), decision(g, 0))
    assert compile_condition("total_money == 3 and economy == 6")(ctx)  # Rogue's $2: no
    assert compile_condition("avg_hand == 6")(ctx)  # 5 * 6 / 5 cards


def test_laboratories_are_stacked_before_a_second_terminal():
    kingdom = ["Bandit", "Laboratory", "Market", "Pawn", "Cellar", "Moat", "Village", "Chapel",
               "Workshop", "Gardens"]
    plans = {d["name"]: d for d in candidates(kingdom)}
    order = _buy_order(plans["bm-bandit-laboratory"])
    bandits = [i for i, c in enumerate(order) if c == "Bandit"]
    assert bandits[0] < order.index("Laboratory") < bandits[-1]
    labs = [r for r in plans["bm-bandit-laboratory"]["buy"]
            if isinstance(r, dict) and r["card"] == "Laboratory"]
    assert labs[0]["max"] == 8
    market = _buy_order(plans["bm-bandit-market"])  # a weaker helper comes after both
    assert market.index("Market") > max(i for i, c in enumerate(market) if c == "Bandit")


def _baron_played(hand: list[str], deck: list[str] | None = None, **kw) -> bool:
    kingdom = ["Baron", "Smithy", "Village", "Moat", "Market", "Chapel", "Witch", "Mine",
               "Cellar", "Remodel"]
    deck = ["Copper"] * 7 + ["Estate"] * 3 if deck is None else deck
    g = position(seat(hand=["Baron", *hand], deck=deck), seat(), kingdom=kingdom, **kw)
    return [g.names[c] for c in bot(g)] == ["Baron"]


def test_baron_is_played_for_its_estate_and_not_to_gain_one_early():
    assert _baron_played(["Estate", "Copper", "Copper", "Silver"])
    assert not _baron_played(["Copper", "Copper", "Silver", "Silver"])


def test_baron_gains_the_estate_it_needs_in_a_deck_without_enough_of_them():
    """Shelters (or trashing) left fewer Estates than Barons: played for the Estate it gains,
    the fodder of its next plays."""
    shelters = ["Hovel", "Necropolis", "Overgrown Estate"] + ["Copper"] * 7
    assert _baron_played(["Copper", "Copper", "Silver", "Silver"], deck=shelters)
    assert not _baron_played(["Copper", "Copper", "Silver", "Silver"],
                             deck=shelters + ["Estate"])


def test_baron_gains_its_estate_near_the_end():
    assert _baron_played(["Copper", "Copper", "Silver", "Silver"], supply={"Province": 2})


def _wish(deck: list[str], discard: list[str]) -> str:
    k = ["Wishing Well", *K[1:]]
    g = position(seat(hand=["Wishing Well"], deck=deck, discard=discard), seat(), kingdom=k)
    play(g, "Wishing Well")
    return bot(g)


def test_wishing_well_names_the_commonest_card_of_the_draw_pile_not_of_the_whole_deck():
    # Eight Coppers sit in the discard pile; what is left to draw is mostly Silver.
    assert _wish(["Estate", "Silver", "Silver", "Copper"], ["Copper"] * 8) == "Silver"


def test_wishing_well_names_from_the_discard_pile_when_the_draw_pile_is_empty():
    assert _wish(["Estate"], ["Gold", "Gold", "Copper"]) == "Gold"
