"""The heuristic bot on Beggar, Catacombs, Feodum, Fortress, Hermit, Hunting Grounds, Market
Square, Rats and Squire: sensible answers to each card's main decisions, and whole games
(heuristic and random bots, 2 to 4 players) that end without an error and lose no card."""
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

MINE = ["Beggar", "Catacombs", "Feodum", "Fortress", "Hermit", "Hunting Grounds",
        "Market Square", "Rats", "Squire"]
K = MINE + ["Chapel", "Militia", "Smithy", "Swindler", "Workshop"]


def bot(g, p: int):
    return bot_answer("heuristic", g, p, decision(g, p))


def names(g, ids) -> list[str]:
    return sorted(g.names[c] for c in ids)


# ----- reactions ----------------------------------------------------------------------------
def test_beggar_is_revealed_for_two_silvers():
    g = position(seat(hand=["Militia"]), seat(hand=["Beggar", "Copper", "Estate", "Estate"]),
                 kingdom=K)
    play(g, "Militia")
    assert names(g, bot(g, 1)) == ["Beggar"]


def test_beggar_is_kept_when_its_coppers_make_a_province_next_turn():
    g = position(seat(hand=["Militia"]), seat(hand=["Beggar", "Gold", "Copper", "Copper"]),
                 kingdom=K)
    play(g, "Militia")
    assert bot(g, 1) == []


def test_beggar_is_kept_when_no_silver_is_left():
    g = position(seat(hand=["Militia"]), seat(hand=["Beggar", "Estate"]), kingdom=K,
                 supply={"Silver": 0})
    play(g, "Militia")
    assert bot(g, 1) == []


def test_market_square_always_goes_for_a_gold():
    g = position(seat(hand=["Chapel", "Market Square", "Estate"]), seat(), kingdom=K)
    play(g, "Chapel")
    answer(g, 0, ["Estate"])
    assert bot(g, 0) == "discard"


def test_market_square_is_kept_when_no_gold_is_left():
    g = position(seat(hand=["Chapel", "Market Square", "Estate"]), seat(), kingdom=K,
                 supply={"Gold": 0})
    play(g, "Chapel")
    answer(g, 0, ["Estate"])
    assert bot(g, 0) == "keep"


# ----- Hermit -------------------------------------------------------------------------------
def test_hermit_trashes_the_worst_junk_from_discard_or_hand():
    g = position(seat(hand=["Hermit", "Estate", "Silver"], discard=["Curse", "Smithy"]),
                 seat(), kingdom=K)
    play(g, "Hermit")
    assert names(g, bot(g, 0)) == ["Curse"]


def test_hermit_trashes_nothing_when_everything_is_worth_keeping():
    g = position(seat(hand=["Hermit", "Smithy"], discard=["Gold", "Militia"]), seat(),
                 kingdom=K)
    play(g, "Hermit")
    assert bot(g, 0) == []
    answer(g, 0, [])
    assert bot(g, 0) == "Silver"


def test_hermit_skips_a_poor_buy_to_become_a_madman():
    g = position(seat(hand=["Hermit", "Copper", "Copper", "Copper"]), seat(), kingdom=K)
    play(g, "Hermit")
    answer(g, 0, "Silver")
    treasures(g)
    assert bot(g, 0) == {"end": True}


def test_hermit_does_not_stop_a_good_buy():
    g = position(seat(hand=["Hermit", "Gold", "Gold"]), seat(), kingdom=K)
    play(g, "Hermit")
    answer(g, 0, "Silver")
    treasures(g)
    assert "buy" in bot(g, 0)


# ----- choices on play and on trash ------------------------------------------------------
def test_catacombs_keeps_good_cards_and_discards_bad_ones():
    g = position(seat(hand=["Catacombs"], deck=["Gold", "Gold", "Silver"] + ["Copper"] * 5),
                 seat(), kingdom=K)
    play(g, "Catacombs")
    assert bot(g, 0) == "hand"
    g = position(seat(hand=["Catacombs"], deck=["Estate", "Curse", "Estate"] + ["Gold"] * 5),
                 seat(), kingdom=K)
    play(g, "Catacombs")
    assert bot(g, 0) == "discard"


def test_catacombs_weighs_the_three_against_what_is_left_in_the_draw_pile():
    """Judged by the buy: three cards that make a Province are kept when the draw pile left
    holds only junk (however rich the deck's Golds in the discard pile), and three that make
    $5 are discarded when three from the draw pile are sure to buy more."""
    g = position(seat(hand=["Catacombs", "Silver", "Silver", "Copper", "Copper"],
                      deck=["Copper", "Copper", "Estate"] + ["Estate"] * 4,
                      discard=["Gold"] * 6), seat(), kingdom=K)
    play(g, "Catacombs")
    assert bot(g, 0) == "hand"
    g = position(seat(hand=["Catacombs", "Copper", "Copper", "Estate", "Estate"],
                      deck=["Silver", "Copper", "Estate"] + ["Gold"] * 5), seat(), kingdom=K)
    play(g, "Catacombs")
    assert bot(g, 0) == "discard"


def test_rats_trashes_junk_first_and_never_a_good_card_when_junk_is_there():
    g = position(seat(hand=["Rats", "Gold", "Curse", "Copper"], deck=["Silver"]), seat(),
                 kingdom=K)
    play(g, "Rats")
    assert names(g, bot(g, 0)) == ["Curse"]


def test_rats_prefers_trashing_a_fortress_which_comes_back():
    g = position(seat(hand=["Rats", "Gold", "Fortress", "Copper"], deck=["Silver"]), seat(),
                 kingdom=K)
    play(g, "Rats")
    assert names(g, bot(g, 0)) == ["Fortress"]


def test_rats_is_not_played_with_only_good_cards_to_trash():
    g = position(seat(hand=["Rats", "Gold", "Gold", "Smithy"], deck=["Gold"]), seat(),
                 kingdom=K)
    assert names(g, bot(g, 0)) == ["Smithy"]


def test_hunting_grounds_trashed_takes_the_duchy_unless_none_is_left():
    g = position(seat(hand=["Chapel", "Hunting Grounds"]), seat(), kingdom=K)
    play(g, "Chapel")
    answer(g, 0, ["Hunting Grounds"])
    assert bot(g, 0) == "duchy"
    g = position(seat(hand=["Chapel", "Hunting Grounds"]), seat(), kingdom=K,
                 supply={"Duchy": 0})
    play(g, "Chapel")
    answer(g, 0, ["Hunting Grounds"])
    assert bot(g, 0) == "estates"


def test_hunting_grounds_trashed_takes_three_estates_for_gardens():
    g = position(seat(hand=["Chapel", "Hunting Grounds"]), seat(), kingdom=K + ["Gardens"])
    play(g, "Chapel")
    answer(g, 0, ["Hunting Grounds"])
    assert bot(g, 0) == "estates"


def test_hunting_grounds_is_bought_as_the_first_draw_card_but_not_a_second():
    g = position(seat(hand=["Gold", "Gold"], deck=["Copper"] * 7), seat(), kingdom=K)
    treasures(g)
    assert bot(g, 0) == {"buy": "Hunting Grounds"}
    g = position(seat(hand=["Gold", "Gold"], deck=["Copper"] * 7, discard=["Smithy"]), seat(),
                 kingdom=K)
    treasures(g)
    assert bot(g, 0) == {"buy": "Gold"}


def test_squire_gives_actions_when_an_action_waits_buys_when_rich_else_silver():
    g = position(seat(hand=["Squire", "Smithy"], deck=["Copper"] * 5), seat(), kingdom=K)
    assert names(g, bot(g, 0)) == ["Squire"]  # first, for its +2 Actions
    play(g, "Squire")
    assert bot(g, 0) == "actions"
    g = position(seat(hand=["Squire", "Gold", "Gold", "Gold", "Silver"]), seat(), kingdom=K)
    play(g, "Squire")
    assert bot(g, 0) == "buys"
    g = position(seat(hand=["Squire", "Copper", "Copper"]), seat(), kingdom=K)
    play(g, "Squire")
    assert bot(g, 0) == "silver"


def test_fortress_is_played_as_a_village_before_a_terminal():
    g = position(seat(hand=["Smithy", "Fortress", "Copper"], deck=["Copper"] * 5), seat(),
                 kingdom=K)
    assert names(g, bot(g, 0)) == ["Fortress"]


def test_feodum_is_valued_by_the_silvers_owned():
    few = position(seat(hand=["Gold", "Copper"], deck=["Copper"] * 5), seat(), kingdom=K,
                   supply={"Province": 3})
    many = position(seat(hand=["Gold", "Copper"], deck=["Silver"] * 9), seat(), kingdom=K,
                    supply={"Province": 3})
    for g in (few, many):
        treasures(g)
    assert bot(few, 0) != {"buy": "Feodum"}
    assert bot(many, 0) == {"buy": "Feodum"}


# ----- whole games ----------------------------------------------------------------------------
OTHERS = ["Militia", "Witch", "Chapel", "Remodel", "Swindler", "Lurker", "Throne Room",
          "Smithy", "Village", "Moat", "Bridge", "Workshop", "Mine", "Gardens", "Torturer"]


@pytest.mark.parametrize("seed", range(24))
def test_bots_finish_games_on_kingdoms_with_these_cards(seed):
    rng = random.Random(seed)
    kingdom = rng.sample(MINE, 6) + rng.sample(OTHERS, 4)
    players = 2 + seed % 3
    bots = ["heuristic"] * players if seed % 2 else [
        rng.choice(["heuristic", "random"]) for _ in range(players)]
    bots[0] = "heuristic"
    g = new_game({"players": players, "kingdom": kingdom, "shelters": seed % 3 == 0},
                 f"trash-{seed}")
    cards = total_cards(g)
    for _ in range(20000):
        if g.over:
            break
        d = rng.choice(g.pending())
        g.answer(d.seat, d.id, bot_answer(bots[d.seat], g, d.seat, d, rng))  # never illegal
    assert g.over, kingdom
    assert total_cards(g) == cards


def test_heuristic_mirror_games_on_all_nine_cards_end():
    for players in (2, 3, 4):
        g = new_game({"players": players, "kingdom": MINE + ["Militia"], "shelters": True},
                     f"mirror-{players}")
        cards = total_cards(g)
        for _ in range(20000):
            if g.over:
                break
            d = g.pending()[0]
            g.answer(d.seat, d.id, bot(g, d.seat))
        assert g.over and total_cards(g) == cards


# ----- owned terminals: only the worst beyond what the deck wants is surplus --------------
HG_DECK = ["Copper"] * 7 + ["Silver"] * 5 + ["Estate"] * 2  # 16 cards with the four below


def test_hermit_keeps_the_better_terminal_when_the_deck_holds_too_many():
    """Two Hunting Grounds and a Hermit are one terminal too many for a 17-card deck; the
    Hermit is the surplus, so the Hunting Grounds (whose trash would bring a Duchy, worth
    48 with 6 Provinces left) are not trashed."""
    g = position(seat(hand=["Hermit", "Copper", "Silver"],
                      discard=["Hunting Grounds", "Hunting Grounds", "Silver"],
                      deck=HG_DECK), seat(), kingdom=K, supply={"Province": 6})
    play(g, "Hermit")
    assert bot(g, 0) == []


def test_own_value_counts_a_terminal_surplus_only_below_the_better_ones():
    from engine.bots.common import SeatView
    from engine.bots.heuristic import own_value
    from engine.bots.plan import Plan

    g = position(seat(hand=["Hermit", "Hermit", "Hunting Grounds", "Hunting Grounds"],
                      deck=HG_DECK), seat(), kingdom=K)
    plan = Plan(SeatView(g, 0))
    assert plan.terminals == 4 and plan.wanted == 2
    assert own_value(plan, "Hunting Grounds") > 0  # the two best: what the deck wants
    assert own_value(plan, "Hermit") < 0  # beyond them: surplus, as before
    g = position(seat(hand=["Hunting Grounds"] * 3, deck=HG_DECK), seat(), kingdom=K)
    assert own_value(Plan(SeatView(g, 0)), "Hunting Grounds") < 0  # its own copies count
