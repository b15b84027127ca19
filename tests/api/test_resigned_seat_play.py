"""A resigned seat stays the bot's to the end: its player may neither take it back (after a
deadline takeover, or when another's claimed win counted them resigned) nor steer it with
standing orders, and the pages offer neither."""

from __future__ import annotations

import pytest

from games.models import Game
from games.play import selectors as play_selectors
from games.play.models import SeatTakeover, StandingOrderOverride
from tests.api.test_resigned_seat import resigned  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db


@pytest.fixture
def resigned_after_takeover(resigned):  # noqa: F811
    """The seat the bot had taken over after missed deadlines before its player resigned."""
    game, seat, user = resigned
    SeatTakeover.objects.create(game=game, position=seat, user=user, strikes=3,
                                taken_over_at=game.created_at)
    return game, seat, user


def test_a_resigned_player_cannot_take_their_seat_back(resigned_after_takeover, client):
    game, seat, user = resigned_after_takeover
    client.force_login(user)

    settings_page = client.get("/play/settings/").content.decode()
    page = client.get(f"/games/{game.pk}/play/").content.decode()
    response = client.post(f"/play/games/{game.pk}/take-back/", follow=True)

    assert Game.objects.get(pk=game.pk).seats.get(position=seat).bot_strategy  # still the bot's
    assert "you resigned this game" in response.content.decode()
    assert play_selectors.taken_over_games(user) == []
    assert f"/play/games/{game.pk}/take-back/" not in settings_page
    assert f"/play/games/{game.pk}/take-back/" not in page


def test_a_resigned_player_cannot_set_standing_orders_for_the_seat(resigned, client):  # noqa: F811
    game, seat, user = resigned
    client.force_login(user)

    page = client.get(f"/games/{game.pk}/play/").content.decode()
    response = client.post(f"/play/games/{game.pk}/orders/",
                           {"moat": "always", "autoplay_treasures": "on"}, follow=True)

    assert not StandingOrderOverride.objects.filter(game=game).exists()
    assert "Standing orders not saved: you resigned this game" in response.content.decode()
    assert f"/play/games/{game.pk}/orders/" not in page


def test_a_player_taken_over_who_did_not_resign_still_takes_the_seat_back(resigned, client,  # noqa: F811
                                                                          make_user):
    game, seat, user = resigned
    other = game.seats.exclude(position=seat).first()
    other.bot_strategy = "heuristic"
    other.save(update_fields=["bot_strategy"])
    SeatTakeover.objects.create(game=game, position=other.position, user=other.user, strikes=3,
                                taken_over_at=game.created_at)
    client.force_login(other.user)

    page = client.get(f"/games/{game.pk}/play/").content.decode()
    assert f"/play/games/{game.pk}/take-back/" in page
    client.post(f"/play/games/{game.pk}/take-back/")

    assert Game.objects.get(pk=game.pk).seats.get(position=other.position).bot_strategy == ""
