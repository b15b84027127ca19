"""Staff hide a chat line in the admin; it disappears for everyone."""

from __future__ import annotations

import html
import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.models import Game, GameStatus
from games.social import chat, selectors, undo
from tests.social.conftest import first_seat

pytestmark = pytest.mark.django_db


def test_staff_hide_a_message_from_the_admin(running_game, alice, bob):
    message = chat.chat_post(game=running_game, user=bob, body="rude words")
    staff = get_user_model().objects.create_superuser("root", "root@example.com", "pw-12345678")
    client = Client()
    client.force_login(staff)
    listing = client.get("/admin/social/chatmessage/")
    assert listing.status_code == 200 and "rude words" in listing.content.decode()
    client.post("/admin/social/chatmessage/", {"action": "hide_messages",
                                               "_selected_action": [message.pk]})
    message.refresh_from_db()
    assert message.hidden_at is not None and message.hidden_by == staff
    assert list(selectors.chat_for(running_game, alice, 0)) == []
    page = Client()
    page.force_login(alice)
    assert "rude words" not in page.get(f"/games/{running_game.pk}/play/").content.decode()


def test_the_undo_admin_hides_the_answers_taken_back_while_the_game_runs(running_game, answer,
                                                                         committed):
    """An undo keeps the answers it took back, every seat's (an answer can name a card from a
    hand): staff see them, as a step's answer, only once the game is over."""
    seat = first_seat(running_game)
    game = answer(running_game, seat, {"play": "all"})
    user = game.seats.get(position=seat).user
    with committed():
        done = undo.undo_take_back(game=game, user=user, to_step=0, step=1)
    taken_back = json.dumps(done.removed[0][2])
    staff = get_user_model().objects.create_superuser("root", "root@example.com", "pw-12345678")
    client = Client()
    client.force_login(staff)
    url = f"/admin/social/undo/{done.pk}/change/"

    page = html.unescape(client.get(url).content.decode())
    assert "(hidden while the game runs)" in page and taken_back not in page

    Game.objects.filter(pk=game.pk).update(status=GameStatus.FINISHED)
    assert taken_back in html.unescape(client.get(url).content.decode())
