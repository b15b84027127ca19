"""API views: check access, validate, call a selector or a service; nothing else.

Each view is a thin function (healthchecks style). Writes go through games.services, which
refuses a bad move without changing anything; errors become {"code", "detail"} in
games.api.exceptions.
"""

from __future__ import annotations

import json

from django.conf import settings
from django.http import JsonResponse, StreamingHttpResponse
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.utils import extend_schema
from rest_framework.decorators import (
    api_view,
    authentication_classes,
    permission_classes,
    renderer_classes,
    throttle_classes,
)
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from games import selectors, services, socket_quota
from games.api import challenges, docs, endings, records, stream, token_watch
from games.api import selectors as api_selectors
from games.api import serializers as s
from games.api import services as api_services
from games.api.answers import answer_shape_problem
from games.api.exceptions import ApiError
from games.api.idempotency import idempotent
from games.api.models import ApiToken
from games.api.strict import bool_param, choice_param, int_param, no_body
from games.api.throttles import (
    CreateGameThrottle,
    ReadWriteThrottle,
    create_game_charge,
    quota_refuse_if_used_up,
)
from games.models import Game, GameStatus, display_name
from games.session_sockets import session_expiry, session_group
from games.strategies import selectors as strategy_selectors


def _visible_game(request: Request, pk: int, invite_token: str | None = None,
                  state: bool = True, creator: bool = True) -> Game:
    """The game, or 404 if it does not exist or is private and the user has no seat in it.

    Both cases answer exactly the same, so nobody learns that a private game exists; its
    invite token (for joining) counts as a seat.
    """
    game = selectors.game_for_viewer(pk, request.user, state=state, creator=creator)
    if game is None or not (selectors.game_visible_to(game, request.user)
                            or selectors.invite_matches(game, invite_token)):
        raise ApiError("not_found", "no such game", 404)
    return game


def _oauth_token(request: Request):
    """The OAuth2 access token the request came with, if it came with one."""
    from oauth2_provider.models import get_access_token_model

    return request.auth if isinstance(request.auth, get_access_token_model()) else None


def _my_seat(request: Request, game: Game) -> int | None:
    """The user's seat in the game, resigned or not (None: none)."""
    if hasattr(game, "viewer_position"):  # read with the game (selectors.game_for_viewer)
        return game.viewer_position
    seat = selectors.seat_of(game, request.user)
    return seat.position if seat else None


def _resigned(game: Game, position: int) -> bool:
    if hasattr(game, "viewer_resigned"):  # read with the game (selectors.game_for_viewer)
        return bool(game.viewer_resigned) and game.status == GameStatus.RUNNING
    return selectors.position_resigned(game, position)


def _my_position(request: Request, game: Game) -> int | None:
    """The seat the user plays and sees the game as (selectors.playing_position): None for a
    spectator, and for a player who resigned while the game runs on."""
    position = _my_seat(request, game)
    return None if position is None or _resigned(game, position) else position


# --- catalogue and me ------------------------------------------------------------------------


@docs.me
@api_view(["GET"])
def me(request: Request) -> Response:
    user = request.user
    return Response({"id": user.pk, "username": user.username, "display_name": display_name(user),
                     "bot_account": challenges.is_bot_account(user)})


@docs.bots
@api_view(["GET"])
def bots(request: Request) -> Response:
    return Response(s.BotSerializer(strategy_selectors.bot_catalogue(), many=True).data)


@docs.card_sets
@api_view(["GET"])
def card_sets(request: Request) -> Response:
    return Response(s.CardSetSerializer(selectors.card_sets(), many=True).data)


@docs.cards
@api_view(["GET"])
def cards(request: Request) -> Response:
    found = api_selectors.cards_catalogue(
        card_set=choice_param(request, "set", api_selectors.set_slugs()),
        kingdom_only=bool_param(request, "kingdom"),
    )
    return Response(s.CardSerializer(found, many=True).data)


@docs.kingdoms
@api_view(["GET"])
def kingdoms(request: Request) -> Response:
    found = api_selectors.kingdoms_listed(
        recommended=bool_param(request, "recommended"),
        card_set=choice_param(request, "set", api_selectors.set_slugs()),
    )
    return Response(s.KingdomSerializer(found, many=True).data)


# --- games -----------------------------------------------------------------------------------

GAME_FILTERS = ("mine", "waiting", "open", "finished")
LOG_PAGE, LOG_PAGE_MAX = 200, 1000


class GamePagination(LimitOffsetPagination):
    """limit 1..200 (default 50), offset from 0: anything else is a 400, not ignored."""

    default_limit = 50
    max_limit = 200

    def get_limit(self, request: Request) -> int:
        return int_param(request, "limit", self.default_limit, minimum=1,
                         maximum=self.max_limit)

    def get_offset(self, request: Request) -> int:
        return int_param(request, "offset", 0)


@docs.games
@api_view(["GET", "POST"])
@throttle_classes([ReadWriteThrottle])  # create_game: counted once a game is accepted
def games(request: Request) -> Response:
    if request.method == "POST":
        return idempotent(request, lambda: _game_create(request))
    which = request.query_params.get("filter", "mine")
    if which not in GAME_FILTERS:
        raise ApiError("invalid_filter", f"filter must be one of {', '.join(GAME_FILTERS)}", 400)
    paginator = GamePagination()
    found = paginator.paginate_queryset(_games_filtered(request.user, which), request)
    return paginator.get_paginated_response(
        s.GameSerializer(found, many=True, context={
            "request": request, **api_selectors.game_extras(found)}).data)


def _games_filtered(user, which: str) -> list[Game]:
    if which == "open":
        return list(selectors.games_lobby())
    if which == "waiting":
        return list(selectors.games_waiting_for(user).select_related("creator"))
    mine = [seat.game for seat in selectors.games_for_user(user)]
    if which == "finished":
        return [game for game in mine if game.status == GameStatus.FINISHED]
    return mine


def _game_create(request: Request) -> Response:
    quota_refuse_if_used_up(request.user, CreateGameThrottle())  # 429 before a 400
    data = s.GameCreateSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    game = services.game_create(creator=request.user, **data.validated_data,
                                charge=create_game_charge(request.user))
    return Response(s.GameSerializer(game, context={"request": request}).data, status=201)


@docs.game
@api_view(["GET"])
def game(request: Request, pk: int) -> Response:
    target = _visible_game(request, pk)
    context = {"request": request, "clocks": api_selectors.clocks_of(target)}
    return Response(s.GameSerializer(target, context=context).data)


@docs.join
@api_view(["POST"])
def game_join(request: Request, pk: int) -> Response:
    def act() -> Response:
        raw = request.data.get("invite_token") if isinstance(request.data, dict) else None
        target = _visible_game(request, pk, invite_token=raw if isinstance(raw, str) else None)
        body = s.JoinSerializer(data=request.data)
        body.is_valid(raise_exception=True)  # a game is found (or 404) before a body is judged
        token = body.validated_data.get("invite_token") or None
        services.seat_join(game=target, user=request.user, invite_token=token)
        target.refresh_from_db()
        return Response(s.GameSerializer(target, context={"request": request}).data)

    return idempotent(request, act)


@docs.leave
@api_view(["POST"])
def game_leave(request: Request, pk: int) -> Response:
    def act() -> Response:
        target = _visible_game(request, pk)
        no_body(request)
        target = services.seat_leave(game=target, user=request.user)
        return Response(s.GameSerializer(target, context={"request": request}).data)

    return idempotent(request, act)


@docs.start
@api_view(["POST"])
def game_start(request: Request, pk: int) -> Response:
    def act() -> Response:
        target = _visible_game(request, pk)
        no_body(request)
        target = services.game_start(game=target, user=request.user)
        return Response(s.GameSerializer(target, context={"request": request}).data)

    return idempotent(request, act)


@docs.resign
@api_view(["POST"])
def game_resign(request: Request, pk: int) -> Response:
    return _ending(request, pk, lambda game: endings.game_resign(game=game, user=request.user))


@docs.abort
@api_view(["POST"])
def game_abort(request: Request, pk: int) -> Response:
    return _ending(request, pk, lambda game: endings.game_abort(game=game, user=request.user))


@docs.claim_win
@api_view(["POST"])
def game_claim_win(request: Request, pk: int) -> Response:
    return _ending(request, pk,
                   lambda game: endings.game_claim_win(game=game, user=request.user))


def _ending(request: Request, pk: int, act) -> Response:
    def run() -> Response:
        target = _visible_game(request, pk)
        no_body(request)
        if _my_seat(request, target) is None:
            raise ApiError("not_in_game", "you have no seat in this game", 403)
        act(target)
        target.refresh_from_db()
        context = {"request": request, "clocks": api_selectors.clocks_of(target)}
        return Response(s.GameSerializer(target, context=context).data)

    return idempotent(request, run)


# --- what I see, and my moves ----------------------------------------------------------------


@docs.view
@api_view(["GET"])
def game_view(request: Request, pk: int) -> Response:
    target = _visible_game(request, pk, creator=False)  # (a query's join saved)
    view = api_selectors.view_of(target, _my_position(request, target))
    if view is None:
        raise ApiError("not_started", "the game has not started yet", 409)
    return Response(view)


@docs.decisions
@api_view(["GET"])
def game_decisions(request: Request, pk: int) -> Response:
    target = _visible_game(request, pk, creator=False)  # (a query's join saved)
    position = _my_position(request, target)
    return Response({"game": target.pk, "step": target.step, "seat": position,
                     "decisions": api_selectors.decisions_of(target, position)})


@docs.log
@api_view(["GET"])
def game_log(request: Request, pk: int) -> Response:
    target = _visible_game(request, pk, creator=False)  # (a query's join saved)
    since = int_param(request, "since", 0)
    limit = int_param(request, "limit", LOG_PAGE, minimum=1, maximum=LOG_PAGE_MAX)
    page = selectors.game_log_page(target, _my_position(request, target), since, limit)
    if page is None:
        raise ApiError("not_started", "the game has not started yet", 409)
    return Response(page)


@docs.record
@api_view(["GET"])
def game_record(request: Request, pk: int) -> Response:
    target = _visible_game(request, pk)
    if not records.game_is_over(target):
        raise ApiError("game_not_over", "the record is published when the game ends", 409)
    return Response(records.record_build(target))


@docs.answer
@api_view(["POST"])
def game_answer(request: Request, pk: int) -> Response:
    # (the move reloads it under its lock)
    target = _visible_game(request, pk, state=False, creator=False)
    return idempotent(request, lambda: _answer(request, target))


def _answer(request: Request, target: Game) -> Response:
    position = _my_seat(request, target)
    if position is None:
        raise ApiError("not_in_game", "you have no seat in this game", 403)
    if _resigned(target, position):
        raise ApiError("resigned", "you resigned this game: the bot plays your seat on, and "
                       "you may only watch", 403)
    body = s.AnswerSerializer(data=request.data)
    body.is_valid(raise_exception=True)
    data = body.validated_data
    opened = next((d for d in target.decisions if d["id"] == data["decision"]), None)
    if data.get("seat", position) != position or (opened and opened["seat"] != position):
        raise ApiError("not_your_seat", "this decision belongs to another seat", 403)
    problem = opened and answer_shape_problem(opened["kind"], data["answer"])
    if problem and data.get("step") is not None and services._seat_changed_since(
            target, position, data["step"]):
        problem = None  # a stale picture is the more useful refusal (the service gives it)
    if problem:
        raise ApiError("invalid_request", f"answer: {problem}", 400,
                       errors={"answer": [problem]})
    result = services.decision_submit(
        game_id=target.pk, seat=position, decision_id=data["decision"], answer=data["answer"],
        step=data.get("step"),
    )
    return Response(_answered(result))


def _answered(result: services.SubmitResult) -> dict:
    """What the client needs next, from the move itself: no GET after one's own move."""
    view = api_selectors.view_of(result.game, result.seat, result.view(), seats=result.seats)
    return {"game": result.game_id, "step": result.step, "status": result.status,
            "seat": result.seat,
            "decisions": [d for d in view["pending"] if d["seat"] == result.seat
                          and result.status == GameStatus.RUNNING],
            "view": view}


@docs.stream
@api_view(["GET"])
@renderer_classes([JSONRenderer, s.NDJSONRenderer])
def game_stream(request: Request, pk: int) -> StreamingHttpResponse:
    """NDJSON: my seat's state now and after every change (needs an ASGI server)."""
    target = _visible_game(request, pk)
    address = request.META.get("REMOTE_ADDR")
    too_many = socket_quota.refusal(request.user, address, target.pk)  # as for sockets
    if too_many is not None:
        raise ApiError("too_many_streams", too_many, 429)
    if isinstance(request.auth, ApiToken):
        token = (request.auth.pk, token_watch.API)
    else:
        oauth = _oauth_token(request)
        token = (oauth.pk, token_watch.OAUTH) if oauth is not None else (None, token_watch.API)
    session_key = request.session.session_key if token[0] is None else None  # (by session)
    lines = stream.ndjson_lines(target.pk, request.user, _my_position(request, target),
                                address, token_id=token[0], token_kind=token[1],
                                session_key=session_key)
    response = StreamingHttpResponse(lines, content_type="application/x-ndjson")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # proxies must not hold the lines back
    return response


@docs.ws_ticket
@api_view(["POST"])
def ws_ticket(request: Request) -> Response:
    """A single-use ticket to open the event stream, so that no token goes into a URL."""
    def act() -> Response:
        no_body(request)
        token = request.auth if isinstance(request.auth, ApiToken) else None
        oauth = _oauth_token(request)
        key = request.session.session_key if token is None and oauth is None else None
        ticket, expires = api_services.ticket_create(
            user=request.user, token=token, oauth_token=oauth,
            session_group=session_group(key) if key else "",
            session_expires=session_expiry(key) if key else None)
        return Response({"ticket": ticket, "expires": api_selectors.iso(expires)}, status=201)

    return idempotent(request, act)


@csrf_exempt
def not_found(request, *args, **kwargs) -> JsonResponse:
    """Any other URL under /api/: a JSON 404 rather than the site's HTML page."""
    return JsonResponse({"code": "not_found", "detail": "no such API endpoint"}, status=404)


# --- tokens ----------------------------------------------------------------------------------


def _not_through_an_app(request: Request) -> None:
    """Personal tokens are the account holder's to list and revoke (with the session or one
    of them), never a third-party app's: an app granted `read` could list them (names,
    prefixes, last use) and revoke every one, cutting off the account's bots."""
    if request.auth is not None and not isinstance(request.auth, ApiToken):
        raise ApiError("not_allowed", "an app's OAuth2 token cannot list or revoke the "
                       "account's personal tokens", 403)


@docs.tokens
@api_view(["GET"])
def tokens(request: Request) -> Response:
    """My live personal tokens (never the tokens themselves: they are stored hashed)."""
    _not_through_an_app(request)
    return Response(s.TokenSerializer(api_selectors.tokens_of(request.user), many=True).data)


@docs.token_revoke
@api_view(["POST"])
def token_revoke(request: Request, token_id: int) -> Response:
    _not_through_an_app(request)

    def act() -> Response:
        no_body(request)
        if not api_services.token_revoke(user=request.user, token_id=token_id):
            raise ApiError("not_found", "no such live token of yours", 404)
        return Response({"revoked": token_id})

    return idempotent(request, act)


EVENTS_SCHEMA = settings.BASE_DIR / "docs" / "events.schema.json"


@extend_schema(exclude=True)
@api_view(["GET"])
@permission_classes([AllowAny])
@authentication_classes([])
def events_schema(request: Request) -> Response:
    """The stream events' JSON Schema (docs/events.schema.json), for generating clients."""
    return Response(json.loads(EVENTS_SCHEMA.read_text()))
