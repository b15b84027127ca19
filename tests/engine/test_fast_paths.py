"""The shortcuts that keep simulations fast give the same game as the general paths.

Autoplay, compact log entries, shared setup layouts and the shuffle stream are all checked
here against what the rules (and the slower ways) give.
"""
from __future__ import annotations

from collections import Counter

from engine import loads, new_game
from engine.bots import bot_answer, seat_player
from engine.positions import build
from engine.rng import make_key, shuffle
from engine.simulate import kingdom_cards, play_one
from engine.view import ALL
from tests.engine.helpers import seat, spec, zone

FIRST_GAME = kingdom_cards("First Game")


def autoplay_position(hand: list[str], **kw) -> dict:
    return {**spec(seat(hand=hand, deck=["Estate"] * 5), seat(hand=["Copper"] * 5),
                   kingdom=FIRST_GAME, **kw), "autoplay_treasures": [0]}


# ----- the autoplay standing order ---------------------------------------------------------


def test_autoplay_plays_every_plain_treasure_and_keeps_the_rest_in_hand():
    g = build(autoplay_position(["Copper", "Estate", "Silver", "Gold", "Estate"]))
    d = g.next_decision()
    assert d.kind == "BuyPhase" and d.treasures == [] and d.coins == 6 == g.coins
    assert zone(g, 0, "in_play") == ["Copper", "Silver", "Gold"]
    assert zone(g, 0, "hand") == ["Estate", "Estate"]
    plays = [e for e in g.log_for(1) if e["type"] == "play"]
    assert [e["card"] for e in plays] == ["Copper", "Silver", "Gold"]


def test_autoplay_leaves_the_choice_when_a_turn_wide_bonus_is_pending():
    # Merchant: the first Silver played makes +$1, so the order of plays is the player's.
    g = build(autoplay_position(["Merchant", "Silver", "Copper", "Estate", "Estate"]))
    g.answer(0, g.next_decision().id, ["Merchant"])
    d = g.next_decision()
    assert d.kind == "BuyPhase" and sorted(g.names[c] for c in d.treasures) == [
        "Copper", "Silver"]
    assert zone(g, 0, "in_play") == ["Merchant"]


def test_autoplay_is_only_for_the_seats_that_asked():
    g = build({**autoplay_position(["Copper"] * 5), "turn": {"player": 1}})
    d = g.next_decision()
    assert d.seat == 1 and len(d.treasures) == 5 and g.coins == 0


def test_a_game_with_autoplay_is_the_game_without_it():
    """Bots always play every Treasure, so the standing order changes nothing but speed."""
    for i in range(20):
        on = play_one(["bmu", "smithy"], FIRST_GAME, f"same:{i}", autoplay=True)
        off = play_one(["bmu", "smithy"], FIRST_GAME, f"same:{i}", autoplay=False)
        assert on["result"] == off["result"]
        assert on["answers"] < off["answers"]


# ----- compact log entries -----------------------------------------------------------------


def test_a_draw_shows_its_cards_to_the_drawer_only_until_the_game_ends():
    g = new_game({"players": 3, "kingdom": FIRST_GAME}, "log-test")
    first_draw = next(e for e in g.log if e[0] == "draw")
    drawer = first_draw[1]
    mine = g._event(first_draw, drawer)
    assert mine["type"] == "draw" and mine["count"] == 5 and len(mine["cards"]) == 5
    assert set(mine["cards"]) <= {"Copper", "Estate"}
    for viewer in (None, (drawer + 1) % 3):
        assert g._event(first_draw, viewer) == {"type": "draw", "seat": drawer, "count": 5}
    assert g._event(first_draw, ALL) == mine
    g.phase = "over"
    assert g._event(first_draw, None) == mine


def test_turn_events_say_whose_turn_and_which():
    g = new_game({"players": 2, "kingdom": FIRST_GAME, "first_player": 1}, "log-test")
    assert [e for e in g.log_for(None) if e["type"] == "turn"] == [
        {"type": "turn", "seat": 1, "turn": 1, "n": 1}]


def test_logs_saved_with_full_entries_still_read_the_same():
    """Saves made before the compact entries keep working."""
    g = new_game({"players": 2, "kingdom": FIRST_GAME}, "old-log")
    old = []
    for e in g.log:
        if e[0] == "draw":
            old.append(["draw", e[1], {"count": len(e[2])},
                        {"cards": [g.names[c] for c in e[2]]}, None])
        elif e[0] == "turn":
            old.append(["turn", e[1], {"turn": e[2], "n": e[3]}, None, None])
        else:
            old.append(e)
    for viewer in (None, 0, 1, ALL):
        assert [g._event(e, viewer) for e in old] == g.log_for(viewer)


def test_compact_entries_survive_a_save():
    g = new_game({"players": 2, "kingdom": FIRST_GAME}, "save")
    for _ in range(10):
        d = g.next_decision()
        g.apply(d.seat, d.id, bot_answer("bmu", g, d.seat, d))
    again = loads(g.dumps())
    for viewer in (None, 0, 1):
        assert again.log_for(viewer) == g.log_for(viewer)


# ----- setups dealt from a shared layout ---------------------------------------------------


def test_games_of_one_setup_share_tables_but_not_cards():
    setup = {"players": 2, "kingdom": FIRST_GAME}
    a = new_game(setup, "a")
    while not a.over:
        d = a.next_decision()
        a.apply(d.seat, d.id, bot_answer("bmu", a, d.seat, d))
    b = new_game(setup, "b")
    assert b.tables is a.tables and b.names == a.names
    assert len(b.piles["Province"]) == 8 and len(b.piles["Copper"]) == 46
    assert all(b.piles[p] is not a.piles[p] for p in b.piles)
    fresh = new_game({**setup, "kingdom": list(reversed(FIRST_GAME))}, "b")
    assert fresh.supply == b.supply  # the same Supply, so the same layout
    assert {p: len(ids) for p, ids in fresh.piles.items()} == {
        p: len(ids) for p, ids in b.piles.items()}


def test_every_player_count_is_dealt_right_from_a_reused_layout():
    for n in range(2, 7):
        for seed in ("x", "y"):
            g = new_game({"players": n, "kingdom": FIRST_GAME}, seed)
            for p in range(n):
                cards = Counter(g.names[c] for c in g.players[p].all_cards())
                assert cards == {"Copper": 7, "Estate": 3}
            big = n >= 5
            assert len(g.piles["Copper"]) == (120 if big else 60) - 7 * n


# ----- the shuffle stream ------------------------------------------------------------------


def test_a_shuffle_is_a_permutation_fixed_by_key_and_counter():
    key = make_key("secret")
    for n in (0, 1, 2, 15, 16, 17, 40, 100):
        a, b = list(range(n)), list(range(n))
        shuffle(key, 7, a)
        shuffle(key, 7, b)
        assert a == b and sorted(a) == list(range(n))
    seventh, eighth = list(range(40)), list(range(40))
    shuffle(key, 7, seventh)
    shuffle(key, 8, eighth)
    assert seventh != eighth
    other = list(range(40))
    shuffle(make_key("another secret"), 7, other)
    assert other != seventh


def test_shuffles_are_uniform_over_orders():
    """All 24 orders of 4 cards come up about equally often (a 6-sigma band)."""
    key = make_key("uniform")
    seen = Counter()
    for counter in range(24_000):
        cards = list("abcd")
        shuffle(key, counter, cards)
        seen["".join(cards)] += 1
    assert len(seen) == 24
    assert all(1000 - 190 < k < 1000 + 190 for k in seen.values())


def test_the_driver_helpers_play_whole_games():
    g = new_game({"players": 2, "kingdom": FIRST_GAME}, "driver")
    players = [seat_player("smithy", g, 0), seat_player("random", g, 1)]
    while (d := g.next_decision()) is not None:
        g.apply(d.seat, d.id, players[d.seat](d))
    assert g.over and g.next_decision() is None


# ----- the simulation shortcuts of issue 17 ------------------------------------------------


def test_first_buyable_is_the_first_pile_can_buy_allows():
    g = build(autoplay_position(["Silver", "Silver", "Copper", "Estate", "Estate"]))
    d = g.next_decision()
    assert d.kind == "BuyPhase" and d.coins == 5
    assert d.first_buyable(("Province", None, "Gold", "Market", "Silver")) == "Market"
    assert d.first_buyable((None, "Silver", "Market")) == "Silver"
    assert d.first_buyable(("Province", "Gold", "No Such Pile")) is None
    assert d.first_buyable(()) is None
    g.piles["Market"].clear()  # an empty pile is never buyable
    d = g.next_decision()
    assert d.first_buyable(("Market", "Smithy")) == "Smithy"
    for pile in g.supply:
        assert (d.first_buyable((pile,)) == pile) == d.can_buy(pile)


def test_play_one_shares_one_checked_setup_and_plays_the_games_it_is_given():
    from engine.setup import normalise
    from engine.simulate import game_setup

    setup = normalise(game_setup(["bmu", "smithy"], FIRST_GAME))
    kept = repr(setup)
    for i in range(5):
        shared = play_one(["bmu", "smithy"], FIRST_GAME, f"share:{i}")
        given = play_one(["bmu", "smithy"], FIRST_GAME, f"share:{i}", setup=setup)
        assert shared == given
    assert repr(setup) == kept  # games leave the setup they were dealt from unchanged
    other = play_one(["bmu", "smithy"], FIRST_GAME, "share:0", autoplay=False)
    assert other["result"] == play_one(["bmu", "smithy"], FIRST_GAME, "share:0")["result"]
    assert other["answers"] > play_one(["bmu", "smithy"], FIRST_GAME, "share:0")["answers"]


def test_a_big_money_mirror_is_the_same_game_on_the_fast_path_loud_or_quiet():
    """The turn play_out runs in one pass (plain buy, Clean-up, next turn, autoplay) leaves
    the state, log and record that answering one decision at a time leaves."""
    setup = {"players": 2, "kingdom": FIRST_GAME, "autoplay_treasures": [0, 1]}
    for i in range(12):
        slow = new_game(setup, f"mirror:{i}")
        while (d := slow.next_decision()) is not None:
            slow.apply(d.seat, d.id, bot_answer("bmu", slow, d.seat, d))
        fast = new_game(setup, f"mirror:{i}")
        fast.play_out([seat_player("bmu", fast, s) for s in (0, 1)])
        assert fast.state_dict() == slow.state_dict() and fast.dumps() == slow.dumps()
        assert fast.log_for(ALL) == slow.log_for(ALL)
        quiet = new_game(setup, f"mirror:{i}", log=False)
        quiet.play_out([seat_player("bmu", quiet, s) for s in (0, 1)])
        assert quiet.result == slow.result


def test_a_game_keeps_all_its_attributes_in_slots():
    """Attribute reads and writes are the bulk of a turn; an attribute outside the slots
    would go to an instance dict (slower), so every one the engine sets is a slot."""
    setup = {"players": 3, "kingdom": ["Band of Misfits", "Market Square", "Hermit", "Urchin",
                                       "Throne Room", "Militia", "Moat", "Bridge", "Feodum",
                                       "Counterfeit"], "shelters": True}
    g = new_game(setup, "slots")
    g.play_out([seat_player("heuristic", g, s) for s in range(3)])
    again = loads(g.dumps())
    assert g.over and again.over
    assert g.__dict__ == {} and again.__dict__ == {}
