"""Which seat a live stream draws, read again until the seats are settled.

A socket or an NDJSON stream draws every picture of the game for one seat. Before the deal a
seat changes hands (leave, join, a challenge accepted), so a stream opened by a player who
then left would go on drawing that seat for its next occupant, hand and decisions included,
for the whole game. Until a picture of the game shows it started, each one reads the
watcher's seat again, and whether they may still watch at all (a private game's former
player may not: the stream ends); once it has started, seats never change hands and the
position is kept, except that a player who resigns leaves the table: from their
resignation on, the stream draws the game for a spectator (no hand, no decisions), as every
other read does (games.selectors.playing_position). That costs a query per picture of a
running game of 3 or more players for a seated watcher, until they resign (with two, a
resignation ends the game).
"""

from __future__ import annotations

from games import selectors
from games.models import Game, GameStatus


class Seating:
    """A stream's watcher and the seat its pictures are drawn for."""

    __slots__ = ("user", "position", "allowed", "settled")

    def __init__(self, user, position: int | None) -> None:
        self.user = user
        self.position = position
        self.allowed = True
        self.settled = False

    def of(self, game: Game) -> int | None:
        """The seat to draw `game` for now (None: a spectator); sets `allowed` to False when
        the watcher may no longer see the game at all."""
        if not self.settled:
            seat = selectors.seat_of(game, self.user)
            self.position = seat.position if seat else None
            self.allowed = self.allowed and (game.listed or seat is not None)
            self.settled = game.status != GameStatus.OPEN
        if self.position is not None and selectors.position_resigned(game, self.position):
            self.position = None  # they left the table: from now on they watch as anyone may
        return self.position
