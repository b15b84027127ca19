"""The game page's panel: deadlines and vacation for all, orders and take-back for the player."""

from __future__ import annotations

from django.template import Context, Template
from django.test import RequestFactory
from django.urls import reverse

from games.play import services as play
from games.play.models import StandingOrderOverride


def _render(game, user) -> str:
    request = RequestFactory().get("/")
    request.user = user
    template = Template("{% load play_tags %}{% play_panel game %}")
    return template.render(Context({"game": game, "request": request}))


def test_the_panel_shows_deadlines_vacation_and_the_players_orders(start_game, alice, bob):
    game = start_game([alice, bob])
    play.vacation_start(user=bob)

    html = _render(game, alice)

    assert "answer by" in html and "on vacation" in html
    assert reverse("play:game_orders", args=[game.pk]) in html


def test_the_panel_form_saves_orders_for_one_game(start_game, alice, bob, client):
    game = start_game([alice, bob])
    client.force_login(alice)

    client.post(reverse("play:game_orders", args=[game.pk]),
                {"moat": "never", "discard_down": "on"})

    orders = StandingOrderOverride.objects.get(user=alice, game=game).orders
    assert orders == {"moat": "never", "discard_down": True, "autoplay_treasures": False,
                      "only_answer": False}
    assert play.standing_orders_for(user=alice, game_id=None)["moat"] == "ask"



def test_malformed_orders_are_refused_with_a_reason_not_reported_saved(start_game, alice, bob,
                                                                       client):
    game = start_game([alice, bob])
    client.force_login(alice)

    response = client.post(reverse("play:game_orders", args=[game.pk]),
                           {"moat": "sometimes", "discard_down": "on"}, follow=True)

    html = response.content.decode()
    assert "Standing orders not saved" in html and "saved." not in html.replace(
        "not saved", "")
    assert not StandingOrderOverride.objects.filter(user=alice, game=game).exists()

def test_a_player_whose_seat_the_bot_took_takes_it_back_from_the_page(
        start_game, alice, bob, client, committed):
    game = start_game([alice, bob])
    seat = game.seats.get(user=alice)
    with committed():
        play.seat_takeover(game_id=game.pk, position=seat.position)
    game.refresh_from_db()
    client.force_login(alice)
    assert "Take my seat back" in _render(game, alice)
    assert "Take my seat back" in client.get(reverse("play:settings")).content.decode()

    with committed():
        client.post(reverse("play:take_back", args=[game.pk]))

    seat.refresh_from_db()
    assert not seat.is_bot and seat.user == alice
