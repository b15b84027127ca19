"""WebSocket event stream for API clients: ws/api/v1/events/?game=<id> (the filter is optional).

Authenticated by, in this order: `Authorization: Bearer <token>`; the subprotocol
`dominion.bearer.<token>` offered beside `dominion.v1` (for browsers, which cannot set
headers); a single-use `?ticket=` from POST /api/v1/ws-ticket/; or the site's session. A
token never travels in the URL (URLs end up in access logs): `?token=` is refused. A socket
opened with a token closes when the token is revoked (at once by a message to the token's
group, and by a re-check every few seconds for revocations made elsewhere). One connection
receives the events of all the user's games; see docs/api.md for the schema.
"""

from __future__ import annotations

from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from games.api import services, token_watch
from games.api.events import EVENT_VERSION, user_group
from games.api.models import SCOPE_READ
from games.forms import whole_number
from games.models import Seat
from games.safejson import SafeJsonMixin
from games.session_sockets import SessionSocketMixin
from games.socket_quota import SocketQuotaMixin

CLOSE_UNAUTHENTICATED = 4401
CLOSE_BAD_REQUEST = 4400
CLOSE_FORBIDDEN = 4403
SUBPROTOCOL = "dominion.v1"
BEARER_SUBPROTOCOL = "dominion.bearer."


class SocketAuthMixin(SessionSocketMixin, SocketQuotaMixin):
    """Token, subprotocol, ticket or session; closes the socket when its token is revoked."""

    token_id: int | None = None
    token_kind: str = token_watch.API
    by_session: bool = False
    token_group: str | None = None
    watching: bool = False
    needed_scope: str = SCOPE_READ  # of a token, whichever way it comes (header or ticket)

    async def _watch_token(self, user: object | None = None) -> None:
        if self.by_session or self.ticket_session:
            await self.watch_session(user)  # (games/session_sockets.py)
        if self.token_id is not None:
            if self.token_kind == token_watch.API:  # (the site tells of its revocations)
                self.token_group = services.token_group(self.token_id)
                await self.channel_layer.group_add(self.token_group, self.channel_name)
            token_watch.watch(self.token_id, self, self.token_kind)  # revoked elsewhere
            self.watching = True

    async def _unwatch_token(self) -> None:
        await self.unwatch_session()
        if self.watching:
            token_watch.unwatch(self.token_id, self, self.token_kind)
        if self.token_group:
            await self.channel_layer.group_discard(self.token_group, self.channel_name)

    async def token_revoked(self, message: dict) -> None:
        await self.close(code=CLOSE_UNAUTHENTICATED)

    async def _authenticate(self, query: dict) -> tuple[object | None, int | None]:
        """(user, token id) from the header, the subprotocol, a ticket or the session."""
        raw = _bearer(self.scope.get("headers", [])) or _subprotocol_token(
            self.scope.get("subprotocols") or [])
        if raw:
            token = await database_sync_to_async(services.token_authenticate)(raw=raw)
            if token is None or self.needed_scope not in token.scopes:
                return None, None
            return token.user, token.pk
        ticket = (query.get("ticket") or [""])[0]
        if ticket:
            found = await database_sync_to_async(services.ticket_redeem)(
                raw=ticket, scope=self.needed_scope)
            if found is None:
                return None, None
            if found.oauth_token_id is not None:  # made with an OAuth2 app's token
                self.token_kind = token_watch.OAUTH
                return found.user, found.oauth_token_id
            self.ticket_session = found.session_group  # ("": made with a token)
            self.ticket_session_expires = found.session_expires_at
            return found.user, found.token_id
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            return None, None
        self.by_session = True
        return user, None

    async def _accept(self) -> None:
        offered = self.scope.get("subprotocols") or []
        await self.accept(subprotocol=SUBPROTOCOL if SUBPROTOCOL in offered else None)


class EventStreamConsumer(SocketAuthMixin, SafeJsonMixin, AsyncJsonWebsocketConsumer):
    group: str | None = None

    async def connect(self) -> None:
        query = socket_query(self.scope)
        game = (query or {}).get("game", [""])[0]
        # a game id as the paths take one (games.forms.whole_number): "²" is a digit to
        # str.isdigit (not to int), and past 18 digits it overflowed the database's integers
        self.game_filter = whole_number(game) if game else None
        if query is None or "token" in query or (game and self.game_filter is None):
            await self.close(code=CLOSE_BAD_REQUEST)
            return
        user, self.token_id = await self._authenticate(query)
        if user is None:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        if self.game_filter is not None and not await self._seated(user, self.game_filter):
            await self.close(code=CLOSE_FORBIDDEN)
            return
        if not await self.admit(user):
            return
        await self._join(user)
        await self._accept()
        await self.send_json({"v": EVENT_VERSION, "type": "hello", "user": user.pk,
                              "game": self.game_filter})

    async def _join(self, user) -> None:
        self.group = user_group(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self._watch_token(user)

    async def disconnect(self, code: int) -> None:
        self.release()
        await self._unwatch_token()
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content, **kwargs) -> None:
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"v": EVENT_VERSION, "type": "pong"})

    async def api_events(self, message: dict) -> None:
        for event in message["events"]:
            if self.game_filter is None or event["game"] == self.game_filter:
                await self.send_json(event)

    @database_sync_to_async
    def _seated(self, user, game_id: int) -> bool:
        return Seat.objects.filter(game_id=game_id, user=user).exists()


def socket_query(scope: dict) -> dict[str, list[str]] | None:
    """The handshake's query parameters; None if its query string is not UTF-8 (the socket
    is refused with 4400: decoding it raised inside the consumer)."""
    try:
        return parse_qs(scope.get("query_string", b"").decode())
    except UnicodeDecodeError:
        return None


def _bearer(headers: list) -> str:
    for name, value in headers:
        if name.lower() == b"authorization":
            parts = value.decode(errors="replace").split()
            if len(parts) == 2 and parts[0].lower() in ("bearer", "token"):
                return parts[1]
    return ""


def _subprotocol_token(offered: list[str]) -> str:
    for protocol in offered:
        if protocol.startswith(BEARER_SUBPROTOCOL):
            return protocol[len(BEARER_SUBPROTOCOL):]
    return ""
