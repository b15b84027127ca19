"""Reads the API needs beyond games.selectors: catalogue filters, a user's tokens, and the
clocks and deadlines every game response and event carries (from games.play's one source)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import QuerySet
from rest_framework import serializers

from games import selectors
from games.api.models import ApiToken, BotAccount, GameEnding, Resignation
from games.models import Card, CardSet, Game, Kingdom, Seat
from games.play import selectors as play_selectors


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


def iso(value: datetime | None) -> str | None:
    """A time as every API response and event writes it (DRF's format, UTC, `Z`)."""
    return serializers.DateTimeField().to_representation(value) if value else None


def clocks_of(game: Game, active: int | None = None,
              seats: list | None = None) -> dict[int, dict[str, Any]]:
    """Each seat's clock: since when the game waits for it, until when, vacation, takeover.

    `seats` are the game's seats when the caller has them (a query saved)."""
    return {
        position: {"seat": position, "waiting_since": iso(status["waiting_since"]),
                   "deadline": iso(status["deadline_at"]), "on_vacation": status["on_vacation"],
                   "taken_over": status["taken_over"]}
        for position, status in play_selectors.seat_statuses(game, active=active,
                                                             seats=seats).items()
    }


def decisions_timed(game: Game, decisions: list[dict], clocks: dict[int, dict]) -> list[dict]:
    """Decisions as the API shows them: with when they opened and their deadline (the seat's)."""
    origin = {d["id"]: d for d in game.decisions}
    out = []
    for d in decisions:
        known = origin.get(d["id"], {})
        out.append({**d, "opened_step": known.get("opened_step", d.get("opened_step")),
                    "opened_by": known.get("opened_by", d.get("opened_by")),
                    "deadline": clocks.get(d["seat"], {}).get("deadline")})
    return out


def view_of(game: Game, position: int | None, view: dict | None = None,
            seats: list | None = None) -> dict | None:
    """The engine's view for `position`, plus every seat's clock and deadlines on decisions
    (`seats`: the game's seats, when the caller has them)."""
    view = view if view is not None else selectors.game_view(game, position)
    if view is None:
        return None
    clocks = clocks_of(game, active=view["turn"]["player"], seats=seats)
    return {**view, "pending": decisions_timed(game, view["pending"], clocks),
            "clocks": list(clocks.values())}


def decisions_of(game: Game, position: int | None, active: int | None = None) -> list[dict]:
    """My open decisions, each with its deadline."""
    mine = selectors.decisions_for(game, position)
    if not mine:
        return []
    return decisions_timed(game, mine, clocks_of(game, active=active))


def set_slugs() -> list[str]:
    """The card sets' slugs: the values a `set` parameter may take."""
    return list(CardSet.objects.order_by("slug").values_list("slug", flat=True))


def game_extras(games: list[Game], seats: list | None = None) -> dict[str, Any]:
    """What the API adds to game summaries, in a few queries for a whole page of games:
    resigned seats and endings per game, and which seated users are bot accounts."""
    ids = [g.pk for g in games]
    extras: dict[int, dict[str, Any]] = {pk: {"resigned": set(), "ending": None} for pk in ids}
    for game_id, position in Resignation.objects.filter(game_id__in=ids).values_list(
            "game_id", "position"):
        extras[game_id]["resigned"].add(position)
    for ending in GameEnding.objects.filter(game_id__in=ids):
        extras[ending.game_id]["ending"] = {"reason": ending.reason, "seat": ending.position}
    users = ({s.user_id for s in seats if s.user_id} if seats is not None else set(
        Seat.objects.filter(game_id__in=ids, user__isnull=False).values_list("user_id",
                                                                             flat=True)))
    bots = set(BotAccount.objects.filter(user_id__in=users).values_list("user_id", flat=True))
    return {"extras": extras, "bot_users": bots}
