"""Logins and sign-ups against an attacker: failed logins are limited on every login form (the
account's and the admin's, with shared counters), and sign-up does not tell which emails
already have an account."""

from __future__ import annotations

import uuid
from unittest import mock

import pytest
from allauth.account.adapter import get_adapter
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import MD5PasswordHasher
from django.test import Client
from django.urls import reverse

PASSWORD = "a-long-pass-phrase-42"
MALLORY = "mallorys-own-phrase-13"  # an attacker's password, not the victim's


@pytest.fixture(autouse=True)
def fresh_cache(settings) -> None:
    """Each test counts failures in a cache of its own (restored afterwards)."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                                   "LOCATION": f"login-limits-{uuid.uuid4().hex}"}}


@pytest.fixture
def make_user(make_user):
    """Players whose address is confirmed: an address logs in only the account that confirmed
    it (games/email_login.py)."""
    def make(username: str, password: str = PASSWORD):
        user = make_user(username, password)
        EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
        return user

    return make


@pytest.fixture
def staff(make_user):
    user = make_user("boss")
    user.is_staff = user.is_superuser = True
    user.save()
    return user


def _admin_login(client: Client, password: str):
    return client.post(reverse("admin:login"), {
        "username": "boss", "password": password, "next": reverse("admin:index")})


def _logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def test_the_admin_login_works_with_the_right_password(client, staff):
    response = _admin_login(client, PASSWORD)

    assert response.status_code == 302 and _logged_in(client)


def test_the_admin_login_refuses_even_the_right_password_after_many_failures(client, staff):
    for _ in range(30):
        assert _admin_login(client, "guess").status_code == 200

    response = _admin_login(client, PASSWORD)

    assert not _logged_in(client)
    assert "Too many failed login attempts" in response.content.decode()


@pytest.mark.parametrize("failures", [6, 30])
def test_the_account_login_is_limited_the_same_way(client, staff, failures):
    for _ in range(failures):
        client.post(reverse("account_login"), {"login": "boss", "password": "guess"})

    response = client.post(reverse("account_login"), {"login": "boss", "password": PASSWORD})

    assert not _logged_in(client)
    if failures == 6:  # past the per-name limit: the form says why
        assert "Too many failed login attempts" in response.content.decode()
    else:  # past the per-address limit too: allauth answers 429 before the form
        assert response.status_code == 429


def test_both_forms_share_one_count_per_user_name(staff):
    for _ in range(5):  # the per-name limit, spent on the admin form from several addresses
        attacker = Client(REMOTE_ADDR=f"203.0.113.{_ + 1}")
        _admin_login(attacker, "guess")

    owner = Client(REMOTE_ADDR="198.51.100.7")
    owner.post(reverse("account_login"), {"login": "boss", "password": PASSWORD})

    assert not _logged_in(owner)


def test_a_few_failures_do_not_lock_the_owner_out(client, staff):
    for _ in range(3):
        _admin_login(client, "typo")

    _admin_login(client, PASSWORD)

    assert _logged_in(client)


def _signup(client: Client, username: str, email: str, password: str = PASSWORD):
    return client.post(reverse("account_signup"), {
        "username": username, "email": email, "password1": password, "password2": password})


def test_signing_up_with_a_known_email_looks_like_signing_up_with_a_new_one(alice, db):
    known = _signup(Client(), "mallory", alice.email)
    new = _signup(Client(), "trudy", "trudy@example.com")

    assert (known.status_code, known.get("Location")) == (new.status_code, new.get("Location"))
    assert known.status_code == 302
    for response in (known, new):
        assert "already registered" not in response.content.decode()
    alice.refresh_from_db()
    assert alice.check_password(PASSWORD)  # the owner's account is untouched


def test_a_confirmed_address_logs_its_account_in_and_an_unconfirmed_one_nobody(
        alice, make_user):
    assert _logged_in(_login(alice.email.upper(), PASSWORD)[0])
    EmailAddress.objects.filter(user=alice).update(verified=False)
    assert not _logged_in(_login(alice.email, PASSWORD)[0])
    assert _logged_in(_login("alice", PASSWORD)[0])  # (its username still does)


def test_logging_in_by_an_address_just_signed_up_with_tells_nothing(alice, db):
    # A sign-up with a known address goes through (it must look like one with a new address),
    # and a login by the address opened the new account unless another had confirmed it.
    outcomes = {}
    for number, address in enumerate([alice.email, "stranger@example.org"]):
        _signup(Client(REMOTE_ADDR=f"203.0.113.{number + 1}"), f"mallory{number}", address,
                MALLORY)
        client, _ = _login(address, MALLORY, f"198.51.100.{number + 1}")
        outcomes[address] = _logged_in(client)
        assert _logged_in(_login(f"mallory{number}", MALLORY)[0])  # (by username it does)

    assert outcomes == {alice.email: False, "stranger@example.org": False}


def test_failures_by_an_address_spend_the_same_budgets_whoever_else_holds_it(alice, db):
    # Failures by an address spent the budget of every account holding it: a sign-up with it,
    # then failures by it, showed whether the new account's own login was locked out.
    locked = {}
    for number, address in enumerate([alice.email, "stranger@example.org"]):
        _signup(Client(REMOTE_ADDR=f"203.0.113.{number + 1}"), f"mallory{number}", address,
                MALLORY)
        for attempt in range(5):
            _login(address, "guess", f"192.0.2.{10 * number + attempt + 1}")
        locked[address] = not _logged_in(_login(f"mallory{number}", MALLORY)[0])

    assert locked == {alice.email: False, "stranger@example.org": False}


def test_a_taken_email_shows_no_error_on_the_sign_up_form(alice, db):
    page = Client().post(reverse("account_signup"), {
        "username": "eve", "email": alice.email, "password1": PASSWORD, "password2": "other"})

    text = page.content.decode()
    assert page.status_code == 200  # refused, but for the password, not for the email
    assert "already registered" not in text and "same password" in text


def test_password_reset_answers_the_same_for_known_and_unknown_emails(alice, db, mailoutbox):
    known = Client().post(reverse("account_reset_password"), {"email": alice.email})
    unknown = Client().post(reverse("account_reset_password"), {"email": "nobody@example.com"})

    assert (known.status_code, known.get("Location")) == (
        unknown.status_code, unknown.get("Location"))
    assert get_user_model().objects.filter(email=alice.email).count() == 1
    # only the account's holder is mailed: the site mails no stranger on anyone's word
    assert [m.to for m in mailoutbox] == [[alice.email]]


def test_account_mail_is_sent_after_the_answer_not_in_it(alice, db, mailoutbox, monkeypatch):
    """A reset for a known address renders its mail in the request but sends it in the
    background: sent in the request it took the mail server's time, which an unknown address
    (mailed nothing) did not, so the answer's time told whether the address had an account."""
    from games import background

    later: list = []
    monkeypatch.setattr(background, "schedule", lambda task, *args: later.append((task, args)))

    Client().post(reverse("account_reset_password"), {"email": alice.email})

    assert mailoutbox == [] and [task.name for task, _ in later] == [
        "games.tasks.account_mail_send"]
    task, args = later[0]
    task(*args)
    assert [m.to for m in mailoutbox] == [[alice.email]]
    assert "/accounts/password/reset/key/" in mailoutbox[0].body


def test_links_in_account_emails_start_with_the_site_url_whatever_the_host(
        alice, db, mailoutbox, settings):
    # allauth built them from the request: any name in ALLOWED_HOSTS put in the Host header
    # chose where a password reset link pointed.
    settings.SITE_URL = "https://dominion.example.org"
    Client().post(reverse("account_reset_password"), {"email": alice.email},  # a reset link
                  HTTP_HOST="localhost")
    Client().post(reverse("account_signup"), {  # a confirmation link
        "username": "newcomer", "email": "newcomer@example.com", "password1": PASSWORD,
        "password2": PASSWORD}, HTTP_HOST="localhost")
    reset, confirm = (message.body for message in mailoutbox)
    assert "https://dominion.example.org/accounts/password/reset/key/" in reset
    assert "https://dominion.example.org/accounts/confirm-email/" in confirm
    assert not any("://localhost" in body for body in (reset, confirm))


def _hashes_for_failed_login(login: str, *, admin: bool = False) -> int:
    """Password hashes a failed login costs: the (fast) hasher's encode runs once per hash,
    for a password check and for a dummy hash alike."""
    calls = 0
    encode = MD5PasswordHasher.encode

    def counting(self, *args, **kwargs):
        nonlocal calls
        calls += 1
        return encode(self, *args, **kwargs)

    client = Client()
    with mock.patch.object(MD5PasswordHasher, "encode", counting):
        if admin:
            response = client.post(reverse("admin:login"), {"username": login, "password": "x"})
        else:
            response = client.post(reverse("account_login"), {"login": login, "password": "x"})
    assert response.status_code == 200 and not _logged_in(client)
    return calls


@pytest.mark.parametrize("admin", [False, True])
def test_a_failed_login_costs_the_same_whether_or_not_the_account_exists(
        alice, staff, settings, admin):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # an address two more accounts hold unconfirmed (sign-ups with it): allauth tried each
    for number in range(2):
        _signup(Client(REMOTE_ADDR=f"203.0.113.{number + 1}"), f"mallory{number}",
                "shared@example.com")
    costs = {login: _hashes_for_failed_login(login, admin=admin) for login in [
        "nobody@example.com", "nobody", alice.email, "alice", "ALICE", "boss",
        "shared@example.com"]}

    assert len(set(costs.values())) == 1, costs
    assert costs["alice"] >= 1


def _login(login: str, password: str, address: str = "198.51.100.7"):
    client = Client(REMOTE_ADDR=address)
    return client, client.post(reverse("account_login"), {"login": login, "password": password})


@pytest.mark.parametrize("guessed_as, then_as", [
    ("alice", "alice@example.com"), ("alice@example.com", "alice"), ("ALICE", "Alice@Example.com"),
])
def test_failed_logins_count_per_account_whichever_login_names_it(alice, guessed_as, then_as):
    for number in range(5):  # from several addresses, so the per-address limit stays out of it
        _login(guessed_as, "guess", f"203.0.113.{number + 1}")

    owner, response = _login(then_as, PASSWORD)

    assert not _logged_in(owner)
    assert "Too many failed login attempts" in response.content.decode()


def test_the_admin_form_spends_the_same_budget_as_the_account_email(staff):
    for number in range(5):
        _admin_login(Client(REMOTE_ADDR=f"203.0.113.{number + 1}"), "guess")

    owner, response = _login(staff.email, PASSWORD)

    assert not _logged_in(owner)
    assert "Too many failed login attempts" in response.content.decode()


def test_an_unknown_login_keeps_its_own_budget(alice):
    for number in range(5):
        _login("nobody@example.com", "guess", f"203.0.113.{number + 1}")

    owner, _ = _login("alice", PASSWORD)
    stranger, response = _login("nobody@example.com", "guess")

    assert _logged_in(owner)
    assert "Too many failed login attempts" in response.content.decode()


def test_a_login_naming_two_accounts_spends_both_budgets(alice, make_user):
    make_user("alice@example.com")  # a username that is alice's email address
    for number in range(5):
        _login("alice@example.com", "guess", f"203.0.113.{number + 1}")

    alice_client, _ = _login("alice", PASSWORD)
    other_client, _ = _login("alice@example.com@example.com", PASSWORD)

    assert not _logged_in(alice_client) and not _logged_in(other_client)


def test_a_password_reset_by_email_clears_the_accounts_failures(alice, rf):
    for number in range(5):
        _login("alice", "guess", f"203.0.113.{number + 1}")
    assert not _logged_in(_login("alice", PASSWORD)[0])

    get_adapter()._delete_login_attempts_cached_email(rf.post("/"), email=alice.email)

    owner, _ = _login("alice", PASSWORD)
    assert _logged_in(owner)


def _add_email(client: Client, address: str):
    return client.post(reverse("account_email"), {"email": address, "action_add": ""})


def test_an_account_cannot_mail_confirmations_to_one_stranger_after_another(alice, mailoutbox):
    """Each address added mails it a confirmation: with no cap on addresses (and 10 a minute)
    one account mailed 600 strangers an hour through the site."""
    client = Client()
    client.force_login(alice)
    assert _add_email(client, "new-address@example.org").status_code == 302
    assert len(mailoutbox) == 1 and mailoutbox[0].to == ["new-address@example.org"]
    refused = _add_email(client, "stranger@example.org")
    assert refused.status_code == 200  # the form again, with the reason
    assert len(mailoutbox) == 1
    assert sorted(alice.emailaddress_set.values_list("email", flat=True)) == [
        "alice@example.com", "new-address@example.org"]


def test_managing_addresses_is_limited_per_account(alice):
    client = Client()
    client.force_login(alice)
    codes = []
    for n in range(7):  # add, then remove, the same second address, over and over
        address = f"cycle{n}@example.org"
        codes.append(_add_email(client, address).status_code)
        codes.append(client.post(reverse("account_email"),
                                 {"email": address, "action_remove": ""}).status_code)
    assert 429 in codes
    assert codes.index(429) <= 5  # 5 a minute


def test_the_login_page_says_which_email_address_logs_in(client, db):
    """Only a confirmed address logs in (games/email_login.py): a player who has not
    confirmed theirs is told to use their username, in words the same for everyone."""
    from games.login_form import LOGIN_HELP

    assert LOGIN_HELP in client.get("/accounts/login/").content.decode()
