"""Bots on the looters group's cards: the heuristic's sensible choices, and bot games on
kingdoms with Cultist, Death Cart, Marauder, Pillage, Bandit Camp and Urchin that end without
an illegal answer and with every card accounted for."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import new_game
from engine.bots import bot_answer
from tests.engine.helpers import answer, decision, play, position, reload, seat, total_cards

K = ["Cultist", "Death Cart", "Marauder", "Pillage", "Bandit Camp", "Urchin", "Moat",
     "Throne Room", "Workshop", "Swindler"]


def test_random_bot_trashes_zero_or_two_cards_with_mercenary():
    """ChooseCards.sizes: only the allowed counts (the random bot used to pick any count)."""
    for i in range(30):
        g = position(seat(hand=["Mercenary", "Estate", "Curse", "Copper", "Silver"]), seat(),
                     kingdom=K)
        play(g, "Mercenary")
        chosen = bot_answer("random", g, 0, decision(g, 0), random.Random(i))
        assert len(chosen) in (0, 2)
        g.answer(0, decision(g, 0).id, chosen)


def bot(g, p: int):
    """The heuristic bot's answer to seat p's open decision."""
    return bot_answer("heuristic", g, p, decision(g, p))


def chosen_names(g, ids):
    return sorted(g.names[c] for c in ids)


# ----- sensible choices ---------------------------------------------------------------------


def test_heuristic_never_buys_ruins():
    g = position(seat(hand=["Estate"]), seat(), kingdom=K, turn={"buys": 3})
    assert "Ruins" in decision(g, 0).piles
    assert bot(g, 0) == {"end": True}
    g = position(seat(hand=["Copper", "Copper"]), seat(), kingdom=K, turn={"buys": 3})
    answer(g, 0, {"play": "all"})
    assert bot(g, 0) != {"buy": "Ruins"}


def test_heuristic_buys_cultist_as_its_attack():
    g = position(seat(hand=["Silver", "Silver", "Copper"], deck=["Copper"] * 7), seat(),
                 kingdom=K)
    answer(g, 0, {"play": "all"})
    assert bot(g, 0) == {"buy": "Cultist"}


def test_heuristic_buys_marauder_with_four():
    g = position(seat(hand=["Silver", "Copper", "Copper"], deck=["Copper"] * 7), seat(),
                 kingdom=K)
    answer(g, 0, {"play": "all"})
    assert bot(g, 0) == {"buy": "Marauder"}


def test_heuristic_always_plays_the_next_cultist():
    g = position(seat(hand=["Cultist", "Cultist"], deck=["Copper"] * 4), seat(), kingdom=K)
    play(g, "Cultist")
    assert chosen_names(g, bot(g, 0)) == ["Cultist"]


def test_heuristic_death_cart_trashes_a_ruins_rather_than_itself():
    g = position(seat(hand=["Death Cart", "Survivors", "Ruined Village", "Copper"]), seat(),
                 kingdom=K)
    d = decision(g, 0)
    assert g.names[bot(g, 0)[0]] == "Ruined Village"  # the village Ruins goes first
    play(g, "Ruined Village")
    assert g.names[bot(g, 0)[0]] == "Death Cart" and d.kind == "PlayAction"
    play(g, "Death Cart")
    assert chosen_names(g, bot(g, 0)) == ["Survivors"]


def test_heuristic_death_cart_trashes_the_least_useful_ruins():
    g = position(seat(hand=["Death Cart", "Ruined Library", "Ruined Market", "Abandoned Mine"]),
                 seat(), kingdom=K)
    play(g, "Death Cart")
    assert chosen_names(g, bot(g, 0)) == ["Ruined Market"]


def test_heuristic_death_cart_trashes_itself_when_the_five_coins_matter():
    g = position(seat(hand=["Death Cart", "Copper", "Copper", "Copper", "Smithy"]), seat(),
                 kingdom=K + ["Smithy"])
    play(g, "Death Cart")
    assert bot(g, 0) == []  # keeps the Smithy, trashes Death Cart


def test_heuristic_keeps_death_cart_when_the_five_coins_do_not_matter():
    g = position(seat(hand=["Death Cart", "Gold", "Gold", "Gold", "Silver"]), seat(),
                 kingdom=K)
    assert bot(g, 0) == []  # straight to the Buy phase: $11 already buys a Province


def test_heuristic_pillage_discards_the_victims_best_card():
    g = position(seat(hand=["Pillage"]), seat(hand=["Province", "Gold", "Copper", "Estate",
                                                    "Silver"]), kingdom=K)
    play(g, "Pillage")
    assert chosen_names(g, bot(g, 0)) == ["Gold"]


def test_heuristic_urchin_trades_for_a_mercenary_early_with_junk_and_keeps_it_late():
    hand = ["Urchin", "Marauder"]
    g = position(seat(hand=hand, deck=["Copper"], discard=["Estate"] * 3), seat(), kingdom=K)
    play(g, "Urchin")
    play(g, "Marauder")
    assert bot(g, 0) == "trash"
    g = position(seat(hand=hand, deck=["Copper"], discard=["Estate"] * 3), seat(), kingdom=K,
                 supply={"Province": 2})
    play(g, "Urchin")
    play(g, "Marauder")
    assert bot(g, 0) == "keep"
    g = position(seat(hand=hand, deck=["Copper"], discard=["Estate"] * 3), seat(), kingdom=K,
                 supply={"Mercenary": 0})
    play(g, "Urchin")
    play(g, "Marauder")
    assert bot(g, 0) == "keep"


def test_heuristic_plays_urchin_and_bandit_camp_before_a_terminal_attack():
    g = position(seat(hand=["Marauder", "Urchin", "Bandit Camp"], deck=["Copper"] * 4), seat(),
                 kingdom=K)
    assert g.names[bot(g, 0)[0]] == "Bandit Camp"
    play(g, "Bandit Camp")
    assert g.names[bot(g, 0)[0]] == "Urchin"


def test_heuristic_survivors_puts_good_cards_back_best_first():
    """The order question after "put them back" is answered too (it used to get "back")."""
    g = position(seat(hand=["Survivors"], deck=["Estate", "Gold"]), seat(), kingdom=K)
    play(g, "Survivors")
    assert bot(g, 0) == "back"
    answer(g, 0, "back")
    assert [g.names[c] for c in bot(g, 0)] == ["Gold", "Estate"]
    g = position(seat(hand=["Survivors"], deck=["Estate", "Curse"]), seat(), kingdom=K)
    play(g, "Survivors")
    assert bot(g, 0) == "discard"


def test_heuristic_mercenary_trashes_two_ruins():
    g = position(seat(hand=["Mercenary", "Survivors", "Ruined Market", "Gold"]), seat(),
                 kingdom=K)
    play(g, "Mercenary")
    assert chosen_names(g, bot(g, 0)) == ["Ruined Market", "Survivors"]


def test_heuristic_mercenary_victim_discards_its_worst_cards():
    """The victim's discard is answered too (it used to get the trash rule's [])."""
    g = position(seat(hand=["Mercenary", "Survivors", "Ruined Market"], deck=["Copper"] * 2),
                 seat(hand=["Gold", "Curse", "Silver", "Estate", "Copper"]), kingdom=K)
    play(g, "Mercenary")
    answer(g, 0, bot(g, 0))
    assert chosen_names(g, bot(g, 1)) == ["Curse", "Estate"]


def test_heuristic_bandit_camp_is_a_village_for_a_deck_of_terminals():
    g = position(seat(hand=["Gold", "Silver"], deck=["Copper"] * 7,
                      discard=["Cultist", "Marauder", "Swindler"]), seat(), kingdom=K)
    answer(g, 0, {"play": "all"})
    assert bot(g, 0) == {"buy": "Bandit Camp"}


# ----- bot games ----------------------------------------------------------------------------

LOOTERS = ["Cultist", "Death Cart", "Marauder", "Pillage", "Bandit Camp", "Urchin"]
OTHERS = ["Village", "Smithy", "Militia", "Moat", "Chapel", "Remodel", "Throne Room", "Market",
          "Workshop", "Swindler", "Masquerade", "Witch", "Laboratory", "Festival", "Poacher"]
WEAK = ["Village", "Cellar", "Chapel", "Workshop", "Throne Room", "Remodel", "Harbinger",
        "Moat"]


def run(g, bots, rng=None, limit=6000):
    """Play until the end (or `limit` answers), checking every card stays in the game."""
    n = total_cards(g)
    for _ in range(limit):
        if g.over:
            break
        d = rng.choice(g.pending()) if rng else g.pending()[0]
        g.answer(d.seat, d.id, bot_answer(bots[d.seat], g, d.seat, d, rng))
        assert total_cards(g) == n
    assert total_cards(reload(g)) == n
    return Counter(e[2]["card"] for e in g.log if e[0] == "play")


@pytest.mark.parametrize("card", LOOTERS)
def test_heuristic_mirror_buys_and_plays_each_looter_card(card):
    """One of the group's cards among weak ones (Urchin with Marauder, an Attack to trade it
    on), for 2, 3 and 4 players: the heuristic buys and plays it, and every game ends."""
    kingdom = [card, "Marauder" if card == "Urchin" else "Vassal", *WEAK]
    plays = Counter()
    for players in (2, 3, 4):
        g = new_game({"players": players, "kingdom": kingdom}, f"one-{card}-{players}")
        plays += run(g, ["heuristic"] * players)
        assert g.over
    assert plays[card] > 0
    if card == "Urchin":
        assert plays["Mercenary"] > 0


@pytest.mark.parametrize("seed", range(12))
def test_bot_games_with_the_looters_keep_every_card_and_stay_legal(seed):
    """Random mixed kingdoms, heuristic and random players, decisions answered in any order."""
    rng = random.Random(seed)
    players = 2 + seed % 3
    kingdom = rng.sample(LOOTERS, rng.randint(3, 6))
    kingdom += rng.sample(OTHERS, 10 - len(kingdom))
    mirror = seed % 2 == 0
    bots = ["heuristic"] * players
    if not mirror:
        bots[1:] = [rng.choice(["heuristic", "random"]) for _ in range(players - 1)]
        bots[-1] = "random"
    g = new_game({"players": players, "kingdom": kingdom, "shelters": seed % 4 == 1},
                 f"looters-{seed}")
    run(g, bots, rng)
    assert g.over or not mirror, kingdom
