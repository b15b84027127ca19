"""No shared cache may keep an answer that shows one player's hidden information.

The API's answers carried no Cache-Control and varied only on `Accept`, and the game page and
its live fragment none at all, so a proxy between players and the site that caches by URL
(as a CDN does) could store Alice's `/view/` (her hand) and hand it to the next caller of the
same URL. Every answer to a request with credentials is now `private`.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.api.conftest import simple_answer


def _directives(response) -> set[str]:
    return {d.strip() for d in response.get("Cache-Control", "").split(",") if d.strip()}


@pytest.mark.parametrize("path", ["", "view/", "decisions/", "log/", "chat/", "undo/"])
def test_api_answers_about_my_game_are_private(as_alice, running_game, path):
    response = as_alice.get(f"/api/v1/games/{running_game.pk}/{path}")
    assert response.status_code == 200
    assert {"private", "no-cache"} <= _directives(response)


def test_the_answer_reply_with_my_hand_is_private(as_alice, as_bob, running_game):
    running_game.refresh_from_db()
    decision = running_game.decisions[0]
    client = (as_alice, as_bob)[decision["seat"]]
    response = client.post(f"/api/v1/games/{running_game.pk}/answer/",
                           {"decision": decision["id"], "answer": simple_answer(decision)},
                           format="json")
    assert response.status_code == 200 and "hand" in response.json()["view"]
    assert "private" in _directives(response)


def test_refusals_and_account_answers_are_private_too(as_alice, running_game):
    for path in ("/api/v1/me/", "/api/v1/games/?filter=mine", "/api/v1/games/999999/view/"):
        assert "private" in _directives(as_alice.get(path)), path


def test_the_game_page_and_its_fragment_are_private_for_a_signed_in_player(
        client, alice, running_game):
    client.force_login(alice)
    for name in ("games:play", "games:play_live", "games:detail"):
        response = client.get(reverse(name, args=[running_game.pk]))
        assert response.status_code == 200, name
        assert {"private", "no-cache"} <= _directives(response), name


def test_no_store_pages_keep_their_own_header(client, alice):
    client.force_login(alice)
    response = client.get(reverse("play:settings"))
    assert _directives(response) == {"no-store"}


def test_anonymous_public_pages_are_left_cacheable(client, catalog):
    response = client.get(reverse("sim:index"))
    assert response.status_code == 200
    assert "Cache-Control" not in response
