"""The profile page's API-token section: create (shown once), name, revoke."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from games.api import selectors, services
from games.api.models import SCOPES


@login_required
def tokens(request: HttpRequest) -> HttpResponse:
    created = None
    if request.method == "POST":
        try:
            token, raw = services.token_create(
                user=request.user, name=request.POST.get("name", ""),
                # a form without the scope boxes (older pages, scripts) means every scope
                scopes=request.POST.getlist("scopes") if "scopes_shown" in request.POST
                else None,
                expires_at=_expiry(request.POST.get("expires_days", "")))
            created = {"token": token, "raw": raw}  # rendered once, never stored or redirected
        except ValueError as exc:
            messages.error(request, str(exc))
    response = render(request, "api/tokens.html", {
        "tokens": selectors.tokens_of(request.user), "created": created, "scopes": SCOPES,
        "expiries": EXPIRY_DAYS})
    response["Cache-Control"] = "no-store"
    return response


EXPIRY_DAYS = [(7, "a week"), (30, "30 days"), (90, "90 days"), (365, "a year")]


def _expiry(raw: str) -> datetime | None:
    """The expiry chosen on the form: one of EXPIRY_DAYS, or never (anything else)."""
    days = {str(d): d for d, _ in EXPIRY_DAYS}.get(raw)
    return timezone.now() + timedelta(days=days) if days else None


@login_required
@require_POST
def token_revoke(request: HttpRequest, token_id: int) -> HttpResponse:
    if services.token_revoke(user=request.user, token_id=token_id):
        messages.success(request, "Token revoked.")
    else:
        messages.error(request, "No such token.")
    return redirect("api:tokens")
