"""Every HTTP answer of the ASGI application carries the security headers, the Content-Security-
Policy included, even one given before the middleware that sets them (dominion_site.
security_headers): Django's handler's own 400 (an undecodable request) and 413, and the 400
SecurityMiddleware gives a bad Host when it checks it to redirect to HTTPS."""

from __future__ import annotations

import asyncio

import pytest
from django.core.exceptions import RequestDataTooBig
from django.core.handlers.asgi import ASGIHandler

from dominion_site.asgi_handler import SyncChainASGIHandler
from dominion_site.security_headers import SecurityHeaders
from tests.asgi_request import asgi_request

pytestmark = pytest.mark.django_db(transaction=True)

POLICY = "Content-Security-Policy"
SECURITY = (POLICY, "X-Content-Type-Options", "Referrer-Policy", "Cross-Origin-Opener-Policy",
            "X-Frame-Options")


@pytest.fixture(autouse=True)
def _enforced(settings) -> None:
    settings.CONTENT_SECURITY_POLICY_ENFORCE = True


def _call(app, path: str = "/", *, method: str = "GET", host: bytes = b"testserver",
          query: bytes = b"", body: bytes = b"", headers: tuple = (),
          scheme: str = "http") -> tuple[int, dict[str, str]]:
    """One request through an ASGI app: its status and headers (names as sent)."""
    sent = asyncio.run(asgi_request(app, path, method=method, host=host, query=query, body=body,
                                    headers=headers, scheme=scheme))
    start = sent[0]
    names = [name.decode("latin1") for name, _ in start["headers"]]
    assert len({n.lower() for n in names}) == len(names), names  # no header twice
    return start["status"], {name.decode("latin1"): value.decode("latin1")
                             for name, value in start["headers"]}


def _secured(headers: dict[str, str]) -> None:
    missing = [name for name in SECURITY if name not in headers]
    assert not missing, (missing, headers)
    assert "script-src 'self'" in headers[POLICY]


def test_the_sites_application_adds_them_to_the_handlers_own_400():
    """A query string that is not UTF-8: Django's ASGI handler answers 400 itself."""
    from dominion_site.asgi import application

    status, headers = _call(application, query=b"page=%ff\xff")

    assert status == 400
    _secured(headers)


def test_the_handlers_own_413_carries_them(monkeypatch):
    """Django's handler answers 413 itself when building the request finds the body too
    large (ASGIHandler.create_request), before any middleware."""
    def too_big(*args, **kwargs):
        raise RequestDataTooBig("Request body exceeded settings.DATA_UPLOAD_MAX_MEMORY_SIZE.")

    monkeypatch.setattr(ASGIHandler, "request_class", too_big)
    status, headers = _call(SecurityHeaders(SyncChainASGIHandler()), "/accounts/login/",
                            method="POST", body=b"a=1")

    assert status == 413
    _secured(headers)


def test_a_body_over_the_limit_is_a_413_with_them(settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 100
    body = b"login=" + b"a" * 500
    status, headers = _call(
        SecurityHeaders(SyncChainASGIHandler()), "/accounts/login/", method="POST", body=body,
        headers=((b"content-type", b"application/x-www-form-urlencoded"),
                 (b"content-length", str(len(body)).encode())))

    assert status == 413
    _secured(headers)


def test_a_form_body_over_the_limit_without_a_content_length_is_a_413_too(settings):
    """Sent chunked (no Content-Length), the body is found too large only when read: the
    site's forms said 400 there, as the API did not (docs/security.md: 413 everywhere)."""
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 100
    status, headers = _call(
        SecurityHeaders(SyncChainASGIHandler()), "/accounts/login/", method="POST",
        body=b"login=" + b"a" * 500,
        headers=((b"content-type", b"application/x-www-form-urlencoded"),))

    assert status == 413
    _secured(headers)


@pytest.mark.parametrize("host", [b"evil.example", b""], ids=["foreign", "empty"])
def test_a_bad_host_refused_by_the_https_redirect_carries_them(settings, host):
    """SecurityMiddleware, first in the stack, reads the Host to redirect to HTTPS; a bad one
    is answered 400 right there, above the middleware that sets the policy."""
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_HSTS_SECONDS = 3600

    status, headers = _call(SecurityHeaders(SyncChainASGIHandler()), host=host)
    secure_status, secure_headers = _call(SecurityHeaders(SyncChainASGIHandler()), host=host,
                                          scheme="https")

    assert status == 400 and headers["Content-Type"].startswith("text/html")
    _secured(headers)
    assert "Strict-Transport-Security" not in headers  # (plain HTTP: SecurityMiddleware's rule)
    assert secure_status == 400
    _secured(secure_headers)
    assert secure_headers["Strict-Transport-Security"] == "max-age=3600"


@pytest.mark.parametrize("path", ["/", "/api/v1/cards/", "/api/v1/docs/", "/static/js/game.js"])
def test_an_answer_the_middleware_saw_is_left_as_it_was(path):
    """Nothing added or changed where the middleware did its work (the API's JSON and its
    HTML docs keep going without a policy)."""
    from games.static_files import StaticFiles

    plain = StaticFiles(SyncChainASGIHandler())
    varying = {"Date", "RateLimit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "Set-Cookie",
               "Last-Modified"}

    status, headers = _call(plain, path)
    wrapped_status, wrapped = _call(SecurityHeaders(plain), path)

    assert status == wrapped_status < 500, path
    if path.startswith("/static/"):  # (files skip the middleware: the wrapper adds the rest)
        assert set(wrapped) - set(headers) == {"Referrer-Policy", "Cross-Origin-Opener-Policy",
                                               "X-Frame-Options"}
        return
    assert {k: v for k, v in wrapped.items() if k not in varying} == \
        {k: v for k, v in headers.items() if k not in varying}
    assert (POLICY in wrapped) == (path == "/")
