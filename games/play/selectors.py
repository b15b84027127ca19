"""Reads for play by the turn: badges, notices, clocks, who is away, the webhook log."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db.models import (
    BooleanField,
    DateTimeField,
    Exists,
    Field,
    IntegerField,
    OuterRef,
    QuerySet,
)
from django.db.models.expressions import RawSQL
from django.utils import timezone

import engine
from games import seat_extras
from games.models import Game, GameStatus, Seat
from games.play import conf
from games.play.models import (
    DecisionClock,
    Notification,
    PlayerState,
    SeatTakeover,
    StandingOrderOverride,
    Webhook,
    WebhookDelivery,
)


def _of_seat(model: type, field: str, output: Field) -> RawSQL:
    """`field` of the seat's row of `model` (None: no row). Written as SQL: built by the ORM,
    the subqueries cost more to compile than the separate queries they replace."""
    table, seats = model._meta.db_table, Seat._meta.db_table
    return RawSQL(f'SELECT x."{field}" FROM "{table}" x WHERE x."game_id" = "{seats}"."game_id" '
                  f'AND x."position" = "{seats}"."position"', (), output_field=output)


def _exists(model: type, where: str) -> RawSQL:
    table, seats = model._meta.db_table, Seat._meta.db_table
    return RawSQL(f'EXISTS (SELECT 1 FROM "{table}" x WHERE {where.format(s=seats)})', (),
                  output_field=BooleanField())


def seat_extras_register() -> None:
    """What a move's reply and its after-move job read with the seats (games/seat_extras.py):
    each seat's clock and takeover (None: none), whether its user has an active webhook,
    standing orders of their own for this game, an unread "your turn" notice for it."""
    for name, model, field, output in (
            ("clock_wait_started", DecisionClock, "wait_started", DateTimeField()),
            ("clock_deadline_at", DecisionClock, "deadline_at", DateTimeField()),
            ("takeover_strikes", SeatTakeover, "strikes", IntegerField()),
            ("takeover_at", SeatTakeover, "taken_over_at", DateTimeField())):
        seat_extras.register(name, lambda m=model, f=field, o=output: _of_seat(m, f, o),
                             reply=True)
    seat_extras.register("has_webhook", lambda: _exists(
        Webhook, 'x."user_id" = "{s}"."user_id" AND x."active"'))
    seat_extras.register("turn_notice_unread", lambda: _exists(
        Notification, 'x."user_id" = "{s}"."user_id" AND x."game_id" = "{s}"."game_id" '
        "AND x.\"kind\" = 'turn' AND x.\"read_at\" IS NULL"))
    seat_extras.register("has_order_override", lambda: _exists(
        StandingOrderOverride, 'x."user_id" = "{s}"."user_id" AND x."game_id" = "{s}"."game_id"'))


def your_turn_count(user) -> int:
    """Games waiting for the player (seats the bot has taken over do not count)."""
    return Seat.objects.filter(
        user=user, game__status=GameStatus.RUNNING, waiting_since__isnull=False, bot_strategy="",
    ).values("game_id").distinct().count()


def unread_count(user) -> int:
    return Notification.objects.filter(user=user, read_at__isnull=True).count()


def notifications_for(user, limit: int = 100) -> QuerySet[Notification]:
    return (Notification.objects.filter(user=user).select_related("game")
            .defer("game__snapshot", "game__log_start", "game__seed")[:limit])


def move_limit(game: Game, active_player: bool) -> timedelta:
    """The active player's turn clock is the game's limit; reactions get at most 24 hours."""
    limit = timedelta(days=game.time_limit_days)
    if active_player:
        return limit
    return min(limit, timedelta(hours=conf.get("PLAY_REACTION_LIMIT_HOURS")))


def seat_statuses(game: Game, active: int | None = None,
                  seats: list[Seat] | None = None) -> dict[int, dict[str, Any]]:
    """Per seat, what everyone at the table may know: its clock, vacation, bot takeover.

    The one source of deadlines for pages, the API and events. A seat's deadline is its
    DecisionClock when the clock belongs to the current wait; in the moment between a move's
    commit and the clock being written it is computed the same way the clock will be
    (`active`, the player whose turn it is, saves loading the engine when the caller knows it;
    `seats`, the game's seats, a query when the caller has them).
    """
    if not seat_extras.loaded(seats, "clock_deadline_at"):  # else they came with the seats
        seats = seat_extras.reply_seats(game.pk)
    away = _on_vacation(seats)
    turn = _Turn(game, active)
    return {
        s.position: {
            "waiting_since": s.waiting_since if game.status == GameStatus.RUNNING else None,
            "deadline_at": _deadline(game, s, turn),
            "on_vacation": s.user_id in away,
            "taken_over": s.takeover_at is not None,
            "strikes": s.takeover_strikes or 0,
        }
        for s in seats
    }


def _on_vacation(seats: list[Seat]) -> set[int]:
    """The seated users on vacation: from their play state when the seats brought it along
    (select_related "user__play_state"), else one query."""
    users = [s for s in seats if s.user_id]
    if all(Seat.user.is_cached(s) and _STATE.is_cached(s.user) for s in users):
        states = [_STATE.get_cached_value(s.user) for s in users]
        return {st.user_id for st in states if st is not None and st.vacation_since}
    return set(PlayerState.objects.filter(
        user_id__in=[s.user_id for s in users], vacation_since__isnull=False,
    ).values_list("user_id", flat=True))


_STATE = PlayerState.user.field.remote_field  # the reverse one-to-one (user.play_state)


class _Turn:
    """Whose turn it is, read from the engine only if a deadline has to be computed."""

    def __init__(self, game: Game, active: int | None) -> None:
        self.game, self._active = game, active

    @property
    def active(self) -> int | None:
        if self._active is None and self.game.snapshot:
            self._active = engine.loads(self.game.snapshot).active
        return self._active


def _deadline(game: Game, seat: Seat, turn: _Turn) -> datetime | None:
    """The seat's clock (annotated on the seat) when it belongs to the current wait."""
    if game.status != GameStatus.RUNNING or seat.waiting_since is None:
        return None
    if seat.is_bot or seat.user_id is None:
        return None  # bots (and seats the bot has taken over) have no clock
    if seat.clock_deadline_at is not None and seat.clock_wait_started == seat.waiting_since:
        return seat.clock_deadline_at
    return seat.waiting_since + move_limit(game, seat.position == turn.active)


def taken_over_games(user) -> list[SeatTakeover]:
    """Running games where the bot plays the user's seat until they take it back: not those
    they resigned since (or were counted resigned in by a claimed win): those stay the bot's."""
    from games.api.models import Resignation  # (the API app records resignations)

    resigned = Resignation.objects.filter(game_id=OuterRef("game_id"),
                                          position=OuterRef("position"))
    return list(SeatTakeover.objects.filter(
        user=user, taken_over_at__isnull=False, game__status=GameStatus.RUNNING,
    ).exclude(Exists(resigned)).select_related("game"))


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
