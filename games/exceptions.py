"""Errors the services raise, each with a stable `code` that pages and the API can map.

A refused call leaves the database exactly as it was: every check runs inside the
transaction before anything is written.
"""

from __future__ import annotations

# A reason may quote what the player sent (the engine's "cannot buy 'X' now"): past this it
# is cut, so a 2 MB pile name is not answered (and, under an Idempotency-Key, stored for a
# day) as a 2 MB reason.
MAX_DETAIL = 500


class GameError(Exception):
    """Base class: `detail` is a sentence a player can read (at most MAX_DETAIL characters)."""

    code = "game_error"

    def __init__(self, detail: str) -> None:
        if len(detail) > MAX_DETAIL:
            detail = detail[:MAX_DETAIL - 1] + "…"
        super().__init__(detail)
        self.detail = detail


class InvalidSetup(GameError):
    code = "invalid_setup"


class NotAllowed(GameError):
    code = "not_allowed"


class Resigned(NotAllowed):
    """An answer from a person for the seat they resigned (the bot plays it on)."""

    code = "resigned"


class SeatUnavailable(GameError):
    code = "seat_unavailable"


class WrongStatus(GameError):
    code = "wrong_status"


class TooManyOpenGames(GameError):
    """The creator already has MAX_OPEN_GAMES_PER_USER games that have not started (HTTP 409)."""

    code = "too_many_open_games"


class GameConflict(GameError):
    """The caller acted on an out-of-date picture of the game (HTTP 409)."""

    code = "conflict"


class StaleStep(GameConflict):
    """The seat's own open decisions changed after the step the caller saw.

    Moves by other seats that left this seat's decisions alone do not make a step stale.
    """

    code = "stale_step"

    def __init__(self, *, seen: int, current: int) -> None:
        super().__init__(f"your open decisions changed since step {seen} (the game is at "
                         f"step {current}); reload and try again")
        self.seen = seen
        self.current = current


class StepAhead(GameError):
    """The caller names a step the game has not reached: no page or reply ever showed it, so
    the request is forged or broken, not stale (HTTP 400; reloading would not help)."""

    code = "step_ahead"

    def __init__(self, *, seen: int, current: int) -> None:
        super().__init__(f"step {seen} is ahead of the game (at {current}): send the step "
                         "your page or reply showed")
        self.seen = seen
        self.current = current


class BotHeld(GameConflict):
    """The bot may not answer for this seat now (an undo request waits for its person)."""

    code = "bot_held"


class DecisionClosed(GameConflict):
    code = "decision_closed"


class IllegalMove(GameError):
    """The engine refused the answer; `detail` is its reason."""

    code = "illegal_answer"
