"""Settings of the social features, each with a default (settings.py may override any)."""

from __future__ import annotations

from typing import Any

from django.conf import settings

DEFAULTS: dict[str, Any] = {
    "SOCIAL_CHAT_MAX_LENGTH": 500,
    "SOCIAL_CHAT_RATE": (5, 30),  # at most 5 messages per user per game in any 30 seconds
    # and at most 20 per user over all games in any 60 seconds (one spectator, every game;
    # this window no shorter than the one above)
    "SOCIAL_CHAT_RATE_ALL_GAMES": (20, 60),
    "SOCIAL_CHAT_PAGE": 200,  # messages shown on the page / returned per API call
    "SOCIAL_UNDO_WINDOW": 30,  # how many answers back an undo may reach
    "SOCIAL_PROVISIONAL_GAMES": 10,  # a rating is provisional until this many rated games
    "SOCIAL_RATING_TAU": 0.5,  # Glicko-2 system constant
}


def get(name: str) -> Any:
    return getattr(settings, name, DEFAULTS[name])
