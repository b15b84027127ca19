"""API views for chat, mutes, rematch, undo, the leaderboard and profiles (thin, as games.api).

Refusals of the social services (SocialError) become {"code", "detail"} with their own HTTP
status; a chat over its rate is a `throttled` 429 with Retry-After, like the API's quotas.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rest_framework import exceptions
from rest_framework.decorators import api_view, throttle_classes
from rest_framework.request import Request
from rest_framework.response import Response

from games import selectors as game_selectors
from games.api.exceptions import ApiError
from games.api.idempotency import idempotent
from games.api.strict import int_param
from games.api.throttles import ReadWriteThrottle, create_game_charge
from games.models import Game, display_name
from games.social import api_docs as docs
from games.social import api_serializers as s
from games.social import chat, rematch, selectors, undo
from games.social.exceptions import RateLimited, SocialError
from games.social.models import Pool


def _visible_game(request: Request, pk: int) -> Game:
    """The game, or the core API's very 404 when it is missing or private to others (the
    same answer for both, so nobody learns that a private game exists)."""
    game = Game.objects.filter(pk=pk).first()
    if game is None or not game_selectors.game_visible_to(game, request.user):
        raise ApiError("not_found", "no such game", 404)
    return game


def _position(request: Request, game: Game) -> int | None:
    seat = game_selectors.seat_of(game, request.user)
    return seat.position if seat else None


def _call(act: Callable[[], Any]) -> Any:
    """Run a service; its refusal becomes the API's error format."""
    try:
        return act()
    except RateLimited as exc:
        raise exceptions.Throttled(wait=exc.extra.get("retry_after"), detail=exc.detail) from exc
    except SocialError as exc:
        raise ApiError(exc.code, exc.detail, exc.status, **exc.extra) from exc


def _body(serializer_class, request: Request) -> dict:
    body = serializer_class(data=request.data)
    body.is_valid(raise_exception=True)
    return body.validated_data


# --- chat ------------------------------------------------------------------------------------


@docs.chat
@api_view(["GET", "POST"])
def game_chat(request: Request, pk: int) -> Response:
    game = _visible_game(request, pk)
    if request.method == "POST":
        return idempotent(request, lambda: _chat_post(request, game))
    after = int_param(request, "after", 0, maximum=2**63 - 1)  # (a message id)
    found = selectors.chat_recent(game, request.user,
                                  game_selectors.playing_position(game, request.user), after=after)
    return Response({"game": game.pk,
                     "spectator_chat_hidden": selectors.table_options(game).spectator_chat_hidden,
                     "messages": [chat.message_dict(m) for m in found]})


def _chat_post(request: Request, game: Game) -> Response:
    data = _body(s.ChatPostSerializer, request)
    message = _call(lambda: chat.chat_post(game=game, user=request.user, body=data["body"]))
    return Response(chat.message_dict(message), status=201)


@docs.chat_options
@api_view(["POST"])
def game_chat_options(request: Request, pk: int) -> Response:
    game = _visible_game(request, pk)

    def act() -> Response:
        data = _body(s.ChatOptionsSerializer, request)
        options = _call(lambda: chat.table_options_set(game=game, user=request.user, **data))
        return Response({"spectator_chat_hidden": options.spectator_chat_hidden})

    return idempotent(request, act)


@docs.mutes
@api_view(["GET", "POST"])
def mutes(request: Request) -> Response:
    if request.method == "POST":
        return idempotent(request, lambda: _mute(request))
    return Response({"muted": [m.muted.username for m in selectors.mutes_of(request.user)]})


def _mute(request: Request) -> Response:
    data = _body(s.MuteSerializer, request)
    other = selectors.player_named(data["username"])
    if other is None:
        raise ApiError("not_found", "no such player", 404)
    _call(lambda: chat.mute_set(user=request.user, other=other, muted=data["muted"]))
    return Response({"muted": [m.muted.username for m in selectors.mutes_of(request.user)]})


# --- rematch ---------------------------------------------------------------------------------


@docs.rematch
@api_view(["GET", "POST"])
@throttle_classes([ReadWriteThrottle])  # create_game: counted once an offer is made
def game_rematch(request: Request, pk: int) -> Response:
    game = _visible_game(request, pk)
    if request.method == "POST":
        def act() -> Response:
            rule = _body(s.RematchOfferSerializer, request)["first_player_rule"]
            offer = _call(lambda: rematch.rematch_offer(  # against bots it deals at once
                game=game, user=request.user, rule=rule, charge=create_game_charge(request.user)))
            return Response(rematch.rematch_dict(offer), status=201)

        return idempotent(request, act)
    offer = selectors.rematch_current(game)
    return Response({"rematch": rematch.rematch_dict(offer) if offer else None})


@docs.rematch_answer
@api_view(["POST"])
def game_rematch_answer(request: Request, pk: int) -> Response:
    game = _visible_game(request, pk)

    def act() -> Response:
        accept = _body(s.AcceptSerializer, request)["accept"]
        offer = _call(lambda: rematch.rematch_answer(game=game, user=request.user,
                                                     accept=accept))
        return Response(rematch.rematch_dict(offer))

    return idempotent(request, act)


# --- undo ------------------------------------------------------------------------------------


@docs.undo
@api_view(["GET", "POST"])
def game_undo(request: Request, pk: int) -> Response:
    game = _visible_game(request, pk)
    if request.method == "POST":
        return idempotent(request, lambda: _undo_ask(request, game))
    position = _position(request, game)
    pending = selectors.undo_pending(game)
    options = undo.undo_options(game, position) if position is not None else []
    return Response({
        "game": game.pk, "step": game.step, "seat": position,
        "options": [{"to_step": o.to_step, "count": o.count, "free": o.free} for o in options],
        "pending": undo.undo_dict(pending) if pending else None,
        "history": [undo.undo_dict(u) for u in selectors.undo_history(game)],
    })


def _undo_ask(request: Request, game: Game) -> Response:
    data = _body(s.UndoAskSerializer, request)
    done = _call(lambda: undo.undo_take_back(game=game, user=request.user, **data))
    return Response(undo.undo_dict(done))  # status "applied", or "pending": a request


@docs.undo_answer
@api_view(["POST"])
def game_undo_answer(request: Request, pk: int) -> Response:
    game = _visible_game(request, pk)

    def act() -> Response:
        data = _body(s.UndoAnswerSerializer, request)
        done = _call(lambda: undo.undo_answer(game=game, user=request.user,
                                              undo_id=data["request"], accept=data["accept"]))
        return Response(undo.undo_dict(done))

    return idempotent(request, act)


# --- ratings ---------------------------------------------------------------------------------


@docs.leaderboard
@api_view(["GET"])
def leaderboard(request: Request) -> Response:
    pool = request.query_params.get("pool", Pool.DUEL)
    if pool not in Pool.values:
        raise ApiError("invalid_parameter", "pool must be duel or multi", 400)
    provisional = request.query_params.get("provisional", "false")
    if provisional not in ("true", "false", "1", "0"):
        raise ApiError("invalid_parameter", "provisional must be true or false", 400)
    return Response(selectors.leaderboard_data(pool, provisional in ("true", "1")))


@docs.player
@api_view(["GET"])
def player(request: Request, username: str) -> Response:
    user = selectors.player_named(username)
    if user is None:
        raise ApiError("not_found", "no such player", 404)
    return Response(selectors.profile_data(user, display_name(user), viewer=request.user))
