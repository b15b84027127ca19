"""The profile page's API-token section: create (shown once), name, revoke."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from games.api import selectors, services


@login_required
def tokens(request: HttpRequest) -> HttpResponse:
    created = None
    if request.method == "POST":
        token, raw = services.token_create(user=request.user, name=request.POST.get("name", ""))
        created = {"token": token, "raw": raw}  # rendered once, never stored or redirected
    response = render(request, "api/tokens.html",
                      {"tokens": selectors.tokens_of(request.user), "created": created})
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def token_revoke(request: HttpRequest, token_id: int) -> HttpResponse:
    if services.token_revoke(user=request.user, token_id=token_id):
        messages.success(request, "Token revoked.")
    else:
        messages.error(request, "No such token.")
    return redirect("api:tokens")
