"""Pages of the social features: plain form POSTs (fetch-friendly), leaderboard, profiles.

Every form works without JavaScript: it redirects back to the game page with a message.
Sent by fetch (X-Requested-With: fetch) the same POST answers JSON instead.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST
from rest_framework.exceptions import Throttled

from games import selectors as game_selectors
from games.api.throttles import create_game_charge, wait_message
from games.exceptions import GameError
from games.forms import whole_number
from games.models import Game, display_name
from games.social import chat, rematch, selectors, undo
from games.social.exceptions import BadRequest, RateLimited
from games.social.models import Pool
from games.social.panel import panel_context

PANEL = "games/social/_panel.html"


def _game(request: HttpRequest, pk: int) -> Game:
    game = Game.objects.filter(pk=pk).first()
    if game is None or not game_selectors.game_visible_to(game, request.user):
        raise Http404("No such game.")  # (the same for a private game: it stays unknown)
    return game


def _back(game: Game) -> str:
    name = "games:play" if game.snapshot else "games:detail"
    return reverse(name, args=[game.pk]) + "#social"


def _is_fetch(request: HttpRequest) -> bool:
    return request.headers.get("X-Requested-With") == "fetch"


def _done(request: HttpRequest, game: Game, error: GameError | None, ok: str = "",
          **data) -> HttpResponse:
    """The answer to a social form: JSON for fetch, else a redirect with a message."""
    if _is_fetch(request):
        status = getattr(error, "status", 409) if error else 200
        return JsonResponse({"ok": error is None, "error": error.detail if error else None,
                             **data}, status=status)
    if error:
        messages.error(request, f"Not done: {error.detail}.")
    elif ok:
        messages.success(request, ok)
    return redirect(_back(game))


def panel(request: HttpRequest, pk: int) -> HttpResponse:
    """The panel alone, for the page's script to refresh after a change."""
    game = _game(request, pk)
    return render(request, PANEL, panel_context(game, request.user))


@require_POST
@login_required
def chat_post(request: HttpRequest, pk: int) -> HttpResponse:
    game = _game(request, pk)
    try:
        message = chat.chat_post(game=game, user=request.user, body=request.POST.get("body"))
    except GameError as exc:
        return _done(request, game, exc)
    return _done(request, game, None, message=chat.message_dict(message))


@require_POST
@login_required
def chat_options(request: HttpRequest, pk: int) -> HttpResponse:
    game = _game(request, pk)
    hidden = request.POST.get("spectator_chat_hidden") == "1"
    try:
        chat.table_options_set(game=game, user=request.user, spectator_chat_hidden=hidden)
    except GameError as exc:
        return _done(request, game, exc)
    return _done(request, game, None, "Saved.")


def _step(raw: str) -> int:
    """A step number as the form writes it (games.forms.whole_number); ValueError otherwise."""
    step = whole_number(raw)
    if step is None:
        raise ValueError(raw)
    return step


def _accepted(request: HttpRequest) -> bool:
    """The Allow / Refuse buttons' answer: "1" or "0". Anything else (the field missing, a
    typo) is refused: read as "not 1" it declined the request or the rematch for good."""
    answer = request.POST.get("accept")
    if answer not in ("0", "1"):
        raise BadRequest("the form is incomplete (accept is 1 or 0); reload the page")
    return answer == "1"


@require_POST
@login_required
def undo_ask(request: HttpRequest, pk: int) -> HttpResponse:
    game = _game(request, pk)
    try:
        to_step, step = _step(request.POST["to_step"]), _step(request.POST["step"])
        done = undo.undo_take_back(game=game, user=request.user, to_step=to_step, step=step)
    except (KeyError, ValueError):
        return _done(request, game, BadRequest("the form is incomplete; reload the page"))
    except GameError as exc:
        return _done(request, game, exc)
    text = "Taken back." if done.status == "applied" else "Asked the other players."
    return _done(request, game, None, text, status=done.status)


@require_POST
@login_required
def undo_answer(request: HttpRequest, pk: int, undo_id: int) -> HttpResponse:
    game = _game(request, pk)
    try:
        done = undo.undo_answer(game=game, user=request.user, undo_id=undo_id,
                                accept=_accepted(request))
    except GameError as exc:
        return _done(request, game, exc)
    return _done(request, game, None, "Answer sent.", status=done.status)


@require_POST
@login_required
def rematch_offer(request: HttpRequest, pk: int) -> HttpResponse:
    game = _game(request, pk)
    try:  # counted in the API's quota once the offer is made (as there)
        offer = rematch.rematch_offer(game=game, user=request.user,
                                      rule=request.POST.get("first_player_rule", "2e"),
                                      charge=create_game_charge(request.user))
    except Throttled as exc:
        told = wait_message(exc.wait, "created games").rstrip(".")  # (_done adds the stop)
        return _done(request, game, RateLimited(told))
    except GameError as exc:
        return _done(request, game, exc)
    if offer.new_game_id and not _is_fetch(request):
        return redirect("games:play", pk=offer.new_game_id)
    return _done(request, game, None, "Rematch offered.", new_game=offer.new_game_id)


@require_POST
@login_required
def rematch_answer(request: HttpRequest, pk: int) -> HttpResponse:
    game = _game(request, pk)
    try:
        offer = rematch.rematch_answer(game=game, user=request.user,
                                       accept=_accepted(request))
    except GameError as exc:
        return _done(request, game, exc)
    if offer.new_game_id and not _is_fetch(request):
        return redirect("games:play", pk=offer.new_game_id)
    return _done(request, game, None, "Answer sent.", new_game=offer.new_game_id)


def leaderboard(request: HttpRequest) -> HttpResponse:
    pool = request.GET.get("pool", Pool.DUEL)
    if pool not in Pool.values:
        pool = Pool.DUEL
    provisional = request.GET.get("provisional") == "1"
    board = selectors.leaderboard_data(pool, provisional)
    return render(request, "games/social/leaderboard.html", {
        "board": board, "pools": Pool.choices, "pool": pool, "provisional": provisional})


def profile(request: HttpRequest, username: str) -> HttpResponse:
    player = selectors.player_named(username)
    if player is None:
        raise Http404("No such player.")
    me = request.user if request.user.is_authenticated else None
    return render(request, "games/social/profile.html", {
        "player": player, "name": display_name(player),
        "profile": selectors.profile(player, viewer=me),
        "muted": bool(me) and selectors.is_muted(me, player), "is_me": me == player})


@require_POST
@login_required
def mute(request: HttpRequest, username: str) -> HttpResponse:
    other = selectors.player_named(username)
    if other is None:
        raise Http404("No such player.")
    muted = request.POST.get("muted") == "1"
    try:
        chat.mute_set(user=request.user, other=other, muted=muted)
    except GameError as exc:
        messages.error(request, f"Not done: {exc.detail}.")
    else:
        messages.success(request, f"{'Muted' if muted else 'Unmuted'} {display_name(other)}.")
    target = request.POST.get("next", "")
    # A path of this site only: redirect() read a bare word ("true") as a view's name (a 500).
    if not target.startswith("/") or not url_has_allowed_host_and_scheme(
            target, allowed_hosts={request.get_host()}):
        target = reverse("social:profile", args=[other.username])
    return HttpResponseRedirect(target)


@login_required
def settings_page(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        chat.preferences_set(user=request.user, notify_chat=request.POST.get("notify_chat") == "1")
        messages.success(request, "Saved.")
        return redirect("social:settings")
    return render(request, "games/social/settings.html", {
        "notify_chat": selectors.chat_notify_on(request.user),
        "mutes": selectors.mutes_of(request.user)})
