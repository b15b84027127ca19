"""Challenge and bot-account endpoints (thin views over games.api.challenges), with their
OpenAPI descriptions."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, throttle_classes
from rest_framework.request import Request
from rest_framework.response import Response

from games import names
from games.api import challenges
from games.api import docs as d
from games.api import serializers as s
from games.api.exceptions import ApiError
from games.api.idempotency import idempotent
from games.api.strict import StrictSerializer, no_body
from games.api.throttles import (
    CreateGameThrottle,
    ReadWriteThrottle,
    create_game_charge,
    quota_refuse_if_used_up,
)

CHALLENGE_STATUSES = ["pending", "accepted", "declined", "cancelled"]


class ChallengeCreateSerializer(s.GameCreateSerializer):
    """A game's options (as POST /games/) and whom to invite."""

    username = serializers.CharField(
        required=False, allow_null=True, max_length=150,
        help_text="The invited player; leave out (or null) for an open challenge.")
    seats = serializers.ListField(
        child=serializers.CharField(help_text=s.SEAT_HELP), min_length=2, max_length=6,
        required=False, help_text='Default ["me", "open"]; needs "me" and an "open" seat.')


class ChallengeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    challenger = serializers.CharField()
    invited = serializers.CharField(allow_null=True, help_text="null: an open challenge.")
    game = serializers.IntegerField(help_text="The game it created (GET /games/{id}/).")
    status = serializers.ChoiceField(choices=CHALLENGE_STATUSES)
    created_at = serializers.DateTimeField()
    answered_at = serializers.DateTimeField(allow_null=True)


class ChallengeListSerializer(serializers.Serializer):
    incoming = ChallengeSerializer(many=True, help_text="Pending challenges to me.")
    outgoing = ChallengeSerializer(many=True, help_text="My pending challenges.")
    open = ChallengeSerializer(many=True, help_text="Open challenges by others.")


class BotAccountSerializer(StrictSerializer):
    bot = serializers.BooleanField(help_text="true: this account is played by a program.")
    description = serializers.CharField(required=False, allow_blank=True, max_length=200)

    def validate_description(self, value: str) -> str:
        """Shown beside the account's name: nothing invisible (bidi overrides, zero-width
        characters), as for display names (games/names.py)."""
        hidden = names.hidden_character(value)
        if hidden is not None:
            raise serializers.ValidationError(
                f"a description cannot contain invisible or control characters "
                f"(it has U+{ord(hidden):04X})")
        return value


EXAMPLE = {"id": 5, "challenger": "alice", "invited": "bob", "game": 42, "status": "pending",
           "created_at": "2026-11-22T06:00:00Z", "answered_at": None}
_CLOSED = d._error("Answered, cancelled, or its game filled up.",
                   ("challenge_closed", "this challenge is declined, no longer open"),
                   ("seat_unavailable", "you already have a seat in this game"))
_NOT_YOURS = d._error("Not for you.", ("not_allowed", "this challenge is for another player"))


def _answer_doc(summary: str) -> extend_schema:
    return extend_schema(
        summary=summary, tags=["challenges"], request=None, parameters=[d.IDEMPOTENCY_HEADER],
        responses={200: ChallengeSerializer, **d._game_write_errors(_CLOSED, _NOT_YOURS)},
        examples=[OpenApiExample("answered", response_only=True, status_codes=["200"],
                                 value={**EXAMPLE, "status": "accepted",
                                        "answered_at": "2026-11-22T06:01:00Z"})])


@extend_schema(methods=["GET"], summary="Pending challenges: to me, by me, open ones",
               tags=["challenges"], responses={200: ChallengeListSerializer, **d.READ_ERRORS},
               examples=[OpenApiExample("list", response_only=True, value={
                   "incoming": [EXAMPLE], "outgoing": [], "open": []})])
@extend_schema(methods=["POST"], summary="Challenge a player (or anyone) to a new game",
               tags=["challenges"], request=ChallengeCreateSerializer,
               parameters=[d.IDEMPOTENCY_HEADER],
               responses={201: ChallengeSerializer, 400: d.MALFORMED, **d.READ_ERRORS,
                          404: d._error("No such player.", ("not_found", "no such player")),
                          403: d._error("Refused.", ("not_allowed",
                                                     "you cannot challenge yourself")),
                          409: d.TOO_MANY_OPEN_GAMES, 422: d.IDEMPOTENCY_REUSED},
               examples=[OpenApiExample("named", request_only=True,
                                        value={"username": "bob", "seats": ["me", "open"]}),
                         OpenApiExample("created", response_only=True, status_codes=["201"],
                                        value=EXAMPLE)])
@api_view(["GET", "POST"])
@throttle_classes([ReadWriteThrottle])  # create_game: counted when its game is created
def challenge_list(request: Request) -> Response:
    if request.method == "POST":
        return idempotent(request, lambda: _create(request))
    found = challenges.challenges_for(request.user)
    return Response({key: [challenges.challenge_dict(c) for c in rows]
                     for key, rows in found.items()})


def _create(request: Request) -> Response:
    quota_refuse_if_used_up(request.user, CreateGameThrottle())  # 429 before a 400
    body = ChallengeCreateSerializer(data=request.data)
    body.is_valid(raise_exception=True)
    options = dict(body.validated_data)
    username = options.pop("username", None)
    invited = None
    if username:
        invited = challenges.user_named(username)
        if invited is None:
            raise ApiError("not_found", "no such player", 404)
    created = challenges.challenge_create(challenger=request.user, invited=invited,
                                          game_options=options,
                                          charge=create_game_charge(request.user))
    return Response(challenges.challenge_dict(created), status=201)


def _challenge(request: Request, pk: int):
    found = challenges.challenge_visible(pk, request.user)
    if found is None:
        raise ApiError("not_found", "no such challenge", 404)
    return found


@_answer_doc("Accept a challenge: take its seat (the game is dealt once full)")
@api_view(["POST"])
def challenge_accept(request: Request, pk: int) -> Response:
    def act() -> Response:
        no_body(request)
        done = challenges.challenge_accept(challenge=_challenge(request, pk), user=request.user)
        return Response(challenges.challenge_dict(done))

    return idempotent(request, act)


@_answer_doc("Decline a challenge (or cancel my own): its game is called off")
@api_view(["POST"])
def challenge_decline(request: Request, pk: int) -> Response:
    def act() -> Response:
        no_body(request)
        done = challenges.challenge_decline(challenge=_challenge(request, pk), user=request.user)
        return Response(challenges.challenge_dict(done))

    return idempotent(request, act)


@extend_schema(summary="Mark my account as a bot's (or not): shown in the lobby and games",
               tags=["users"], request=BotAccountSerializer, parameters=[d.IDEMPOTENCY_HEADER],
               responses={200: BotAccountSerializer, 400: d.MALFORMED, **d.READ_ERRORS,
                          422: d.IDEMPOTENCY_REUSED},
               examples=[OpenApiExample("mark", value={"bot": True, "description": "BM bot"})])
@api_view(["POST"])
def bot_account(request: Request) -> Response:
    def act() -> Response:
        body = BotAccountSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        challenges.bot_account_set(user=request.user, bot=data["bot"],
                                   description=data.get("description", ""))
        return Response({"bot": data["bot"], "description": data.get("description", "")})

    return idempotent(request, act)
