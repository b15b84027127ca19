"""The look-ahead of a two-player game's last turns (`engine/bots/race.py`): the penultimate
Province is left when it hands the other player the game, a clear lead still takes it, and the
hand odds it reasons with are exact."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.bots.common import SeatView
from engine.bots.race import NO_GREEN, Race, _classes, bands, race_buy
from engine.bots.rules import parse
from tests.engine.helpers import answer, decision, play, position, seat, treasures

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


def _count_second_choice(my_cards: list[str], their_cards: list[str], provinces: int):
    """My Count's second choice with $5 in hand (two Silvers and a Copper)."""
    g = position(seat(hand=["Count", "Silver", "Silver", "Copper", "Estate", "Estate"],
                      deck=["Silver"] * 5 + ["Gold"] * 3, discard=my_cards),
                 seat(discard=their_cards), kingdom=K[:9] + ["Count"],
                 supply={"Province": provinces})
    play(g, "Count")
    answer(g, 0, "discard")
    answer(g, 0, [c for c in decision(g, 0).cards if g.names[c] == "Estate"])
    return g, decision(g, 0, "ChooseOption")


def test_count_gains_a_duchy_when_the_penultimate_province_would_hand_over_the_game():
    # 16 to 18 with 2 Provinces left: +$3 buys the penultimate Province (22-18, their next $8
    # wins); a Duchy now and a Duchy bought (22-18, 2 left) keeps the game
    g, d = _count_second_choice(["Province"] * 2 + ["Estate"] * 2, ["Province"] * 3 + MIDDLING,
                                provinces=2)
    view = SeatView(g, 0)
    assert parse(GUARDED).answer(view, d) == "coins"  # the heuristic: +$3 for a Province
    assert parse(RACER).answer(view, d) == "duchy"


def test_count_takes_the_coins_that_buy_the_winning_province():
    # one Province left and 4 behind: +$3 buys it and wins
    g, d = _count_second_choice(["Province"] * 2 + ["Estate"] * 2,
                                ["Province"] * 3 + ["Estate"] * 2 + MIDDLING, provinces=1)
    assert parse(RACER).answer(SeatView(g, 0), d) == "coins"


def test_count_far_from_the_end_is_the_heuristics_choice():
    g, d = _count_second_choice([], MIDDLING, provinces=8)
    assert parse(RACER).answer(SeatView(g, 0), d) == parse(GUARDED).answer(SeatView(g, 0), d)


def test_a_province_that_leaves_me_ahead_of_every_province_left_skips_the_look_ahead(
        monkeypatch):
    from engine.bots import race

    g, d = _position(["Province"] * 5, ["Province"] * 3 + RICH)  # 30 to 18, 2 left
    view = SeatView(g, 0)
    assert race.province_is_safe(view, d, view.supply_counts())
    monkeypatch.setattr(race, "Race", None)  # not built: a call would fail
    assert race_buy(view, d, "Province", view.supply_counts()) == "Province"
    g, d = _position(["Province"] * 2 + ["Estate"] * 4, ["Province"] * 3 + MIDDLING)
    view = SeatView(g, 0)
    assert not race.province_is_safe(view, d, view.supply_counts())  # 22 to 18, 1 left


def test_province_is_safe_counts_the_provinces_left_after_it():
    from engine.bots import race

    # 12 ahead: 18 after it, more than 2 Provinces left after it (12) are worth, not 3 (18)
    for provinces, safe in ((3, True), (4, False)):
        g, d = _position(["Province"] * 5, ["Province"] * 3, provinces=provinces)
        assert race.province_is_safe(SeatView(g, 0), d, {"Province": provinces}) is safe
    # the last Province (the game's end) is always looked at
    g, d = _position(["Province"] * 5, ["Province"] * 3, provinces=1)
    assert not race.province_is_safe(SeatView(g, 0), d, {"Province": 1})

