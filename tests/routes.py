"""Every route of the site, read from the URL resolver: the tests that walk them all cover a
new route without listing it."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, get_resolver


def all_routes(patterns=None, prefix: str = "") -> list[tuple[str, URLPattern]]:
    """(the route's full pattern text, its URLPattern), for every route."""
    out: list[tuple[str, URLPattern]] = []
    for p in patterns if patterns is not None else get_resolver().url_patterns:
        if isinstance(p, URLResolver):
            out += all_routes(p.url_patterns, prefix + str(p.pattern))
        elif isinstance(p, URLPattern):
            out.append((prefix + str(p.pattern), p))
    return out
