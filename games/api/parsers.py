"""The API's JSON parser: a malformed or deeply nested body is a 400, never a 500.

DRF's own parser lets RecursionError through from a body nested a few thousand levels deep.
(A body over DATA_UPLOAD_MAX_MEMORY_SIZE never gets here: games.middleware answers 413, and
so does games.api.exceptions if the request reaches the view some other way.)
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from rest_framework import exceptions, parsers
from rest_framework.settings import api_settings
from rest_framework.utils.json import strict_constant

from games import safejson


class JSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None) -> Any:
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            text = stream.read().decode(encoding)
        except (UnicodeDecodeError, LookupError) as exc:
            raise exceptions.ParseError(f"the body is not valid {encoding}") from exc
        constant = strict_constant if api_settings.STRICT_JSON else None
        try:
            return safejson.loads(text, parse_constant=constant)
        except safejson.BadJson as exc:
            raise exceptions.ParseError(str(exc)) from exc
