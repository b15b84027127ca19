"""Staff hide a chat line in the admin; it disappears for everyone."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.social import chat, selectors

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
