"""On every page: "your turn in N games" and the unread notification count."""

from __future__ import annotations

from django.http import HttpRequest

from games.play import selectors


def play_badge(request: HttpRequest) -> dict[str, int]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {
        "your_turn_count": selectors.your_turn_count(user),
        "unread_notifications": selectors.unread_count(user),
    }
