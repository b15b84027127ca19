"""Read-only catalogue: me, bots, card sets, cards, kingdoms."""

from __future__ import annotations

import pytest

from games.models import Card, Kingdom

pytestmark = pytest.mark.django_db


def test_me(as_alice, alice):
    body = as_alice.get("/api/v1/me/").json()
    assert body == {"id": alice.pk, "username": "alice", "display_name": "alice",
                    "bot_account": False}


def test_bots(as_alice):
    strategies = [bot["strategy"] for bot in as_alice.get("/api/v1/bots/").json()]
    assert "bmu" in strategies


def test_card_sets_and_cards(catalog, as_alice):
    sets = {s["slug"] for s in as_alice.get("/api/v1/card-sets/").json()}
    assert {"base", "intrigue"} <= sets
    base = as_alice.get("/api/v1/cards/?set=base&kingdom=true").json()
    assert {c["set"] for c in base} == {"base"} and all(c["is_kingdom"] for c in base)
    assert "Village" in {c["name"] for c in base}
    everything = as_alice.get("/api/v1/cards/").json()
    assert len(everything) == Card.objects.filter(implemented=True).count()


def test_kingdoms_filters(catalog, as_alice):
    listed = as_alice.get("/api/v1/kingdoms/?recommended=true").json()
    assert len(listed) == Kingdom.objects.filter(recommended=True, playable=True).count()
    intrigue = as_alice.get("/api/v1/kingdoms/?set=intrigue").json()
    assert intrigue and all("intrigue" in k["sets"] for k in intrigue)


def test_the_catalogue_needs_authentication(client):
    response = client.get("/api/v1/cards/")
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"


@pytest.mark.parametrize("path", ["/api/v1/cards/?set=ba%00se", "/api/v1/kingdoms/?set=%00"])
def test_a_nul_character_in_a_filter_is_a_400(catalog, as_alice, path):
    response = as_alice.get(path)
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_parameter"
