"""The event stream's ?game= filter: anything that is not a game id is refused with 4400.

"²" passed str.isdigit() and then failed int(); a filter of 19 digits or more failed inside
the query (SQLite: OverflowError), of 4,301 digits or more in int(): an exception in the
consumer each time, not the close code every other bad filter gets.
"""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from games.api import services as api_services
from games.api.consumers import CLOSE_BAD_REQUEST
from games.api.routing import websocket_urlpatterns as api_sockets

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("game", ["%C2%B2", "%D9%A1", "9" * 19, "9" * 5000, "-1", "1.0"],
                         ids=["superscript-two", "arabic-indic-one", "19-digits",
                              "5000-digits", "negative", "decimal"])
def test_a_filter_that_is_no_game_id_is_refused_with_4400(alice, game):
    _, raw = api_services.token_create(user=alice, name="filter")
    socket = WebsocketCommunicator(URLRouter(api_sockets), f"/ws/api/v1/events/?game={game}",
                                   headers=[(b"authorization", f"Bearer {raw}".encode())])

    async def handshake() -> tuple[bool, int]:
        return await socket.connect()

    assert async_to_sync(handshake)() == (False, CLOSE_BAD_REQUEST)


@pytest.mark.parametrize("path", ["/ws/api/v1/events/", "/ws/api/v1/games/{game}/stream/"])
def test_a_query_string_that_is_not_utf8_is_refused_with_4400(alice, running_game, path):
    """ASGI passes the query string as bytes; decoding one that is not UTF-8 raised inside
    both API sockets' connect (the server's 500), where any other bad query gets 4400."""
    _, raw = api_services.token_create(user=alice, name="filter")
    socket = WebsocketCommunicator(URLRouter(api_sockets), path.format(game=running_game.pk),
                                   headers=[(b"authorization", f"Bearer {raw}".encode())])
    socket.scope["query_string"] = b"game=\xff\xfe"

    async def handshake() -> tuple[bool, int]:
        return await socket.connect()

    assert async_to_sync(handshake)() == (False, CLOSE_BAD_REQUEST)
