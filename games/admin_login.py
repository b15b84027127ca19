"""The admin's login form, limited like the account login: allauth's failed-login counters.

Django's admin form calls authenticate() with no limit, so 30 wrong passwords and then the
right one would log in. This form authenticates through the site's allauth adapter instead
(games/account_adapter.py), which counts failures in the cache per IP and per account
(ACCOUNT_RATE_LIMITS["login_failed"]; an account's username and emails share one budget, with
the account login form too) and refuses every attempt, right or wrong, once the limit is
reached. A success takes back its own count, as on the account form.
"""

from __future__ import annotations

from allauth.account.adapter import get_adapter
from django.contrib.admin.forms import AdminAuthenticationForm


class LimitedAdminLoginForm(AdminAuthenticationForm):
    def clean(self) -> dict:
        username = self.cleaned_data.get("username")
        password = self.cleaned_data.get("password")
        if username is not None and password:
            # Raises "too many failed login attempts" before checking the password.
            self.user_cache = get_adapter(self.request).authenticate(
                self.request, username=username, password=password)
            if self.user_cache is None:
                raise self.get_invalid_login_error()
            self.confirm_login_allowed(self.user_cache)
        return self.cleaned_data
