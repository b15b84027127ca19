"""`{% load play_tags %}{% play_panel game %}`: the game page's play-by-the-turn panel.

Shows each seat's deadline, vacation and takeover, and to the viewing player their standing
orders for this game (a plain form) and, if the bot has their seat, a button to take it back.
"""

from __future__ import annotations

from django import template

from games import selectors as game_selectors
from games.play import selectors, services
from games.play.forms import StandingOrdersForm

register = template.Library()


@register.inclusion_tag("play/_panel.html", takes_context=True)
def play_panel(context, game, clocks: bool = True) -> dict:
    """`clocks=False` where the seats' clocks are drawn live elsewhere (the game page's table),
    so a page never shows a deadline that the next move has made out of date."""
    request = context.get("request")
    user = getattr(request, "user", None)
    seat = game_selectors.seat_of(game, user)
    statuses = selectors.seat_statuses(game)
    seats = [(s, statuses.get(s.position, {})) for s in game_selectors.game_seats(game)]
    if seat is not None and game_selectors.playing_position(game, user) is None:
        # They resigned while the game runs on: they left the table and the bot plays their
        # seat to the end, so neither orders for it nor taking it back are offered.
        seat = None
    panel = {"game": game, "seats": seats if clocks else [], "seat": seat, "request": request}
    if seat is not None:
        orders = services.standing_orders_for(user=user, game_id=game.pk)
        panel["orders_form"] = StandingOrdersForm(orders=orders, auto_id="play-%s")
        panel["taken_over"] = statuses.get(seat.position, {}).get("taken_over", False)
    return panel
