"""The simulator's API: POST /api/v1/simulations/ to run one, GET .../{id}/ for its progress
and results. Results are public, like the simulator page's list of recent runs: a run's id
is its share link, unguessable but not a secret (simulations hold no hidden information)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, throttle_classes
from rest_framework.request import Request
from rest_framework.response import Response

from games.api import docs
from games.api.exceptions import ApiError
from games.api.idempotency import idempotent
from games.api.serializers import EDITIONS
from games.api.strict import StrictSerializer
from games.api.throttles import (
    ReadWriteThrottle,
    _ScopeThrottle,
    quota_charge,
    quota_refuse_if_used_up,
)
from games.sim import selectors, services
from games.sim.models import SimStatus


class SimulateThrottle(_ScopeThrottle):
    """The `simulate` quota: counted only when a simulation is accepted (the services'
    `charge`), not as a DRF throttle, which would count refused requests too."""

    scope = "simulate"


class SimulationCreateSerializer(StrictSerializer):
    kingdom = serializers.ListField(child=serializers.CharField(), min_length=10, max_length=10,
                                    help_text="Exactly 10 implemented kingdom card names.")
    bots = serializers.ListField(child=serializers.CharField(), min_length=2, max_length=4,
                                 help_text="2 to 4 strategies (GET /api/v1/bots/).")
    games = serializers.IntegerField(min_value=1, help_text="How many games (at most 2000 by "
                                                            "default).")
    edition = serializers.ChoiceField(choices=EDITIONS, default=2)
    shelters = serializers.ChoiceField(choices=list(services.SHELTERS), default="auto")


class BotResultSerializer(serializers.Serializer):
    bot = serializers.CharField()
    wins = serializers.FloatField(help_text="A tie counts as a share of a win.")
    win_rate = serializers.FloatField()
    ci95 = serializers.ListField(child=serializers.FloatField(), help_text="Wilson interval.")
    mean_vp = serializers.FloatField()
    vp_by_turn = serializers.ListField(child=serializers.FloatField(),
                                       help_text="Average VP after each of the bot's turns.")


class ResultsSerializer(serializers.Serializer):
    games = serializers.IntegerField()
    ties = serializers.IntegerField()
    unfinished = serializers.IntegerField()
    mean_turns = serializers.FloatField()
    lengths = serializers.DictField(child=serializers.IntegerField(),
                                    help_text="Game length in turns -> games.")
    bots = BotResultSerializer(many=True)


class SimulationSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    url = serializers.URLField(help_text="The result page (shareable).")
    status = serializers.ChoiceField(choices=SimStatus.choices)
    games = serializers.IntegerField()
    done = serializers.IntegerField()
    progress = serializers.FloatField()
    kingdom = serializers.ListField(child=serializers.CharField())
    edition = serializers.IntegerField()
    shelters = serializers.CharField()
    bots = serializers.ListField(child=serializers.CharField())
    seed = serializers.CharField()
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    error = serializers.CharField(allow_null=True)
    results = ResultsSerializer(allow_null=True)


KINGDOM = docs.GAME_EXAMPLE["kingdom"]
EXAMPLE = {
    "id": "6f1c2b9e-6a55-4ce3-9a1e-0b3f4b2a9d10",
    "url": "https://dominion.example/sim/6f1c2b9e-6a55-4ce3-9a1e-0b3f4b2a9d10/",
    "status": "done", "games": 200, "done": 200, "progress": 1.0, "kingdom": KINGDOM,
    "edition": 2, "shelters": "auto", "bots": ["planner", "bmu"], "seed": "9f2c41d07a3be611",
    "created_at": "2026-11-23T09:00:00Z", "finished_at": "2026-11-23T09:00:04Z", "error": None,
    "results": {"games": 200, "ties": 3, "unfinished": 0, "mean_turns": 17.4,
                "lengths": {"15": 20, "17": 90, "19": 90}, "bots": [
                    {"bot": "planner", "wins": 161.5, "win_rate": 0.8075,
                     "ci95": [0.7472, 0.8563], "mean_vp": 33.1, "vp_by_turn": [3.0, 3.0, 4.1]},
                    {"bot": "bmu", "wins": 38.5, "win_rate": 0.1925, "ci95": [0.1437, 0.2528],
                     "mean_vp": 24.2, "vp_by_turn": [3.0, 3.0, 3.6]}]}}
REFUSED = docs._error(
    "Bad JSON, a bad field, or a simulation the site refuses.",
    ("invalid_request", "bots: Ensure this field has at least 2 elements."),
    ("invalid_kingdom", "Moat appears more than once"),
    ("invalid_bots", "unknown bot 'smithee' (see GET /api/v1/bots/)"),
    ("invalid_games", "games must be between 1 and 2000"))
TOO_MANY = docs._error("Too many of your simulations are still running, or of the site's.",
                       ("too_many_simulations", "you already have 2 simulations running; "
                                                "wait for one to finish"),
                       ("simulations_busy", "the site is busy: 50 simulations are queued or "
                                            "running, the most it takes at once; try again "
                                            "later"))
SIM_NOT_FOUND = docs._error("No such simulation.", ("not_found", "no such simulation"))

create_docs = extend_schema(
    methods=["POST"], summary="Run a simulation: N games between 2 to 4 bots on one kingdom",
    tags=["simulator"], request=SimulationCreateSerializer, parameters=[docs.IDEMPOTENCY_HEADER],
    responses={201: SimulationSerializer, 400: REFUSED, 409: TOO_MANY, **docs.READ_ERRORS,
               422: docs.IDEMPOTENCY_REUSED},
    examples=[OpenApiExample("planner against bmu", request_only=True,
                             value={"kingdom": KINGDOM, "bots": ["planner", "bmu"],
                                    "games": 200}),
              OpenApiExample("queued", response_only=True, status_codes=["201"],
                             value={**EXAMPLE, "status": "queued", "done": 0, "progress": 0.0,
                                    "finished_at": None, "results": None})],
)
detail_docs = extend_schema(
    summary="A simulation's progress and results", tags=["simulator"],
    responses={200: SimulationSerializer, **docs.READ_ERRORS, 404: SIM_NOT_FOUND},
    examples=[OpenApiExample("done", response_only=True, value=EXAMPLE)],
)


def _body(request: Request, sim) -> dict:
    data = selectors.simulation_results(sim)
    data["url"] = request.build_absolute_uri(f"/sim/{sim.pk}/")
    return data


@create_docs
@api_view(["POST"])
@throttle_classes([ReadWriteThrottle])
def simulations(request: Request) -> Response:
    def act() -> Response:
        quota_refuse_if_used_up(request.user, SimulateThrottle())  # 429 before a 400
        body = SimulationCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            sim = services.simulation_create(user=request.user, **body.validated_data,
                                             charge=lambda: quota_charge(request.user,
                                                                         SimulateThrottle()))
        except services.SimulationRefused as exc:
            status = {"too_many_simulations": 409, "simulations_busy": 409,
                      "account_deleted": 403}.get(exc.code, 400)
            raise ApiError(exc.code, exc.detail, status) from None
        return Response(_body(request, sim), status=201)

    return idempotent(request, act)


@detail_docs
@api_view(["GET"])
def simulation(request: Request, id) -> Response:  # noqa: A002  (the documented {id})
    sim = selectors.simulation_get(id)
    if sim is None:
        raise ApiError("not_found", "no such simulation", 404)
    return Response(_body(request, sim))
