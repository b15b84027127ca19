"""The docs pages load every script and stylesheet from the site itself (no CDN), and every
404 under /api/ has the same body shape."""

from __future__ import annotations

import re

import pytest
from django.contrib.staticfiles import finders

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("url", ["/api/v1/docs/", "/api/v1/redoc/"])
def test_the_docs_use_only_our_own_static_files(client, url):
    page = client.get(url).content.decode()
    sources = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert sources
    for source in sources:
        assert source.startswith("/static/"), source
        assert finders.find(source.removeprefix("/static/")), source
    # No address of another host anywhere in the page, scripts included (a bare "cdn" would
    # also match the page's random CSRF token now and then).
    assert not re.search(r"(?:https?:)?//(?!127\.0\.0\.1|localhost|testserver)[\w.-]+\.[a-z]{2,}",
                         page, re.IGNORECASE), re.findall(r"(?:https?:)?//[\w./-]+", page)


@pytest.mark.parametrize("path", [
    "/api/v1/games/999/", "/api/v1/games/999/view/", "/api/v1/games/999/chat/",
    "/api/v1/games/999/undo/", "/api/v1/games/999/rematch/", "/api/v1/players/nobody/",
    "/api/v1/nowhere/", "/api/v2/games/", "/api/v1/games/abc/",
])
def test_every_404_is_code_and_detail(as_alice, catalog, path):
    response = as_alice.get(path)
    assert response.status_code == 404
    body = response.json()
    assert body["code"] == "not_found" and isinstance(body["detail"], str) and body["detail"]
