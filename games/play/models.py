"""What play by the turn remembers: clocks, strikes, vacations, presence, notices, webhooks."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q

from games.models import Game


class DecisionClock(models.Model):
    """The clock of one seat while the game waits for it (one row per wait, then deleted)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    wait_started = models.DateTimeField(help_text="Seat.waiting_since when this wait began.")
    active_player = models.BooleanField(help_text="The seat's own turn (else a reaction).")
    deadline_at = models.DateTimeField()
    remind_at = models.DateTimeField()
    reminded_at = models.DateTimeField(null=True, blank=True)
    turn_emailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="clock_one_per_seat"),
        ]
        indexes = [models.Index(fields=["deadline_at"], name="clock_deadline")]

    def __str__(self) -> str:
        return f"clock {self.game_id}#{self.position} until {self.deadline_at:%Y-%m-%d %H:%M}"


class SeatTakeover(models.Model):
    """Consecutive expiries of a seat, and whether the bot has taken it over."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    strikes = models.PositiveSmallIntegerField(default=0)
    taken_over_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="takeover_one_per_seat"),
        ]

    def __str__(self) -> str:
        state = "taken over" if self.taken_over_at else f"{self.strikes} strikes"
        return f"{self.game_id}#{self.position} {state}"


class PlayerState(models.Model):
    """Per-player play-by-the-turn state: the vacation bank and the last digest sent."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="play_state"
    )
    vacation_since = models.DateTimeField(null=True, blank=True)
    vacation_year = models.PositiveSmallIntegerField(default=0)
    vacation_used_seconds = models.PositiveIntegerField(default=0)
    last_digest_on = models.DateField(null=True, blank=True)

    def __str__(self) -> str:
        return f"play state of {self.user}"

    @property
    def on_vacation(self) -> bool:
        return self.vacation_since is not None


class StandingOrderOverride(models.Model):
    """A player's standing orders for one game, over their defaults."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    orders = models.JSONField(default=dict)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="orders_one_per_game"),
        ]

    def __str__(self) -> str:
        return f"orders of {self.user_id} in {self.game_id}"


class Presence(models.Model):
    """When a player's browser last said it has the game open (heartbeat)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    seen_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="presence_one_per_game"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} saw {self.game_id} at {self.seen_at:%H:%M:%S}"


class Notification(models.Model):
    """An in-site notice: your turn, a reminder, a deadline that expired, a takeover."""

    KINDS = ["turn", "reminder", "expired", "takeover", "finished"]

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    game = models.ForeignKey(Game, on_delete=models.CASCADE, null=True, related_name="+")
    kind = models.CharField(max_length=16)
    text = models.CharField(max_length=300)
    created_at = models.DateTimeField()
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [
            models.Index(
                fields=["user", "-created_at"], condition=Q(read_at__isnull=True),
                name="notification_unread",
            ),
            models.Index(fields=["created_at"], name="notification_age"),  # the pruning
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.kind}: {self.text}"


def new_webhook_secret() -> str:
    return secrets.token_hex(32)


class Webhook(models.Model):
    """A URL the player's events are POSTed to, signed with `secret` (HMAC-SHA256)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="webhooks"
    )
    url = models.URLField(max_length=500)
    secret = models.CharField(max_length=64, default=new_webhook_secret)
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return self.url


class WebhookDelivery(models.Model):
    """One event for one webhook, with its attempts (the user's delivery log)."""

    PENDING, DELIVERED, FAILED = "pending", "delivered", "failed"

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    event_key = models.CharField(max_length=80, help_text="Same event, same key: sent once.")
    event = models.JSONField()
    status = models.CharField(max_length=12, default=PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    last_status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField()
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["webhook", "event_key"], name="delivery_once"),
        ]
        indexes = [
            models.Index(
                fields=["next_attempt_at"], condition=Q(status="pending"), name="delivery_due"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event_key} → {self.webhook_id} ({self.status})"
