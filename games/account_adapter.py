"""The site's allauth adapter: failed logins are limited per account, and a failed login costs
as many password hashes whether or not its login names an account.

Limits: allauth keys the per-"key" part of ACCOUNT_RATE_LIMITS["login_failed"] on the login
string, so an account's username and each of its email addresses had a budget of their own.
Here a failure counts against every account its login string can open, however it is spelt;
a login that names no account keeps a budget of its own. The account form and the admin's
(games/admin_login.py) both authenticate through this adapter.

Timing: allauth's form passes an email login as both `email` and `username`, and allauth's
backend then checks the email's account twice: a registered email cost one hash more than an
unknown one. Passed once, as `username`, it is still tried as an email and as a username, and
each backend hashes once either way (a dummy hash when no account matched).
"""

from __future__ import annotations

from typing import Any

from allauth.account import app_settings
from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.internal.userkit import filter_users_by_username
from allauth.core import context
from allauth.core.internal import ratelimit
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.sites.shortcuts import get_current_site
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme

from games import background, names
from games.email_login import email_login_user
from games.models import PlayerPreferences

APP, ACTION = "allauth.account", "login_failed"


def login_account_ids(login: str) -> set[int]:
    """The accounts a login string can open: by confirmed email address (games/email_login.py),
    and by username in any case. (An account holding the address unconfirmed is not one: a
    sign-up with a stranger's address would otherwise tell, from whether failures by the
    address spent its own budget, whether another account had confirmed it.)"""
    owner = email_login_user(login)
    ids = {owner.pk} if owner is not None else set()
    ids.update(user.pk for user in filter_users_by_username(login)
               if user.get_username().lower() == login.lower())
    return ids


def _per_key_rates() -> dict[str, str]:
    """The per-key limits alone, to spend a further account's budget without the per-IP one."""
    rates = (app_settings.RATE_LIMITS.get(ACTION) or "").split(",")
    return {ACTION: ",".join(rate for rate in rates
                             if rate.strip() and ratelimit.parse_rate(rate.strip()).per == "key")}


class AccountAdapter(DefaultAccountAdapter):
    """allauth's adapter, with failed logins limited per account (ACCOUNT_ADAPTER)."""

    def login_failed_keys(self, request: HttpRequest, **credentials: Any) -> list[str]:
        """One key per account the credentials' login can open, else one for the login itself."""
        site = get_current_site(request).domain
        logins = sorted({str(credentials[name]).lower() for name in ("email", "username")
                         if credentials.get(name)}) or [""]
        ids = sorted({pk for login in logins for pk in login_account_ids(login)})
        if ids:  # "#" keeps these apart from any login string's key
            return [f"{site}#account:{pk}" for pk in ids]
        return [f"{site}:{login}" for login in logins]  # allauth's own key

    def pre_authenticate(self, request: HttpRequest, **credentials: Any) -> None:
        """Spend one try from each budget the login reaches (the IP's once); refuse if any
        is spent. A success rolls all of them back, as allauth does with its one."""
        spent: list[ratelimit.SingleRateLimitUsage] = []
        for number, key in enumerate(self.login_failed_keys(request, **credentials)):
            usage = ratelimit.consume(request, app=APP, action=ACTION, key=key,
                                      config=_per_key_rates() if number else None)
            if usage is None:
                ratelimit.RateLimitUsage(usage=spent).rollback()
                raise self.validation_error("too_many_login_attempts")
            spent.extend(usage.usage)
        self._login_failed_rl_usage = ratelimit.RateLimitUsage(usage=spent)

    def _delete_login_attempts_cached_email(self, request: HttpRequest,
                                            **credentials: Any) -> None:
        """A password reset by email clears the failures of the accounts it names."""
        for key in self.login_failed_keys(request, **credentials):
            ratelimit.clear(request, app=APP, action=ACTION, key=key)

    def is_safe_url(self, url: str | None) -> bool:
        """A `next` (login, logout, sign-up...) is a path of this site, or a URL naming the very
        host and port the request named, over HTTPS if the request came by it. allauth also let
        in every name in ALLOWED_HOSTS and CSRF_TRUSTED_ORIGINS, on any port: a site served at
        127.0.0.1:8000 sent a login on to http://127.0.0.1/ or http://localhost/ (port 80,
        whatever server listens there), and an HTTPS site to its own plain-HTTP address."""
        request = context.request
        return bool(url) and url_has_allowed_host_and_scheme(
            url, allowed_hosts={request.get_host()}, require_https=request.is_secure())

    def clean_username(self, username: str, shallow: bool = False) -> str:
        """A new username may not be another player's display name, in any case, nor mix
        look-alike scripts, nor read as another's name with its Cyrillic or Greek look-alikes
        as Latin: the profile form refuses the same for display names (games.forms)."""
        username = super().clean_username(username, shallow=shallow)
        mixed = names.mixed_scripts(username)
        if mixed:
            raise ValidationError(names.mixed_scripts_message(mixed))
        if shallow:
            return username
        readings = names.readings(username)
        User = get_user_model()
        field = f"{User.USERNAME_FIELD}__iexact"
        if any(PlayerPreferences.objects.filter(display_name__iexact=r).exists()
               for r in readings) or any(User.objects.filter(**{field: r}).exists()
                                         for r in readings[1:]):
            raise ValidationError("Another player goes by that name: choose another.")
        return username

    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        """Links in account emails (password reset, confirmation, sign-up) start with
        SITE_URL, as every other email's do, never with the Host header the request named:
        allauth builds them from the request, and any name in ALLOWED_HOSTS would do (a reset
        asked for with `Host: localhost` mailed a link to http://localhost/...). Rendered
        here, sent in the background (games.tasks.account_mail_send): the answer takes as long
        whether the address has an account or not."""
        request = context.get("request") or self.request
        if request is not None:
            origin = request.build_absolute_uri("/")
            site = settings.SITE_URL.rstrip("/") + "/"
            context = {name: site + value[len(origin):]
                       if isinstance(value, str) and value.startswith(origin) else value
                       for name, value in context.items()}
        ctx = {"request": request, "email": email, "current_site": get_current_site(request),
               **context}
        message = mail_payload(self.render_mail(template_prefix, email, ctx))
        from games.tasks import account_mail_send  # (the tasks import the services)

        # (at once, not on commit: the message is whole, the task reads nothing stored)
        background.schedule(account_mail_send, message)

    def authenticate(self, request: HttpRequest,
                     **credentials: Any) -> AbstractBaseUser | None:
        """Pass a login given as both email and username once (see the module's docstring)."""
        if credentials.get("email") and credentials.get("email") == credentials.get("username"):
            credentials = {name: value for name, value in credentials.items() if name != "email"}
        return super().authenticate(request, **credentials)


def mail_payload(message: Any) -> dict:
    """An EmailMessage as a task's JSON-ready argument."""
    return {"subject": message.subject, "body": message.body, "from_email": message.from_email,
            "to": list(message.to), "headers": dict(message.extra_headers),
            "alternatives": [list(alt)[:2] for alt in getattr(message, "alternatives", [])]}
