"""In-site notifications and emails. Every email links to the game and to unsubscribing."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.db.models import Q
from django.template.loader import render_to_string
from django.urls import NoReverseMatch, reverse

from games import prepared
from games.models import PlayerPreferences
from games.play import conf
from games.play.models import Notification

UNSUBSCRIBE_SALT = "games.play.unsubscribe"


def notification_add(*, user, game_id: int | None, kind: str, text: str, now: datetime,
                     once: bool = False, unread: bool | None = None) -> Notification | None:
    """Add a notice; with `once`, not while an unread one of the same kind and game exists
    (`unread`: whether one does, when the caller read it already; else one query)."""
    if once and unread is None:
        unread = Notification.objects.filter(
            user=user, game_id=game_id, kind=kind, read_at__isnull=True).exists()
    if once and unread:
        return None
    note = Notification(user=user, game_id=game_id, kind=kind, text=text, created_at=now)
    # (a turn's notice, after most moves: its INSERT written once, games/prepared.py)
    note.pk = prepared.insert(Notification, {
        "user_id": note.user_id, "game_id": game_id, "kind": kind, "text": text,
        "created_at": now, "read_at": None}, returning=True)
    note._state.adding, note._state.db = False, "default"
    return note


PRUNE_BATCH = 1000  # rows deleted by one sweep at most: a first run on an old site is spread


def notifications_prune(*, now: datetime) -> int:
    """Delete old notices (read ones after PLAY_NOTIFICATIONS_KEEP_DAYS, any after
    PLAY_NOTIFICATIONS_UNREAD_KEEP_DAYS), so the table does not grow for ever. The sweep
    runs it every minute: an index on `created_at` makes the usual "nothing is due" cheap."""
    read_before = now - timedelta(days=conf.get("PLAY_NOTIFICATIONS_KEEP_DAYS"))
    any_before = now - timedelta(days=conf.get("PLAY_NOTIFICATIONS_UNREAD_KEEP_DAYS"))
    due = (Notification.objects.filter(created_at__lt=max(read_before, any_before))
           .filter(Q(read_at__isnull=False, created_at__lt=read_before)
                   | Q(created_at__lt=any_before))
           .order_by("created_at").values_list("pk", flat=True)[:PRUNE_BATCH])
    ids = list(due)
    return Notification.objects.filter(pk__in=ids).delete()[0] if ids else 0


def absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def game_link(game_id: int) -> str:
    """The game page itself (where one answers), else the game's summary."""
    try:
        return absolute(reverse("games:play", args=[game_id]))
    except NoReverseMatch:
        return absolute(reverse("games:detail", args=[game_id]))


def unsubscribe_token(user) -> str:
    """The same token in every email to a user (no timestamp: the link never expires)."""
    return signing.Signer(salt=UNSUBSCRIBE_SALT).sign_object({"u": user.pk})


def unsubscribe_user_id(token: str) -> int | None:
    """The user of a token; older emails' tokens carried a timestamp and still work."""
    for unsign in (signing.Signer(salt=UNSUBSCRIBE_SALT).unsign_object,
                   lambda value: signing.loads(value, salt=UNSUBSCRIBE_SALT)):
        try:
            return int(unsign(token)["u"])
        except (signing.BadSignature, KeyError, TypeError, ValueError):
            continue
    return None


def unsubscribe_link(user) -> str:
    return absolute(reverse("play:unsubscribe", args=[unsubscribe_token(user)]))


def prefs_of(user) -> PlayerPreferences:
    prefs, _ = PlayerPreferences.objects.get_or_create(user=user)
    return prefs


def email_send(*, user, template: str, context: dict) -> bool:
    """Render play/email/<template>.txt (first line: the subject) and send it to `user`; not
    to a deactivated account (staff ban one so: it cannot log in to the game it is called
    to, and Django's and allauth's own mails, password resets, skip it too)."""
    if not user.email or not user.is_active:
        return False
    unsubscribe = unsubscribe_link(user)
    context = {**context, "user": user, "unsubscribe_url": unsubscribe,
               "settings_url": absolute(reverse("play:settings"))}
    subject, _, body = render_to_string(f"play/email/{template}.txt", context).partition("\n")
    message = EmailMultiAlternatives(
        subject=subject.strip(), body=body.lstrip("\n"), to=[user.email],
        headers={"List-Unsubscribe": f"<{unsubscribe}>",
                 "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"},
    )
    return message.send() == 1


def email_turn(*, user, game_id: int, active: bool, deadline: datetime) -> bool:
    return email_send(user=user, template="turn", context={
        "game_id": game_id, "game_url": game_link(game_id), "active": active,
        "deadline": deadline,
    })


def email_reminder(*, user, game_id: int, deadline: datetime) -> bool:
    return email_send(user=user, template="reminder", context={
        "game_id": game_id, "game_url": game_link(game_id), "deadline": deadline,
    })


def email_digest(*, user, games: list[dict]) -> bool:
    for game in games:
        game["url"] = game_link(game["id"])
    return email_send(user=user, template="digest", context={"games": games})
