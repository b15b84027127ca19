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
from games.exceptions import DecisionClosed, GameError, Resigned, StaleStep, StepAhead
from games.forms import whole_number
from games.game_page.context import live_context
from games.game_page.forms import BadForm, answer_from_post
from games.models import Game, Seat
from games.services import SubmitResult

LIVE_TEMPLATE = "games/game/_live.html"
RESIGNED = ("You resigned this game: the bot plays your seat on, and you may only watch. "
            "Nothing was done.")


def _visible_game(request: HttpRequest, pk: int) -> Game:
    game = get_object_or_404(Game, pk=pk)
    if not selectors.game_visible_to(game, request.user):
        raise Http404("No such game.")
    return game


def _position(game: Game, request: HttpRequest) -> int | None:
    return selectors.playing_position(game, request.user)  # (a resigned player: a spectator)


def game_page(request: HttpRequest, pk: int) -> HttpResponse:
    game = _visible_game(request, pk)
    if not game.snapshot:  # not dealt yet: the summary page has the seats and the start button
        return redirect("games:detail", pk=game.pk)
    whole = request.GET.get("log") == "all"
    context = live_context(game, _position(game, request), log="all" if whole else "recent")
    return render(request, "games/game/page.html", context)


def game_live(request: HttpRequest, pk: int) -> HttpResponse:
    """Just the live fragment (what a socket would push), for clients that lost their socket."""
    game = _visible_game(request, pk)
    return render(request, LIVE_TEMPLATE, live_context(game, _position(game, request)))


def render_live(game: Game, position: int | None, view: dict | None = None) -> str:
    return render_to_string(LIVE_TEMPLATE, live_context(game, position, view))


@require_POST
def game_decide(request: HttpRequest, pk: int) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    game = _visible_game(request, pk)
    seat = selectors.seat_of(game, request.user)
    result, error, status = _submit(request, game, seat)
    if request.headers.get("X-Requested-With") == "fetch":
        # (a player who resigned left the table: a spectator's; their refusal is the 403,
        # also when the resignation came after the check above, `seat` read before it)
        watching = None if status == 403 else seat
        return JsonResponse(_reply(game, watching, result, error), status=status)
    if error:
        messages.error(request, error)
    return redirect("games:play", pk=game.pk)


def _reply(game: Game, seat: Seat | None, result: SubmitResult | None,
           error: str | None) -> dict:
    """The JSON answer to a fetch: the seat's fresh table, so the page needs no second request.

    After a move it is drawn from the move's own result (no second read of the game); after a
    refusal, from the game as it stands.
    """
    position = seat.position if seat else None
    if result is not None:
        game, html = result.game, render_live(result.game, position, result.view())
    else:
        game.refresh_from_db()
        html = render_live(game, position)
    return {"ok": error is None, "error": error, "step": game.step, "status": game.status,
            "html": html}


def _submit(request: HttpRequest, game: Game, seat: Seat | None
            ) -> tuple[SubmitResult | None, str | None, int]:
    """Answer the posted decision: (the move's result, the reason it was refused, HTTP status).

    The form's step asks for the strict check on this seat's own picture: a move by another
    seat that left this seat's decisions alone does not refuse it.
    """
    if seat is None:
        return None, "You have no seat in this game.", 403
    if selectors.seat_resigned(game, seat):
        return None, RESIGNED, 403
    decision_id = request.POST.get("decision", "")
    decision = next((d for d in selectors.decisions_for(game, seat.position)
                     if d["id"] == decision_id), None)
    step = whole_number(request.POST.get("step", ""))
    if step is None:
        return None, "The form is missing the game step; reload the page.", 400
    if decision is None:
        if step < game.step:  # drawn before a move: its decision may have closed since
            return None, _stale(game, step), 409
        return None, _not_open(decision_id), 400
    if step > game.step:  # no page showed it: forged or broken, not stale
        return None, _ahead(game, step), 400
    try:
        answer = answer_from_post(decision, request.POST)
        result = services.decision_submit(game_id=game.pk, seat=seat.position,
                                          decision_id=decision_id, answer=answer, step=step)
    except BadForm as exc:
        return None, f"Not accepted: {exc}.", 400
    except Resigned:  # (committed after the check above, before the move's lock)
        return None, RESIGNED, 403
    except StepAhead:  # (the game as this request read it had not moved since the form)
        game.refresh_from_db()
        return None, _ahead(game, step), 400
    except (StaleStep, DecisionClosed):
        game.refresh_from_db()
        return None, _stale(game, step), 409
    except GameError as exc:
        return None, f"Not accepted: {exc.detail}.", 400 if exc.code == "illegal_answer" else 409
    return result, None, 200


def _not_open(decision_id: str) -> str:
    """Why an id unknown at the form's own (current) step is refused: no page ever showed it."""
    shown = decision_id if len(decision_id) <= 40 else decision_id[:40] + "…"
    return (f"Decision {shown!r} is not one of your open decisions in this game, "
            "so nothing was done.")


def _ahead(game: Game, step: int) -> str:
    return (f"Not accepted: step {step} is ahead of the game (at {game.step}); no page showed "
            "it, so nothing was done. Here is the table as it stands now.")


def _stale(game: Game, step: int) -> str:
    return (f"The game moved on since that page was drawn (step {step}, now {game.step}), "
            "so nothing was done. Here is the table as it stands now.")
