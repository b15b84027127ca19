"""Personal API tokens (stored hashed) and the idempotency records of write requests."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class ApiToken(models.Model):
    """A named personal token. Only its SHA-256 is stored: the token is shown once, at creation."""

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
        return self.revoked_at is None


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
    token dies with it: the socket it opened is closed when that token is revoked.
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    token = models.ForeignKey(ApiToken, on_delete=models.CASCADE, null=True, blank=True,
                              related_name="+", help_text="The token that asked for it, if any.")
    key_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"ticket of {self.user_id} until {self.expires_at:%H:%M:%S}"
