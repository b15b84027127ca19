"""Accounts through django-allauth: sign up, log in and out, reset a password by email, profile."""

from __future__ import annotations

import re

from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse

from games.models import PlayerPreferences

PASSWORD = "a-long-pass-phrase-42"


def test_signup_creates_a_logged_in_player(client, db):
    response = client.post(reverse("account_signup"), {
        "username": "carol", "email": "carol@example.com",
        "password1": PASSWORD, "password2": PASSWORD,
    })

    assert response.status_code == 302
    user = get_user_model().objects.get(username="carol")
    assert user.check_password(PASSWORD)
    assert client.get(reverse("games:my_games")).status_code == 200


def test_login_and_logout(client, alice):
    response = client.post(reverse("account_login"), {"login": "alice", "password": PASSWORD})
    assert response.status_code == 302
    assert response.url == reverse("games:my_games")

    client.post(reverse("account_logout"))

    assert client.get(reverse("games:my_games")).status_code == 302


def test_login_with_a_wrong_password_is_refused(client, alice):
    response = client.post(reverse("account_login"), {"login": "alice", "password": "nope"})

    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def test_password_reset_by_email(client, alice):
    client.post(reverse("account_reset_password"), {"email": "alice@example.com"})

    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["alice@example.com"]
    assert "Dominion by the turn" in mail.outbox[0].subject
    link = re.search(r"https?://[^/\s]+(/accounts/password/reset/key/\S+)", mail.outbox[0].body)
    form_page = client.get(link.group(1), follow=True)
    assert form_page.status_code == 200
    client.post(form_page.redirect_chain[-1][0] if form_page.redirect_chain else link.group(1),
                {"password1": "brand-new-phrase-77", "password2": "brand-new-phrase-77"})

    alice.refresh_from_db()
    assert alice.check_password("brand-new-phrase-77")


def test_profile_saves_display_name_and_notifications(client, alice):
    client.force_login(alice)

    response = client.post(reverse("profile"), {
        "display_name": "Queen Alice", "email_on_turn": "", "email_daily_digest": "on",
    })

    assert response.status_code == 302
    prefs = PlayerPreferences.objects.get(user=alice)
    assert (prefs.display_name, prefs.email_on_turn, prefs.email_daily_digest) == (
        "Queen Alice", False, True)
    assert "Queen Alice" in client.get(reverse("profile")).content.decode()


def test_every_form_needs_its_csrf_token(alice):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(alice)

    assert strict.post(reverse("profile"), {"display_name": "x"}).status_code == 403
    assert strict.post(reverse("games:new"), {}).status_code == 403
