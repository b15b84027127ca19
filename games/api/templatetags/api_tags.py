"""Template filters of the API app: the bot-account badge in the lobby and on game pages."""

from __future__ import annotations

from django import template

from games.api.challenges import is_bot_account as _is_bot_account

register = template.Library()


@register.filter
def is_bot_account(user) -> bool:
    """Whether a program plays this user's account (they marked it so through the API)."""
    return user is not None and _is_bot_account(user)
