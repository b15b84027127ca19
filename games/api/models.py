"""Personal API tokens (stored hashed) and the idempotency records of write requests."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

SCOPE_READ = "read"
SCOPE_PLAY = "play"
SCOPE_MANAGE = "manage-games"
SCOPES = {
    SCOPE_READ: "Read your games, views, logs and the catalogue",
    SCOPE_PLAY: "Answer decisions, chat, undo, offer rematches, resign and claim in your "
                "games; mute players; run simulations",
    SCOPE_MANAGE: "Create, join, leave, start and abort games; send and answer challenges; "
                  "mark the account as a bot's",
}
ALL_SCOPES = list(SCOPES)


def all_scopes() -> list[str]:
    return list(ALL_SCOPES)


class ApiToken(models.Model):
    """A named personal token. Only its SHA-256 is stored: the token is shown once, at creation.

    `scopes` limit what it may do (read, play, manage-games; tokens made before scopes existed
    have all three); `expires_at`, when set, ends it without a revocation.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=60)
    prefix = models.CharField(
        max_length=12, help_text="The token's first characters, to tell it apart.")
    key_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    scopes = models.JSONField(default=all_scopes)
    expires_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(
                fields=["user"], condition=Q(revoked_at__isnull=True), name="apitoken_live"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @property
    def is_active(self) -> bool:
        from django.utils import timezone

        return self.revoked_at is None and (self.expires_at is None
                                            or self.expires_at > timezone.now())


class IdempotencyRecord(models.Model):
    """The first response to a write sent with an Idempotency-Key, replayed for retries.

    The row is claimed before the request acts, so of several concurrent requests with one key
    only the first acts; the others wait for its response.
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=255)
    request_hash = models.CharField(max_length=64)
    status_code = models.PositiveSmallIntegerField(null=True, help_text="Null while in progress.")
    body = models.JSONField(null=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="idempotency_unique_key"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id}:{self.key} → {self.status_code}"


class SocketTicket(models.Model):
    """A short-lived, single-use pass to open the event stream, so no token travels in a URL.

    Made by POST /api/v1/ws-ticket/ (with the token in the Authorization header) and redeemed
    once as `?ticket=` when the socket opens; only its SHA-256 is stored. A ticket made with a
    token (a personal one or an OAuth2 app's) dies with it: the socket it opened is closed when
    that token is revoked; one made with the site's session, with the session (a logout, a
    password change, or the expiry date the session had when the ticket was made).
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    token = models.ForeignKey(ApiToken, on_delete=models.CASCADE, null=True, blank=True,
                              related_name="+", help_text="The token that asked for it, if any.")
    oauth_token = models.ForeignKey(
        settings.OAUTH2_PROVIDER_ACCESS_TOKEN_MODEL, on_delete=models.CASCADE, null=True,
        blank=True, related_name="+",
        help_text="The OAuth2 access token that asked for it, if any.")
    session_group = models.CharField(
        max_length=48, blank=True, default="",
        help_text="The sockets' group of the session that asked for it (a hash of its key), "
                  "if no token did.")
    session_expires_at = models.DateTimeField(
        null=True, blank=True,
        help_text="When the session that asked for it expires (its socket closes then), if a "
                  "session did.")
    key_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"ticket of {self.user_id} until {self.expires_at:%H:%M:%S}"


class BotAccount(models.Model):
    """A user who marked their account as a bot's: shown as such in the lobby and in games."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="bot_account")
    description = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"bot account {self.user_id}"


class Resignation(models.Model):
    """A seat that gave up a running game (docs/api.md: *Resign, abort, claim*)."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    position = models.PositiveSmallIntegerField()
    reason = models.CharField(max_length=16, default="resigned",
                              help_text="resigned, or timeout (a win claimed against it).")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "position"],
                                               name="resignation_unique_seat")]

    def __str__(self) -> str:
        return f"game {self.game_id} seat {self.position} {self.reason}"


class GameEnding(models.Model):
    """Why a game ended other than by the rules: resigned, claimed or aborted, and by whom."""

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(max_length=16)
    position = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"game {self.game_id} {self.reason}"


class Challenge(models.Model):
    """An invitation to a new game: to one named user, or to anyone (an open challenge).

    The game is created at once with the challenger seated and the other seats open (private
    for a named challenge, so only the invited user can take the seat, through accept).
    """

    PENDING, ACCEPTED, DECLINED, CANCELLED = "pending", "accepted", "declined", "cancelled"

    challenger = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                   related_name="+")
    invited = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                null=True, blank=True, related_name="+",
                                help_text="Null: anyone may accept.")
    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=16, default=PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["invited", "status"], name="challenge_inbox")]

    def __str__(self) -> str:
        return f"challenge {self.pk} ({self.status})"
