"""The Content-Security-Policy in a real browser: every page works under it (scripts from our
static files, live sockets) and an injected inline script would not run."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.browser.conftest import start_game
from tests.browser.table_helpers import play_to_end

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _enforced(settings):
    settings.CONTENT_SECURITY_POLICY_ENFORCE = True  # as in production mode


def _violations(page) -> list[str]:
    found: list[str] = []
    page.on("console", lambda m: found.append(m.text)
            if "Content Security Policy" in m.text else None)
    return found


def test_every_page_runs_under_the_policy(catalog, make_user, new_page):
    alice, bob = make_user("alice"), make_user("bob")
    get_user_model().objects.filter(pk=alice.pk).update(is_staff=True, is_superuser=True)
    running = start_game(alice, ["me", "open"], joiners=[bob])
    finished = play_to_end(start_game(alice, ["me", "bmu"]))
    page = new_page(alice)
    found = _violations(page)

    response = page.goto(f"/games/{running.pk}/play/")
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    expect(page.locator("#game")).to_have_attribute("data-socket", "open")  # ws:// allowed
    for path in ("/", f"/games/{running.pk}/", "/games/new/", "/games/mine/",
                 f"/games/{finished.pk}/replay/?step=5", "/sim/", "/sim/new/", "/profile/",
                 "/play/settings/", "/leaderboard/",
                 "/profile/api-tokens/", "/admin/", "/admin/games/game/",
                 f"/admin/games/game/{running.pk}/change/", "/accounts/password/change/",
                 "/api/v1/games/", f"/api/v1/games/{running.pk}/"):  # (the browsable API)
        assert page.goto(path).status == 200, path
        page.wait_for_load_state("load")
    assert found == []


def test_an_injected_inline_script_does_not_run(catalog, make_user, new_page):
    page = new_page(make_user("alice"))
    found = _violations(page)
    page.goto("/")
    # as if some text had slipped through escaping into the page
    page.evaluate("""() => {
        window.ran = false;
        const s = document.createElement("script");
        s.textContent = "window.ran = true";
        document.body.appendChild(s);
        const img = document.createElement("img");
        img.setAttribute("onerror", "window.ran = true");
        img.src = "/no-such-image.png";
        document.body.appendChild(img);
    }""")
    for _ in range(200):  # both refusals reported (the image's error comes later), 10 s at most
        if len(found) >= 2:
            break
        page.wait_for_timeout(50)
    assert page.evaluate("window.ran") is False
    assert len(found) == 2 and all("inline" in text for text in found), found
