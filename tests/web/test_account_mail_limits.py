"""The site is no mail cannon: mail that anyone can have it send to an address they type (a
sign-up's confirmation, "you already have an account", a password reset) is limited per IP
address and per address mailed (allauth's ACCOUNT_RATE_LIMITS; docs/security.md)."""

from __future__ import annotations

import time
import uuid
from types import SimpleNamespace

import pytest
from allauth.core.internal import ratelimit
from django.test import Client
from django.urls import reverse

PASSWORD = "a-long-pass-phrase-42"
VICTIM = "victim@example.org"
MINUTE, HOUR, DAY = 60, 3600, 86400


@pytest.fixture(autouse=True)
def fresh_cache(settings) -> None:
    """Each test counts in a cache of its own (restored afterwards)."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                                   "LOCATION": f"mail-limits-{uuid.uuid4().hex}"}}


@pytest.fixture
def later(monkeypatch):
    """Moves allauth's rate-limit clock on by so many seconds."""
    now = [time.time()]
    monkeypatch.setattr(ratelimit, "time", SimpleNamespace(
        time=lambda: now[0], monotonic=time.monotonic, sleep=time.sleep))

    def advance(seconds: float) -> None:
        now[0] += seconds

    return advance


def _signup(username: str, email: str, ip: str):
    return Client(REMOTE_ADDR=ip).post(reverse("account_signup"), {
        "username": username, "email": email, "password1": PASSWORD, "password2": PASSWORD})


def _reset(email: str, ip: str):
    return Client(REMOTE_ADDR=ip).post(reverse("account_reset_password"), {"email": email})


def _to(mailoutbox, address: str) -> int:
    return sum(message.to == [address] for message in mailoutbox)


def test_sign_ups_from_one_ip_are_limited(db, mailoutbox, later):
    """5 a minute and 20 an hour (allauth's 20 a minute let one IP mail 1,200 addresses an
    hour); each sign-up that went through mailed its address once."""
    codes = []
    for minute in range(5):
        codes.append([_signup(f"user{minute}x{n}", f"user{minute}x{n}@example.org",
                              "198.51.100.7").status_code for n in range(6)])
        later(MINUTE + 1)
    assert codes[:4] == [[302] * 5 + [429]] * 4
    assert codes[4] == [429] * 6  # 20 in the hour
    assert len(mailoutbox) == 20
    assert _signup("other", "other@example.org", "198.51.100.8").status_code == 302
    later(HOUR)
    assert _signup("next-hour", "next-hour@example.org", "198.51.100.7").status_code == 302


def test_one_address_gets_one_sign_up_mail_in_three_minutes_and_five_a_day(db, mailoutbox,
                                                                           later):
    """Signing a victim's address up again and again, from IP after IP, mails it ("confirm
    your address", then "you already have an account") at most once in 3 minutes and 5 times
    a day."""
    sent = []
    for round_ in range(7):
        for n in range(3):
            response = _signup(f"mallory{round_}x{n}", VICTIM, f"203.0.113.{10 * round_ + n}")
            assert response.status_code == 302  # the same answer whether mailed or not
        sent.append(_to(mailoutbox, VICTIM))
        later(3 * MINUTE + 1)
    assert sent == [1, 2, 3, 4, 5, 5, 5]
    later(DAY)
    _signup("mallory-tomorrow", VICTIM, "203.0.113.200")
    assert _to(mailoutbox, VICTIM) == 6


def test_re_sending_a_confirmation_shares_the_addresss_budget(db, mailoutbox, later):
    """An account whose own (unverified) address is the victim's may re-send its
    confirmation: that spends the same budget as sign-ups."""
    assert _signup("mallory", VICTIM, "203.0.113.1").status_code == 302
    client = Client(REMOTE_ADDR="203.0.113.1")
    client.login(username="mallory", password=PASSWORD)
    later(3 * MINUTE + 1)
    for _ in range(10):  # (within manage_email's 20 a day per account)
        assert client.post(reverse("account_email"),
                           {"email": VICTIM, "action_send": ""}).status_code == 302
        later(3 * MINUTE + 1)
    assert _to(mailoutbox, VICTIM) == 5  # not 11: 5 a day


def test_password_reset_mail_is_limited_per_address(alice, mailoutbox, later):
    """allauth's 5 a minute per address was 7,200 reset mails a day to one inbox."""
    codes = []
    for n in range(7):
        codes.append((_reset(alice.email, f"203.0.113.{n + 1}").status_code,
                      _reset(alice.email, f"203.0.113.{n + 101}").status_code))
        later(3 * MINUTE + 1)
    assert codes == [(302, 429)] * 5 + [(429, 429)] * 2
    assert _to(mailoutbox, alice.email) == 5
    later(DAY)
    assert _reset(alice.email, "203.0.113.250").status_code == 302


def test_password_resets_from_one_ip_are_limited(alice, make_user, mailoutbox, later):
    """5 a minute and 20 an hour per IP, whichever addresses (known or not) they name."""
    users = [alice, *(make_user(f"player{n}") for n in range(24))]
    codes = []
    for minute in range(5):
        codes.append([_reset(users[5 * minute + n].email, "198.51.100.7").status_code
                      for n in range(5)] + [_reset(f"nobody{minute}@example.org",
                                                   "198.51.100.7").status_code])
        later(MINUTE + 1)
    assert codes[:4] == [[302] * 5 + [429]] * 4
    assert codes[4] == [429] * 6
    assert len(mailoutbox) == 20
