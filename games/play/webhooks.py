"""Webhooks: each player's game events POSTed as JSON, signed, retried with backoff.

The events are exactly the API event stream's (games.api.events.events_for_seat): ids and
steps only, so no event can leak another seat's cards. One POST per event.

Signature: header `X-Dominion-Signature: sha256=<hex>` is HMAC-SHA256 of the exact request
body with the webhook's secret; receivers compare it with hmac.compare_digest. The body
carries `delivery` (an id, the same on every retry) so receivers can drop duplicates.

A URL is checked when it is saved and again at every attempt (games.play.netguard): public
addresses only, the checked address is the one connected to, no redirects, bounded time and
response size. A refused URL never opens a connection.
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import json
import logging
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from games import background, limits
from games.api import events as api_events
from games.models import Seat
from games.play import conf, netguard
from games.play.models import Webhook, WebhookDelivery, new_webhook_secret

log = logging.getLogger(__name__)

SIGNATURE_HEADER = "X-Dominion-Signature"


def signature(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


class WebhookRefused(ValueError):
    """A webhook that cannot be added (the text is safe to show)."""


class TooManyWebhooks(WebhookRefused):
    """The user has PLAY_WEBHOOKS_PER_USER webhooks already."""


def webhook_create(*, user, url: str) -> Webhook:
    """Raises netguard.Refused for a URL the site may not POST to (checked before saving), and
    TooManyWebhooks at the cap: every event is POSTed to every webhook, so without one an
    account could turn each of its moves into any number of requests from our workers. The
    cap is read before the URL's lookup too, so an account at the cap costs no lookup.
    WebhookRefused too when the account was deleted meanwhile."""
    _below_the_cap(user)
    netguard.target_for(url)
    with transaction.atomic():
        if not limits.lock_account(user):  # deleted meanwhile: the row would fail at commit
            raise WebhookRefused(limits.ACCOUNT_GONE)
        _below_the_cap(user)  # (again under the lock: two saves at once take turns)
        return Webhook.objects.create(user=user, url=url)


def _below_the_cap(user) -> None:
    most = conf.get("PLAY_WEBHOOKS_PER_USER")
    if Webhook.objects.filter(user=user).count() >= most:
        raise TooManyWebhooks(f"you have {most} webhooks, the most an account may have: "
                              "delete one first")


def webhook_rotate(*, user, webhook_id: int) -> Webhook | None:
    """A new secret (the old one stops signing at once); None if the webhook is not theirs."""
    hook = Webhook.objects.filter(user=user, pk=webhook_id).first()
    if hook is not None:
        hook.secret = new_webhook_secret()
        hook.save(update_fields=["secret"])
    return hook


def webhook_delete(*, user, webhook_id: int) -> None:
    Webhook.objects.filter(user=user, pk=webhook_id).delete()


def game_moved_enqueue(*, game_id: int, step: int, status: str, decisions: list[dict],
                       seats: dict[int, Seat], now: datetime, revision: int | None = None) -> int:
    """The API stream's events for each seated player, one delivery per event and webhook.
    `revision` (the game's, as the move left it) tells a step seen again after an undo from
    its first visit."""
    by_user = {seat.user_id: position for position, seat in seats.items()
               if getattr(seat, "has_webhook", True)}  # (known with the job's seats)
    if not by_user:
        return 0
    created = 0
    gone = api_events.resigned_of(game_id, list(seats.values()))  # (they left the table)
    # (a deactivated account, banned by staff, is sent nothing, as its tokens and sockets)
    for hook in Webhook.objects.filter(user_id__in=list(by_user), active=True,
                                       user__is_active=True):
        for event in api_events.events_for_seat(
                game_id=game_id, step=step, status=status, position=by_user[hook.user_id],
                decisions=[] if by_user[hook.user_id] in gone else decisions):
            delivery, new = WebhookDelivery.objects.get_or_create(
                webhook=hook, event_key=event_key(event, revision),
                defaults={"event": event, "created_at": now, "next_attempt_at": now})
            if new:
                _schedule(delivery.pk)
                created += 1
    return created


def event_key(event: dict, revision: int | None = None) -> str:
    """The same event (a re-sent signal, a retried task) maps to the same delivery. After an
    undo the game passes the same steps and reopens the same decision ids again: those are new
    events, told apart by the game's revision, which an undo raises too."""
    parts = [event["type"], event["game"], event["step"], event.get("decision", "")]
    key = ":".join(str(p) for p in parts).rstrip(":")
    return key if revision is None else f"{key}@{revision}"


def _schedule(delivery_id: int) -> None:
    from games.play.tasks import webhook_deliver

    background.schedule(webhook_deliver, delivery_id)


def backoff(attempts: int) -> timedelta:
    """Wait after the `attempts`-th failure: base, 2×base, 4×base..."""
    return timedelta(seconds=conf.get("PLAY_WEBHOOK_BACKOFF_SECONDS") * 2 ** (attempts - 1))


def delivery_attempt(*, delivery_id: int, now: datetime | None = None) -> float | None:
    """POST one due delivery. Returns seconds until the retry, or None when there is none.

    The attempt is claimed with a conditional UPDATE before the POST (no lock is held while
    the network is slow), so a duplicate task or a concurrent sweep cannot send it twice.
    """
    now = now or timezone.now()
    delivery = WebhookDelivery.objects.select_related("webhook__user").filter(
        pk=delivery_id, status=WebhookDelivery.PENDING).first()
    if delivery is None or (delivery.next_attempt_at and delivery.next_attempt_at > now):
        return None
    if not delivery.webhook.user.is_active:  # deactivated since the event: no more attempts
        WebhookDelivery.objects.filter(pk=delivery.pk, status=WebhookDelivery.PENDING).update(
            status=WebhookDelivery.FAILED, next_attempt_at=None,
            last_error="not sent: the account is deactivated")
        return None
    attempts = delivery.attempts + 1
    claimed = WebhookDelivery.objects.filter(
        pk=delivery.pk, attempts=delivery.attempts, status=WebhookDelivery.PENDING,
    ).update(attempts=F("attempts") + 1, next_attempt_at=now + backoff(attempts))
    if not claimed:
        return None
    try:
        code, error = _post(delivery)
    except Exception as exc:  # a fault of ours: counted and shown, so it ends `failed`
        log.exception("webhook delivery %s", delivery.pk)  # (it was retried forever)
        code, error = None, f"not sent: an error on our side ({type(exc).__name__})"
    return _record(delivery, attempts, code, error, now)


def _body(delivery: WebhookDelivery) -> bytes:
    payload = {"delivery": delivery.pk, **delivery.event}
    return json.dumps(payload, sort_keys=True, separators=(",", ":")).encode()


def _post(delivery: WebhookDelivery) -> tuple[int | None, str]:
    """Send one attempt: (status code, error for the log). Refusals are decided offline."""
    body = _body(delivery)
    try:
        target = netguard.target_for(delivery.webhook.url)
    except netguard.Refused as exc:
        return None, f"refused: {exc}"
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "dominion-by-the-turn-webhooks",
        SIGNATURE_HEADER: signature(delivery.webhook.secret, body),
        "X-Dominion-Event": str(delivery.event.get("type", "")),
        "X-Dominion-Delivery": str(delivery.pk),
        "Connection": "close",
    }
    try:
        code = netguard.post(target, body, headers,
                             timeout=conf.get("PLAY_WEBHOOK_TIMEOUT_SECONDS"),
                             max_bytes=conf.get("PLAY_WEBHOOK_MAX_RESPONSE_BYTES"))
    except TimeoutError:
        return None, "timed out"
    except (OSError, http.client.HTTPException) as exc:
        return None, (str(exc) or type(exc).__name__)[:300]
    if 300 <= code < 400:
        return code, f"HTTP {code}: redirects are not followed"
    return code, "" if 200 <= code < 300 else f"HTTP {code}"


def _record(delivery: WebhookDelivery, attempts: int, code: int | None, error: str,
            now: datetime) -> float | None:
    fields = {"last_status_code": code, "last_error": error}
    retry = None
    if code is not None and 200 <= code < 300:
        fields.update(status=WebhookDelivery.DELIVERED, delivered_at=now, next_attempt_at=None)
    elif attempts >= conf.get("PLAY_WEBHOOK_MAX_ATTEMPTS"):
        fields.update(status=WebhookDelivery.FAILED, next_attempt_at=None)
    else:
        retry = backoff(attempts).total_seconds()
    WebhookDelivery.objects.filter(pk=delivery.pk).update(**fields)
    return retry


def deliveries_schedule(*, now: datetime) -> int:
    """The sweep's part: schedule every pending delivery whose retry time has come."""
    due = list(WebhookDelivery.objects.filter(
        status=WebhookDelivery.PENDING, next_attempt_at__lte=now,
    ).values_list("pk", flat=True)[:500])
    for delivery_id in due:
        _schedule(delivery_id)
    return len(due)
