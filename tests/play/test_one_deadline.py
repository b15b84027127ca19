"""One deadline per decision, the same everywhere: the game page, the API and its clock.

A Moat reaction opened by a Militia gets 24 hours; in the moment between the move's commit and
its clock being written, every reader already shows what the clock will say, and the page
draws it once, live (the play panel on the game page no longer keeps a copy of its own).
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from django.urls import reverse
from rest_framework.test import APIClient

from games import services
from games.api import services as api_services
from games.play import services as play
from games.play.models import DecisionClock
from tests.play.helpers import card_id, hand

MILITIA_INTO_MOAT = (
    hand("Militia", "Copper", "Copper", "Copper", "Copper", deck=["Copper"] * 5),
    hand("Moat", "Estate", "Copper", "Silver", "Gold", deck=["Copper"] * 5),
)
TIMES = re.compile(r'class="deadline-at" datetime="([^"]+)"')


def _api(user) -> APIClient:
    client = APIClient()
    raw = api_services.token_create(user=user, name="deadlines")[1]
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {raw}")
    return client


def _shown(client, game) -> set[datetime]:
    html = client.get(reverse("games:play", args=[game.pk])).content.decode()
    return {datetime.fromisoformat(t) for t in TIMES.findall(html)}


def _api_deadlines(api: APIClient, game) -> set[datetime]:
    base = f"/api/v1/games/{game.pk}"
    found = [d["deadline"] for d in api.get(f"{base}/decisions/").json()["decisions"]]
    found += [d["deadline"] for d in api.get(f"{base}/view/").json()["pending"]]
    found += [s["clock"]["deadline"] for s in api.get(f"{base}/").json()["seats"]
              if s["clock"]["deadline"]]
    return {datetime.fromisoformat(t.replace("Z", "+00:00")) for t in found}


def test_a_reaction_has_one_deadline_on_the_page_and_in_the_api(position_game, alice, bob,
                                                                 client, committed):
    game = position_game([alice, bob], *MILITIA_INTO_MOAT, kingdom=["Militia", "Moat"],
                         limit_days=3)
    militia = game.decisions[0]
    services.decision_submit(game_id=game.pk, seat=0, decision_id=militia["id"],
                             answer=[card_id(militia, "Militia")], step=game.step)
    game.refresh_from_db()
    waiting = game.seats.get(position=1).waiting_since
    expected = {waiting + timedelta(hours=24)}
    client.force_login(bob)
    api = _api(bob)

    # Before the clock is written (the after-commit work has not run): already the same.
    assert not DecisionClock.objects.filter(game=game, position=1).exists()
    assert _shown(client, game) == expected == _api_deadlines(api, game)

    with committed():
        play.game_moved_handle(game_id=game.pk, step=game.step, status=game.status,
                               decisions=game.decisions)
    clock = DecisionClock.objects.get(game=game, position=1)
    assert {clock.deadline_at} == expected
    assert _shown(client, game) == expected == _api_deadlines(api, game)
