"""The Content-Security-Policy header: on the site's HTML pages, not on the API's JSON, not on
the API's HTML docs (their inline start-up scripts), and off when the setting is empty."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _enforced(settings):
    settings.CONTENT_SECURITY_POLICY_ENFORCE = True


@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/sim/", "/leaderboard/",
                                  "/no-such-page/"])
def test_html_pages_carry_the_policy(client, path):
    response = client.get(path)
    assert response["Content-Type"].startswith("text/html")
    policy = response["Content-Security-Policy"]
    assert "script-src 'self';" in policy and "style-src 'self';" in policy
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    assert "object-src 'none'" in policy and "frame-ancestors 'none'" in policy


@pytest.mark.parametrize("path", ["/api/v1/cards/", "/api/v1/docs/", "/api/v1/redoc/"])
def test_json_and_the_api_docs_go_without(client, path):
    assert "Content-Security-Policy" not in client.get(path)


def test_an_empty_setting_sends_none(client, settings):
    settings.CONTENT_SECURITY_POLICY = ""
    assert "Content-Security-Policy" not in client.get("/")


def test_a_development_server_only_reports(client, settings):
    """Outside production mode the same policy is sent as Report-Only: violations show in
    the browser's console, and tools that add inline scripts still work."""
    settings.CONTENT_SECURITY_POLICY_ENFORCE = False
    response = client.get("/")
    assert "Content-Security-Policy" not in response
    assert "script-src 'self';" in response["Content-Security-Policy-Report-Only"]



def test_no_template_or_fragment_writes_inline_styles():
    """The policy refuses style attributes and `<style>` blocks (the API's docs, which go
    without it, excepted): markup that had them would lose its look in production only."""
    root = Path(__file__).resolve().parents[2]
    inline = re.compile(r"""<style\b|\sstyle\s*=\s*["'{]""")
    sources = [*root.glob("templates/**/*.html"), *root.glob("games/**/*.py"),
               *root.glob("static/js/*.js")]
    found = [str(path.relative_to(root)) for path in sources
             if "templates/api/" not in path.as_posix() and inline.search(path.read_text())]
    assert found == []
