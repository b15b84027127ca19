"""OpenAPI annotations for the social endpoints: responses, every error, examples."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema

from games.api import serializers as api_s
from games.api.docs import (
    GAME_READ_ERRORS,
    IDEMPOTENCY_HEADER,
    IDEMPOTENCY_REUSED,
    MALFORMED,
    READ_ERRORS,
    THROTTLED,
)
from games.social import api_serializers as s


def _error(description: str, *codes: tuple[str, str]) -> OpenApiResponse:
    return OpenApiResponse(
        response=api_s.ErrorSerializer, description=description,
        examples=[OpenApiExample(code, value={"code": code, "detail": detail},
                                 response_only=True) for code, detail in codes])


def _writes(conflict: OpenApiResponse, forbidden: OpenApiResponse, bad=MALFORMED) -> dict:
    return {400: bad, **GAME_READ_ERRORS, 403: forbidden, 409: conflict,
            422: IDEMPOTENCY_REUSED}


def _ok(name: str, value, status: str = "200") -> OpenApiExample:
    return OpenApiExample(name, value=value, response_only=True, status_codes=[status])


def _asks(name: str, value) -> OpenApiExample:
    return OpenApiExample(name, value=value, request_only=True)


NOT_SEATED = _error("No seat in this game.", ("not_allowed", "you have no seat in this game"))
BAD_PARAMETER = _error("A query parameter is not valid.",
                       ("invalid_parameter", "after must be a whole number"))
MESSAGE = {"id": 7, "author": "bob", "name": "Bob", "seat": 1, "spectator": False,
           "body": "Good luck!", "created_at": "2026-11-22T06:01:00Z"}
REMATCH = {"id": 3, "game": 42, "offered_by": "alice", "first_player_rule": "2e",
           "status": "pending", "answers": {"0": "accepted", "1": "pending"},
           "deadline_at": "2026-11-25T06:00:00Z", "new_game": None,
           "created_at": "2026-11-22T06:00:00Z"}
UNDO = {"id": 5, "seat": 0, "kind": "request", "status": "pending", "from_step": 18,
        "to_step": 16, "count": 2, "votes": {"1": "pending"},
        "deadline_at": "2026-11-23T06:00:00Z", "created_at": "2026-11-22T06:00:00Z"}
RATED = {"pool": "duel", "rating": 1623.4, "deviation": 71.2, "games": 14, "wins": 9,
         "provisional": False}

_chat_get = extend_schema(
    methods=["GET"], summary="Table talk I may read (oldest first)", tags=["social"],
    parameters=[OpenApiParameter("after", OpenApiTypes.INT,
                                 description="Only messages with a greater id.")],
    responses={200: s.ChatListSerializer, 400: BAD_PARAMETER, **GAME_READ_ERRORS},
    examples=[_ok("chat", {"game": 42, "spectator_chat_hidden": False,
                           "messages": [MESSAGE]})],
)
_chat_post = extend_schema(
    methods=["POST"], summary="Say something at the table (players and spectators)",
    tags=["social"], request=s.ChatPostSerializer, parameters=[IDEMPOTENCY_HEADER],
    responses={201: s.ChatMessageSerializer, 400: _error(
        "Empty, too long, or not text.", ("invalid_message", "the message is empty"),
        ("invalid_request", "body: This field is required.")),
        **GAME_READ_ERRORS, 403: _error("Not logged in as someone who can see the game.",
                                        ("not_allowed", "you cannot see this game")),
        409: _error("Idempotency conflict.", ("idempotency_in_progress",
                                              "a request with this Idempotency-Key is still "
                                              "in progress; retry later")),
        422: IDEMPOTENCY_REUSED, 429: THROTTLED},
    examples=[_asks("say", {"body": "Good luck!"}), _ok("said", MESSAGE, "201")],
)


def chat(view):
    return _chat_get(_chat_post(view))

chat_options = extend_schema(
    summary="The creator hides (or shows) the spectators' chat from players until the end",
    tags=["social"], request=s.ChatOptionsSerializer, parameters=[IDEMPOTENCY_HEADER],
    responses={200: s.ChatOptionsSerializer, **_writes(
        _error("Idempotency conflict.", ("idempotency_in_progress", "retry later")),
        _error("Not the creator, or the game is over.",
               ("not_allowed", "only the player who created the game can change its options")))},
    examples=[_asks("hide", {"spectator_chat_hidden": True}),
              _ok("hidden", {"spectator_chat_hidden": True})],
)
_mutes_get = extend_schema(
    methods=["GET"], summary="Players whose chat I have muted", tags=["social"],
    responses={200: s.MuteListSerializer, **READ_ERRORS},
    examples=[_ok("muted", {"muted": ["mallory"]})],
)
_mutes_post = extend_schema(
    methods=["POST"], summary="Mute or unmute a player's chat (in every game)", tags=["social"],
    request=s.MuteSerializer, parameters=[IDEMPOTENCY_HEADER],
    responses={200: s.MuteListSerializer, 400: _error(
        "Bad body, or yourself.", ("invalid_request", "username: This field is required."),
        ("invalid_message", "you cannot mute yourself")),
        **READ_ERRORS, 404: _error("No such player.", ("not_found", "no such player")),
        422: IDEMPOTENCY_REUSED},
    examples=[_asks("mute", {"username": "mallory", "muted": True}),
              _ok("muted", {"muted": ["mallory"]})],
)


def mutes(view):
    return _mutes_get(_mutes_post(view))

_rematch_get = extend_schema(
    methods=["GET"], summary="The rematch offer of a finished game (null if none)",
    tags=["social"], responses={200: s.RematchStateSerializer, **GAME_READ_ERRORS},
    examples=[_ok("offered", {"rematch": REMATCH}), _ok("none", {"rematch": None})],
)
_rematch_post = extend_schema(
    methods=["POST"], summary="Offer a rematch: same seats, kingdom and options",
    tags=["social"], request=s.RematchOfferSerializer, parameters=[IDEMPOTENCY_HEADER],
    responses={201: s.RematchSerializer, **_writes(
        _error("Not over, or already offered.",
               ("conflict", "a rematch can be offered once the game is over")), NOT_SEATED)},
    examples=[_asks("2nd edition rule", {"first_player_rule": "2e"}),
              _ok("offered", REMATCH, "201")],
)


def rematch(view):
    return _rematch_get(_rematch_post(view))

rematch_answer = extend_schema(
    summary="Accept or decline the rematch offer (all accepted: the new game starts)",
    tags=["social"], request=s.AcceptSerializer, parameters=[IDEMPOTENCY_HEADER],
    responses={200: s.RematchSerializer, **_writes(
        _error("Already answered, or the offer ended.",
               ("conflict", "the rematch offer is already expired")), NOT_SEATED)},
    examples=[_asks("accept", {"accept": True}),
              _ok("accepted", {**REMATCH, "status": "accepted", "new_game": 43,
                               "answers": {"0": "accepted", "1": "accepted"}})],
)
_undo_get = extend_schema(
    methods=["GET"], summary="What I may take back, the pending request, and past undos",
    tags=["social"], responses={200: s.UndoStateSerializer, **GAME_READ_ERRORS},
    examples=[_ok("undo", {"game": 42, "step": 18, "seat": 0, "options": [
        {"to_step": 17, "count": 1, "free": True}, {"to_step": 16, "count": 2, "free": False}],
        "pending": None, "history": []})],
)
_undo_post = extend_schema(
    methods=["POST"],
    summary="Take back my answers down to to_step: at once if free, else ask the others",
    tags=["social"], request=s.UndoAskSerializer, parameters=[IDEMPOTENCY_HEADER],
    responses={200: s.UndoSerializer, **_writes(
        _error("Stale step, not an option, or a request already waiting.",
               ("conflict", "the game is at step 19, not 18; reload and try again"),
               ("undo_not_allowed", "you cannot take the game back to step 3")), NOT_SEATED)},
    examples=[_asks("take back one", {"to_step": 17, "step": 18}),
              _ok("applied", {**UNDO, "kind": "free", "status": "applied", "to_step": 17,
                              "count": 1, "votes": {}, "deadline_at": None}),
              _ok("asked", UNDO)],
)


def undo(view):
    return _undo_get(_undo_post(view))

undo_answer = extend_schema(
    summary="Accept or refuse another player's undo request", tags=["social"],
    request=s.UndoAnswerSerializer, parameters=[IDEMPOTENCY_HEADER],
    responses={200: s.UndoSerializer, **_writes(
        _error("The request ended (refused, expired, or the game moved).",
               ("conflict", "this undo request is already void (the game moved on)")),
        _error("Not your vote.", ("not_allowed", "this request is not waiting for your answer")))},
    examples=[_asks("accept", {"request": 5, "accept": True}),
              _ok("applied", {**UNDO, "status": "applied", "votes": {"1": "accepted"}})],
)
leaderboard = extend_schema(
    summary="Leaderboard of a pool (Glicko-2; provisional ratings left out unless asked)",
    tags=["ratings"],
    parameters=[
        OpenApiParameter("pool", OpenApiTypes.STR, enum=["duel", "multi"],
                         description="duel (default): 2-player games; multi: 3-4 players."),
        OpenApiParameter("provisional", OpenApiTypes.BOOL,
                         description="Include players with fewer than 10 rated games."),
    ],
    responses={200: s.LeaderboardSerializer, 400: _error(
        "Unknown pool.", ("invalid_parameter", "pool must be duel or multi")), **READ_ERRORS},
    examples=[_ok("board", {"pool": "duel", "provisional_games": 10, "entries": [{
        "rank": 1, "username": "alice", "name": "Alice", "rating": 1623.4, "deviation": 71.2,
        "games": 14, "wins": 9, "provisional": False}]})],
)
player = extend_schema(
    summary="A player's profile: ratings, history, win rate by set, favourite cards",
    tags=["ratings"],
    responses={200: s.ProfileSerializer, **READ_ERRORS,
               404: _error("No such player.", ("not_found", "no such player"))},
    examples=[_ok("profile", {
        "username": "alice", "name": "Alice", "games": 20, "wins": 12,
        "ratings": [RATED, {"pool": "multi", "rating": None, "deviation": None, "games": 0,
                            "wins": 0, "provisional": True}],
        "history": [{"game": 42, "finished_at": "2026-11-22T08:00:00Z", "players": 2,
                     "won": True, "score": 31, "rated": True, "unrated_reason": "",
                     "pool": "duel", "rating_before": 1610.2, "rating_after": 1623.4}],
        "by_set": [{"set": "base", "name": "Dominion", "games": 20, "wins": 12,
                    "win_rate": 0.6}],
        "favourite_cards": [{"card": "Smithy", "games": 11, "copies": 19}]})],
)
