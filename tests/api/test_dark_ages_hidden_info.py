"""A Survivors' look over the API and the page: the cards looked at and the choice they bring
reach their owner only; the other seat and a spectator of the listed game see a count."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from engine.positions import build
from games import history, services
from games.models import Game

pytestmark = pytest.mark.django_db

KINGDOM = ["Marauder", "Cultist", "Village", "Smithy", "Market", "Cellar", "Workshop",
           "Militia", "Moat", "Mine"]
LOOKED_AT = ("Laboratory", "Festival")  # in no pile of this game: found only if leaked


def _survivors_played(alice, bob, committed) -> Game:
    game = services.game_create(creator=alice, seats=["me", "open"], kingdom=KINGDOM)
    services.seat_join(game=game, user=bob)
    game = services.game_start(game=game, user=alice)
    table = build({"kingdom": KINGDOM, "seed": "survivors", "players": [
        {"hand": ["Survivors", "Copper", "Copper", "Copper", "Estate"],
         "deck": [*LOOKED_AT, "Copper"]},
        {"hand": ["Copper"] * 5, "deck": ["Copper"] * 5}]})
    decisions = [{**d.to_dict(), "opened_step": 0, "opened_by": None} for d in table.pending()]
    Game.objects.filter(pk=game.pk).update(decisions=decisions, **history.installed(table))
    game.refresh_from_db()
    survivors = next(c["id"] for c in game.decisions[0]["cards"] if c["name"] == "Survivors")
    with committed():
        services.decision_submit(game_id=game.pk, seat=0, decision_id=game.decisions[0]["id"],
                                 answer=[survivors], step=0)
    game.refresh_from_db()
    return game


def test_a_survivors_look_reaches_its_owner_only(catalog, alice, bob, make_user, client_for,
                                                 client, committed):
    game = _survivors_played(alice, bob, committed)
    carol = make_user("carol")
    reads = ("view/", "decisions/", "log/", "")

    def api_text(user) -> str:
        api = client_for(user)
        responses = [api.get(f"/api/v1/games/{game.pk}/{read}") for read in reads]
        assert [r.status_code for r in responses] == [200] * len(reads)
        return json.dumps([r.json() for r in responses])

    mine = api_text(alice)
    prompt = "Discard the cards you looked at"
    assert all(name in mine for name in LOOKED_AT) and prompt in mine
    for user in (bob, carol):
        text = api_text(user)
        assert not [name for name in LOOKED_AT if name in text], user
        assert prompt not in text and '"count": 2' in text  # the choice is not theirs
        client.force_login(user)
        response = client.get(reverse("games:play", args=[game.pk]))
        page = response.content.decode()
        assert response.status_code == 200
        assert not [name for name in LOOKED_AT if name in page], user
