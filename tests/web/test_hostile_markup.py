"""Markup planted in every string a player controls comes back escaped on every page that
shows it: display names (table, log, chart, lobby, profile, leaderboard), chat, API token
names, webhook URLs and their delivery errors, notification texts, bot-account descriptions."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from oauth2_provider.models import Application

from games import selectors, services
from games.api.models import ApiToken, BotAccount
from games.models import PlayerPreferences
from games.play.models import Notification, Webhook, WebhookDelivery
from games.social import chat
from games.strategies.models import Strategy

pytestmark = pytest.mark.django_db

IMG = "<img src=x onerror=alert(1)>"
SVG = '"><svg onload=alert(1)>'
SCRIPT = "</script><script>alert(1)</script>"
# what must never reach a page raw: the start of each planted element
RAW = ("<img src=x", "<svg onload", "<script>alert")


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _clean(page: str, where: str) -> None:
    for raw in RAW:
        assert raw not in page, f"{raw!r} unescaped on {where}"


@pytest.fixture
def hostile(catalog, make_user):
    """Two players whose display names are markup, with a finished game, chat and notices."""
    alice, bob = make_user("alice"), make_user("bob")
    PlayerPreferences.objects.update_or_create(user=alice, defaults={"display_name": IMG})
    PlayerPreferences.objects.update_or_create(user=bob, defaults={"display_name": SVG})
    BotAccount.objects.create(user=bob, description=IMG)
    return alice, bob


def test_display_names_and_chat_are_escaped_everywhere(hostile, base_kingdom, play_to_end,
                                                        committed):
    alice, bob = hostile
    game = services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom)
    services.seat_join(game=game, user=bob)
    open_game = services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom)
    game = services.game_start(game=game, user=alice)
    chat.chat_post(game=game, user=bob, body=SCRIPT)
    running = {f"/games/{game.pk}/play/", f"/games/{game.pk}/play/live/",
               f"/games/{game.pk}/social/", f"/games/{game.pk}/", "/", "/games/mine/",
               "/players/alice/", "/players/bob/", "/leaderboard/", "/play/notifications/",
               f"/games/{open_game.pk}/"}
    _all_clean(running, (alice, bob, None), "running")
    alice_page = _client(alice).get(f"/games/{game.pk}/play/").content.decode()
    assert "&lt;svg onload=alert(1)&gt;" in alice_page  # bob's name is there, escaped
    assert "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in alice_page
    play_to_end(game)
    finished = running | {f"/games/{game.pk}/replay/", f"/games/{game.pk}/replay/?step=5"}
    _all_clean(finished, (alice, bob, None), "finished")
    end = _client(alice).get(f"/games/{game.pk}/play/").content.decode()
    assert "vp-chart" in end and "&lt;img src=x onerror=alert(1)&gt;" in end


def _all_clean(paths: set[str], users: tuple, when: str) -> None:
    """Every page in `paths`, as each of `users` (None: a visitor), is 200 and clean."""
    for user in users:
        client = _client(user) if user else Client()
        for path in paths:
            page = client.get(path, follow=True)
            assert page.status_code == 200, path
            _clean(page.content.decode(), f"{path} ({when}, {user})")


def test_account_strings_are_escaped_on_the_settings_pages(hostile):
    alice, _ = hostile
    ApiToken.objects.create(user=alice, name=IMG, prefix="abc", key_hash="0" * 64)
    hook = Webhook.objects.create(user=alice, url="https://hooks.example/a?b=%22%3E%3Csvg")
    WebhookDelivery.objects.create(webhook=hook, event_key="k", event={}, status="failed",
                                   last_error=SVG + SCRIPT,
                                   created_at=timezone.now())
    Notification.objects.create(user=alice, game=None, kind="turn", text=IMG,
                                created_at=timezone.now())
    client = _client(alice)
    for path in ("/profile/api-tokens/", "/play/settings/", "/play/notifications/", "/profile/",
                 "/social/settings/", "/play/badge/"):
        page = client.get(path, follow=True)
        assert page.status_code == 200, path
        _clean(page.content.decode(), path)
    notices = client.get("/play/notifications/").content.decode()
    assert "&lt;img src=x onerror=alert(1)&gt;" in notices


def test_a_display_name_full_of_markup_is_taken_and_shown_escaped(catalog, make_user):
    """(The profile form takes markup as a name: it is only ever shown as text.)"""
    carol = make_user("carol")
    client = _client(carol)
    saved = client.post("/profile/", {"display_name": SVG, "email_on_turn": "on"}, follow=True)
    assert saved.status_code == 200
    _clean(saved.content.decode(), "/profile/")
    assert PlayerPreferences.objects.get(user=carol).display_name == SVG


@pytest.fixture
def _enforced(settings):
    settings.CONTENT_SECURITY_POLICY_ENFORCE = True


def _policed(response) -> None:
    assert response["Content-Type"].startswith("text/html"), response["Content-Type"]
    assert "script-src 'self'" in response["Content-Security-Policy"]


@pytest.mark.usefixtures("_enforced")
def test_error_pages_carry_the_policy(catalog, make_user, monkeypatch, settings):
    """400 (a bad Host header), 403 (no CSRF token), 404, 413, 500: each is an HTML page
    like any other, under the same policy."""
    alice = make_user("alice")
    bad_host = Client().get("/", HTTP_HOST="evil.example")
    assert bad_host.status_code == 400
    _policed(bad_host)
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(alice)
    forbidden = strict.post("/play/settings/", {})
    assert forbidden.status_code == 403
    _policed(forbidden)
    missing = Client().get("/players/%3Cimg%20src=x%20onerror=alert(1)%3E/")
    assert missing.status_code == 404 and b"<img" not in missing.content
    _policed(missing)
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 100
    big = _client(alice).post("/profile/", {"display_name": "a" * 500})
    assert big.status_code == 413
    _policed(big)
    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(selectors, "games_lobby", broken)
    failed = Client(raise_request_exception=False).get("/")
    assert failed.status_code == 500
    _policed(failed)


@pytest.mark.usefixtures("_enforced")
@pytest.mark.parametrize("path", ["/accounts/signup/", "/accounts/password/reset/",
                                  "/accounts/login/?next=%22%3E%3Csvg%20onload=alert(1)%3E",
                                  "/o/applications/", "/o/applications/register/",
                                  "/o/authorized_tokens/"])
def test_account_and_oauth_pages_carry_the_policy_and_escape_next(make_user, path):
    page = _client(make_user("alice")).get(path)
    assert page.status_code in (200, 302), path
    if page.status_code == 200:
        _policed(page)
        _clean(page.content.decode(), path)


@pytest.mark.usefixtures("_enforced")
def test_the_browsable_api_shows_hostile_strings_escaped_under_the_policy(hostile, base_kingdom):
    """The API answers HTML to a browser (DRF's browsable API, on the session): the JSON it
    shows, names and chat included, is escaped there, and the page is under the policy."""
    alice, bob = hostile
    game = services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom)
    services.seat_join(game=game, user=bob)
    game = services.game_start(game=game, user=alice)
    chat.chat_post(game=game, user=bob, body=SCRIPT)
    client = _client(alice)
    for path in (f"/api/v1/games/{game.pk}/chat/", f"/api/v1/games/{game.pk}/",
                 "/api/v1/me/", f"/api/v1/games/{game.pk}/log/",
                 f"/api/v1/games/{game.pk}/?x=%3Cimg%20src=x%20onerror=alert(1)%3E"):
        page = client.get(path, HTTP_ACCEPT="text/html")
        assert page.status_code == 200, path
        _policed(page)
        _clean(page.content.decode(), path)


@pytest.mark.usefixtures("_enforced")
def test_an_oauth_apps_name_is_escaped_on_the_consent_and_app_pages(make_user):
    alice = make_user("alice")
    app = Application.objects.create(
        name=IMG + SVG, user=alice, client_type=Application.CLIENT_PUBLIC,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris="https://client.example/callback")
    consent = "/o/authorize/?" + urlencode({
        "response_type": "code", "client_id": app.client_id, "scope": "read",
        "redirect_uri": "https://client.example/callback", "state": "s",
        "code_challenge": "c" * 43, "code_challenge_method": "S256"})
    client = _client(alice)
    for path in (consent, "/o/applications/", f"/o/applications/{app.pk}/",
                 f"/o/applications/{app.pk}/update/", f"/o/applications/{app.pk}/delete/"):
        page = client.get(path)
        assert page.status_code == 200, path
        _policed(page)
        _clean(page.content.decode(), path)
    assert "&lt;img src=x onerror=alert(1)&gt;" in client.get(consent).content.decode()


def test_staff_entered_strategy_strings_are_escaped(catalog, make_user, base_kingdom,
                                                    committed):
    """A strategy's label and description (admin-entered) on the pages that offer or seat
    it, the admin's own pages included, and in a simulation's results and chart."""
    alice = make_user("alice")
    get_user_model().objects.filter(pk=alice.pk).update(is_staff=True, is_superuser=True)
    rules = {"requires": ["Smithy"], "buy": [{"card": "Smithy", "max": 1}, "Gold", "Silver"]}
    Strategy.objects.create(name="hostile", label=IMG + SVG, description=SCRIPT,
                            definition=rules)
    game = services.game_create(creator=alice, seats=["me", "hostile"], kingdom=base_kingdom)
    with committed():
        game = services.game_start(game=game, user=alice)
    client = _client(alice)
    with committed():
        sim = client.post("/sim/new/", {"kingdom_mode": "cards", "bot_1": "hostile",
                                        "bot_2": "bmu", "games": "2", "edition": "2",
                                        "shelters": "auto", "cards": ", ".join(base_kingdom)},
                          follow=True)
    for path in ("/games/new/", "/sim/new/", f"/games/{game.pk}/", f"/games/{game.pk}/play/",
                 "/", "/admin/strategies/strategy/",
                 f"/admin/strategies/strategy/{Strategy.objects.get().pk}/change/",
                 f"/admin/games/game/{game.pk}/change/", sim.request["PATH_INFO"]):
        page = client.get(path)
        assert page.status_code == 200, path
        _clean(page.content.decode(), path)
    assert "&lt;img src=x onerror=alert(1)&gt;" in client.get("/games/new/").content.decode()
    assert sim.request["PATH_INFO"].count("-") == 4  # the simulation's own page
    results = client.get(sim.request["PATH_INFO"]).content.decode()
    assert "vp-chart" in results  # (the chart names bots by their slug)


def test_errors_that_echo_input_escape_it(catalog, make_user):
    """A form's error naming what was typed ("no card named ...") shows it as text."""
    client = _client(make_user("alice"))
    typed = ", ".join([IMG, SVG, SCRIPT] + ["Smithy"] * 7)
    sim = client.post("/sim/new/", {"kingdom_mode": "cards", "bot_1": "bmu", "bot_2": IMG,
                                    "games": SVG, "edition": "2", "shelters": SCRIPT,
                                    "cards": typed})
    assert sim.status_code == 200
    _clean(sim.content.decode(), "/sim/new/")
    new = client.post("/games/new/", {"kingdom_mode": IMG, "custom_cards": [IMG, SVG],
                                      "recommended": SCRIPT, "seat_1": SVG})
    assert new.status_code in (200, 400)
    _clean(new.content.decode(), "/games/new/")
    profile = client.post("/profile/", {"display_name": IMG + "\u202e"})
    assert profile.status_code == 200
    _clean(profile.content.decode(), "/profile/")
    hook = client.post("/play/webhooks/", {"url": "javascript:alert(1)//" + IMG}, follow=True)
    _clean(hook.content.decode(), "/play/webhooks/")
    assert 'href="javascript:' not in hook.content.decode()
