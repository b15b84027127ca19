"""What each seat and a spectator see of Dark Ages' hidden cards (seed 004): a face-down
split pile shows only its top card and its count; cards one player looks at (Survivors,
Catacombs, Scavenger's pick) reach no one else, in the view, the log or an open decision;
revealed cards (Wandering Minstrel) reach everyone; all of it the same after a save/load.
"""
from __future__ import annotations

import json

from engine import new_game
from tests.engine.helpers import answer, play, position, reload, seat

K = ["Cultist", "Knights", "Marauder", "Catacombs", "Scavenger",
     "Wandering Minstrel", "Village", "Smithy", "Market", "Cellar"]
VIEWERS = (None, 0, 1, 2)


def _seen(g, viewer, piles: bool = False) -> str:
    """What `viewer` is sent (the view with its log), as text; the Supply's piles (named by
    their cards) only when asked."""
    v = g.view(viewer)
    if not piles:
        del v["supply"], v["non_supply"]
    return json.dumps(v)


def _split_pile(g, viewer, name: str) -> dict:
    return next(p for p in g.view(viewer)["supply"] if p["pile"] == name)


def test_the_ruins_and_knights_piles_show_their_top_and_count_only_to_everyone():
    g = new_game({"players": 3, "kingdom": K}, "hidden piles")
    for table in (g, reload(g)):
        for name in ("Ruins", "Knights"):
            cards = [table.names[c] for c in table.piles[name]]
            below = set(cards[:-1]) - {cards[-1]}
            for viewer in VIEWERS:
                pile = _split_pile(table, viewer, name)
                assert (pile["top"], pile["count"]) == (cards[-1], len(cards))
                text = _seen(table, viewer, piles=True)
                assert not [n for n in below if n in text], (name, viewer)


def _survivors_looked_at():
    g = position(seat(hand=["Survivors"], deck=["Gold", "Province", "Duchy"]),
                 seat(hand=["Copper"] * 5), seat(hand=["Copper"] * 5),
                 kingdom=K, extra_piles=["Ruins"])
    play(g, "Survivors")
    return g


def test_survivors_cards_and_choice_reach_only_their_owner():
    g = _survivors_looked_at()
    for table in (g, reload(g)):
        mine = table.view(0)
        assert [c["name"] for c in mine["looking"]] == ["Gold", "Province"]
        assert [d["card"] for d in mine["pending"]] == ["Survivors"]
        for viewer in (None, 1, 2):
            seen = table.view(viewer)
            assert seen["pending"] == [] and not seen.get("looking")
            assert seen["players"][0]["looking_size"] == 2
            assert "Gold" not in _seen(table, viewer) and "Province" not in _seen(table, viewer)
    answer(g, 0, "back")
    answer(g, 0, ["Province", "Gold"])  # the order back, top first
    for viewer in (None, 1, 2):
        assert "Gold" not in _seen(g, viewer) and "Province" not in _seen(g, viewer)


def test_catacombs_cards_kept_reach_only_their_owner():
    g = position(seat(hand=["Catacombs"], deck=["Gold", "Province", "Duchy", "Silver"]),
                 seat(hand=["Copper"] * 5), kingdom=K)
    play(g, "Catacombs")
    answer(g, 0, "hand")
    looked = [e for e in g.view(0)["log"] if e["type"] in ("look", "to_hand")]
    assert [e["cards"] for e in looked] == [["Gold", "Province", "Duchy"]] * 2
    for table in (g, reload(g)):
        for viewer in (None, 1):
            text = _seen(table, viewer)
            assert not [n for n in ("Gold", "Province", "Duchy") if n in text], viewer
            assert [e["count"] for e in table.view(viewer)["log"]
                    if e["type"] in ("look", "to_hand")] == [3, 3]


def test_scavengers_pick_from_the_discard_pile_reaches_only_its_owner():
    g = position(seat(hand=["Scavenger"], deck=["Estate"], discard=["Gold", "Copper"]),
                 seat(hand=["Copper"] * 5), kingdom=K)
    play(g, "Scavenger")
    answer(g, 0, "no")
    assert [c["name"] for c in g.view(0)["pending"][0]["cards"]] == ["Gold", "Copper"]
    assert g.view(1)["pending"] == [] and g.view(None)["pending"] == []
    answer(g, 0, ["Gold"])
    assert g.view(0)["log"][-1] == {"type": "topdeck", "seat": 0, "card": "Gold"}
    for table in (g, reload(g)):
        for viewer in (None, 1):
            assert table.view(viewer)["log"][-1] == {"type": "topdeck", "seat": 0}
            assert "Gold" not in _seen(table, viewer)


def test_wandering_minstrels_revealed_cards_reach_everyone_and_the_order_back_only_its_owner():
    g = position(seat(hand=["Wandering Minstrel"],
                      deck=["Copper", "Village", "Smithy", "Estate", "Gold"]),
                 seat(hand=["Copper"] * 5), kingdom=K)
    play(g, "Wandering Minstrel")
    answer(g, 0, ["Smithy", "Village"])
    for viewer in (None, 0, 1):
        log = g.view(viewer)["log"]
        revealed = [e for e in log if e["type"] == "reveal"]
        assert revealed[-1]["cards"] == ["Village", "Smithy", "Estate"]
        order = [e for e in log if e["type"] == "topdeck"]
        assert ("cards" in order[-1]) == (viewer == 0)
    for viewer in (None, 1):  # the card drawn stays the owner's
        assert [e for e in g.view(viewer)["log"] if e["type"] == "draw"][-1] == {
            "type": "draw", "seat": 0, "count": 1}
