"""`{% load social_tags %}{% social_panel game %}`: chat, undo and rematch on the game page."""

from __future__ import annotations

from django import template

from games.social.panel import panel_context

register = template.Library()


@register.inclusion_tag("games/social/_panel.html", takes_context=True)
def social_panel(context, game) -> dict:
    request = context.get("request")
    found = panel_context(game, getattr(request, "user", None))
    found["request"] = request
    found["csrf_token"] = context.get("csrf_token")
    return found
