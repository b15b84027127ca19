"""OpenAPI annotations for every endpoint: responses, errors and examples (drf-spectacular).

Kept apart from views.py so each view stays a few lines long.
"""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema

from games.api import schema_types as t
from games.api import serializers as s


def _error(description: str, *codes: tuple[str, str]) -> OpenApiResponse:
    return OpenApiResponse(
        response=s.ErrorSerializer,
        description=description,
        examples=[OpenApiExample(code, value={"code": code, "detail": detail},
                                 response_only=True) for code, detail in codes],
    )


UNAUTHORIZED = _error(
    "No valid token or session.",
    ("not_authenticated", "Authentication credentials were not provided."),
    ("authentication_failed", "unknown or revoked API token"),
)
THROTTLED = OpenApiResponse(
    response=s.ErrorSerializer,
    description="Over the scope's quota; the Retry-After header gives the seconds to wait.",
    examples=[OpenApiExample("throttled", response_only=True, value={
        "code": "throttled", "detail": "Request was throttled. Expected available in 7 seconds.",
        "retry_after": 7})],
)
NOT_FOUND = _error("No such game, or a private game you have no seat in (to join one: its "
                   "invite token). Both answer exactly the same.",
                   ("not_found", "no such game"))
MALFORMED = _error(
    "The body is not valid JSON (or nests more than 32 levels), or a field is missing or "
    "wrong.",
    ("malformed_request", "JSON parse error - Expecting value: line 1 column 1 (char 0)"),
    ("invalid_request", "step: This field is required."),
)
IDEMPOTENCY_REUSED = _error(
    "The Idempotency-Key was already used with a different request.",
    ("idempotency_key_reused", "this Idempotency-Key was already used for a different request"),
)
IDEMPOTENCY_HEADER = OpenApiParameter(
    "Idempotency-Key", OpenApiTypes.STR, OpenApiParameter.HEADER, required=False,
    description="Any unique string (e.g. a UUID). A retry with the same key and body returns "
    "the first response instead of acting twice.",
)
READ_ERRORS = {401: UNAUTHORIZED, 429: THROTTLED}
GAME_READ_ERRORS = {**READ_ERRORS, 404: NOT_FOUND}


def _game_write_errors(conflicts: OpenApiResponse, forbidden: OpenApiResponse) -> dict:
    return {400: MALFORMED, **GAME_READ_ERRORS, 403: forbidden, 409: conflicts,
            422: IDEMPOTENCY_REUSED}


GAME_EXAMPLE = {
    "id": 42, "status": "running", "step": 17,
    "kingdom": ["Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel", "Smithy",
                "Village", "Workshop"],
    "edition": 2, "shelters": "auto", "players": 2, "listed": True, "time_limit_days": 3,
    "creator": "alice",
    "seats": [{"position": 0, "kind": "user", "name": "alice", "bot_strategy": "",
               "waiting": True},
              {"position": 1, "kind": "bot", "name": "Bot (bmu)", "bot_strategy": "bmu",
               "waiting": False}],
    "my_seat": 0, "waiting_for_me": True, "invite_token": None, "result": None,
    "created_at": "2026-11-22T06:00:00Z", "started_at": "2026-11-22T06:00:05Z",
    "finished_at": None, "last_move_at": "2026-11-22T06:03:10Z",
}
DECISION_EXAMPLE = {
    "id": "d12", "seat": 0, "kind": "BuyPhase",
    "prompt": "Play Treasures, buy a card, or end your turn",
    "treasures": [{"id": 3, "name": "Copper"}, {"id": 7, "name": "Silver"}],
    "piles": [{"name": "Copper", "cost": 0}, {"name": "Silver", "cost": 3}],
    "coins": 0, "buys": 1, "opened_step": 17, "opened_by": 0,
    "deadline": "2026-11-25T06:03:10Z",
}
CLOCKS_EXAMPLE = [
    {"seat": 0, "waiting_since": "2026-11-22T06:03:10Z", "deadline": "2026-11-25T06:03:10Z",
     "on_vacation": False, "taken_over": False},
    {"seat": 1, "waiting_since": None, "deadline": None, "on_vacation": False,
     "taken_over": False},
]
VIEW_EXAMPLE = {
    "seat": 0, "over": False, "step": 18,
    "turn": {"player": 0, "number": 5, "phase": "buy", "actions": 0, "buys": 1, "coins": 5,
             "cost_reduction": 0, "actions_played": 0, "bought": []},
    "hand": [{"id": 9, "name": "Estate"}], "pending": [DECISION_EXAMPLE],
    "waiting_for": [0], "log": [], "players": [], "supply": [], "clocks": CLOCKS_EXAMPLE,
}

me = extend_schema(
    summary="Who I am", tags=["users"], responses={200: s.UserSerializer, **READ_ERRORS},
    examples=[OpenApiExample("me", value={"id": 1, "username": "alice", "display_name": "Alice",
                                    "bot_account": False},
                             response_only=True)],
)
bots = extend_schema(
    summary="Bot strategies a seat can have", tags=["catalogue"],
    responses={200: s.BotSerializer(many=True), **READ_ERRORS},
    examples=[OpenApiExample("bots", response_only=True, value=[
        {"strategy": "planner", "label": "Planner (plans for each kingdom)",
         "description": "Simulates a library of plans on the kingdom when the game starts and "
                        "plays the one that does best.", "kind": "engine", "requires": [],
         "default": True},
        {"strategy": "double-witch", "label": "Double Witch",
         "description": "Big Money with two Witches.", "kind": "data", "requires": ["Witch"],
         "default": False}])],
)
card_sets = extend_schema(
    summary="Card sets (expansions)", tags=["catalogue"],
    responses={200: s.CardSetSerializer(many=True), **READ_ERRORS},
    examples=[OpenApiExample("sets", response_only=True,
                             value=[{"slug": "base", "name": "Dominion", "editions": [1, 2]}])],
)
BAD_PARAMETER = _error("A query parameter has a wrong value.",
                       ("invalid_parameter", "kingdom must be true or false"))
cards = extend_schema(
    summary="Implemented cards", tags=["catalogue"],
    parameters=[
        OpenApiParameter("set", OpenApiTypes.STR, description="Only this set slug."),
        OpenApiParameter("kingdom", OpenApiTypes.BOOL, description="Only kingdom cards."),
    ],
    responses={200: s.CardSerializer(many=True), 400: BAD_PARAMETER, **READ_ERRORS},
    examples=[OpenApiExample("cards", response_only=True, value=[{
        "name": "Village", "set": "base", "editions": [1, 2], "cost": 3, "types": ["Action"],
        "text": "+1 Card\n+2 Actions", "text_first_edition": "", "in_supply": True,
        "is_kingdom": True}])],
)
kingdoms = extend_schema(
    summary="Playable kingdoms (the rulebooks' recommended sets and any admins added)",
    tags=["catalogue"],
    parameters=[
        OpenApiParameter("recommended", OpenApiTypes.BOOL, description="Only recommended ones."),
        OpenApiParameter("set", OpenApiTypes.STR, description="Only those using this set slug."),
    ],
    responses={200: s.KingdomSerializer(many=True), 400: BAD_PARAMETER, **READ_ERRORS},
    examples=[OpenApiExample("kingdoms", response_only=True, value=[{
        "id": 1, "name": "First Game", "cards": GAME_EXAMPLE["kingdom"], "sets": ["base"],
        "options": {}, "edition": 2, "source": "Dominion (2nd edition) rulebook",
        "recommended": True, "playable": True, "missing_cards": []}])],
)
_games_get = extend_schema(
    methods=["GET"], summary="List games", operation_id="games_list", tags=["games"],
    parameters=[
        OpenApiParameter("filter", OpenApiTypes.STR, enum=["mine", "waiting", "open", "finished"],
                         description="mine (default): my games; waiting: running games waiting "
                         "for me; open: the lobby; finished: my finished games."),
        OpenApiParameter("limit", OpenApiTypes.INT, description="Page size (default 50, max 200)."),
        OpenApiParameter("offset", OpenApiTypes.INT, description="Where the page starts."),
    ],
    responses={200: s.GamePageSerializer, 400: _error(
        "Unknown filter.", ("invalid_filter", "filter must be one of mine, waiting, open, "
                            "finished")), **READ_ERRORS},
    examples=[OpenApiExample("games", response_only=True, value={
        "count": 1, "next": None, "previous": None, "results": [GAME_EXAMPLE]})],
)
TOO_MANY_OPEN_GAMES = _error(
    "You have MAX_OPEN_GAMES_PER_USER games that have not started.",
    ("too_many_open_games", "you have 10 games that have not started, the most an account may "
                            "have (10): start one or call one off (abort) before creating "
                            "another"))
_games_post = extend_schema(
    methods=["POST"], summary="Create a game (the lobby's options)", tags=["games"],
    request=s.GameCreateSerializer, parameters=[IDEMPOTENCY_HEADER],
    responses={201: s.GameSerializer, 400: _error(
        "Bad JSON, a bad field, or a setup the rules refuse.",
        ("malformed_request", "JSON parse error - Expecting value: line 1 column 1 (char 0)"),
        ("invalid_request", "seats: This field is required."),
        ("invalid_setup", "Moat appears more than once")), **READ_ERRORS,
        409: TOO_MANY_OPEN_GAMES, 422: IDEMPOTENCY_REUSED},
    examples=[
        OpenApiExample("against a bot, random kingdom", request_only=True,
                       value={"seats": ["me", "bmu"]}),
        OpenApiExample("a chosen kingdom, one open seat", request_only=True,
                       value={"seats": ["me", "open"], "kingdom": GAME_EXAMPLE["kingdom"],
                              "edition": 2, "listed": True}),
        OpenApiExample("created", response_only=True, status_codes=["201"],
                       value={**GAME_EXAMPLE, "status": "open", "step": 0}),
    ],
)


def games(view):
    return _games_get(_games_post(view))



game = extend_schema(
    summary="A game's summary", operation_id="games_retrieve", tags=["games"],
    responses={200: s.GameSerializer, **GAME_READ_ERRORS},
    examples=[OpenApiExample("game", response_only=True, value={
        **GAME_EXAMPLE, "seats": [{**seat, "clock": clock} for seat, clock
                                  in zip(GAME_EXAMPLE["seats"], CLOCKS_EXAMPLE)]})],
)

_SEATING_CONFLICT = _error(
    "The game is not in a state that allows this.",
    ("wrong_status", "this game is no longer taking players"),
    ("seat_unavailable", "every seat is taken"),
)
_FORBIDDEN_PRIVATE = _error(
    "Not allowed.", ("not_allowed", "this game is private; ask for its invite link"))
join = extend_schema(
    summary="Take the first open seat", tags=["games"], request=s.JoinSerializer,
    parameters=[IDEMPOTENCY_HEADER],
    responses={200: s.GameSerializer,
               **_game_write_errors(_SEATING_CONFLICT, _FORBIDDEN_PRIVATE)},
    examples=[OpenApiExample("private game", request_only=True,
                             value={"invite_token": "m1Zq0x3mD8yVXk3w7m4s1A"}),
              OpenApiExample("seated", response_only=True, status_codes=["200"],
                             value={**GAME_EXAMPLE, "status": "open", "step": 0})],
)
leave = extend_schema(
    summary="Give up my seat before the start", tags=["games"], request=None,
    parameters=[IDEMPOTENCY_HEADER],
    responses={200: s.GameSerializer, **_game_write_errors(
        _error("The game has started.", ("wrong_status", "you can only leave a game before "
                                         "it starts")),
        _error("No seat.", ("not_allowed", "you have no seat in this game")))},
    examples=[OpenApiExample("left", response_only=True, status_codes=["200"], value={
        **GAME_EXAMPLE, "status": "open", "step": 0, "my_seat": None})],
)
start = extend_schema(
    summary="Deal the cards (creator only, every seat taken)", tags=["games"], request=None,
    parameters=[IDEMPOTENCY_HEADER],
    responses={200: s.GameSerializer, **_game_write_errors(
        _error("Already started, or seats still open.",
               ("wrong_status", "this game has already started"),
               ("seat_unavailable", "wait until every seat is taken")),
        _error("Not the creator.", ("not_allowed", "only the player who created the "
                                    "game can start it")))},
    examples=[OpenApiExample("started", response_only=True, status_codes=["200"],
                             value={**GAME_EXAMPLE, "step": 0})],
)
_NOT_STARTED = _error("Not started yet.", ("not_started", "the game has not started yet"))
view = extend_schema(
    summary="The game as my seat sees it (engine game.view(seat); spectators: no seat)",
    tags=["play"],
    responses={200: t.ViewSerializer, **GAME_READ_ERRORS, 409: _NOT_STARTED},
    examples=[OpenApiExample("view", response_only=True, value=VIEW_EXAMPLE)],
)
decisions = extend_schema(
    summary="The open decisions addressed to me", tags=["play"],
    responses={200: t.DecisionListSerializer, **GAME_READ_ERRORS},
    examples=[OpenApiExample("decisions", response_only=True, value={
        "game": 42, "step": 17, "seat": 0, "decisions": [DECISION_EXAMPLE]})],
)
log = extend_schema(
    summary="The log as I may see it (everything once the game is over), by page",
    tags=["play"],
    parameters=[OpenApiParameter("since", OpenApiTypes.INT,
                                 description="Skip the first `since` events."),
                OpenApiParameter("limit", OpenApiTypes.INT,
                                 description="Events per page: 1 to 1000 (default 200).")],
    responses={200: s.LogSerializer, 400: _error(
        "Bad parameter.", ("invalid_parameter", "since must be a whole number")),
        **GAME_READ_ERRORS, 409: _NOT_STARTED},
    examples=[OpenApiExample("log", response_only=True, value={
        "game": 42, "step": 17, "since": 0, "over": False,
        "events": [{"type": "buy", "seat": 1, "card": "Silver"}], "total": 1, "next": None})],
)
record = extend_schema(
    summary="The whole game record (only after the end; docs/game-record.schema.json)",
    tags=["play"],
    responses={200: t.GameRecordSerializer,
               **GAME_READ_ERRORS,
               409: _error("Still running.", ("game_not_over",
                                              "the record is published when the game ends"))},
    examples=[OpenApiExample("record", response_only=True, value={
        "format": "dominion-game-record", "version": 1, "game": 42, "engine_version": "1.1",
        "setup": {"players": 2, "kingdom": GAME_EXAMPLE["kingdom"], "edition": 2},
        "seed": "3f1c...", "answers": [{"step": 1, "seat": 0, "decision": "d1", "answer": [],
                                        "actor": "player"}],
        "result": {"scores": [30, 21], "turns": [18, 17], "winners": [0]},
        "final_state": {}, "started_at": "2026-11-22T06:00:05Z",
        "finished_at": "2026-11-22T07:00:00Z"})],
)
answer = extend_schema(
    summary="Answer one of my open decisions", tags=["play"], request=s.AnswerSerializer,
    parameters=[IDEMPOTENCY_HEADER],
    responses={
        200: t.AnswerResultSerializer,
        400: _error("The body is not valid JSON, a field is missing or wrong, or `step` is "
                    "ahead of the game (no reply showed it).",
                    ("malformed_request",
                     "JSON parse error - Expecting value: line 1 column 1 (char 0)"),
                    ("invalid_request", "answer: must be a list of card ids or names"),
                    ("step_ahead", "step 25 is ahead of the game (at 18): send the step your "
                                   "page or reply showed")),
        **READ_ERRORS, 404: NOT_FOUND,
        403: _error("Not my game, not my seat, or I resigned it (the bot plays my seat on).",
                    ("not_in_game", "you have no seat in this game"),
                    ("not_your_seat", "this decision belongs to another seat"),
                    ("resigned", "you resigned this game: the bot plays your seat on, and you "
                                 "may only watch")),
        409: OpenApiResponse(s.ErrorSerializer, description="The decision is closed, your own "
                             "decisions changed since the `step` you gave, or the game is not "
                             "running. Other seats' moves never cause a 409.", examples=[
            OpenApiExample("stale_step", response_only=True, value={
                "code": "stale_step", "current_step": 18,
                "detail": "your open decisions changed since step 17 (the game is at step 18); "
                          "reload and try again"}),
            OpenApiExample("decision_closed", response_only=True, value={
                "code": "decision_closed", "detail": "decision d12 is not open for seat 0"}),
            OpenApiExample("wrong_status", response_only=True, value={
                "code": "wrong_status", "detail": "this game is not running"})]),
        422: _error("The engine refused the answer (its reason), or a reused Idempotency-Key.",
                    ("illegal_answer", "cannot buy 'Province' now (legal: ['Copper', 'Curse'])"),
                    ("idempotency_key_reused",
                     "this Idempotency-Key was already used for a different request")),
    },
    examples=[
        OpenApiExample("play all treasures", request_only=True,
                       value={"decision": "d12", "step": 17, "answer": {"play": "all"}}),
        OpenApiExample("buy a Silver", request_only=True,
                       value={"decision": "d13", "step": 18, "answer": {"buy": "Silver"}}),
        OpenApiExample("without step", request_only=True,
                       value={"decision": "d13", "answer": {"buy": "Silver"}}),
        OpenApiExample("applied", response_only=True, status_codes=["200"],
                       value={"game": 42, "step": 18, "status": "running", "seat": 0,
                              "decisions": [DECISION_EXAMPLE], "view": VIEW_EXAMPLE}),
    ],
)
ws_ticket = extend_schema(
    summary="A single-use ticket to open the event stream (no token in URLs)", tags=["users"],
    request=None, parameters=[IDEMPOTENCY_HEADER],
    responses={201: s.TicketSerializer, **READ_ERRORS,
               400: _error("A bad Idempotency-Key header.", (
                   "invalid_idempotency_key", "Idempotency-Key must be 1 to 255 characters")),
               422: IDEMPOTENCY_REUSED},
    examples=[OpenApiExample("ticket", response_only=True, status_codes=["201"], value={
        "ticket": "wst_Jx2...", "expires": "2026-11-22T06:04:10Z"})],
)

stream = extend_schema(
    summary="My seat's game stream (NDJSON): a state now and after every change",
    description="One JSON object per line, each with `v`, `type` and `step`: a `state` on "
    "connect and after every change (as the answer's reply: `decisions` and `view`), a `chat` "
    "line, `chat_hidden`; blank lines are keep-alives. It ends after the state that says the "
    "game ended. The same messages come over the WebSocket ws/api/v1/games/{id}/stream/ "
    "(docs/events.schema.json). Needs an ASGI server.",
    tags=["play"],
    responses={(200, "application/x-ndjson"): t.StateMessageSerializer,
               **GAME_READ_ERRORS},
    examples=[OpenApiExample("state", response_only=True, media_type="application/x-ndjson",
                             value={
        "v": 1, "type": "state", "game": 42, "step": 18, "status": "running", "seat": 0,
        "decisions": [DECISION_EXAMPLE], "view": VIEW_EXAMPLE})],
)


def _ending_doc(summary: str, description: str, conflicts: OpenApiResponse,
                *forbidden: tuple[str, str]) -> extend_schema:
    return extend_schema(
        summary=summary, description=description, tags=["games"], request=None,
        parameters=[IDEMPOTENCY_HEADER],
        responses={200: s.GameSerializer, **_game_write_errors(conflicts, _error(
            "No seat." if not forbidden else "No seat, or not allowed.",
            ("not_in_game", "you have no seat in this game"), *forbidden))},
        examples=[OpenApiExample("ended", response_only=True, status_codes=["200"], value={
            **GAME_EXAMPLE, "status": "finished", "ending": {"reason": "resigned", "seat": 0}})],
    )


resign = _ending_doc(
    "Resign my seat",
    "A resigned seat cannot win. If one seat is left (always in a 2-player game) it wins and "
    "the game ends; otherwise the bot plays the resigned seat on and, at the end, the winner "
    "is the best of the seats that did not resign.",
    _error("Not running, or resigned already.", ("wrong_status", "this game is not running"),
           ("already_resigned", "you have already resigned this game")))
abort = _ending_doc(
    "Abort the game before the first move",
    "Only while no person has answered a decision (bots may have); the game is abandoned, "
    "without a winner or a rating. The creator may also abort a game still taking players. "
    "A player who resigned may not (403 `resigned`).",
    _error("Too late, or ended.", ("too_late", "a player has moved: resign instead"),
           ("wrong_status", "this game has already ended")),
    ("resigned", "you have resigned from this game: the others decide whether it is called off"))
claim_win = _ending_doc(
    "Claim the win: the others' clocks ran out",
    "Every other seat whose deadline has passed (and is not on vacation), or that the bot "
    "took over after repeated expiries, counts as resigned; if that leaves only you, you win "
    "now. Otherwise the game goes on without them.",
    _error("Nobody's clock ran out.", ("nothing_to_claim", "no other player's clock has run "
                                       "out"), ("wrong_status", "this game is not running")))

TOKEN_EXAMPLE = {"id": 3, "name": "my bot", "prefix": "dom_Ab3x", "scopes": ["read", "play"],
                 "created_at": "2026-11-22T06:00:00Z", "last_used_at": "2026-11-22T07:00:00Z",
                 "expires_at": None, "active": True}
_NOT_THROUGH_AN_APP = _error(
    "An OAuth2 app's token: personal tokens are listed and revoked with a personal token or "
    "the session.",
    ("not_allowed", "an app's OAuth2 token cannot list or revoke the account's personal "
     "tokens"))
tokens = extend_schema(
    summary="My personal API tokens (scopes, expiry, last use)", tags=["users"],
    responses={200: s.TokenSerializer(many=True), **READ_ERRORS, 403: _NOT_THROUGH_AN_APP},
    examples=[OpenApiExample("tokens", response_only=True, value=[TOKEN_EXAMPLE])],
)
token_revoke = extend_schema(
    summary="Revoke one of my tokens (its sockets close)", tags=["users"], request=None,
    parameters=[IDEMPOTENCY_HEADER],
    responses={200: OpenApiResponse(OpenApiTypes.OBJECT, description="{\"revoked\": id}"),
               400: MALFORMED, **READ_ERRORS, 403: _NOT_THROUGH_AN_APP, 404: NOT_FOUND,
               422: IDEMPOTENCY_REUSED},
    examples=[OpenApiExample("revoked", response_only=True, status_codes=["200"],
                             value={"revoked": 3})],
)
