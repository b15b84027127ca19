"""The summary page shows each viewer only what their seat may see, and never the seed."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games import selectors

HAND = re.compile(r'<section id="my-hand".*?</section>', re.S)
ITEM = re.compile(r"<li>([^<]+)</li>")


def _hand_on_page(html: str) -> list[str] | None:
    sections = HAND.findall(html)
    assert len(sections) <= 1
    return ITEM.findall(sections[0]) if sections else None


def _walk(value):
    """Every dict nested anywhere in a template context value."""
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from _walk(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _walk(item)


@pytest.mark.parametrize("moves", [0, 7, 25])
def test_seat_a_sees_its_own_hand_and_never_seat_bs(client, running_game, play_one, moves):
    game = running_game
    for _ in range(moves):
        game = play_one(game)
    alice = game.seats.get(position=0).user
    client.force_login(alice)

    response = client.get(reverse("games:detail", args=[game.pk]))

    html = response.content.decode()
    mine = [card["name"] for card in selectors.game_view(game, 0)["hand"]]
    assert _hand_on_page(html) == mine
    assert response.context["view"] == selectors.game_view(game, 0)
    hands = [d["hand"] for d in _walk(response.context["view"]) if "hand" in d]
    assert hands == [selectors.game_view(game, 0)["hand"]], "only seat A's own hand is present"
    assert game.seed not in html
    assert game.snapshot not in html


def test_a_spectator_sees_no_hand_and_no_seed(client, running_game, play_one, make_user):
    game = play_one(play_one(running_game))
    client.force_login(make_user("carol"))

    response = client.get(reverse("games:detail", args=[game.pk]))

    html = response.content.decode()
    assert response.status_code == 200
    assert _hand_on_page(html) is None
    assert response.context["view"]["seat"] is None
    assert not any("hand" in d for d in _walk(response.context["view"]))
    assert game.seed not in html


def test_a_private_game_is_not_shown_to_strangers(client, catalog, alice, base_kingdom, make_user):
    from games import services

    game = services.game_create(creator=alice, seats=["me", "bmu"], kingdom=base_kingdom,
                                listed=False)
    client.force_login(make_user("mallory"))

    assert client.get(reverse("games:detail", args=[game.pk])).status_code == 404
