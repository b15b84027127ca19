"""The periodic sweep: reminders, "your turn" emails, digests, expired deadlines, retries,
old notifications, open games nobody joined, simulations lost with their worker.

Celery beat runs it every minute in production; in embedded mode a thread of the web process
does (games.play.sweeper). Each part claims its rows with a conditional UPDATE before acting,
so two sweeps at once (or a retried one) never send an email twice.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import Q
from django.utils import timezone

from games import background
from games import selectors as game_selectors
from games import services as game_services
from games.models import GameStatus, Seat
from games.play import conf, notify, services, webhooks
from games.play.models import DecisionClock, PlayerState
from games.sim import services as sim_services

ON_VACATION = Q(user__play_state__vacation_since__isnull=False)


def sweep(now: datetime | None = None) -> dict[str, int]:
    now = now or timezone.now()
    return {
        "vacations_ended": services.vacations_expire(now=now),
        "turn_emails": turn_emails_send(now=now),
        "reminders": reminders_send(now=now),
        "digests": digests_send(now=now),
        "expired": expiries_schedule(now=now),
        "webhooks": webhooks.deliveries_schedule(now=now),
        "notifications_pruned": notify.notifications_prune(now=now),
        "open_games_called_off": open_games_call_off(now=now),
        "simulations_expired": sim_services.simulations_expire(now=now),
    }


def open_games_call_off(*, now: datetime) -> int:
    """Call off the open games nobody has joined for OPEN_GAME_MAX_AGE_DAYS (as an abort does:
    abandoned, announced), and tell the players seated in each: one account could otherwise
    keep the lobby full of games nobody will play."""
    days = game_selectors.open_game_max_age().days
    called_off = 0
    for game_id in game_selectors.open_games_idle(now=now):
        game = game_services.open_game_call_off(game_id=game_id, now=now)
        if game is None:  # started, ended or joined since it was listed
            continue
        for seat in game.seats.filter(user__isnull=False).select_related("user"):
            notify.notification_add(
                user=seat.user, game_id=game.pk, kind="called_off", now=now,
                text=f"Game #{game.pk} was called off: nobody joined it for {days} days.")
        called_off += 1
    return called_off


def _claim(clock: DecisionClock, field: str, now: datetime) -> bool:
    return bool(DecisionClock.objects.filter(
        pk=clock.pk, wait_started=clock.wait_started, **{f"{field}__isnull": True},
    ).update(**{field: now}))


def reminders_send(*, now: datetime) -> int:
    """At 80 % of the time: a notice, and an email if the player wants turn emails."""
    sent = 0
    due = DecisionClock.objects.filter(
        remind_at__lte=now, deadline_at__gt=now, reminded_at__isnull=True,
    ).exclude(ON_VACATION).select_related("user")
    for clock in due:
        if not _claim(clock, "reminded_at", now):
            continue
        notify.notification_add(
            user=clock.user, game_id=clock.game_id, kind="reminder", now=now,
            text=f"Game #{clock.game_id} is still waiting for you: "
                 f"answer by {clock.deadline_at:%a %d %b %H:%M} UTC.")
        if notify.prefs_of(clock.user).email_on_turn:
            notify.email_reminder(user=clock.user, game_id=clock.game_id,
                                  deadline=clock.deadline_at)
        sent += 1
    return sent


def turn_emails_send(*, now: datetime) -> int:
    """One "your turn" email per wait, never while the player has the game open."""
    sent = 0
    grace = timedelta(seconds=conf.get("PLAY_TURN_EMAIL_GRACE_SECONDS"))
    due = DecisionClock.objects.filter(
        turn_emailed_at__isnull=True, wait_started__lte=now - grace,
    ).exclude(ON_VACATION).select_related("user")
    for clock in due:
        prefs = notify.prefs_of(clock.user)
        wanted = prefs.email_on_turn and not prefs.email_daily_digest and clock.user.email
        if wanted and services.is_present(clock.user_id, clock.game_id, now):
            continue  # looked at again next sweep; the wait may be over by then
        if not _claim(clock, "turn_emailed_at", now) or not wanted:
            continue
        notify.email_turn(user=clock.user, game_id=clock.game_id, active=clock.active_player,
                          deadline=clock.deadline_at)
        sent += 1
    return sent


def digests_send(*, now: datetime) -> int:
    """Once a day, after PLAY_DIGEST_HOUR: the games waiting for each digest reader."""
    if now.hour < conf.get("PLAY_DIGEST_HOUR"):
        return 0
    sent = 0
    readers = Seat.objects.filter(
        game__status=GameStatus.RUNNING, waiting_since__isnull=False, bot_strategy="",
        user__preferences__email_daily_digest=True,
    ).values_list("user_id", flat=True).distinct()
    for user_id in readers:
        state = services.player_state(user_id)
        claimed = PlayerState.objects.filter(pk=state.pk).filter(
            Q(last_digest_on__isnull=True) | Q(last_digest_on__lt=now.date())
        ).update(last_digest_on=now.date())
        if claimed and notify.email_digest(user=state.user, games=_waiting_games(user_id)):
            sent += 1
    return sent


def _waiting_games(user_id: int) -> list[dict]:
    seats = Seat.objects.filter(
        user_id=user_id, game__status=GameStatus.RUNNING, waiting_since__isnull=False,
        bot_strategy="",
    ).order_by("waiting_since")
    deadlines = dict(DecisionClock.objects.filter(user_id=user_id).values_list(
        "game_id", "deadline_at"))
    return [{"id": s.game_id, "deadline": deadlines.get(s.game_id)} for s in seats]


def expiries_schedule(*, now: datetime) -> int:
    """Hand each expired clock to a task (which does nothing if the game moved meanwhile)."""
    from games.play.tasks import deadline_expire

    expired = DecisionClock.objects.filter(deadline_at__lte=now).exclude(ON_VACATION)
    jobs = list(expired.values_list("game_id", "position", "game__step"))
    for game_id, position, step in jobs:
        background.schedule(deadline_expire, game_id, position, step, now.isoformat())
    return len(jobs)
