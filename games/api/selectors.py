"""Reads the API needs beyond games.selectors: catalogue filters and a user's tokens."""

from __future__ import annotations

from django.db.models import QuerySet

from games.api.models import ApiToken
from games.models import Card, Kingdom


def cards_catalogue(*, card_set: str | None = None, kingdom_only: bool = False) -> QuerySet[Card]:
    found = Card.objects.filter(implemented=True).select_related("card_set")
    if card_set and "\x00" in card_set:  # no slug has one, and PostgreSQL refuses NUL
        return found.none()
    if card_set:
        found = found.filter(card_set__slug=card_set)
    if kingdom_only:
        found = found.filter(is_kingdom=True)
    return found


def kingdoms_listed(*, recommended: bool = False, card_set: str | None = None) -> list[Kingdom]:
    found = Kingdom.objects.filter(playable=True)
    if recommended:
        found = found.filter(recommended=True)
    kingdoms = list(found)
    if card_set:  # sets is a JSON list: filter in Python so SQLite and PostgreSQL agree
        kingdoms = [k for k in kingdoms if card_set in k.sets]
    return kingdoms


def tokens_of(user) -> QuerySet[ApiToken]:
    return ApiToken.objects.filter(user=user, revoked_at__isnull=True)
