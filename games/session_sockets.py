"""Sockets opened with the site's session end with the session.

A socket is authenticated once, when it opens; a session that ends afterwards (a logout, or
a password change or reset, which logs out every other session of the account) used to leave
its sockets open, still pushing the seat's hand to whoever held them. Each socket opened with
a session joins two groups: its session's and its account's. A logout closes the sockets of
that session; a password changed, set or reset closes every session socket of the account
(the session that changed it stays logged in under a new key: its pages open their sockets
again at once, as after any close). The close code is 4401, as for a revoked token.

An account deactivated (`is_active` off, as staff ban one) or deleted closes every session
socket of the account too: its sessions no longer authenticate, yet its sockets went on.

Signals cover the site's own forms (allauth's, and Django's logout) and saves of the user:
a save that changes the account's password hash (the admin's password form, a shell's
`set_password`, an unusable password), which ends its HTTP sessions, closes its session
sockets and voids its sessions' unused tickets too (they went on until next opened). Only an
UPDATE that bypasses `save` goes unnoticed.

A session that simply expires (its age is up, with nobody logging out) closes its sockets too
(4401) when its expiry date passes: the socket reads the date when it opens, and again at that
date, since a session saved meanwhile may have been given a later one. A socket opened with a
session's ticket closes at the date the session had when the ticket was made.

A socket opened with a ticket (POST /api/v1/ws-ticket/) that a session asked for, rather than
a token, belongs to that session the same way: the ticket keeps the session's group, and a
logout or password change voids the session's unused tickets.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from datetime import datetime, timedelta
from importlib import import_module
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings
from django.utils import timezone

from games import broadcast

log = logging.getLogger(__name__)
CLOSE_SESSION_ENDED = 4401
MESSAGE = "session.ended"


def session_group(session_key: str) -> str:
    """The group of a session's sockets (named by a hash: no session key in a group name)."""
    return "session-" + hashlib.sha256(session_key.encode()).hexdigest()[:40]


def account_group(user_id: int) -> str:
    return f"session-sockets-{user_id}"


class SessionSocketMixin:
    """For a Channels consumer: `await self.watch_session()` once accepted (does nothing for
    a socket opened some other way: a token, a ticket, no account), `await
    self.unwatch_session()` in `disconnect`."""

    session_groups: tuple[str, ...] = ()
    # Set for a socket opened with a ticket that a session asked for: that session's group.
    ticket_session: str = ""
    # ... and when that session expired as the ticket was made (None: it did not say).
    ticket_session_expires: datetime | None = None
    session_expiry: asyncio.Task | None = None

    async def watch_session(self, user: Any = None) -> None:
        """`user`: the ticket's, for a socket opened with a session's ticket."""
        if self.ticket_session and user is not None:
            self.session_groups = (self.ticket_session, account_group(user.pk))
            if self.ticket_session_expires is not None:
                self.session_expiry = asyncio.ensure_future(
                    self._close_when_expired(None, self.ticket_session_expires))
        else:
            user, session = self.scope.get("user"), self.scope.get("session")
            key = getattr(session, "session_key", None)
            if not key or user is None or not user.is_authenticated:
                return
            self.session_groups = (session_group(key), account_group(user.pk))
            self.session_expiry = asyncio.ensure_future(self._close_when_expired(key))
        for group in self.session_groups:
            await self.channel_layer.group_add(group, self.channel_name)

    async def _close_when_expired(self, key: str | None, when: datetime | None = None) -> None:
        """Close at the session's expiry date. With its `key` the date is read again each
        time it is reached (a session saved meanwhile may have a later one); a ticket's
        socket has no key (the ticket keeps none), only the date `when` the session had: the
        client opens another with a new ticket."""
        while True:
            if key is not None:
                when = await database_sync_to_async(session_expiry)(key)
            left = (when - timezone.now()).total_seconds() if when else 0.0
            if left <= 0:
                await self.close(code=CLOSE_SESSION_ENDED)
                return
            await asyncio.sleep(min(left + 0.5, MAX_SLEEP))

    async def unwatch_session(self) -> None:
        if self.session_expiry is not None:
            self.session_expiry.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.session_expiry
            self.session_expiry = None
        groups, self.session_groups = self.session_groups, ()
        for group in groups:
            await self.channel_layer.group_discard(group, self.channel_name)

    async def session_ended(self, message: dict) -> None:
        await self.close(code=CLOSE_SESSION_ENDED)


# A sleep this long at most between two reads of a session's expiry date (a day).
MAX_SLEEP = 86_400.0


def session_expiry(key: str) -> datetime | None:
    """When the session `key` expires; None if it has ended (or expired) already. A store
    without a table (cache, files) says only whether the session is there: then the next
    look is MAX_SLEEP away."""
    store = import_module(settings.SESSION_ENGINE).SessionStore(session_key=key)
    if hasattr(store, "get_model_class"):  # the database backends: the row's own date
        return (store.get_model_class().objects
                .filter(session_key=key, expire_date__gt=timezone.now())
                .values_list("expire_date", flat=True).first())
    store.load()  # an expired or deleted session comes back empty, with no key
    if store.session_key is None:
        return None
    return timezone.now() + timedelta(seconds=MAX_SLEEP)


def _send(group: str) -> None:
    try:
        broadcast.group_send(group, {"type": MESSAGE})
    except Exception:  # the session has ended already; its sockets end when next opened
        log.exception("closing the sockets of group %s failed", group)


def on_logged_out(sender: Any, request: Any = None, user: Any = None, **kwargs: Any) -> None:
    from games.api.services import session_tickets_void

    key = getattr(getattr(request, "session", None), "session_key", None)
    if key:
        session_tickets_void(group=session_group(key))
        _send(session_group(key))


def on_password_changed(sender: Any, user: Any = None, **kwargs: Any) -> None:
    """Every other session of the account is logged out: so are its sockets and tickets."""
    from games.api.services import session_tickets_void

    if user is not None and user.pk is not None:
        session_tickets_void(user_id=user.pk)
        _send(account_group(user.pk))


def on_account_saving(sender: Any, instance: Any, update_fields: Any = None,
                      **kwargs: Any) -> None:
    """Note whether this save changes the password hash (every session's auth hash with it)."""
    instance._session_sockets_password_changed = False
    if instance.pk is None or (update_fields is not None and "password" not in update_fields):
        return
    before = type(instance)._default_manager.filter(pk=instance.pk).values_list(
        "password", flat=True).first()
    instance._session_sockets_password_changed = before not in (None, instance.password)


def on_account_saved(sender: Any, instance: Any, **kwargs: Any) -> None:
    """A deactivated account's sessions no longer authenticate, nor do those of an account
    whose password changed (however it was saved): nor do their sockets."""
    if instance.pk is None:
        return
    if getattr(instance, "_session_sockets_password_changed", False):
        instance._session_sockets_password_changed = False
        on_password_changed(sender, user=instance)
    elif not instance.is_active:
        _send(account_group(instance.pk))


def on_account_deleted(sender: Any, instance: Any, **kwargs: Any) -> None:
    if instance.pk is not None:
        _send(account_group(instance.pk))


def connect_signals() -> None:
    from allauth.account import signals as allauth_signals
    from django.contrib.auth import get_user_model
    from django.contrib.auth.signals import user_logged_out
    from django.db.models.signals import post_delete, post_save, pre_save

    user_logged_out.connect(on_logged_out, dispatch_uid="session-sockets-logout")
    user_model = get_user_model()
    pre_save.connect(on_account_saving, sender=user_model,
                     dispatch_uid="session-sockets-password-saved")
    post_save.connect(on_account_saved, sender=user_model,
                      dispatch_uid="session-sockets-deactivated")
    post_delete.connect(on_account_deleted, sender=user_model,
                        dispatch_uid="session-sockets-deleted")
    for signal in (allauth_signals.password_changed, allauth_signals.password_set,
                   allauth_signals.password_reset):
        signal.connect(on_password_changed, dispatch_uid=f"session-sockets-{id(signal)}")
