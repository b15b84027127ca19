"""Logging in by email address opens only the account that has confirmed that address.

Sign-up must not tell whether an address has an account (ACCOUNT_PREVENT_ENUMERATION =
"strict"), so with optional verification anyone may sign up with an address another account
already holds; the new account holds it unconfirmed. allauth's login by email then tried the
account with the address confirmed, else every account holding it: so signing up with a
stranger's address and logging in by it with one's own new password told whether the address
had a confirmed account (refused) or none (the new account opened), and a failed login by an
address cost one password hash per account holding it. An unconfirmed address logs in nobody
(its account logs in by username), and the one account that confirmed it is tried alone:
every failed login costs the same hashes, and a sign-up learns nothing from a login.
"""

from __future__ import annotations

from typing import Any

from allauth.account import app_settings
from allauth.account.app_settings import LoginMethod
from allauth.account.auth_backends import AuthenticationBackend
from allauth.account.models import EmailAddress
from django.contrib.auth.base_user import AbstractBaseUser


def email_login_user(email: str) -> Any | None:
    """The account whose confirmed address `email` is (in any case), or None."""
    if not email:
        return None
    address = (EmailAddress.objects.filter(email__iexact=email, verified=True)
               .select_related("user").order_by("pk").first())
    return address.user if address else None


class ConfirmedEmailBackend(AuthenticationBackend):
    """allauth's backend, an email login trying the one account that confirmed it (or none:
    the backend then hashes once anyway, as for an unknown login)."""

    def _authenticate_by_email(self, email: str, password: str) -> AbstractBaseUser | None:
        if not email or LoginMethod.EMAIL not in app_settings.LOGIN_METHODS:
            return None
        return self._check_password(email_login_user(email), password)
