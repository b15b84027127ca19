"""A player who resigned a game that goes on has left the table: in its chat they talk and
read as a spectator does, so with the spectators' chat hidden from the players their lines
are hidden too (no way round the option), until the game ends."""

from __future__ import annotations

import pytest

from games.models import Game
from games.social import chat
from games.social.models import ChatMessage, TableOptions
from tests.api.test_resigned_seat import resigned  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db


@pytest.fixture
def hidden(resigned):  # noqa: F811
    game, seat, user = resigned
    TableOptions.objects.create(game=game, spectator_chat_hidden=True)
    return game, seat, user


def _others(game: Game, user):
    return [s.user for s in game.seats.exclude(user=user).select_related("user")]


def test_a_resigned_players_line_is_a_spectators(hidden, client_for, make_user):
    game, seat, user = hidden
    posted = client_for(user).post(f"/api/v1/games/{game.pk}/chat/",
                                   {"body": "play Militia now!"}, format="json")
    player = _others(game, user)[0]

    assert posted.status_code == 201 and posted.json()["spectator"] is True
    assert posted.json()["seat"] is None
    read = client_for(player).get(f"/api/v1/games/{game.pk}/chat/").json()["messages"]
    assert "play Militia now!" not in [m["body"] for m in read]


def test_a_resigned_player_reads_the_chat_as_a_spectator(hidden, client_for, make_user):
    game, seat, user = hidden
    chat.chat_post(game=game, user=make_user("dave"), body="from the rail")
    chat.chat_post(game=game, user=_others(game, user)[0], body="gl all")

    read = client_for(user).get(f"/api/v1/games/{game.pk}/chat/").json()["messages"]
    page = client_for(user).get(f"/games/{game.pk}/play/").content.decode()

    assert [m["body"] for m in read] == ["from the rail", "gl all"]
    assert "from the rail" in page


def test_the_live_chat_tells_the_other_players_nothing_of_a_resigned_players_line(
        hidden, monkeypatch):
    from games.social import live

    game, seat, user = hidden
    sent: dict = {}
    monkeypatch.setattr(live, "events_on_commit", lambda game, events: sent.update(events))
    chat.chat_post(game=game, user=user, body="their hand is weak")

    assert set(sent) == {user.pk}
    assert ChatMessage.objects.get().from_spectator


def test_a_creator_who_resigned_cannot_let_the_spectators_chat_reach_the_players(
        catalog, alice, bob, make_user, client_for, client):
    """The option is the creator's while they play; once they resigned they are a spectator,
    and turning it off let their lines (and every spectator's) reach the table again."""
    from games import services
    from games.api import endings
    from tests.web.conftest import BASE_KINGDOM

    game = services.game_create(creator=alice, seats=["me", "open", "open"],
                                kingdom=BASE_KINGDOM)
    services.seat_join(game=game, user=bob)
    services.seat_join(game=game, user=make_user("carol"))
    game = services.game_start(game=game, user=alice)
    TableOptions.objects.create(game=game, spectator_chat_hidden=True)
    endings.game_resign(game=game, user=alice)

    refused = client_for(alice).post(f"/api/v1/games/{game.pk}/chat/options/",
                                     {"spectator_chat_hidden": False}, format="json")

    assert refused.status_code == 403 and "you resigned this game" in refused.json()["detail"]
    assert TableOptions.objects.get(game=game).spectator_chat_hidden
    client.force_login(alice)
    page = client.get(f"/games/{game.pk}/social/").content.decode()
    assert 'name="spectator_chat_hidden"' not in page  # (the page offers it no more)
