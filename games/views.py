"""Lobby, game summary and profile pages: thin views that check access, then call a service."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import DisallowedHost
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.views import defaults
from django.views.decorators.http import require_POST
from rest_framework.exceptions import Throttled

from games import selectors, services
from games.api.throttles import CreateGameThrottle, create_game_charge, wait_message
from games.exceptions import GameError, TooManyOpenGames
from games.forms import GameCreateForm, ProfileForm, over_quota_page
from games.models import Game, GameStatus


def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers ask for /favicon.ico whatever the page links; send them to the icon."""
    return redirect(static("img/favicon.svg"), permanent=True)


def lobby(request: HttpRequest) -> HttpResponse:
    # the creator's bot badge is read with the game, not once per row
    games = selectors.games_lobby().select_related("creator__bot_account")[:100]
    return render(request, "games/lobby.html", {"games": games})


@login_required
def game_new(request: HttpRequest) -> HttpResponse:
    form = GameCreateForm(request.POST or None)
    refused = over_quota_page(request, form, CreateGameThrottle(), "created games",
                              "games/new.html")
    if refused is not None:
        return refused
    if request.method == "POST" and form.is_valid():
        try:  # counted in the API's quota once accepted (games of bots alone keep workers busy)
            game = services.game_create(creator=request.user, **form.game_kwargs(),
                                        charge=create_game_charge(request.user))
        except Throttled as exc:
            form.add_error(None, wait_message(exc.wait, "created games"))
            return render(request, "games/new.html", {"form": form}, status=429)
        except TooManyOpenGames as exc:  # as the API answers it
            form.add_error(None, exc.detail)
            return render(request, "games/new.html", {"form": form}, status=409)
        except GameError as exc:
            form.add_error(None, exc.detail)
        else:
            messages.success(request, "Game created.")
            return redirect("games:detail", pk=game.pk)
    return render(request, "games/new.html", {"form": form})


def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return render(request, "games/detail.html", _summary_context(request, _visible(request, pk)))


def _visible(request: HttpRequest, pk: int, invite_token: str | None = None) -> Game:
    """The game, or the same 404 whether it is missing or private and not yours to see."""
    game = Game.objects.filter(pk=pk).first()
    if game is None or not (selectors.game_visible_to(game, request.user)
                            or selectors.invite_matches(game, invite_token)):
        raise Http404("No such game.")
    return game


def game_invite(request: HttpRequest, token: str) -> HttpResponse:
    """The private link: shows the table and a join button to whoever holds it."""
    game = get_object_or_404(Game, invite_token=token)
    context = _summary_context(request, game)
    context["invite_token"] = token
    return render(request, "games/detail.html", context)


def _summary_context(request: HttpRequest, game: Game) -> dict:
    seat = selectors.seat_of(game, request.user)
    position = selectors.playing_position(game, request.user)  # (resigned: a spectator)
    seats = selectors.game_seats(game)
    full = not any(s.is_open for s in seats)
    is_open = game.status == GameStatus.OPEN
    view = selectors.game_view(game, position)
    return {
        "game": game,
        "seats": seats,
        "my_seat": seat,
        "view": view,
        "active_name": view["players"][view["turn"]["player"]]["name"] if view else "",
        "my_decisions": selectors.decisions_for(game, position),
        "kingdom_cards": selectors.cards_named(game.kingdom_cards),
        "can_join": is_open and seat is None and not full,
        "can_leave": is_open and seat is not None,
        "can_start": is_open and full and request.user.is_authenticated
        and game.creator_id == request.user.pk,
        "invite_url": request.build_absolute_uri(
            reverse("games:invite", args=[game.invite_token])
        ) if seat is not None and is_open else None,
    }


@login_required
@require_POST
def game_join(request: HttpRequest, pk: int) -> HttpResponse:
    token = request.POST.get("invite_token") or None
    game = _visible(request, pk, invite_token=token)
    try:
        services.seat_join(game=game, user=request.user, invite_token=token)
    except GameError as exc:
        messages.error(request, exc.detail)
        if token:
            return redirect("games:invite", token=token)
    else:
        messages.success(request, "You have a seat.")
    return redirect("games:detail", pk=game.pk)


@login_required
@require_POST
def game_leave(request: HttpRequest, pk: int) -> HttpResponse:
    game = _visible(request, pk)
    try:
        services.seat_leave(game=game, user=request.user)
    except GameError as exc:
        messages.error(request, exc.detail)
        return redirect("games:detail", pk=game.pk)
    messages.success(request, "You left the game.")
    return redirect("games:my_games")


@login_required
@require_POST
def game_start(request: HttpRequest, pk: int) -> HttpResponse:
    game = _visible(request, pk)
    try:
        services.game_start(game=game, user=request.user)
    except GameError as exc:
        messages.error(request, exc.detail)
        return redirect("games:detail", pk=game.pk)
    messages.success(request, "The game has started.")
    return redirect("games:play", pk=game.pk)


MY_GAMES_PAGE = 50


@login_required
def my_games(request: HttpRequest) -> HttpResponse:
    """One page of the user's games, `?page=N` (a bad N gives the nearest page: get_page)."""
    page = Paginator(selectors.games_for_user(request.user), MY_GAMES_PAGE).get_page(
        request.GET.get("page"))
    return render(request, "games/mine.html", {"seats": page, "page": page})


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    prefs = services.preferences_ensure(user=request.user)
    form = ProfileForm(request.POST or None, instance=prefs)
    if request.method == "POST" and form.is_valid():
        services.preferences_update(user=request.user, **form.cleaned_data)
        messages.success(request, "Profile saved.")
        return redirect("profile")
    return render(request, "account/profile.html", {"form": form})


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Django's 400 (a bad Host header, a suspicious request): in the API's JSON shape there."""
    if request.path.startswith("/api/"):
        detail = ("the Host header is missing or not one this site serves"
                  if isinstance(exception, DisallowedHost) else "the request is malformed")
        return JsonResponse({"code": "bad_request", "detail": detail}, status=400)
    return defaults.bad_request(request, exception)
