"""Dark Ages on the site: the Shelters rule in the lobby and the API, the special piles on the
game page, later printings' names, and every rulebook kingdom of the implemented sets."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from engine import CARDS
from engine import kingdoms as engine_kingdoms
from games import selectors, services
from games.exceptions import InvalidSetup
from games.models import Game, Kingdom
from games.play.standing_orders import standing_answer

LOOTERS = ["Cultist", "Marauder", "Knights", "Hermit", "Urchin", "Bandit Camp", "Rats",
           "Squire", "Market Square", "Fortress"]


def _start(alice, seats, kingdom, **kw) -> Game:
    game = services.game_create(creator=alice, seats=seats, kingdom=kingdom, **kw)
    return services.game_start(game=game, user=alice)


@pytest.mark.parametrize(("choice", "stored"), [("auto", "auto"), ("always", True),
                                                ("never", False), (True, True), (False, False)])
def test_game_create_stores_the_shelters_rule(catalog, alice, base_kingdom, choice, stored):
    game = services.game_create(creator=alice, seats=["me", "bmu"], kingdom=base_kingdom,
                                shelters=choice)
    assert game.setup["shelters"] == stored


def test_the_default_shelters_rule_is_the_rulebooks(catalog, alice):
    game = _start(alice, ["me", "heuristic"], LOOTERS)
    assert game.setup["shelters"] == "auto"
    view = selectors.game_view(game, 0)
    assert view["options"]["shelters"] is True  # only Dark Ages cards: always Shelters
    assert view["options"]["shelters_card"] in LOOTERS


def test_farm_is_accepted_as_harem(catalog, alice, base_kingdom):
    kingdom = ["Farm", *base_kingdom[:9]]
    assert selectors.kingdom_problems(kingdom) == []
    game = services.game_create(creator=alice, seats=["me", "bmu"], kingdom=kingdom)
    assert "Harem" in game.setup["kingdom"] and "Farm" not in game.setup["kingdom"]


def test_an_unknown_shelters_rule_is_refused(catalog, alice, base_kingdom):
    with pytest.raises(InvalidSetup, match="shelters"):
        services.game_create(creator=alice, seats=["me", "bmu"], kingdom=base_kingdom,
                             shelters="sometimes")


def test_the_lobby_form_offers_the_three_shelters_rules(client, catalog, alice):
    client.force_login(alice)
    html = client.get(reverse("games:new")).content.decode()
    for value in ("auto", "always", "never"):
        assert f'value="{value}"' in html
    response = client.post(reverse("games:new"), {
        "kingdom_mode": "random", "random_sets": ["dark_ages"], "edition": 2,
        "shelters": "never", "time_limit_days": 3, "listed": "on", "seat_1": "me",
        "seat_2": "heuristic"})
    assert response.status_code == 302
    game = Game.objects.latest("pk")
    assert game.setup["shelters"] is False
    assert all(CARDS[c].set == "dark_ages" for c in game.setup["kingdom"])


def test_the_api_takes_and_shows_the_shelters_rule(catalog, alice):
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(alice)
    url = "/api/v1/games/"
    for sent, shown in (("auto", "auto"), (True, "always"), ("never", "never")):
        r = api.post(url, {"seats": ["me", "bmu"], "kingdom": LOOTERS, "shelters": sent},
                     format="json")
        assert r.status_code == 201, r.content
        assert r.json()["shelters"] == shown
    r = api.post(url, {"seats": ["me", "bmu"], "kingdom": LOOTERS, "shelters": "often"},
                 format="json")
    assert r.status_code == 400 and "shelters" in r.content.decode()


def test_the_page_shows_the_mixed_and_non_supply_piles_and_shelters(client, catalog, alice):
    game = _start(alice, ["me", "heuristic"], LOOTERS, shelters="always")
    client.force_login(alice)
    html = client.get(reverse("games:play", args=[game.pk])).content.decode()
    view = selectors.game_view(game, 0)
    ruins_top = next(p["top"] for p in view["supply"] if p["pile"] == "Ruins")
    knights_top = next(p["top"] for p in view["supply"] if p["pile"] == "Knights")
    special = html.split('class="supply-grid special"')[1].split("</ul>")[0]
    assert ruins_top in special and "Ruins pile" in special and ">10<" in special
    kingdom_row = html.split('class="supply-grid kingdom"')[1].split("</ul>")[0]
    assert knights_top in kingdom_row and "Knights pile" in kingdom_row
    not_in_supply = html.split("Not in the Supply")[1].split("</ul>")[0]
    for pile in ("Spoils", "Madman", "Mercenary"):
        assert pile in not_in_supply
    hand = html.split('id="my-hand-cards"')[1].split("</ul>")[0]
    shelters = {"Hovel", "Necropolis", "Overgrown Estate"} & set(
        re.findall(r'<span class="card-name">([^<]+)</span>', hand))
    deck_and_hand = [c["name"] for c in view["hand"]]
    assert shelters == {"Hovel", "Necropolis", "Overgrown Estate"} & set(deck_and_hand)
    if shelters:
        assert "Shelter" in hand  # the type line
    hidden = {c for c in _knights_below_top(game)}
    assert not any(name in html for name in hidden - {knights_top})


def _knights_below_top(game: Game) -> list[str]:
    from engine import loads

    table = loads(game.snapshot)
    return [table.names[c] for c in table.piles["Knights"][:-1]]


def test_every_rulebook_kingdom_of_the_implemented_sets_is_playable(catalog):
    implemented = engine_kingdoms.IMPLEMENTED_SETS
    wanted = {k.name for k in engine_kingdoms.RECOMMENDED if set(k.sets) <= implemented}
    waiting = Kingdom.objects.filter(name__in=wanted, playable=False)
    assert list(waiting.values_list("name", "missing_cards")) == []
    assert Kingdom.objects.filter(name="Grim Parade", playable=True).exists()


def test_a_dark_ages_recommended_kingdom_plays_to_the_end_between_bots(catalog, alice,
                                                                       committed):
    kingdom = Kingdom.objects.get(name="Playing Chess With Death")
    with committed():
        game = _start(alice, ["heuristic", "heuristic"], list(kingdom.cards),
                      kingdom_ref=kingdom)
    game.refresh_from_db()
    assert game.status == "finished"
    assert selectors.game_replays_identically(game)


def test_autoplay_leaves_counterfeit_and_spoils_to_the_player():
    orders = {"autoplay_treasures": True}
    plain = {"kind": "BuyPhase", "treasures": [{"id": 1, "name": "Copper"},
                                               {"id": 2, "name": "Harem"}]}
    assert standing_answer(plain, orders) == {"play": "all"}
    for special in ("Counterfeit", "Spoils"):
        decision = {"kind": "BuyPhase",
                    "treasures": [{"id": 1, "name": "Copper"}, {"id": 3, "name": special}]}
        assert standing_answer(decision, orders) is None
