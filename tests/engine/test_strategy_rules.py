"""Strategies as data: the format is checked with messages that say where, conditions read
what they should, and the shipped strategies play as written (bmu.json and smithy.json give
exactly the answers of their Python twins)."""
from __future__ import annotations

import json
import random

import pytest

from engine import CARDS, new_game
from engine.bots import BUILTIN, STRATEGIES, describe, names, seat_player
from engine.bots.common import SeatView
from engine.bots.expr import Context, ExprError, compile_condition
from engine.bots.money import big_money_ultimate, smithy_big_money
from engine.bots.rules import StrategyError, parse, validate
from engine.kingdoms import random_kingdom
from tests.engine.helpers import decision, position, seat, treasures

K = ["Chapel", "Workshop", "Smithy", "Witch", "Militia", "Gardens", "Village", "Masquerade",
     "Moat", "Laboratory"]


def _problems(definition) -> list[str]:
    with pytest.raises(StrategyError) as err:
        parse(definition)
    return err.value.problems


# ----- the format -------------------------------------------------------------------------
def test_every_shipped_strategy_parses_and_is_registered():
    assert {"bmu", "smithy", "double-witch", "big-money", "workshop-gardens"} <= set(BUILTIN)
    for name, strategy in BUILTIN.items():
        assert strategy.name == name and name in STRATEGIES and strategy.buy
    kinds = {d["name"]: d["kind"] for d in describe()}
    assert kinds["double-witch"] == "data" and kinds["planner"] == "engine"
    assert "random" in names()


def test_a_rule_is_a_card_name_or_an_object():
    s = parse({"name": "x", "buy": ["Gold", {"card": "Silver", "if": "turn <= 3", "max": 2}]})
    assert [r.card for r in s.buy] == ["Gold", "Silver"]
    assert s.buy[1].max == 2 and s.guard and not s.basic


def test_problems_name_the_field_and_suggest_the_right_word():
    problems = _problems({
        "name": "Bad Name", "colour": "red",
        "buy": [{"card": "Provnce"}, {"card": "Gold", "if": "provinces < 3"},
                {"card": "Silver", "if": "coins >"}, {"card": "Duchy", "max": -1}],
        "play": ["Gold"], "endgame": "sometimes"})
    text = "\n".join(problems)
    assert "colour: unknown field" in text
    assert "name: required" in text
    assert "buy[0].card: unknown card 'Provnce' (did you mean 'Province'?)" in text
    assert "buy[1].if: unknown name 'provinces'" in text and "provinces_left" in text
    assert "buy[2].if: syntax error" in text
    assert "buy[3].max: a whole number" in text
    assert "play: Gold is not an Action card" in text
    assert "endgame: one of guard, race, plain" in text


def test_a_strategy_needs_buy_rules_and_json_errors_say_where():
    assert "buy: required" in " ".join(_problems({"name": "empty"}))
    assert _problems('{"name": "x",\n "buy": [}')[0].startswith("not valid JSON")
    assert "line 2" in _problems('{"name": "x",\n "buy": [}')[0]
    assert validate({"name": "ok", "buy": ["Silver"]}) == []


def test_what_a_definition_holds_is_bounded():
    """A staff member saved `requires` with 100,000 names and a `max` of thousands of digits
    (past 4,300 it would not load back from the database)."""
    text = "\n".join(_problems({
        "name": "big", "label": "x" * 81, "description": "y" * 2001,
        "requires": ["Witch"] * 61, "buy": [{"card": "Gold", "max": 10 ** 40}]}))
    assert "label: at most 80 characters" in text
    assert "description: at most 2000 characters" in text
    assert "requires: at most 60 cards" in text
    assert "buy[0].max: a whole number from 0 to 1000" in text
    assert validate({"name": "ok", "requires": ["Witch"] * 60,
                     "buy": [{"card": "Witch", "max": 1000}]}) == []


@pytest.mark.parametrize("source, message", [
    ("__import__('os')", "unknown function '__import__'"),
    ("count.__class__", "attribute is not allowed"),
    ("count('Gold', 2) > 1", "count() takes one quoted card name"),
    ("count_type('Treasur') > 1", "unknown card type 'Treasur'"),
    ("'Gold' > 1", "can only be the argument of a function"),
    ("[1, 2]", "list is not allowed"),
    ("coins if turn else buys", "ifexp is not allowed"),
])
def test_conditions_refuse_anything_but_the_small_language(source, message):
    with pytest.raises(ExprError) as err:
        compile_condition(source)
    assert message in str(err.value)



@pytest.mark.parametrize("source, message", [
    ("1j > 0", "1j is not a number"),  # each compiled, then raised TypeError mid-game
    ("b'x' > 1", "b'x' is not a number"),
    ("... == 1", "Ellipsis is not a number"),
    ("9" * 400 + " / 2 > 1", "a number is at most"),  # OverflowError mid-game
    ("-" * 480 + "1 > 0", "nests at most 40"),  # RecursionError: a 500 in the admin
    ("not " * 100 + "true", "nests at most 40"),
    ("+".join(["1"] * 100) + " > 1", "nests at most 40"),
])
def test_conditions_that_would_fail_mid_game_are_refused_when_saved(source, message):
    with pytest.raises(ExprError) as err:
        compile_condition(source)
    assert message in str(err.value)


def test_arithmetic_on_large_numbers_gives_a_number_not_an_error():
    """Products of allowed constants would grow past what `/` can convert to a float."""
    big = "*".join(["9007199254740992"] * 27)
    assert len(big) < 470
    for source in (f"{big} / 3 > 1", f"-{big} / 3 < 1", "1e308 * 10 / 1e-308 > 1"):
        assert compile_condition(source)(None) is True, source
    for source in (f"{big} // 7 > 1", f"({big}) % 5 >= 0"):  # inf // 7 is nan: no error
        assert compile_condition(source)(None) in (True, False), source


def test_a_deep_or_huge_json_text_is_a_problem_not_a_crash():
    assert _problems('{"buy": ' + "[" * 5000 + "]" * 5000 + "}")[0].startswith(
        "not valid JSON")
    assert _problems('{"buy": ["Gold"], "max": ' + "9" * 5000 + "}")[0].startswith(
        "not valid JSON")

def test_conditions_read_the_deck_the_supply_and_the_score():
    g = position(seat(hand=["Gold", "Silver", "Estate"], deck=["Witch", "Copper"],
                      discard=["Province"]), seat(hand=["Copper"], discard=["Duchy"]),
                 kingdom=K, supply={"Province": 3})
    ctx = Context(SeatView(g, 0), decision(g, 0))

    def value(source):
        return compile_condition(source)(ctx)

    assert value("count('Gold') == 1 and count_type('Victory') == 2")
    assert value("total_money == 6 and deck_size == 6 and terminals == 1")
    assert value("provinces_left == 3 and pile('Witch') == 10 and in_supply('Witch')")
    assert value("in_hand('Silver') == 1 and in_deck('Witch') == 1 and hand_money == 5")
    assert value("my_vp == 7 and opp_vp == 3 and vp_lead == 4 and opp_count('Duchy') == 1")
    assert value("money_density == 1 and 1 < 2 <= 2 and not (turn > 1) and 7 // 2 == 3")
    assert value("total_money / 0 == 0")  # no ZeroDivisionError mid-game


# ----- playing by the rules -----------------------------------------------------------------
def _buy_answer(definition: dict, hand: list[str], **kw) -> dict:
    g = position(seat(hand=hand, deck=["Copper"] * 5), seat(), kingdom=K, **kw)
    treasures(g)
    d = decision(g, 0, "BuyPhase")
    return parse(definition).answer(SeatView(g, 0), d)


def test_the_first_rule_that_applies_is_bought():
    rules = {"name": "t", "buy": [{"card": "Province", "if": "total_money > 30"},
                                  {"card": "Witch", "max": 1}, "Gold", "Silver"]}
    assert _buy_answer(rules, ["Gold", "Gold", "Gold"]) == {"buy": "Witch"}
    assert _buy_answer(rules, ["Silver", "Silver"]) == {"buy": "Silver"}
    assert _buy_answer(rules, ["Copper"]) == {"end": True}


def test_play_rules_come_first_and_unlisted_actions_follow_the_heuristic():
    g = position(seat(hand=["Smithy", "Village", "Militia"], deck=["Copper"] * 6), seat(),
                 kingdom=K)
    d = decision(g, 0, "PlayAction")
    listed = parse({"name": "t", "buy": ["Gold"], "play": ["Militia"]})
    assert g.names[listed.answer(SeatView(g, 0), d)[0]] == "Militia"
    free = parse({"name": "t", "buy": ["Gold"], "play": [{"card": "Militia", "if": "turn > 5"}]})
    assert g.names[free.answer(SeatView(g, 0), d)[0]] == "Village"
    basic = parse({"name": "t", "buy": ["Gold"], "others": "basic"})
    assert basic.answer(SeatView(g, 0), d) == []


def test_trash_rules_pick_in_order_and_see_their_earlier_picks():
    g = position(seat(hand=["Chapel", "Estate", "Copper", "Copper", "Silver"],
                      deck=["Copper"] * 3), seat(), kingdom=K)
    g.answer(0, decision(g, 0).id, ["Chapel"])
    d = decision(g, 0, "ChooseCards")
    s = parse({"name": "t", "buy": ["Gold"],
               "trash": ["Estate", {"card": "Copper", "if": "total_money >= 7"}]})
    picked = [g.names[c] for c in s.answer(SeatView(g, 0), d)]
    # 5 Coppers and a Silver make $7: one Copper goes, then the deck has $6 and the rule stops
    assert picked == ["Estate", "Copper"]


def test_gain_decisions_follow_the_buy_rules():
    g = position(seat(hand=["Workshop"], deck=["Copper"] * 5), seat(), kingdom=K)
    g.answer(0, decision(g, 0).id, ["Workshop"])
    d = decision(g, 0, "ChoosePile")
    s = parse({"name": "t", "buy": [{"card": "Gardens", "if": "count('Workshop') >= 2"},
                                    "Workshop", "Silver"]})
    assert s.answer(SeatView(g, 0), d) == "Workshop"


# ----- the shipped strategies -------------------------------------------------------------
def _same_answers(strategy: str, python, seed: int) -> int:
    rng = random.Random(seed)
    kingdom = random_kingdom(rng, CARDS.values(), editions=[2])
    g = new_game({"players": 2, "kingdom": kingdom, "shelters": "auto"}, f"twins-{seed}")
    data = BUILTIN[strategy]
    checked = 0
    while not g.over:
        d = g.pending()[0]
        view = SeatView(g, d.seat)
        expected = python(view, d)
        assert data.answer(view, d) == expected, (kingdom, d)
        g.answer(d.seat, d.id, expected)
        checked += 1
    return checked


@pytest.mark.parametrize("seed", range(6))
def test_bmu_json_and_smithy_json_answer_exactly_as_their_python_twins(seed):
    assert _same_answers("bmu", big_money_ultimate, seed) > 20
    assert _same_answers("smithy", smithy_big_money, seed) > 20


def test_the_shipped_strategies_finish_games_on_random_kingdoms():
    rng = random.Random(7)
    for i, name in enumerate(sorted(BUILTIN)):
        kingdom = random_kingdom(rng, CARDS.values(), count=10)
        g = new_game({"players": 2, "kingdom": kingdom, "shelters": "auto"}, f"ship-{i}")
        players = [seat_player(name, g, 0), seat_player("heuristic", g, 1)]
        for _ in range(5000):
            if g.over:
                break
            d = g.pending()[0]
            g.answer(d.seat, d.id, players[d.seat](d))
        assert g.over, (name, kingdom)


def test_shipped_files_are_plain_json_documents():
    from importlib import resources

    folder = resources.files("engine.bots.strategies")
    files = [e for e in folder.iterdir() if e.name.endswith(".json")]
    assert len(files) == len(BUILTIN)
    for entry in files:
        data = json.loads(entry.read_text())
        assert data["name"] == entry.name[:-5] and data.get("label") and data.get("description")


def test_discard_rules_come_first_and_the_rest_is_made_up_sensibly():
    g = position(seat(hand=["Militia"], deck=["Copper"] * 5),
                 seat(hand=["Gold", "Estate", "Silver", "Copper", "Duchy"]), kingdom=K)
    g.answer(0, decision(g, 0).id, ["Militia"])
    d = decision(g, 1, "ChooseCards")
    s = parse({"name": "t", "buy": ["Gold"], "discard": ["Silver"]})
    picked = sorted(g.names[c] for c in s.answer(SeatView(g, 1), d))
    assert picked == ["Duchy", "Silver"]  # Silver by the rule, then a Victory card
