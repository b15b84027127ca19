"""The heuristic bot: legal on random base + Intrigue kingdoms, and sensible on each card.

No win-rate assertions here (they would be flaky); the figures against Big Money Ultimate
are measured with engine.simulate and reported in the lead's notes.
"""
from __future__ import annotations

import random

import pytest

from engine import CARDS, new_game
from engine.bots import STRATEGIES, bot_answer
from engine.bots.heuristic import heuristic_answer
from engine.kingdoms import random_kingdom
from tests.engine.helpers import answer, decision, play, position, seat

BASE_AND_INTRIGUE = [c for c in CARDS.values() if c.set in ("base", "intrigue")]


def bot(g, p: int):
    """The heuristic bot's answer to seat p's open decision."""
    return bot_answer("heuristic", g, p, decision(g, p))


def test_heuristic_is_registered_as_a_strategy():
    assert STRATEGIES["heuristic"] is heuristic_answer


@pytest.mark.parametrize("seed", range(40))
def test_heuristic_plays_legally_on_random_base_and_intrigue_kingdoms(seed):
    rng = random.Random(seed)
    edition = rng.choice([1, 2])
    kingdom = random_kingdom(rng, BASE_AND_INTRIGUE, sets=["base", "intrigue"],
                             editions=[edition])
    players = rng.randint(2, 4)
    bots = ["heuristic"] * players if seed % 2 else [
        rng.choice(["heuristic", "bmu", "random"]) for _ in range(players)]
    bots[0] = "heuristic"
    g = new_game({"players": players, "kingdom": kingdom, "edition": edition}, f"hb-{seed}")
    for _ in range(20000):
        if g.over:
            break
        d = rng.choice(g.pending())
        g.answer(d.seat, d.id, bot_answer(bots[d.seat], g, d.seat, d, rng))  # never illegal
    assert g.over, f"game did not end: {kingdom}"


def test_heuristic_mirror_games_on_every_intrigue_card_end():
    cards = sorted(c.name for c in BASE_AND_INTRIGUE if c.set == "intrigue" and c.is_kingdom)
    for i in range(0, len(cards), 8):
        for edition in (1, 2):
            kingdom = [n for n in cards[i:i + 8] if edition in CARDS[n].editions]
            kingdom += ["Throne Room", "Moat", "Militia", "Witch", "Chapel", "Remodel",
                        "Cellar", "Library", "Mine", "Council Room"][: 10 - len(kingdom)]
            g = new_game({"players": 3, "kingdom": kingdom, "edition": edition}, f"m{i}")
            for _ in range(20000):
                if g.over:
                    break
                d = g.pending()[0]
                g.answer(d.seat, d.id, bot_answer("heuristic", g, d.seat, d))
            assert g.over, kingdom


# ----- sensible answers ---------------------------------------------------------------------
K = ["Village", "Smithy", "Militia", "Moat", "Chapel", "Remodel", "Pawn", "Steward", "Minion",
     "Torturer"]


def test_plays_plus_actions_before_terminals():
    g = position(seat(hand=["Smithy", "Village", "Copper"], deck=["Copper"] * 5), seat(),
                 kingdom=K)
    assert g.names[bot(g, 0)[0]] == "Village"
    play(g, "Village")
    assert g.names[bot(g, 0)[0]] == "Smithy"


def test_moat_is_always_revealed():
    g = position(seat(hand=["Militia"]), seat(hand=["Moat", "Copper", "Copper", "Estate",
                                                    "Silver"]), kingdom=K)
    play(g, "Militia")
    d = decision(g, 1)
    assert [g.names[c] for c in bot(g, 1)] == ["Moat"] and d.kind == "Reveal"


def test_secret_chamber_then_moat_then_diplomat_are_revealed():
    g = position(seat(hand=["Militia"]),
                 seat(hand=["Diplomat", "Moat", "Secret Chamber", "Copper", "Estate"],
                      deck=["Silver"] * 4), kingdom=K + ["Secret Chamber", "Diplomat"])
    play(g, "Militia")
    assert [g.names[c] for c in bot(g, 1)] == ["Secret Chamber"]
    answer(g, 1, ["Secret Chamber"])
    answer(g, 1, bot(g, 1))
    assert [g.names[c] for c in bot(g, 1)] == ["Moat"]
    answer(g, 1, ["Moat"])
    assert [g.names[c] for c in bot(g, 1)] == ["Diplomat"]


def test_militia_victim_discards_the_worst_cards():
    g = position(seat(hand=["Militia"]),
                 seat(hand=["Gold", "Estate", "Copper", "Curse", "Silver"]), kingdom=K)
    play(g, "Militia")
    assert sorted(g.names[c] for c in bot(g, 1)) == ["Curse", "Estate"]


def test_chapel_trashes_curses_and_estates_early_but_keeps_enough_money():
    g = position(seat(hand=["Chapel", "Curse", "Estate", "Copper", "Copper"],
                      deck=["Silver", "Silver", "Copper", "Copper", "Copper"]), seat(),
                 kingdom=K)
    play(g, "Chapel")
    chosen = sorted(g.names[c] for c in bot(g, 0))
    assert chosen == ["Copper", "Copper", "Curse", "Estate"]  # $7 of Treasure is left
    g = position(seat(hand=["Chapel", "Curse", "Estate", "Copper", "Copper"],
                      deck=["Copper"] * 5), seat(), kingdom=K)
    play(g, "Chapel")
    chosen = sorted(g.names[c] for c in bot(g, 0))
    assert chosen == ["Copper", "Curse", "Estate"]  # keep $6 of Treasure


def test_remodel_turns_gold_into_province_late():
    g = position(seat(hand=["Remodel", "Gold", "Estate", "Copper"]), seat(), kingdom=K,
                 supply={"Province": 2})
    play(g, "Remodel")
    assert [g.names[c] for c in bot(g, 0)] == ["Gold"]
    answer(g, 0, ["Gold"])
    assert bot(g, 0) == "Province"


def test_pawn_takes_an_action_when_another_action_waits():
    g = position(seat(hand=["Pawn", "Smithy"], deck=["Copper"] * 5), seat(), kingdom=K)
    play(g, "Pawn")
    assert sorted(bot(g, 0)) == ["action", "card"]


def test_steward_trashes_two_junk_cards_early():
    g = position(seat(hand=["Steward", "Curse", "Estate", "Copper"]), seat(), kingdom=K)
    play(g, "Steward")
    assert bot(g, 0) == "trash"
    answer(g, 0, "trash")
    assert sorted(g.names[c] for c in bot(g, 0)) == ["Curse", "Estate"]


def test_minion_attacks_with_a_poor_hand_and_takes_coins_with_a_good_one():
    g = position(seat(hand=["Minion", "Estate", "Estate", "Copper"], deck=["Gold"] * 5),
                 seat(hand=["Copper"] * 5), kingdom=K)
    play(g, "Minion")
    assert bot(g, 0) == "attack"
    g = position(seat(hand=["Minion", "Gold", "Gold", "Silver"]), seat(), kingdom=K)
    play(g, "Minion")
    assert bot(g, 0) == "coins"


def test_torturer_victim_discards_but_takes_the_curse_when_none_are_left():
    g = position(seat(hand=["Torturer"]), seat(hand=["Estate", "Copper", "Gold"]), kingdom=K)
    play(g, "Torturer")
    assert bot(g, 1) == "discard"
    g = position(seat(hand=["Torturer"]), seat(hand=["Estate", "Copper", "Gold"]), kingdom=K,
                 supply={"Curse": 0})
    play(g, "Torturer")
    assert bot(g, 1) == "curse"


def test_buys_province_with_eight_once_the_deck_has_money():
    g = position(seat(hand=["Gold", "Gold", "Silver"], deck=["Gold"] * 4 + ["Silver"] * 3),
                 seat(), kingdom=K)
    assert bot(g, 0) == {"play": "all"}
    answer(g, 0, {"play": "all"})
    assert bot(g, 0) == {"buy": "Province"}


def test_buys_one_good_terminal_then_money():
    g = position(seat(hand=["Silver", "Silver", "Copper"], deck=["Copper"] * 7), seat(),
                 kingdom=K)
    answer(g, 0, {"play": "all"})
    assert bot(g, 0) == {"buy": "Torturer"}
    g = position(seat(hand=["Silver", "Silver", "Copper"], deck=["Copper"] * 7,
                      discard=["Torturer"]), seat(), kingdom=K)
    answer(g, 0, {"play": "all"})
    assert bot(g, 0) != {"buy": "Torturer"} and bot(g, 0) != {"buy": "Smithy"}


def test_no_village_without_enough_terminals():
    g = position(seat(hand=["Silver", "Copper"], deck=["Copper"] * 7), seat(), kingdom=K)
    answer(g, 0, {"play": "all"})
    assert bot(g, 0) in ({"buy": "Silver"}, {"buy": "Steward"})


def test_greens_by_the_gains_to_end_rule():
    g = position(seat(hand=["Gold", "Silver"], deck=["Copper"] * 7), seat(), kingdom=K,
                 supply={"Province": 3})
    answer(g, 0, {"play": "all"})
    assert bot(g, 0) == {"buy": "Duchy"}


BARON_K = ["Baron", "Village", "Cellar", "Chapel", "Festival", "Market", "Pawn", "Workshop",
           "Feast", "Graverobber"]


def test_buys_baron_only_with_estates_to_discard():
    """Shelters replace the starting Estates (Overgrown Estate is no Estate for Baron): a
    Baron would only gain Estates, a dead card in a money deck, so Silver is bought."""
    g = position(seat(hand=["Silver", "Copper", "Copper"],
                      deck=["Copper"] * 5 + ["Estate"] * 3), seat(), kingdom=BARON_K)
    answer(g, 0, {"play": "all"})
    assert bot(g, 0) == {"buy": "Baron"}
    shelters = ["Hovel", "Necropolis", "Overgrown Estate"]
    g = position(seat(hand=["Silver", "Copper", "Copper"], deck=["Copper"] * 5 + shelters),
                 seat(), kingdom=BARON_K)
    answer(g, 0, {"play": "all"})
    assert bot(g, 0) == {"buy": "Silver"}
