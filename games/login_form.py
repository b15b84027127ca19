"""The login form, saying which email address logs in (games/email_login.py): only a
confirmed one, so a player who has not confirmed theirs yet knows to use their username.
The same words for everyone: they tell nothing about any account."""

from __future__ import annotations

from typing import Any

from allauth.account.forms import LoginForm as AllauthLoginForm

LOGIN_HELP = "Your username, or your email address once you have confirmed it."


class LoginForm(AllauthLoginForm):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["login"].help_text = LOGIN_HELP
