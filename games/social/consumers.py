"""The game page's social socket: chat lines, undo and rematch changes, for one viewer.

The page sends nothing on it; a frame that is not JSON closes it (4400), as on every socket.
Group messages carry ids only. Each socket loads a chat line and sends it only if its own
user may read it (staff-hidden, muted, spectators' chat hidden from players), so one group
send is safe for every seat and spectator. Other changes tell the page to refresh its panel.
"""

from __future__ import annotations

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from games import broadcast
from games import selectors as game_selectors
from games.models import Game
from games.safejson import SafeJsonMixin
from games.seating import Seating
from games.session_sockets import SessionSocketMixin
from games.social import chat, live, selectors
from games.social.models import ChatMessage
from games.socket_quota import SocketQuotaMixin


class SocialConsumer(SessionSocketMixin, SocketQuotaMixin, SafeJsonMixin,
                     AsyncJsonWebsocketConsumer):
    game_id: int
    groups_joined: list[str]
    seating: Seating

    async def connect(self) -> None:
        self.game_id = int(self.scope["url_route"]["kwargs"]["pk"])
        self.groups_joined = []
        self.seating = Seating(self.scope.get("user"), None)
        if not await self._allowed():
            await self.close(code=4403)
            return
        if not await self.admit(self.scope.get("user"), self.game_id):
            return
        self.groups_joined = [live.social_group(self.game_id),
                              broadcast.group_name(self.game_id)]
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()
        await self.watch_session()

    async def disconnect(self, code: int) -> None:
        self.release()
        await self.unwatch_session()
        for group in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)

    async def social_chat(self, event: dict) -> None:
        message = await self._readable(event["id"])
        if message is False:  # a private game's former player: nothing more to read
            await self.close(code=4403)
        elif message is not None:
            await self.send_json({"type": "chat", "message": message})

    async def social_chat_hidden(self, event: dict) -> None:
        """Only a viewer who could read the line is told it is gone."""
        if await self._readable(event["id"], hidden=True):
            await self.send_json({"type": "chat_hidden", "id": event["id"]})

    async def social_changed(self, event: dict) -> None:
        await self.send_json({"type": "changed"})

    async def social_undo(self, event: dict) -> None:
        await self.send_json({"type": "undo", "status": event["status"],
                              "to_step": event["to_step"]})

    async def game_moved(self, event: dict) -> None:
        if not await self._still_allowed():  # a private game's former player: no more news
            await self.close(code=4403)
            return
        await self.send_json({"type": "changed", "step": event["step"],
                              "status": event["status"]})

    @database_sync_to_async
    def _allowed(self) -> bool:
        game = Game.objects.filter(pk=self.game_id).first()
        return game is not None and game_selectors.game_visible_to(game, self.scope.get("user"))

    @database_sync_to_async
    def _still_allowed(self) -> bool:
        """Whether the user may still see the game, read again until the deal (after it,
        seats no longer change hands: games/seating.py)."""
        if self.seating.settled:
            return self.seating.allowed
        game = Game.objects.filter(pk=self.game_id).first()
        if game is None:
            return False
        self.seating.of(game)
        return self.seating.allowed

    @database_sync_to_async
    def _readable(self, message_id: int, hidden: bool = False) -> dict | None | bool:
        """The line if this socket's user may read it (`hidden`: could, before staff hid it);
        False once they may not see the game (they left a private game's seat since the
        socket opened)."""
        message = ChatMessage.objects.select_related("game", "author__preferences").filter(
            pk=message_id, game_id=self.game_id).first()
        if message is None:
            return None
        user = self.scope.get("user")
        seat = game_selectors.seat_of(message.game, user)
        if seat is None and not message.game.listed:
            return False
        resigned = game_selectors.seat_resigned(message.game, seat)  # (then a spectator)
        position = None if seat is None or resigned else seat.position
        if not selectors.chat_visible_to(message, message.game, user, position, was=hidden):
            return None
        return chat.message_dict(message)
