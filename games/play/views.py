"""Notifications, play settings (standing orders, vacation, webhooks), and small actions."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from games import selectors as game_selectors
from games.api.throttles import WebhookSaveThrottle, form_quota_wait, wait_message
from games.exceptions import GameError
from games.models import Game
from games.play import netguard, notify, selectors, services, webhooks
from games.play.forms import StandingOrdersForm, WebhookForm
from games.play.models import Notification


@login_required
def notifications(request: HttpRequest) -> HttpResponse:
    items = list(selectors.notifications_for(request.user))
    return render(request, "play/notifications.html", {"items": items})


@require_GET
def badge(request: HttpRequest) -> HttpResponse:
    """The header's "your turn" badge alone, which every page refetches when the account's
    event stream says one of its games moved (static/js/badge.js)."""
    if not request.user.is_authenticated:
        return HttpResponse("log in to see your games", status=403, content_type="text/plain")
    response = render(request, "play/_badge.html")  # the counts come from play_badge
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def notifications_read(request: HttpRequest) -> HttpResponse:
    Notification.objects.filter(user=request.user, read_at__isnull=True).update(
        read_at=timezone.now())
    return redirect("play:notifications")


# A webhook's secret is shown once, on the page load right after it was made: the POST puts
# it in the session and the next GET takes it out (reloading the page no longer shows it).
NEW_SECRET_KEY = "play_new_webhook_secret"


@login_required
def play_settings(request: HttpRequest) -> HttpResponse:
    orders = services.standing_orders_for(user=request.user, game_id=None)
    form = StandingOrdersForm(request.POST or None, orders=orders)
    if request.method == "POST" and form.is_valid():
        services.standing_orders_set(user=request.user, orders=form.cleaned_data)
        messages.success(request, "Standing orders saved.")
        return redirect("play:settings")
    response = render(request, "play/settings.html", {
        "form": form,
        "webhook_form": WebhookForm(),
        "new_secret": request.session.pop(NEW_SECRET_KEY, None),
        "webhooks": selectors.webhooks_for(request.user),
        "deliveries": selectors.deliveries_for(request.user),
        "vacation": selectors.vacation_status(request.user),
        "taken_over": selectors.taken_over_games(request.user),
    })
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def vacation_toggle(request: HttpRequest) -> HttpResponse:
    try:
        if request.POST.get("on") == "1":
            services.vacation_start(user=request.user)
            messages.success(request, "Vacation on: your clocks are paused in every game.")
        else:
            services.vacation_end(user=request.user)
            messages.success(request, "Welcome back: your clocks run again.")
    except GameError as exc:
        messages.error(request, exc.detail)
    return redirect("play:settings")


@login_required
@require_POST
def webhook_add(request: HttpRequest) -> HttpResponse:
    if _webhook_saves_used_up(request):  # (before the form: over the quota, no lookup)
        return redirect("play:settings")
    form = WebhookForm(request.POST)
    if form.is_valid():
        try:
            hook = webhooks.webhook_create(user=request.user, url=form.cleaned_data["url"])
        except netguard.Refused as exc:  # the host's DNS changed since the form checked it
            messages.error(request, f"This URL cannot be used: {exc}.")
        except webhooks.WebhookRefused as exc:  # the cap, or the account deleted meanwhile
            messages.error(request, f"No webhook added: {exc}.")
        else:
            _show_secret_once(request, hook)
            messages.success(request, "Webhook added. Copy its secret now: it is shown once.")
    else:
        messages.error(request, " ".join(form.errors.get("url", ["Enter a valid URL."])))
    return redirect("play:settings")


@login_required
@require_POST
def webhook_rotate(request: HttpRequest, pk: int) -> HttpResponse:
    if _webhook_saves_used_up(request):
        return redirect("play:settings")
    hook = webhooks.webhook_rotate(user=request.user, webhook_id=pk)
    if hook is None:
        raise Http404("No such webhook.")
    _show_secret_once(request, hook)
    messages.success(request, "New secret made; the old one no longer signs. It is shown once.")
    return redirect("play:settings")


def _webhook_saves_used_up(request: HttpRequest) -> bool:
    """Count this save in the account's `webhook_save` quota; over it, say when to try again."""
    wait = form_quota_wait(request.user, WebhookSaveThrottle())
    if wait is None:
        return False
    messages.error(request, "Nothing saved. " + wait_message(wait, "saved webhooks"))
    return True


def _show_secret_once(request: HttpRequest, hook) -> None:
    request.session[NEW_SECRET_KEY] = {"id": hook.pk, "url": hook.url, "secret": hook.secret}


@login_required
@require_POST
def webhook_delete(request: HttpRequest, pk: int) -> HttpResponse:
    webhooks.webhook_delete(user=request.user, webhook_id=pk)
    return redirect("play:settings")


@login_required
@require_POST
def game_orders(request: HttpRequest, pk: int) -> HttpResponse:
    """This game's standing orders (or, with clear=1, back to the player's defaults)."""
    game = _my_game(request, pk)
    if request.POST.get("clear"):
        services.standing_orders_clear(user=request.user, game_id=game.pk)
    else:
        form = StandingOrdersForm(request.POST)
        if not form.is_valid():  # (it said "saved" and kept the old orders)
            problems = "; ".join(f"{field}: {' '.join(errors)}"
                                 for field, errors in form.errors.items())
            messages.error(request, f"Standing orders not saved: {problems}"[:300])
            return redirect("games:detail", pk=game.pk)
        try:
            services.standing_orders_set(user=request.user, orders=form.cleaned_data,
                                         game_id=game.pk)
        except GameError as exc:  # (they resigned: the bot plays the seat, orders or none)
            messages.error(request, f"Standing orders not saved: {exc.detail}")
            return redirect("games:detail", pk=game.pk)
    messages.success(request, "Standing orders for this game saved.")
    return redirect("games:detail", pk=game.pk)


@login_required
@require_POST
def take_back(request: HttpRequest, pk: int) -> HttpResponse:
    game = _my_game(request, pk)
    try:
        services.seat_take_back(game_id=game.pk, user=request.user)
        messages.success(request, "Your seat is yours again.")
    except GameError as exc:
        messages.error(request, exc.detail)
    return redirect("games:detail", pk=game.pk)


@login_required
@require_POST
def presence(request: HttpRequest, pk: int) -> HttpResponse:
    """Heartbeat from the game page: this player has the game open (no turn emails)."""
    game = _my_game(request, pk)
    services.presence_touch(request.user, game.pk)
    return HttpResponse(status=204)


@csrf_exempt  # RFC 8058 one-click POSTs come from mail clients; the signed token is the key
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """The link in every email: no login needed, the signed token names the player."""
    user_id = notify.unsubscribe_user_id(token)
    user = get_user_model().objects.filter(pk=user_id).first() if user_id else None
    if user is None:
        raise Http404("This unsubscribe link is not valid.")
    done = request.method == "POST"
    if done:
        prefs = notify.prefs_of(user)
        prefs.email_on_turn = False
        prefs.email_daily_digest = False
        prefs.save(update_fields=["email_on_turn", "email_daily_digest"])
    return render(request, "play/unsubscribe.html", {"done": done, "who": user.username})


def _my_game(request: HttpRequest, pk: int) -> Game:
    game = get_object_or_404(Game, pk=pk)
    if game_selectors.seat_of(game, request.user) is None:
        raise Http404("You have no seat in this game.")
    return game
