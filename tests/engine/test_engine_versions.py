"""Records and saves of another engine: a game dealt by an engine whose shuffles differ must be
refused where it would be replayed from its seed (it would silently become another game), and
still load where the save holds the state itself (its shuffles are still to come)."""
from __future__ import annotations

import json

import pytest

from engine import ENGINE_VERSION, loads, new_game, replay, replayable
from tests.engine.helpers import end_turn

SETUP = {"players": 2, "kingdom": ["Militia", "Cellar", "Village", "Smithy", "Moat", "Market",
                                   "Mine", "Remodel", "Workshop", "Merchant"], "first_player": 0}


def _record(version: str | None) -> dict:
    """Six turns each (the decks reshuffle), playing nothing, buying a Silver when one can."""
    g = new_game(SETUP, "versions")
    answers = []
    while g.turn_no <= 12:
        d = g.pending()[0]
        offer = d.to_dict()
        if d.kind == "PlayAction":
            ans = []
        elif offer["treasures"]:
            ans = {"play": "all"}
        elif offer["buys"] and offer["coins"] >= 3:
            ans = {"buy": "Silver"}
        else:
            ans = {"end": True}
        g.answer(d.seat, d.id, ans)
        answers.append([d.seat, d.id, ans])
    record = {"setup": SETUP, "seed": "versions", "answers": answers}
    if version is not None:
        record["engine_version"] = version
    return record


def test_this_engine_replays_its_own_records_and_records_that_do_not_say():
    assert replayable(ENGINE_VERSION) and replayable(None)
    ours = replay(_record(ENGINE_VERSION)).state_dict()
    assert replay(_record(None)).state_dict() == ours


def test_a_record_of_an_engine_with_other_shuffles_is_refused_not_replayed():
    assert not replayable("1.0")
    with pytest.raises(ValueError, match="engine 1.0"):
        replay(_record("1.0"))


def test_a_save_to_replay_from_the_seed_is_refused_from_another_engine():
    text = json.dumps({"format": 1, "engine": "1.0",
                       "new": {"setup": SETUP, "seed": "versions"}, "answers": []})
    with pytest.raises(ValueError, match="engine 1.0"):
        loads(text)
    same = json.loads(text) | {"engine": ENGINE_VERSION}
    assert loads(json.dumps(same)).state_dict() == new_game(SETUP, "versions").state_dict()


def test_a_saved_state_of_another_engine_still_loads_and_plays_on():
    g = new_game(SETUP, "versions")
    end_turn(g)
    data = json.loads(g.dumps())
    assert "state" in data
    data["engine"] = "1.0"
    old = loads(json.dumps(data))
    assert old.state_dict() == g.state_dict()
    end_turn(old)
    end_turn(g)
    assert old.state_dict() == g.state_dict()
