"""`Game.play_out`, the fast path for in-process players, gives exactly the game that answering
`next_decision()` with `apply` gives: same state, log, replay record and saves, on random
kingdoms of every set, with the cards whose rules reach into turns (Band of Misfits, Hovel,
Market Square, Counterfeit, Spoils, Urchin, Throne Room...). Quiet games (no log) end the
same way with the same score.
"""
from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import CARDS, IllegalAnswer, loads, new_game, replay
from engine.bots import seat_player
from engine.simulate import kingdom_cards

KINGDOM_CARDS = sorted(n for n, c in CARDS.items() if c.is_kingdom)
# Cards whose rules reach into the parts of a turn the fast path writes out.
TRICKY = ["Band of Misfits", "Market Square", "Counterfeit", "Urchin", "Bandit Camp",
          "Pillage", "Throne Room", "Procession", "Fortress", "Rats", "Hermit", "Cultist",
          "Merchant", "Coppersmith", "Bridge", "Feodum"]
BOTS = ["heuristic", "bmu", "smithy", "random"]
MAX_ANSWERS = 3000


def random_game(seed: int) -> tuple[dict, list[str]]:
    """A setup from every implemented set, often with some of the tricky cards, and bots."""
    rng = random.Random(seed)
    n = rng.choice([2, 2, 2, 3, 4])
    tricky = rng.sample(TRICKY, rng.randint(0, 4))
    rest = [c for c in KINGDOM_CARDS if c not in tricky]
    kingdom = tricky + rng.sample(rest, 10 - len(tricky))
    setup = {"players": n, "kingdom": kingdom, "edition": rng.choice([1, 2]),
             "shelters": rng.choice([True, False, "auto"]),
             "autoplay_treasures": [p for p in range(n) if rng.random() < 0.8]}
    bots = [rng.choice(BOTS) for _ in range(n)]
    return setup, bots


def answerers(g, bots: list[str], seed: int, saves: list | None = None) -> list:
    """The seats' bots; with `saves`, each answer first saves the game (`dumps`)."""
    players = [seat_player(b, g, s, random.Random(f"{seed}:{s}")) for s, b in enumerate(bots)]
    if saves is None:
        return players

    def saving(player):
        def answer(d):
            saves.append(g.dumps())
            return player(d)
        return answer
    return [saving(p) for p in players]


def normal_path(setup: dict, bots: list[str], seed: int, saves: list | None = None,
                log: bool = True):
    g = new_game(setup, f"po-{seed}", log=log)
    players = answerers(g, bots, seed, saves)
    record = []
    while (d := g.next_decision()) is not None:
        a = players[d.seat](d)
        record.append([d.seat, d.id, a])
        g.apply(d.seat, d.id, a)
        assert len(record) < MAX_ANSWERS
    return g, record


def fast_path(setup: dict, bots: list[str], seed: int, saves: list | None = None,
              log: bool = True):
    g = new_game(setup, f"po-{seed}", log=log)
    record = []
    players = answerers(g, bots, seed, saves)

    def recording(seat):
        def answer(d):
            a = players[seat](d)
            record.append([d.seat, d.id, a])
            return a
        return answer
    answers = g.play_out([recording(s) for s in range(len(bots))], MAX_ANSWERS)
    assert answers == len(record)
    return g, record


def assert_same_game(seed: int) -> None:
    setup, bots = random_game(seed)
    slow, slow_record = normal_path(setup, bots, seed)
    fast, fast_record = fast_path(setup, bots, seed)
    assert fast.over and slow.over
    assert fast_record == slow_record
    assert fast.state_dict() == slow.state_dict()
    assert fast.log_for(None) == slow.log_for(None)
    assert fast.dumps() == slow.dumps()
    # the fast game's own record replays to the same game
    again = replay({"setup": setup, "seed": f"po-{seed}", "answers": fast_record})
    assert again.state_dict() == fast.state_dict()


def assert_same_game_with_buy_rules(seed: int) -> dict[str, int]:
    """Bots whose Buy phase is data (`buy_rules`: Big Money Ultimate) given to play_out as
    they are, so that it answers their Buy phases itself: the game `apply` gives, answer for
    answer. Returns how many answers of each kind the bmu seats gave."""
    setup, bots = random_game(seed)
    pick = random.Random(-seed)
    bots = ["bmu" if pick.random() < 0.6 else b for b in bots]
    slow, slow_record = normal_path(setup, bots, seed)
    fast = new_game(setup, f"po-{seed}")
    players = answerers(fast, bots, seed)
    assert all((getattr(p, "buy_rules", None) is not None) == (b == "bmu")
               for p, b in zip(players, bots))
    assert fast.play_out(players, MAX_ANSWERS) == len(slow_record)
    assert fast.over and fast._since == slow_record
    assert fast.state_dict() == slow.state_dict() and fast.dumps() == slow.dumps()
    assert fast.log_for(None) == slow.log_for(None)
    quiet = new_game(setup, f"po-{seed}", log=False)
    quiet.play_out(answerers(quiet, bots, seed), MAX_ANSWERS)
    assert quiet.result == slow.result and quiet._since == slow_record
    kinds: dict[str, int] = {}
    for seat, _, answer in slow_record:
        if bots[seat] == "bmu" and isinstance(answer, dict):
            key = answer.get("buy", "end" if "end" in answer else "other")
            kinds[key] = kinds.get(key, 0) + 1
    return kinds


def test_buy_rules_answered_by_play_out_give_the_bots_own_game():
    seen: dict[str, int] = {}
    for seed in range(300, 340):
        for kind, n in assert_same_game_with_buy_rules(seed).items():
            seen[kind] = seen.get(kind, 0) + n
    # every row of the rules, and a turn with nothing to buy, came up
    assert {"Province", "Gold", "Duchy", "Estate", "Silver", "end"} <= set(seen)


def test_buy_rules_stop_at_the_answer_limit_as_apply_would():
    setup = {"players": 2, "kingdom": kingdom_cards("First Game"),
             "autoplay_treasures": [0, 1]}
    for limit in (1, 2, 7, 30):
        a, b = new_game(setup, "limit"), new_game(setup, "limit")
        with pytest.raises(RuntimeError):
            a.play_out([seat_player("bmu", a, s) for s in (0, 1)], max_answers=limit)
        players = [seat_player("bmu", b, s) for s in (0, 1)]
        for _ in range(limit):
            d = b.next_decision()
            b.apply(d.seat, d.id, players[d.seat](d))
        assert a.dumps() == b.dumps()
        assert [d.to_dict() for d in a.pending()] == [d.to_dict() for d in b.pending()]


def test_buy_rules_naming_a_mixed_pile_are_not_used():
    """The top of a pile of different cards (Knights) may cost anything: such rules are left
    to the bot itself (which here buys no Knights, so the rules would change the game)."""
    setup = {"players": 2, "kingdom": ["Knights", *kingdom_cards("First Game")[:9]],
             "autoplay_treasures": [0, 1]}
    slow, record = normal_path(setup, ["bmu", "bmu"], 7)
    fast = new_game(setup, "po-7")
    players = answerers(fast, ["bmu", "bmu"], 7)
    for player in players:
        player.buy_rules = (("Knights", None, None), ("Gold", None, None))
    fast.play_out(players, MAX_ANSWERS)
    assert fast._since == record and fast.dumps() == slow.dumps()


def test_play_out_is_the_same_game_as_apply_on_random_kingdoms():
    for seed in range(40):
        assert_same_game(seed)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32))
def test_play_out_matches_apply_for_any_seed(seed):
    assert_same_game(seed)


def test_a_save_made_while_a_bot_thinks_is_the_same_on_both_paths():
    """A planner may save the game from inside a decision (even mid-card)."""
    for seed in range(100, 112):
        setup, bots = random_game(seed)
        slow_saves: list[str] = []
        fast_saves: list[str] = []
        normal_path(setup, bots, seed, slow_saves)
        fast_path(setup, bots, seed, fast_saves)
        assert fast_saves == slow_saves
        for text in fast_saves[::25]:
            assert loads(text).dumps() == text


def test_a_quiet_game_ends_the_same_with_the_same_score():
    for seed in range(200, 215):
        setup, bots = random_game(seed)
        loud, record = normal_path(setup, bots, seed)
        quiet, quiet_record = fast_path(setup, bots, seed, log=False)
        assert quiet.result == loud.result and quiet_record == record
        assert quiet.log_for(None) == [] and quiet.view(0)["log"] == []
        state, quiet_state = loud.state_dict(), quiet.state_dict()
        state.pop("log")
        assert quiet_state.pop("log") == []
        assert quiet_state == state
        assert loads(quiet.dumps()).result == loud.result


def test_play_out_takes_over_a_game_in_progress_and_leaves_it_as_apply_would():
    setup = {"players": 2, "kingdom": kingdom_cards("First Game")}
    a, b = new_game(setup, "midway"), new_game(setup, "midway")
    for g in (a, b):
        players = [seat_player("smithy", g, 0), seat_player("bmu", g, 1)]
        for _ in range(7):
            d = g.next_decision()
            g.apply(d.seat, d.id, players[d.seat](d))
    players = [seat_player("smithy", a, 0), seat_player("bmu", a, 1)]
    with pytest.raises(RuntimeError):
        a.play_out(players, max_answers=5)
    b_players = [seat_player("smithy", b, 0), seat_player("bmu", b, 1)]
    for _ in range(5):
        d = b.next_decision()
        b.apply(d.seat, d.id, b_players[d.seat](d))
    assert a.state_dict() == b.state_dict()
    assert [d.to_dict() for d in a.pending()] == [d.to_dict() for d in b.pending()] == [
        d.to_dict() for d in loads(a.dumps()).pending()]
    a.play_out(players)
    while (d := b.next_decision()) is not None:
        b.apply(d.seat, d.id, b_players[d.seat](d))
    assert a.state_dict() == b.state_dict() and a.over


def test_an_illegal_answer_leaves_the_decision_open_as_apply_does():
    g = new_game({"players": 2, "kingdom": kingdom_cards("First Game")}, "illegal")
    opened = g.next_decision().to_dict()
    with pytest.raises(IllegalAnswer):
        g.play_out([lambda d: {"buy": "Province"}] * 2)
    assert [d.to_dict() for d in g.pending()] == [opened]
    assert g.step == 0 and g.dumps() == new_game(
        {"players": 2, "kingdom": kingdom_cards("First Game")}, "illegal").dumps()


CAMPAIGN = os.environ.get("DOMINION_CAMPAIGN") == "full"


@pytest.mark.slow
def test_thousands_of_games_with_buy_rules_are_the_same_on_both_paths():
    """2,000 games with DOMINION_CAMPAIGN=full (100 otherwise), Big Money Ultimate's Buy
    rules answered by play_out, every set and the other bots mixed."""
    for seed in range(2 * 10**5, 2 * 10**5 + (2000 if CAMPAIGN else 100)):
        assert_same_game_with_buy_rules(seed)


@pytest.mark.slow
def test_thousands_of_games_are_the_same_on_both_paths():
    """5,000 games with DOMINION_CAMPAIGN=full (200 otherwise), every set and bot mixed."""
    for seed in range(10**5, 10**5 + (5000 if CAMPAIGN else 200)):
        assert_same_game(seed)
