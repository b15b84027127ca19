"""Refuse hostile requests on every endpoint, before any view runs.

- A body over DATA_UPLOAD_MAX_MEMORY_SIZE: 413. Django checks the limit only when a view
  reads the body, so an endpoint that ignores its body would accept any size and one that
  reads it would answer 400; this answers 413 everywhere. (A chunked body, with no
  Content-Length, is still caught when it is read: games.api.exceptions maps it to 413.)
- A NUL character in the path, the query string or a form's fields: 400. No parameter,
  path or form field of ours can contain one, and PostgreSQL refuses it in text (a 500 if it
  reached a query: an invite link, a token's name, the OAuth endpoints' client id). JSON
  bodies are the API's parser's to refuse.

Under /api/ the answer is JSON in the API's error shape.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.cache import patch_cache_control

from games.api import oauth


class RequestLimits:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if limit is not None and length > limit:
            return refusal(request, 413, "payload_too_large",
                           f"the request body is larger than {limit} bytes")
        if "\x00" in request.path:
            return refusal(request, 400, "invalid_request", "a path cannot contain NUL characters")
        if _has_nul(request.GET):
            return refusal(request, 400, "invalid_parameter",
                           "query parameters cannot contain NUL characters")
        try:
            nul_in_form = _form_has_nul(request)
        except RequestDataTooBig:  # a body sent without a Content-Length, read past the limit
            return refusal(request, 413, "payload_too_large",
                           f"the request body is larger than {limit} bytes")
        if nul_in_form:
            return refusal(request, 400, "invalid_request",
                           "form fields cannot contain NUL characters")
        return self.get_response(request)


FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")


def _form_has_nul(request: HttpRequest) -> bool:
    """(Only the site's forms: the API reads JSON, whose parser refuses NUL itself.)"""
    if (request.method != "POST" or request.content_type not in FORMS
            or request.path.startswith("/api/")):
        return False
    return _has_nul(request.POST)  # (a malformed body raises here: Django answers it 400)


def _has_nul(fields) -> bool:
    return any("\x00" in key or any("\x00" in value for value in fields.getlist(key))
               for key in fields)


def refusal(request: HttpRequest, status: int, code: str, detail: str) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse({"code": code, "detail": detail}, status=status)
    title = "Request body too large" if status == 413 else "Bad request"
    return HttpResponse(f"<h1>{title} ({status})</h1><p>{detail[:1].upper()}{detail[1:]}.</p>",
                        status=status)


class SyncChain:
    """Last in MIDDLEWARE and sync only, so that under ASGI the whole stack runs sync.

    Django runs a middleware that can do both in the mode of the one below it, and the bottom
    of an ASGI stack is async: so each of them handed its process_request and process_response
    to a thread and back (about fifteen thread hand-offs a request; py-spy: ~10% of a loaded
    web process). With this at the bottom they all run sync in the request's thread: one
    hand-off in, one out to the view. Nothing else changes.
    """

    sync_capable = True
    async_capable = False

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)


class ContentSecurityPolicy:
    """A Content-Security-Policy on every HTML page: scripts only from our own static files.

    The site's pages have no inline script or event handler, so an injected `<script>` or
    `onerror=` would not run even if some text slipped through escaping; no style attribute
    or style element either (CSS can read a page too: attribute selectors that load a URL per
    character). Scripts may still set styles through the DOM. Forms post only to the site
    (`form-action 'self'`: an injected form cannot send a password elsewhere), but for the
    OAuth2 pages whose form ends at an app's callback: there the callback's origin is added
    (games.api.oauth.callback_origin). The API's HTML docs (Swagger UI,
    Redoc) start from inline scripts and show no user content: they go without. A response
    that sets its own policy keeps it. `CONTENT_SECURITY_POLICY=""` turns it off. In
    production mode it is enforced; on a development server only reported
    (`-Report-Only`), so that browser tools which add inline scripts keep working there.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        policy = policy_header(request.path, response.get("Content-Type", ""))
        if policy and policy[0] not in response:
            header, value = policy
            origin = oauth.callback_origin(request) if response.status_code == 200 else None
            response[header] = form_action_widened(value, origin) if origin else value
        return response


POLICY_HEADERS = ("Content-Security-Policy", "Content-Security-Policy-Report-Only")
POLICY_EXEMPT = ("/api/v1/docs/", "/api/v1/redoc/")


def policy_header(path: str, content_type: str) -> tuple[str, str] | None:
    """The site's policy header (name, value) for a response of that type to that path, or
    None. (Also dominion_site.security_headers's rule, for answers no middleware saw.)"""
    policy = settings.CONTENT_SECURITY_POLICY
    if not policy or not content_type.startswith("text/html") or path.startswith(POLICY_EXEMPT):
        return None
    return (POLICY_HEADERS[0] if settings.CONTENT_SECURITY_POLICY_ENFORCE else POLICY_HEADERS[1],
            policy)


def form_action_widened(policy: str, origin: str) -> str:
    """The policy with `origin` let into its `form-action` (if it has one that lets any in)."""
    directives = [directive.strip() for directive in policy.split(";")]
    for number, directive in enumerate(directives):
        name, _, sources = directive.partition(" ")
        if name.lower() == "form-action" and "'none'" not in sources.split():
            directives[number] = f"{directive} {origin}"
    return "; ".join(directive for directive in directives if directive)


class PrivateWhenSignedIn:
    """`Cache-Control: private` on every answer to a request that carries credentials (a
    session cookie or an `Authorization` header), so that no shared cache (a proxy, a CDN)
    stores a page or an API answer that shows one player's hand, decisions, tokens or private
    games and serves it to someone else. Django and DRF send no Cache-Control of their own,
    and the API's answers vary only on `Accept`. A response without one also gets `no-cache`:
    the browser may keep it but asks again each time (an ETag still saves the body). One that
    says `no-store` already keeps it; anonymous requests are left alone (public pages)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (request.META.get("HTTP_AUTHORIZATION")
                or settings.SESSION_COOKIE_NAME in request.COOKIES):
            directives = response.get("Cache-Control", "")
            if "no-store" in directives:
                return response
            if not directives:
                patch_cache_control(response, no_cache=True)
            patch_cache_control(response, private=True)
        return response
