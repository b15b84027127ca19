"""The library's OAuth2 routes this site serves under /o/: not the device flow's (the site
speaks the authorization code grant alone: games/api/oauth.py), nor OpenID Connect's or
dynamic registration's, which are off. The token endpoints answer a wrong method in JSON,
as they answer every other error (RFC 6749 §5.2), not with the library's empty 405."""

from __future__ import annotations

from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import URLPattern
from oauth2_provider.urls import base_urlpatterns, management_urlpatterns, metadata_urlpatterns

app_name = "oauth2_provider"
DEVICE_ROUTES = {"device-authorization", "device", "device-confirm", "device-grant-status"}
TOKEN_ROUTES = {"token", "revoke-token", "introspect"}


def _json_405(view: Any) -> Any:
    @wraps(view)
    def answered(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = view(request, *args, **kwargs)
        if response.status_code != 405:
            return response
        allowed = response.get("Allow", "POST")
        refusal = JsonResponse({"error": "invalid_request",
                                "error_description": f"this endpoint takes {allowed} only"},
                               status=405)
        refusal["Allow"] = allowed
        return refusal
    return answered


def _served(route: URLPattern) -> URLPattern:
    if route.name not in TOKEN_ROUTES:
        return route
    return URLPattern(route.pattern, _json_405(route.callback), route.default_args, route.name)


urlpatterns = [_served(route) for route in (*metadata_urlpatterns, *base_urlpatterns,
                                            *management_urlpatterns)
               if route.name not in DEVICE_ROUTES]
