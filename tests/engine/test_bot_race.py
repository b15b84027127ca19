"""The look-ahead of a two-player game's last turns (`engine/bots/race.py`): the penultimate
Province is left when it hands the other player the game, a clear lead still takes it, and the
hand odds it reasons with are exact."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.bots.common import SeatView
from engine.bots.race import NO_GREEN, Race, _classes, bands, race_buy
from engine.bots.rules import parse
from tests.engine.helpers import decision, position, seat, treasures

K = ["Chapel", "Workshop", "Smithy", "Witch", "Militia", "Gardens", "Village", "Masquerade",
     "Moat", "Laboratory"]
RACER = {"name": "racer", "buy": ["Province", "Duchy", "Gold", "Silver"], "endgame": "race"}
GUARDED = {**RACER, "name": "guarded", "endgame": "guard"}
# The other player's deck makes $8 on almost every hand: a last Province left is theirs.
RICH = ["Gold"] * 8 + ["Silver"] * 2
# ... or on about half of them.
MIDDLING = ["Gold"] * 4 + ["Silver"] * 3 + ["Copper"] * 7


def _position(my_cards: list[str], their_cards: list[str], provinces: int = 2):
    g = position(seat(hand=["Gold", "Gold", "Silver"], deck=["Silver"] * 5 + ["Gold"] * 3,
                      discard=my_cards),
                 seat(discard=their_cards), kingdom=K, supply={"Province": provinces})
    treasures(g)
    return g, decision(g, 0, "BuyPhase")


def test_the_penultimate_province_is_left_when_it_hands_over_the_game():
    # 16 to 18: a Province makes it 22 to 18 with one left, which their next $8 takes
    # (24-22); a Duchy makes it 19 to 18 with two left: their Province then leaves me the
    # last one to win with (my next hand makes $8)
    g, d = _position(["Province"] * 2 + ["Estate"] * 4, ["Province"] * 3 + MIDDLING)
    view = SeatView(g, 0)
    race = Race(view, view.supply_counts())
    assert race.value(("Province",)) < race.value(("Duchy",))
    assert parse(RACER).answer(view, d) == {"buy": "Duchy"}
    assert parse(GUARDED).answer(view, d) == {"buy": "Province"}  # without the look-ahead


def test_a_clear_lead_still_takes_the_penultimate_province():
    # 30 to 18: even with the last Province theirs, the game is mine
    g, d = _position(["Province"] * 5, ["Province"] * 3 + RICH)
    assert parse(RACER).answer(SeatView(g, 0), d) == {"buy": "Province"}


def test_far_from_the_end_the_buy_rules_decide():
    g, d = _position(["Estate"] * 3, ["Estate"] * 3 + RICH, provinces=8)
    assert parse(RACER).answer(SeatView(g, 0), d) == {"buy": "Province"}


def test_a_duchy_instead_of_the_rules_gold_when_the_end_is_one_buy_away():
    # one Province left, 22 to 18 and $6: after a Gold their next $8 takes the last Province
    # and wins (24-22); after a Duchy (25-18) that Province would lose it for them
    g = position(seat(hand=["Gold", "Gold"], deck=["Copper"] * 5,
                      discard=["Province"] * 3 + ["Estate"] * 4 + ["Gold"] * 6),
                 seat(discard=["Province"] * 3 + MIDDLING), kingdom=K, supply={"Province": 1})
    treasures(g)
    d = decision(g, 0, "BuyPhase")
    money = {"name": "money", "buy": ["Province", "Gold", "Silver"]}
    assert parse({**money, "endgame": "race"}).answer(SeatView(g, 0), d) == {"buy": "Duchy"}
    assert parse(money).answer(SeatView(g, 0), d) == {"buy": "Gold"}


def test_no_victory_card_leaves_the_choice_to_the_rules_next_buy():
    # far behind with Provinces left: any Victory card only shortens the game, and the
    # rules' next card that is not one is bought instead
    g, d = _position([], ["Province"] * 4 + RICH, provinces=2)
    view = SeatView(g, 0)
    assert race_buy(view, d, "Duchy", view.supply_counts()) in (NO_GREEN, "Duchy")


def test_two_players_only():
    g = position(seat(hand=["Gold"] * 3), seat(), seat(), kingdom=K, supply={"Province": 2})
    treasures(g)
    d = decision(g, 0, "BuyPhase")
    assert parse(RACER).answer(SeatView(g, 0), d) == {"buy": "Province"}


@pytest.mark.parametrize(("cards", "expected"), [
    (Counter({"Gold": 5}), (0.0, 0.0, 0.0, 1.0)),
    (Counter({"Copper": 10}), (0.0, 0.0, 1.0, 0.0)),
    (Counter({"Estate": 3, "Copper": 2}), (0.0, 1.0, 0.0, 0.0)),
])
def test_hand_odds_of_simple_decks(cards, expected):
    assert bands(_classes(cards)) == pytest.approx(expected)


def test_hand_odds_count_every_hand():
    # 7 Coppers and 3 Estates: $5 needs all five Coppers, C(7,5) / C(10,5) = 21 / 252
    odds = bands(_classes(Counter({"Copper": 7, "Estate": 3})))
    assert odds[2] == pytest.approx(21 / 252)
    assert sum(odds) == pytest.approx(1.0)
    # three dead cards more make the $5 hand rarer
    assert bands(_classes(Counter({"Copper": 7, "Estate": 3})), 3)[2] < odds[2]
