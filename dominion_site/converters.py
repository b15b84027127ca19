"""The `<id:...>` path converter: a database id, at most 18 digits.

Django's `<int:...>` takes any number of digits, and a number past the database's 64-bit
integers failed inside the query (SQLite: OverflowError, a 500) instead of finding nothing.
Ids this long are never made, so such a path simply matches no URL: a 404.
"""

from __future__ import annotations

from django.urls import register_converter


class IdConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(IdConverter, "id")
