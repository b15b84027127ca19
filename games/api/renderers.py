"""The browsable API's HTML without the one thing the site's Content-Security-Policy refuses.

DRF's page puts Pygments' stylesheet for highlighted Markdown code in an inline style block, which
`style-src 'self'` blocks (a CSP report on every page in production). The site renders no
Markdown, so no code is highlighted and the stylesheet styles nothing: it is left out."""

from __future__ import annotations

from typing import Any

from rest_framework import renderers


class BrowsableAPIRenderer(renderers.BrowsableAPIRenderer):
    def get_context(self, data: Any, accepted_media_type: str, renderer_context: dict) -> dict:
        context = super().get_context(data, accepted_media_type, renderer_context)
        context["code_style"] = None
        return context
