"""Values every page shows: how many games are waiting for the signed-in player."""

from __future__ import annotations

from django.http import HttpRequest

from games import selectors


def waiting_games(request: HttpRequest) -> dict[str, int]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"waiting_count": selectors.games_waiting_for(user).count()}
