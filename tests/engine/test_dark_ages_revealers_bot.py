"""The heuristic bot on Band of Misfits, Procession, Rebuild, Rogue, Sage, Scavenger,
Storeroom, Vagrant and Wandering Minstrel: legal in whole games (against itself and the
random bot, 2-4 players, every card conserved), and sensible on each card's decisions."""
from __future__ import annotations

import random

import pytest

from engine import new_game
from engine.bots import bot_answer
from tests.engine.helpers import answer, decision, play, seat, total_cards
from tests.engine.revealers_support import game

MINE = ["Band of Misfits", "Procession", "Rebuild", "Rogue", "Sage", "Scavenger", "Storeroom",
        "Vagrant", "Wandering Minstrel"]
OTHERS = ["Village", "Smithy", "Militia", "Moat", "Throne Room", "Mining Village", "Market",
          "Witch", "Chapel", "Festival", "Bridge", "Remodel", "Upgrade"]


def bot(g, p: int):
    return bot_answer("heuristic", g, p, decision(g, p))


def names(g, ids) -> list[str]:
    return [g.names[c] for c in ids]


@pytest.mark.parametrize("seed", range(12))
def test_bots_play_whole_games_with_these_cards_legally(seed):
    rng = random.Random(seed)
    kingdom = rng.sample(MINE, rng.randint(6, 9))
    kingdom += rng.sample(OTHERS, 10 - len(kingdom))
    players = 2 + seed % 3
    bots = ["heuristic"] * players if seed % 2 else [
        rng.choice(["heuristic", "random"]) for _ in range(players)]
    g = new_game({"players": players, "kingdom": kingdom, "shelters": seed % 4 == 0},
                 f"revealers-{seed}")
    cards = total_cards(g)
    for step in range(30000):
        if g.over:
            break
        d = rng.choice(g.pending())
        g.answer(d.seat, d.id, bot_answer(bots[d.seat], g, d.seat, d, rng))  # never illegal
        if step % 50 == 0:
            assert total_cards(g) == cards
    assert g.over, kingdom
    assert total_cards(g) == cards and g.disguised == {}


# ----- Band of Misfits ----------------------------------------------------------------------
K = ["Band of Misfits", "Village", "Smithy", "Militia", "Procession", "Rebuild", "Rogue",
     "Scavenger", "Storeroom", "Wandering Minstrel"]


def test_band_of_misfits_is_a_village_when_a_terminal_waits():
    g = game(seat(hand=["Band of Misfits", "Smithy", "Copper"], deck=["Copper"] * 5), seat(),
             kingdom=K)
    play(g, "Band of Misfits")
    assert bot(g, 0) == "Village"


def test_band_of_misfits_is_the_best_terminal_otherwise():
    g = game(seat(hand=["Band of Misfits", "Copper", "Copper"], deck=["Copper"] * 5), seat(),
             kingdom=K)
    assert names(g, bot(g, 0)) == ["Band of Misfits"]
    play(g, "Band of Misfits")
    assert bot(g, 0) == "Militia"


def test_band_of_misfits_with_nothing_cheaper_is_not_played():
    g = game(seat(hand=["Band of Misfits", "Copper"]), seat(),
             kingdom=["Band of Misfits", "Market", "Festival"])
    assert bot(g, 0) == []


# ----- Procession ---------------------------------------------------------------------------
def test_procession_goes_on_junk_and_is_not_played_without_a_target():
    g = game(seat(hand=["Procession", "Ruined Market", "Copper"]), seat(), kingdom=K,
             extra_piles=["Ruins"])
    assert names(g, bot(g, 0)) == ["Procession"]
    play(g, "Procession")
    assert names(g, bot(g, 0)) == ["Ruined Market"]

    idle = game(seat(hand=["Procession", "Copper", "Copper"]), seat(), kingdom=K)
    assert bot(idle, 0) == []


def test_procession_upgrades_a_surplus_terminal():
    """With more terminals than the deck wants, Smithy ($4) is worth turning into a $5
    non-terminal."""
    g = game(seat(hand=["Procession", "Smithy"], deck=["Copper"] * 6,
                  discard=["Smithy", "Militia", "Rogue", "Copper"]), seat(),
             kingdom=[*K, "Market"])
    play(g, "Procession")
    assert names(g, bot(g, 0)) == ["Smithy"]
    answer(g, 0, bot(g, 0))
    assert bot(g, 0) in ("Market", "Rebuild")  # a $5 non-terminal


def test_village_is_played_before_procession():
    g = game(seat(hand=["Procession", "Village", "Ruined Market"], deck=["Copper"] * 3),
             seat(), kingdom=K, extra_piles=["Ruins"])
    assert names(g, bot(g, 0)) == ["Village"]


# ----- Rebuild ------------------------------------------------------------------------------
def test_rebuild_names_province_and_gains_the_most_vp():
    g = game(seat(hand=["Rebuild"], deck=["Province", "Duchy"]), seat(), kingdom=K)
    assert names(g, bot(g, 0)) == ["Rebuild"]
    play(g, "Rebuild")
    assert bot(g, 0) == "Province"
    answer(g, 0, "Province")
    assert bot(g, 0) == "Province"  # the Duchy becomes a Province

    estate = game(seat(hand=["Rebuild"], deck=["Estate"]), seat(), kingdom=K)
    play(estate, "Rebuild")
    answer(estate, 0, bot(estate, 0))
    assert bot(estate, 0) == "Duchy"


def test_rebuild_names_estate_once_the_duchies_are_gone():
    g = game(seat(hand=["Rebuild"], deck=["Estate", "Duchy"]), seat(), kingdom=K,
             supply={"Duchy": 0})
    play(g, "Rebuild")
    assert bot(g, 0) == "Estate"
    answer(g, 0, "Estate")
    assert bot(g, 0) == "Province"


def test_rebuild_is_not_played_without_a_victory_card_to_take():
    g = game(seat(hand=["Rebuild", "Copper"], deck=["Copper", "Province"]), seat(), kingdom=K)
    assert bot(g, 0) == []


# ----- Rogue --------------------------------------------------------------------------------
def test_rogue_takes_the_best_card_from_the_trash():
    g = game(seat(hand=["Rogue"]), seat(), kingdom=K, trash=["Silver", "Gold", "Estate"])
    play(g, "Rogue")
    assert names(g, bot(g, 0)) == ["Gold"]


def test_rogue_victim_trashes_the_card_it_minds_least():
    g = game(seat(hand=["Rogue"]), seat(deck=["Gold", "Silver"]), kingdom=K)
    play(g, "Rogue")
    assert names(g, bot(g, 1)) == ["Silver"]


# ----- Scavenger, Storeroom, Wandering Minstrel, Sage, Vagrant ------------------------------
def test_scavenger_puts_the_deck_away_and_topdecks_the_best_card():
    g = game(seat(hand=["Scavenger"], deck=["Estate", "Copper"], discard=["Gold", "Curse"]),
             seat(), kingdom=K)
    play(g, "Scavenger")
    assert bot(g, 0) == "yes"
    answer(g, 0, "yes")
    assert names(g, bot(g, 0)) == ["Gold"]


def test_storeroom_cycles_green_cards_then_sells_what_it_cannot_play():
    g = game(seat(hand=["Storeroom", "Estate", "Duchy", "Silver", "Smithy"],
                  deck=["Curse", "Gold"]), seat(), kingdom=K)
    play(g, "Storeroom")
    assert sorted(names(g, bot(g, 0))) == ["Duchy", "Estate", "Smithy"]
    answer(g, 0, ["Estate", "Duchy"])
    assert sorted(names(g, bot(g, 0))) == ["Curse", "Smithy"]


def test_wandering_minstrel_puts_a_village_above_a_terminal():
    g = game(seat(hand=["Wandering Minstrel"], deck=["Copper", "Smithy", "Village", "Estate"]),
             seat(), kingdom=K)
    play(g, "Wandering Minstrel")
    assert names(g, bot(g, 0)) == ["Village", "Smithy"]


def test_cantrips_are_played_before_a_terminal():
    for cantrip in ("Sage", "Vagrant"):
        g = game(seat(hand=["Smithy", cantrip], deck=["Copper"] * 6), seat(),
                 kingdom=[*K, "Sage", "Vagrant"][:12])
        assert names(g, bot(g, 0)) == [cantrip]
