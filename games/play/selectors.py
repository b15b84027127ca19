"""Reads for play by the turn: badges, notices, clocks, who is away, the webhook log."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone

from games.models import Game, GameStatus, Seat
from games.play import conf
from games.play.models import (
    DecisionClock,
    Notification,
    PlayerState,
    SeatTakeover,
    Webhook,
    WebhookDelivery,
)


def your_turn_count(user) -> int:
    """Games waiting for the player (seats the bot has taken over do not count)."""
    return Seat.objects.filter(
        user=user, game__status=GameStatus.RUNNING, waiting_since__isnull=False, bot_strategy="",
    ).values("game_id").distinct().count()


def unread_count(user) -> int:
    return Notification.objects.filter(user=user, read_at__isnull=True).count()


def notifications_for(user, limit: int = 100) -> QuerySet[Notification]:
    return Notification.objects.filter(user=user).select_related("game")[:limit]


def seat_statuses(game: Game) -> dict[int, dict[str, Any]]:
    """Per seat, what everyone at the table may know: deadline, vacation, bot takeover."""
    seats = list(game.seats.all())
    users = [s.user_id for s in seats if s.user_id]
    away = set(PlayerState.objects.filter(
        user_id__in=users, vacation_since__isnull=False).values_list("user_id", flat=True))
    clocks = {c.position: c.deadline_at for c in DecisionClock.objects.filter(game=game)}
    taken = {t.position: t for t in SeatTakeover.objects.filter(game=game)}
    return {
        s.position: {
            "deadline_at": clocks.get(s.position),
            "on_vacation": s.user_id in away,
            "taken_over": bool(taken.get(s.position) and taken[s.position].taken_over_at),
            "strikes": taken[s.position].strikes if s.position in taken else 0,
        }
        for s in seats
    }


def taken_over_games(user) -> list[SeatTakeover]:
    return list(SeatTakeover.objects.filter(
        user=user, taken_over_at__isnull=False, game__status=GameStatus.RUNNING,
    ).select_related("game"))


def vacation_status(user, now: datetime | None = None) -> dict[str, Any]:
    now = now or timezone.now()
    state = PlayerState.objects.filter(user=user).first()
    bank = timedelta(days=conf.get("PLAY_VACATION_DAYS_PER_YEAR"))
    if state is None:
        return {"on": False, "since": None, "left_days": bank.days, "bank_days": bank.days}
    from games.play.services import vacation_left

    left = vacation_left(state, now)
    if state.on_vacation:
        left = max(left - (now - state.vacation_since), timedelta(0))
    return {"on": state.on_vacation, "since": state.vacation_since,
            "left_days": round(left.total_seconds() / 86400, 1), "bank_days": bank.days}


def webhooks_for(user) -> QuerySet[Webhook]:
    return Webhook.objects.filter(user=user)


def deliveries_for(user, limit: int = 50) -> QuerySet[WebhookDelivery]:
    return WebhookDelivery.objects.filter(webhook__user=user).select_related("webhook")[:limit]
