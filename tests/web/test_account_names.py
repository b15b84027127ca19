"""Display names cannot pass one player off as another: no hidden characters, and no name that
reads as another account's username or display name."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from games.models import PlayerPreferences


@pytest.fixture
def mallory(make_user, client):
    user = make_user("mallory")
    PlayerPreferences.objects.create(user=user, display_name="Mal")
    client.force_login(user)
    return user


def _save_name(client, name: str):
    """Post the profile with a name and with both notification choices changed."""
    return client.post(reverse("profile"), {
        "display_name": name, "email_on_turn": "", "email_daily_digest": "on"})


def _saved(user) -> tuple[str, bool, bool]:
    prefs = PlayerPreferences.objects.get(user=user)
    return prefs.display_name, prefs.email_on_turn, prefs.email_daily_digest


UNCHANGED = ("Mal", True, False)


@pytest.mark.parametrize("name, code_point", [
    ("\u202e\u200bbob", "U+202E"),  # a right-to-left override, then a zero-width space
    ("bo\u200bb", "U+200B"),
    ("Mal\u2066lory", "U+2066"),  # a bidi isolate
    ("Mal\tlory", "U+0009"),
])
def test_a_name_with_hidden_characters_is_refused(client, mallory, name, code_point):
    response = _save_name(client, name)

    text = response.content.decode()
    assert response.status_code == 200
    assert "invisible or control characters" in text and code_point in text
    assert _saved(mallory) == UNCHANGED


@pytest.mark.parametrize("name", ["alice", "ALICE", " Alice ", "ａｌｉｃｅ"])
def test_another_accounts_username_is_refused(client, alice, mallory, name):
    response = _save_name(client, name)

    assert response.status_code == 200
    assert "Another player has that name" in response.content.decode()
    assert _saved(mallory) == UNCHANGED


@pytest.mark.parametrize("name", ["Queen Alice", "queen alice", "Ｑｕｅｅｎ Ａｌｉｃｅ"])
def test_another_accounts_display_name_is_refused(client, alice, mallory, name):
    PlayerPreferences.objects.create(user=alice, display_name="Queen Alice")

    response = _save_name(client, name)

    assert "Another player has that name" in response.content.decode()
    assert _saved(mallory) == UNCHANGED


@pytest.mark.parametrize("name, saved", [
    ("Mallory", "Mallory"), ("  MALLORY the Bold ", "MALLORY the Bold"), ("Mal", "Mal"),
    ("", ""), ("Zoë ☃", "Zoë ☃"),
])
def test_ones_own_username_and_new_names_are_accepted_stripped(
        client, alice, mallory, name, saved):
    response = _save_name(client, name)

    assert response.status_code == 302
    assert _saved(mallory) == (saved, False, True)


def test_a_name_that_normalises_past_the_limit_is_refused(client, mallory):
    response = _save_name(client, "\ufdfa" * 3)  # 3 characters, 54 once normalised

    assert "at most 40 characters" in response.content.decode()
    assert _saved(mallory) == UNCHANGED


def test_a_new_username_cannot_be_another_players_display_name(client, mallory, settings):
    settings.ACCOUNT_EMAIL_VERIFICATION = "none"
    client.logout()
    password = "a long enough pass phrase 42"
    response = client.post(reverse("account_signup"), {
        "username": "MAL", "email": "fake@example.com",
        "password1": password, "password2": password})

    assert "Another player goes by that name" in response.content.decode()
    assert not get_user_model().objects.filter(username="MAL").exists()


@pytest.mark.parametrize("name, scripts", [
    ("\u0430lice", "Cyrillic and Latin"),  # a Cyrillic "а", then Latin
    ("M\u03b1l", "Greek and Latin"),
    ("Nikos \u039d\u03af\u03ba\u03bf\u03c2", "Greek and Latin"),
])
def test_a_name_mixing_look_alike_scripts_is_refused(client, mallory, name, scripts):
    response = _save_name(client, name)

    text = response.content.decode()
    assert f"A name cannot mix {scripts} letters" in text
    assert _saved(mallory) == UNCHANGED


@pytest.mark.parametrize("name", ["\u0430\u04cf\u0456\u0441\u0435",  # "аӏісе"
                                  "\u0412\u041e\u0412"])  # "ВОВ"
def test_a_name_in_one_script_that_reads_as_anothers_is_refused(
        client, alice, bob, mallory, name):
    """Every letter Cyrillic, so nothing is mixed; read as Latin it is "alice", or "BOB"."""
    response = _save_name(client, name)

    assert "Another player has that name" in response.content.decode()
    assert _saved(mallory) == UNCHANGED


@pytest.mark.parametrize("name", ["Ζωή", "Наташа", "李小龍 Bruce", "Zoë"])
def test_names_in_other_scripts_are_welcome(client, mallory, name):
    response = _save_name(client, name)

    assert response.status_code == 302
    assert _saved(mallory)[0] == name


@pytest.mark.parametrize("username, message", [
    ("\u0430lice2", "cannot mix Cyrillic and Latin"),
    ("\u041c\u0430l", "cannot mix Cyrillic and Latin"),
    ("\u041c\u0410\u041c", "Another player goes by that name"),  # МАМ: "MAM", no one's
])
def test_a_new_username_of_look_alikes_is_refused(client, mallory, settings, username, message):
    settings.ACCOUNT_EMAIL_VERIFICATION = "none"
    PlayerPreferences.objects.filter(user=mallory).update(display_name="Mam")
    client.logout()
    password = "a long enough pass phrase 42"
    response = client.post(reverse("account_signup"), {
        "username": username, "email": "fake@example.com",
        "password1": password, "password2": password})

    assert message in response.content.decode()
    assert not get_user_model().objects.filter(username=username).exists()


def _bring_into_line() -> int:
    """The data migration's function, run on the current models (the same fields)."""
    import importlib

    from django.apps import apps

    migration = importlib.import_module("games.migrations.0004_display_names_in_line")
    return migration.bring_into_line(apps, None)


def test_names_saved_before_the_rules_are_brought_into_line(make_user, alice):
    """Names written before the form checked them: hidden characters dropped, NFKC, and a
    name another account holds (its username, or an older account's display name) cleared."""
    saved = {
        "mallory": "\u202eMal\u200blory",  # hidden characters around a name no one has
        "bob": "ＢＯＢＢＹ",  # fullwidth: kept as "BOBBY"
        "carol": "Queen",
        "dave": "queen",  # an older account has it in another case: cleared
        "erin": "AL\u200bICE",  # alice's username once the zero-width space goes: cleared
        "frank": "Frank",  # already in line: untouched
        "grace": "\u0430lice",  # a Cyrillic "а" among Latin letters: cleared
        "heidi": "\u0412\u041e\u0412\u0411\u0423",  # "ВОВБУ", Cyrillic only: kept
        "ivan": "\u0412\u041e\u0412BY",  # mixed: cleared
    }
    users = {}
    for username, name in saved.items():
        users[username] = make_user(username)
        PlayerPreferences.objects.create(user=users[username], display_name=name)

    assert _bring_into_line() == 6

    now = {u: PlayerPreferences.objects.get(user=users[u]).display_name for u in saved}
    assert now == {"mallory": "Mallory", "bob": "BOBBY", "carol": "Queen", "dave": "",
                   "erin": "", "frank": "Frank", "grace": "",
                   "heidi": "\u0412\u041e\u0412\u0411\u0423", "ivan": ""}
    assert _bring_into_line() == 0  # a second run changes nothing
