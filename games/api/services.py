"""Writes to the API's own tables (tokens, idempotency records); games go through games.services."""

from __future__ import annotations

import hashlib
import logging
import secrets
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from games import broadcast, limits, prepared
from games.api.models import ALL_SCOPES, SCOPE_READ, ApiToken, IdempotencyRecord, SocketTicket
from games.prepared import Prepared

log = logging.getLogger(__name__)

TOKEN_PREFIX = "dom_"
TICKET_PREFIX = "wst_"
TICKET_LIFETIME = timedelta(seconds=60)
LAST_USED_GRANULARITY = timedelta(minutes=1)


def token_hash(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


def token_create(*, user, name: str, scopes: list[str] | None = None,
                 expires_at: datetime | None = None) -> tuple[ApiToken, str]:
    """A new token for `user`; the raw token is returned once and never stored.

    `scopes` default to all three; unknown ones are refused (ValueError), and so is a token
    past API_TOKENS_PER_USER live ones (each live token is a row every request may look up,
    and a page of its own on the tokens list).
    """
    scopes = list(ALL_SCOPES) if scopes is None else [s for s in ALL_SCOPES if s in scopes]
    if not scopes:
        raise ValueError(f"choose at least one scope of {', '.join(ALL_SCOPES)}")
    name = name.strip()[:60] or "unnamed"
    raw = TOKEN_PREFIX + secrets.token_urlsafe(32)
    most = getattr(settings, "API_TOKENS_PER_USER", 50)
    with transaction.atomic():
        if not limits.lock_account(user):  # deleted meanwhile: the row would fail at commit
            raise ValueError(limits.ACCOUNT_GONE)
        if ApiToken.objects.filter(_live(), user=user).count() >= most:
            raise ValueError(f"you have {most} live tokens, the most an account may have: "
                             "revoke one first")
        token = ApiToken.objects.create(
            user=user, name=name, prefix=raw[: len(TOKEN_PREFIX) + 4],
            key_hash=token_hash(raw), scopes=scopes, expires_at=expires_at,
        )
    return token, raw


def _live() -> Q:
    """A token neither revoked nor expired."""
    return Q(revoked_at__isnull=True) & (Q(expires_at__isnull=True)
                                         | Q(expires_at__gt=timezone.now()))


def token_revoke(*, user, token_id: int) -> bool:
    """Revoke one of `user`'s tokens; False if there is no such live token.

    After commit, every event-stream socket opened with the token is told to close.
    """
    revoked = ApiToken.objects.filter(pk=token_id, user=user, revoked_at__isnull=True).update(
        revoked_at=timezone.now()
    )
    if revoked:
        transaction.on_commit(lambda: _sockets_close(token_id))
    return bool(revoked)


def token_group(token_id: int) -> str:
    """The channel-layer group of the sockets a token opened."""
    return f"api-token-{token_id}"


def _sockets_close(token_id: int) -> None:
    try:
        broadcast.group_send(token_group(token_id), {"type": "token.revoked"})
    except Exception:  # the sockets also re-check their token every few seconds
        log.exception("telling the sockets of token %s to close failed", token_id)


def token_is_live(*, token_id: int) -> bool:
    return ApiToken.objects.filter(_live(), pk=token_id, user__is_active=True).exists()


def tokens_live(*, token_ids: list[int], scope: str = SCOPE_READ) -> set[int]:
    """Which of these tokens are live and still grant `scope`, which every socket and stream
    needs (one query: the sockets' re-check, api/token_watch.py; staff may narrow a token's
    scopes in the admin)."""
    rows = ApiToken.objects.filter(_live(), pk__in=token_ids, user__is_active=True)
    return {pk for pk, scopes in rows.values_list("pk", "scopes") if scope in scopes}


def oauth_tokens_live(*, token_ids: list[int], scope: str = SCOPE_READ) -> set[int]:
    """Which of these OAuth2 access tokens are live: not revoked (a revoked one is deleted),
    not expired, their user active, still granting `scope` (the re-check of sockets opened
    through an app)."""
    from oauth2_provider.models import get_access_token_model

    rows = get_access_token_model().objects.filter(
        pk__in=token_ids, expires__gt=timezone.now(), user__is_active=True)
    return {pk for pk, granted in rows.values_list("pk", "scope") if scope in granted.split()}


_TOKEN_BY_HASH = Prepared(lambda key_hash, now: (
    ApiToken.objects.select_related("user")
    .filter(Q(expires_at__isnull=True) | Q(expires_at__gt=now),
            key_hash=key_hash, revoked_at__isnull=True, user__is_active=True)[:1]),
    "str", "datetime")


def token_authenticate(*, raw: str) -> ApiToken | None:
    """The live token `raw` stands for (with its user), noting when it was last used."""
    now = timezone.now()
    token = _TOKEN_BY_HASH.first(token_hash(raw), now)
    if token is None:
        return None
    # One write a minute at most, so a busy bot does not turn every read into a write.
    if token.last_used_at is None or now - token.last_used_at > LAST_USED_GRANULARITY:
        prepared.update_where(ApiToken, {"last_used_at": now}, {"pk": token.pk})
        token.last_used_at = now
    return token


def ticket_create(*, user, token: ApiToken | None, oauth_token=None,
                  session_group: str = "",
                  session_expires: datetime | None = None) -> tuple[str, datetime]:
    """A single-use ticket to open the event stream within a minute: (ticket, expires).
    `token` or `oauth_token` is the token that asked for it, or `session_group` names the
    session that did (games/session_sockets.py), and `session_expires` when it expires: the
    socket dies with it."""
    raw = TICKET_PREFIX + secrets.token_urlsafe(32)
    expires = timezone.now() + TICKET_LIFETIME
    SocketTicket.objects.create(user=user, token=token, oauth_token=oauth_token,
                                session_group=session_group, key_hash=token_hash(raw),
                                expires_at=expires, session_expires_at=session_expires)
    return raw, expires


def ticket_redeem(*, raw: str, scope: str = SCOPE_READ) -> SocketTicket | None:
    """Use a ticket (once, before it expires); None if it cannot be. One made with a token is
    good only while that token lives and still grants `scope` (what the socket needs): its
    scopes are read again now, not trusted from when the ticket was made (staff may have
    narrowed them in the meantime, or the token been revoked or expired)."""
    now = timezone.now()
    used = SocketTicket.objects.filter(
        key_hash=token_hash(raw), used_at__isnull=True, expires_at__gt=now,
        user__is_active=True,
    ).update(used_at=now)
    if not used:
        return None
    ticket = SocketTicket.objects.select_related("user", "token", "oauth_token").get(
        key_hash=token_hash(raw))
    if ticket.token is not None and not (token_is_live(token_id=ticket.token_id)
                                         and scope in ticket.token.scopes):
        return None
    if ticket.oauth_token is not None and not (
            oauth_tokens_live(token_ids=[ticket.oauth_token_id])
            and scope in ticket.oauth_token.scope.split()):
        return None
    return ticket


def session_tickets_void(*, group: str = "", user_id: int | None = None) -> int:
    """Unused tickets made with a session that ended (`group`), or with any session of an
    account whose other sessions ended (`user_id`: a password changed): none opens a socket."""
    unused = SocketTicket.objects.filter(used_at__isnull=True).exclude(session_group="")
    unused = unused.filter(session_group=group) if group else unused.filter(user_id=user_id)
    return unused.update(used_at=timezone.now())


def tickets_purge(*, older_than: timedelta = timedelta(days=1)) -> int:
    deleted, _ = SocketTicket.objects.filter(
        created_at__lt=timezone.now() - older_than).delete()
    return deleted


def idempotency_claim(*, user, key: str, request_hash: str) -> tuple[IdempotencyRecord, bool]:
    """Claim (user, key) for a request about to act; (existing record, False) if already taken."""
    try:
        with transaction.atomic():
            record = IdempotencyRecord.objects.create(user=user, key=key,
                                                      request_hash=request_hash)
            return record, True
    except IntegrityError:
        return IdempotencyRecord.objects.get(user=user, key=key), False


def idempotency_complete(*, record: IdempotencyRecord, status_code: int, body: Any) -> None:
    record.status_code = status_code
    record.body = body
    record.save(update_fields=["status_code", "body"])


def idempotency_release(*, record: IdempotencyRecord) -> None:
    """Forget a claim whose request failed unexpectedly, so a retry can act."""
    IdempotencyRecord.objects.filter(pk=record.pk).delete()


def idempotency_purge(*, older_than: timedelta = timedelta(days=1)) -> int:
    """Forget keys older than `older_than` (clients retry within minutes, not days)."""
    deleted, _ = IdempotencyRecord.objects.filter(
        created_at__lt=timezone.now() - older_than).delete()
    return deleted
