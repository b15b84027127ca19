"""The game page: GET draws the table for the viewer's seat; POST answers one decision.

Without JavaScript a POST redirects back to the page (errors as messages). With JavaScript
the same POST is sent by fetch and answered with JSON: the fresh live fragment, or the reason
the move was refused (which changed nothing).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.views.decorators.http import require_POST

from games import selectors, services
from games.exceptions import GameError, StaleStep
from games.game_page.context import live_context
from games.game_page.forms import BadForm, answer_from_post
from games.models import Game, Seat

LIVE_TEMPLATE = "games/game/_live.html"


def _visible_game(request: HttpRequest, pk: int) -> Game:
    game = get_object_or_404(Game, pk=pk)
    if not selectors.game_visible_to(game, request.user):
        raise Http404("No such game.")
    return game


def _position(game: Game, request: HttpRequest) -> int | None:
    seat = selectors.seat_of(game, request.user)
    return seat.position if seat else None


def game_page(request: HttpRequest, pk: int) -> HttpResponse:
    game = _visible_game(request, pk)
    if not game.snapshot:  # not dealt yet: the summary page has the seats and the start button
        return redirect("games:detail", pk=game.pk)
    context = live_context(game, _position(game, request))
    return render(request, "games/game/page.html", context)


def game_live(request: HttpRequest, pk: int) -> HttpResponse:
    """Just the live fragment (what a socket would push), for clients that lost their socket."""
    game = _visible_game(request, pk)
    return render(request, LIVE_TEMPLATE, live_context(game, _position(game, request)))


def render_live(game: Game, position: int | None) -> str:
    return render_to_string(LIVE_TEMPLATE, live_context(game, position))


@require_POST
def game_decide(request: HttpRequest, pk: int) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    game = _visible_game(request, pk)
    seat = selectors.seat_of(game, request.user)
    error, status = _submit(request, game, seat)
    if request.headers.get("X-Requested-With") == "fetch":
        game.refresh_from_db()
        html = render_live(game, seat.position if seat else None)
        return JsonResponse({"ok": error is None, "error": error, "step": game.step,
                             "html": html}, status=status)
    if error:
        messages.error(request, error)
    return redirect("games:play", pk=game.pk)


def _submit(request: HttpRequest, game: Game, seat: Seat | None) -> tuple[str | None, int]:
    """Answer the posted decision; returns (the reason it was refused, HTTP status)."""
    if seat is None:
        return "You have no seat in this game.", 403
    decision_id = request.POST.get("decision", "")
    decision = next((d for d in selectors.decisions_for(game, seat.position)
                     if d["id"] == decision_id), None)
    try:
        step = int(request.POST.get("step", ""))
    except ValueError:
        return "The form is missing the game step; reload the page.", 400
    if decision is None or step != game.step:
        return _stale(game, step), 409
    try:
        answer = answer_from_post(decision, request.POST)
        services.decision_submit(game_id=game.pk, seat=seat.position, decision_id=decision_id,
                                 answer=answer, step=step)
    except BadForm as exc:
        return f"Not accepted: {exc}.", 400
    except StaleStep:
        return _stale(game, step), 409
    except GameError as exc:
        return f"Not accepted: {exc.detail}.", 400 if exc.code == "illegal_answer" else 409
    return None, 200


def _stale(game: Game, step: int) -> str:
    return (f"The game moved on since that page was drawn (step {step}, now {game.step}), "
            "so nothing was done. Here is the table as it stands now.")
