"""The heuristic bot on Altar, Armory, Count, Counterfeit, Forager, Graverobber, Ironmonger,
Junk Dealer, Mystic and Poor House: legal in whole games (with random players too), and
sensible on each card's main decisions."""
from __future__ import annotations

import random

import pytest

from engine import new_game
from engine.bots import bot_answer
from tests.engine.helpers import (
    answer,
    decision,
    play,
    position,
    seat,
    total_cards,
    treasures,
)

GAINERS = ["Altar", "Armory", "Count", "Counterfeit", "Forager", "Graverobber", "Ironmonger",
           "Junk Dealer", "Mystic", "Poor House"]
OTHERS = ["Throne Room", "Witch", "Village", "Militia", "Chapel", "Bridge", "Smithy", "Moat",
          "Remodel", "Market"]


def kingdom_for(rng: random.Random) -> list[str]:
    mine = rng.sample(GAINERS, rng.randint(5, 10))
    return mine + rng.sample(OTHERS, 10 - len(mine))


@pytest.mark.parametrize("seed", range(16))
def test_bots_play_whole_games_with_these_cards_legally(seed):
    """Every answer is accepted, no card appears or vanishes, and the game ends."""
    rng = random.Random(seed)
    players = 2 + seed % 3
    bots = ["heuristic"] * players
    if seed % 2:
        bots[rng.randrange(players)] = "random"
    setup = {"players": players, "kingdom": kingdom_for(rng), "shelters": seed % 4 < 2,
             "extra_piles": ["Ruins", "Spoils"] if seed % 3 == 0 else []}
    g = new_game(setup, f"gainers-bot-{seed}")
    cards = total_cards(g)
    for _ in range(30000):
        if g.over:
            break
        d = rng.choice(g.pending())
        g.answer(d.seat, d.id, bot_answer(bots[d.seat], g, d.seat, d, rng))
        assert total_cards(g) == cards
    assert g.over, setup


def test_bots_play_every_one_of_these_cards_from_their_starting_decks():
    """Each player starts with one of each card (and some junk and a Spoils), so that every
    card and every decision of these cards comes up; games go on to their end."""
    played, asked = set(), set()
    for i in range(12):
        rng = random.Random(f"deck-{i}")
        players = 2 + i % 3
        seats = []
        for _ in range(players):
            cards = [*GAINERS, *["Copper"] * 6, "Estate", "Curse", "Overgrown Estate", "Spoils"]
            rng.shuffle(cards)
            seats.append(seat(hand=cards[:5], deck=cards[5:]))
        g = position(*seats, kingdom=kingdom_for(rng), trash=["Silver", "Duchy"], seed=f"d{i}",
                     extra_piles=["Spoils", "Ruins"])
        bots = ["heuristic"] * players
        bots[i % players] = "random" if i % 2 else "heuristic"
        cards = total_cards(g)
        for _ in range(30000):
            if g.over:
                break
            d = rng.choice(g.pending())
            asked.add((d.source, d.kind))
            g.answer(d.seat, d.id, bot_answer(bots[d.seat], g, d.seat, d, rng))
            assert total_cards(g) == cards
        assert g.over
        played |= {e[2]["card"] for e in g.log if e[0] == "play"}
    assert set(GAINERS) <= played
    assert {(c, "ChooseCards") for c in ("Altar", "Count", "Counterfeit", "Forager",
                                         "Junk Dealer")} <= asked
    assert {("Count", "ChooseOption"), ("Graverobber", "ChooseOption"),
            ("Ironmonger", "ChooseOption"), ("Mystic", "NameCard"),
            ("Armory", "ChoosePile"), ("Altar", "ChoosePile")} <= asked


# ----- sensible answers ---------------------------------------------------------------------
def game(*players, **kw):
    return position(*players, kingdom=GAINERS, **kw)


def bot(g, p: int = 0):
    return bot_answer("heuristic", g, p, decision(g, p))


def names(g, ids):
    return [g.names[c] for c in ids]


ENDGAME = {"Province": 2}


def test_count_saves_the_good_card_and_trashes_a_junk_hand():
    g = game(seat(hand=["Count", "Estate", "Curse", "Gold", "Estate"]), seat())
    play(g, "Count")
    assert bot(g) == "topdeck"
    answer(g, 0, "topdeck")
    assert names(g, bot(g)) == ["Gold"]
    answer(g, 0, ["Gold"])
    assert bot(g) == "trash"


def test_count_takes_three_coins_with_a_money_hand():
    g = game(seat(hand=["Count", "Silver", "Silver", "Copper", "Estate"]), seat())
    play(g, "Count")
    first = bot(g)
    answer(g, 0, first)
    if decision(g, 0).kind == "ChooseCards":
        answer(g, 0, bot(g))
    assert bot(g) == "coins"


def test_count_gains_a_duchy_late_unless_three_coins_reach_a_province():
    g = game(seat(hand=["Count", "Silver", "Silver", "Estate", "Estate"]), seat(),
             supply=ENDGAME)
    play(g, "Count")
    answer(g, 0, "discard")
    answer(g, 0, bot(g))  # the two Estates go
    assert bot(g) == "duchy"  # $4: +$3 buys no Province
    g = game(seat(hand=["Count", "Gold", "Silver", "Estate", "Estate"]), seat(), supply=ENDGAME)
    play(g, "Count")
    answer(g, 0, "discard")
    answer(g, 0, bot(g))
    assert bot(g) == "coins"  # $5 + $3 = a Province


def test_counterfeit_is_played_before_the_other_treasures():
    g = game(seat(hand=["Gold", "Copper", "Counterfeit", "Estate"]), seat())
    order = bot(g)["play"]
    assert names(g, order) == ["Counterfeit", "Gold", "Copper"]


def test_counterfeit_trashes_a_copper_early():
    g = game(seat(hand=["Counterfeit", "Copper", "Silver"], deck=["Gold"] * 4), seat())
    treasures(g, ["Counterfeit"])
    assert names(g, bot(g)) == ["Copper"]


def test_counterfeit_doubles_a_gold_for_a_province_late():
    g = game(seat(hand=["Counterfeit", "Gold", "Silver", "Copper"]), seat(), supply=ENDGAME)
    treasures(g, ["Counterfeit"])
    assert names(g, bot(g)) == ["Gold"]  # $1 + 3 + 3 + 2 + 1 = $10


def test_counterfeit_always_doubles_spoils():
    g = game(seat(hand=["Counterfeit", "Spoils", "Copper"]), seat(), extra_piles=["Spoils"])
    treasures(g, ["Counterfeit"])
    assert names(g, bot(g)) == ["Spoils"]


@pytest.mark.parametrize("card", ["Forager", "Junk Dealer", "Altar"])
def test_trashers_trash_junk_first(card):
    g = game(seat(hand=[card, "Silver", "Copper", "Curse", "Estate"], deck=["Silver"]), seat())
    play(g, card)
    assert names(g, bot(g)) == ["Curse"]


def test_junk_dealer_is_not_played_on_a_hand_of_good_cards():
    g = game(seat(hand=["Junk Dealer", "Gold", "Silver", "Silver"], deck=["Gold"]), seat(),
             supply=ENDGAME)
    assert bot(g) == []


def test_graverobber_takes_a_good_card_from_the_trash():
    g = game(seat(hand=["Graverobber", "Copper"]), seat(), trash=["Gold", "Estate", "Silver"])
    play(g, "Graverobber")
    assert bot(g) == "gain"
    answer(g, 0, "gain")
    assert names(g, bot(g)) == ["Gold"]


def test_graverobber_upgrades_a_weak_action():
    g = game(seat(hand=["Graverobber", "Poor House", "Copper"]), seat(), trash=["Copper"])
    play(g, "Graverobber")
    assert bot(g) == "upgrade"


def test_ironmonger_discards_junk_and_keeps_good_cards():
    g = game(seat(hand=["Ironmonger"], deck=["Copper", "Estate"]), seat())
    play(g, "Ironmonger")
    assert bot(g) == "discard"
    g = game(seat(hand=["Ironmonger"], deck=["Copper", "Gold"]), seat())
    play(g, "Ironmonger")
    assert bot(g) == "keep"


def test_mystic_names_the_commonest_card_left_in_the_deck():
    g = game(seat(hand=["Mystic", "Copper", "Copper", "Copper"],
                  deck=["Estate", "Silver", "Silver", "Gold"], discard=["Copper"] * 4), seat())
    play(g, "Mystic")
    assert bot(g) == "Silver"


def test_mystic_names_from_the_discard_pile_when_the_deck_is_empty():
    g = game(seat(hand=["Mystic"], discard=["Estate", "Gold", "Gold"]), seat())
    play(g, "Mystic")
    assert bot(g) == "Gold"


def test_poor_house_is_played_only_with_few_treasures():
    g = game(seat(hand=["Poor House", "Estate", "Copper", "Estate"]), seat())
    assert names(g, bot(g)) == ["Poor House"]
    g = game(seat(hand=["Poor House", "Copper", "Copper", "Silver", "Gold"]), seat())
    assert bot(g) == []


def test_count_puts_back_a_treasure_only_when_the_buy_stays_as_good():
    """$6 with Count's +$3 is a Province: a Copper goes on the deck, never a Silver."""
    g = game(seat(hand=["Count", "Silver", "Silver", "Copper", "Copper"]), seat())
    play(g, "Count")
    assert bot(g) == "topdeck"
    answer(g, 0, "topdeck")
    assert names(g, bot(g)) == ["Copper"]


def test_count_gains_a_copper_rather_than_lose_a_needed_card():
    """Three Silvers and one Estate: any card put back or discarded costs this turn's
    Province (or next turn's hand), a Copper costs little."""
    g = game(seat(hand=["Count", "Silver", "Silver", "Silver", "Estate"]), seat())
    play(g, "Count")
    assert bot(g) == "copper"
