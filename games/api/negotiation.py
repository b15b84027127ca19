"""Content negotiation that refuses an unknown `?format=` as it refuses an unknown Accept.

DRF answers a `format` no renderer has with a 404 (for a game: "no such game or resource"),
which no operation without a path id documents and which misleads: the resource is there, the
format is not. It is the same failure as an Accept header naming no type the API produces, so
it gets the same documented 406 `not_acceptable`, naming the format asked for.
"""

from __future__ import annotations

from rest_framework.exceptions import NotAcceptable
from rest_framework.negotiation import DefaultContentNegotiation


class ContentNegotiation(DefaultContentNegotiation):
    def filter_renderers(self, renderers, format):
        kept = [renderer for renderer in renderers if renderer.format == format]
        if not kept:
            known = ", ".join(sorted({r.format for r in renderers if r.format}))
            raise NotAcceptable(f"no format {format[:40]!r} here: leave `format` out, or use "
                                f"one of {known}")
        return kept
