"""Saving in the middle of base cards, and what each seat's view shows of them.

dumps()/loads() at any moment, then answering, must give exactly the state the game would have
had without the save. view(seat) redacts the log: you see what you drew, others see counts, and
no deck order ever appears.
"""
from __future__ import annotations

import json

import pytest

from engine import loads, new_game
from engine.positions import build
from tests.engine.helpers import (
    answer,
    end_turn,
    open_kinds,
    play,
    position,
    reload,
    seat,
    spec,
    treasures,
    zone,
)

FIVE = ["Copper", "Silver", "Gold", "Estate", "Duchy"]


def _tr_militia():
    return position(seat(hand=["Throne Room", "Militia", "Copper"], deck=["Estate"] * 5),
                    seat(hand=FIVE, deck=["Copper"] * 2), seat(hand=FIVE + ["Moat"]),
                    kingdom=["Throne Room", "Militia", "Moat"])


def _steps(g, script):
    for p, ans in script:
        answer(g, p, ans)


TR_MILITIA = [(0, ["Throne Room"]), (0, ["Militia"]), (2, []),
              (1, ["Estate", "Duchy"]), (2, ["Estate", "Duchy", "Copper"]),
              (2, []), (0, {"play": "all"}), (0, {"buy": "Silver"})]


def test_save_mid_throne_room_militia_waiting_for_one_victim():
    plain = _tr_militia()
    _steps(plain, TR_MILITIA[:4])
    assert open_kinds(plain) == [(2, "ChooseCards")]  # seat 1 has discarded, seat 2 has not
    saved = reload(plain)
    assert saved.state_dict() == plain.state_dict()
    assert [d.to_dict() for d in saved.pending()] == [d.to_dict() for d in plain.pending()]
    answer(plain, 2, ["Estate", "Duchy", "Copper"])
    answer(saved, 2, ["Estate", "Duchy", "Copper"])
    assert saved.state_dict() == plain.state_dict()
    # The second Militia play (the Throne Room's) asks for the Moat again, in both games.
    assert open_kinds(saved) == open_kinds(plain) == [(2, "Reveal")]


def test_save_after_every_answer_gives_the_same_game():
    plain, chain = _tr_militia(), _tr_militia()
    for p, ans in TR_MILITIA:
        answer(plain, p, ans)
        chain = reload(chain)
        answer(chain, p, ans)
        assert chain.state_dict() == plain.state_dict()
        again = reload(chain)
        assert again.state_dict() == plain.state_dict()
    assert plain.active == 1


def test_saved_text_is_the_same_whenever_loaded():
    g = _tr_militia()
    _steps(g, TR_MILITIA[:3])
    text = g.dumps()
    a, b = loads(text), loads(text)
    answer(a, 1, ["Gold", "Silver"])
    answer(b, 1, ["Gold", "Silver"])
    assert a.state_dict() == b.state_dict()
    assert loads(a.dumps()).state_dict() == a.state_dict()


@pytest.mark.parametrize("name, hand, deck, kingdom, script", [
    ("Library", ["Library"], ["Village", "Smithy", "Copper"] * 3, ["Library", "Village", "Smithy"],
     [(0, "skip"), (0, "keep"), (0, "skip"), (0, "keep")]),
    ("Sentry", ["Sentry"], ["Copper", "Gold", "Curse", "Estate"], ["Sentry"],
     [(0, []), (0, []), (0, ["Curse", "Gold"])]),
    ("Cellar", ["Cellar", "Estate", "Estate", "Duchy"], ["Gold"], ["Cellar"],
     [(0, ["Estate", "Estate", "Duchy"])]),
    ("Vassal", ["Vassal"], ["Village", "Smithy", "Copper"], ["Vassal", "Village", "Smithy"],
     [(0, "play"), (0, ["Smithy"])]),
    ("Artisan", ["Artisan", "Copper"], [], ["Artisan"], [(0, "Duchy"), (0, ["Duchy"])]),
])
def test_save_in_the_middle_of_a_card(name, hand, deck, kingdom, script):
    """Each card is saved and reloaded before every one of its answers."""
    def fresh():
        return position(seat(hand=hand, deck=deck, discard=["Silver", "Estate", "Gold"]),
                        seat(hand=["Copper"] * 5), kingdom=kingdom)

    plain, chain = fresh(), fresh()
    play(plain, name)
    play(chain, name)
    for p, ans in script:
        chain = reload(chain)
        assert chain.state_dict() == plain.state_dict()
        answer(plain, p, ans)
        answer(chain, p, ans)
    assert chain.state_dict() == plain.state_dict()


def test_save_in_the_middle_of_thief_with_cards_set_aside():
    def fresh():
        return position(seat(hand=["Thief"]), seat(deck=["Silver", "Gold"]),
                        seat(deck=["Copper", "Estate"]), kingdom=["Thief"], edition=1)

    plain, saved = fresh(), fresh()
    for g in (plain, saved):
        play(g, "Thief")
    assert zone(plain, 1, "set_aside") == ["Silver", "Gold"]
    saved = reload(saved)
    assert zone(saved, 1, "set_aside") == ["Silver", "Gold"]
    for g in (plain, saved):
        answer(g, 0, ["Gold"])
    saved = reload(saved)
    for g in (plain, saved):
        answer(g, 0, ["Gold", "Copper"])
    assert saved.state_dict() == plain.state_dict()


def test_shuffles_after_a_save_are_the_same_as_without_it():
    def fresh():
        return position(seat(hand=["Cellar"] + ["Estate"] * 4, deck=["Silver"],
                             discard=["Copper", "Gold", "Silver", "Village", "Curse", "Duchy"]),
                        seat(), kingdom=["Cellar", "Village"], seed="shuffle-seed")

    plain, saved = fresh(), fresh()
    play(plain, "Cellar")
    play(saved, "Cellar")
    saved = reload(saved)
    answer(plain, 0, ["Estate"] * 4)
    answer(saved, 0, ["Estate"] * 4)
    assert zone(saved, 0, "hand") == zone(plain, 0, "hand")
    assert zone(saved, 0, "deck") == zone(plain, 0, "deck")


def test_save_of_a_new_game_mid_turn_and_mid_card():
    setup = {"players": 3, "kingdom": ["Militia", "Cellar", "Village", "Smithy", "Moat",
                                       "Market", "Mine", "Remodel", "Workshop", "Merchant"],
             "first_player": 0}
    g = new_game(setup, "a-seed")
    for _ in range(6):  # three turns each of buying nothing
        end_turn(g)
    assert loads(g.dumps()).state_dict() == g.state_dict()
    assert g.active == 0 and g.turn_no == 7


def test_position_built_games_save_and_load():
    g = build(spec(seat(hand=["Militia"]), seat(hand=FIVE), kingdom=["Militia"]))
    play(g, "Militia")
    h = reload(g)
    answer(h, 1, ["Estate", "Duchy"])
    answer(g, 1, ["Estate", "Duchy"])
    assert h.state_dict() == g.state_dict()


# ----- views and the redacted log ----------------------------------------------------------


def _started(players=3):
    return new_game({"players": players, "kingdom": ["Militia", "Smithy", "Moat", "Cellar",
                                                     "Library", "Sentry", "Village", "Market",
                                                     "Witch", "Chapel"],
                     "first_player": 0}, "view-seed")


def test_you_see_what_you_drew_others_see_only_counts():
    g = _started()
    for viewer in range(3):
        draws = [e for e in g.view(viewer)["log"] if e["type"] == "draw"]
        assert len(draws) == 3
        for e in draws:
            assert e["count"] == 5
            if e["seat"] == viewer:
                assert sorted(e["cards"]) == sorted(zone(g, viewer, "hand"))
            else:
                assert "cards" not in e
    for e in g.view(None)["log"]:
        assert "cards" not in e or e["type"] != "draw"


def test_views_show_own_hand_and_only_sizes_of_others():
    g = _started()
    for viewer in range(3):
        v = g.view(viewer)
        assert [c["name"] for c in v["hand"]] == zone(g, viewer, "hand")
        for p in v["players"]:
            assert "hand" not in p and "deck" not in p and "cards" not in p
            assert p["hand_size"] == 5 and p["deck_size"] == 5
    spectator = g.view(None)
    assert "hand" not in spectator and spectator["pending"] == []
    assert spectator["waiting_for"] == [0]


def _ids_in(obj) -> set[int]:
    found: set[int] = set()
    if isinstance(obj, dict):
        if "id" in obj and isinstance(obj["id"], int):
            found.add(obj["id"])
        for v in obj.values():
            found |= _ids_in(v)
    elif isinstance(obj, list):
        for v in obj:
            found |= _ids_in(v)
    return found


def test_no_view_holds_another_hand_or_any_deck_card():
    g = _started()
    end_turn(g)
    end_turn(g)
    for viewer in (0, 1, 2, None):
        v = g.view(viewer)
        shown = _ids_in(v)
        hidden = set()
        for p, pl in enumerate(g.players):
            hidden |= set(pl.deck)
            if p != viewer:
                hidden |= set(pl.hand)
        assert not shown & hidden
        assert "view-seed" not in json.dumps(v)


def test_deck_order_never_appears_in_the_log():
    g = _started()
    order = [g.names[c] for c in reversed(g.players[1].deck)]
    end_turn(g)  # seat 0's turn; seat 1 has not drawn from the deck yet
    for viewer in (0, 2, None):
        for e in g.view(viewer)["log"]:
            assert e["type"] != "shuffle" or set(e) == {"type", "seat", "count"}
            assert e.get("cards") != order
    assert len(order) == 5


def test_others_see_cards_you_play_and_gain():
    g = position(seat(hand=["Smithy", "Gold"], deck=["Silver"] * 3), seat(),
                 kingdom=["Smithy"])
    play(g, "Smithy")
    treasures(g)
    answer(g, 0, {"buy": "Gold"})
    log = g.view(1)["log"]
    assert {"type": "play", "seat": 0, "card": "Smithy"} in log
    assert {"type": "gain", "seat": 0, "card": "Gold", "to": "discard"} in log
    drew = [e for e in log if e["type"] == "draw" and e["seat"] == 0]
    assert drew[0] == {"type": "draw", "seat": 0, "count": 3}


def test_pending_decisions_are_shown_only_to_their_seat():
    g = position(seat(hand=["Militia"]), seat(hand=FIVE), seat(hand=FIVE), kingdom=["Militia"])
    play(g, "Militia")
    for viewer in (1, 2):
        v = g.view(viewer)
        assert [d["seat"] for d in v["pending"]] == [viewer]
        assert v["waiting_for"] == [1, 2]
    assert g.view(0)["pending"] == []


def test_everything_is_visible_after_the_game_ends():
    g = position(seat(hand=["Gold"] * 3, deck=["Copper"] * 5), seat(hand=["Estate"] * 5),
                 kingdom=["Smithy"], supply={"Province": 1})
    treasures(g)
    answer(g, 0, {"buy": "Province"})
    assert g.over
    v = g.view(1)
    assert v["players"][0]["hand"] == zone(g, 0, "hand")
    assert v["result"]["winners"] == [0]
    draws = [e for e in v["log"] if e["type"] == "draw" and e["seat"] == 0]
    assert draws and all("cards" in e for e in draws)
