"""A socket ticket is only as good as the token that made it, when it is used: the token must
still be live (not revoked, not expired) and still grant `read`, which every socket needs.
Otherwise the handshake closes with 4401, as any failed authentication, and the ticket is
spent. (A ticket used to trust the scopes its token had when it was made, for its minute.)"""

from __future__ import annotations

from datetime import timedelta
from hashlib import sha256

import pytest
from asgiref.sync import async_to_sync
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.utils import timezone
from oauth2_provider.models import AccessToken

from games.api import services as api_services
from games.api.consumers import CLOSE_UNAUTHENTICATED
from games.api.models import ApiToken, SocketTicket
from games.api.routing import websocket_urlpatterns as api_sockets
from tests.api.test_scopes import _oauth_token

pytestmark = pytest.mark.django_db(transaction=True)


def _handshake(ticket: str) -> tuple[bool, int | None]:
    """(connected, close code) of the event stream opened with `ticket`."""
    socket = WebsocketCommunicator(URLRouter(api_sockets), f"/ws/api/v1/events/?ticket={ticket}")

    async def run() -> tuple[bool, int | None]:
        connected, code = await socket.connect()
        await socket.disconnect()
        return connected, code

    return async_to_sync(run)()


def _ticket_of_a_personal_token(alice) -> tuple[ApiToken, str]:
    token, raw = api_services.token_create(user=alice, name="bot")
    client_made = api_services.ticket_create(user=alice, token=token)[0]
    return token, client_made


def test_a_ticket_whose_token_still_reads_opens_the_stream(alice):
    _, ticket = _ticket_of_a_personal_token(alice)
    assert _handshake(ticket)[0]


@pytest.mark.parametrize("change", [
    {"scopes": ["play", "manage-games"]},  # staff took `read` away (the admin can)
    {"revoked_at": timezone.now()},
    {"expires_at": timezone.now() - timedelta(seconds=1)},
], ids=["read-taken-away", "revoked", "expired"])
def test_a_ticket_whose_token_changed_since_is_refused_with_4401(alice, change):
    token, ticket = _ticket_of_a_personal_token(alice)
    ApiToken.objects.filter(pk=token.pk).update(**change)

    assert _handshake(ticket) == (False, CLOSE_UNAUTHENTICATED)
    assert SocketTicket.objects.get().used_at is not None  # spent: no second try


def test_a_ticket_of_an_oauth_app_whose_token_lost_read_is_refused(alice):
    raw = _oauth_token(alice, "read play")["access_token"]
    access = AccessToken.objects.get(token_checksum=sha256(raw.encode()).hexdigest())
    ticket = api_services.ticket_create(user=alice, token=None, oauth_token=access)[0]
    AccessToken.objects.filter(pk=access.pk).update(scope="play")

    assert _handshake(ticket) == (False, CLOSE_UNAUTHENTICATED)


def test_the_scope_asked_for_is_the_one_checked(alice):
    token, ticket = _ticket_of_a_personal_token(alice)
    ApiToken.objects.filter(pk=token.pk).update(scopes=["read"])

    assert api_services.ticket_redeem(raw=ticket, scope="play") is None
