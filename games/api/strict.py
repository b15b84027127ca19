"""Strict input: a body or query parameter the docs do not allow is a 400 naming the field.

DRF is lenient by default: it ignores unknown fields and coerces "0" to 0, "yes" to True and
5 to "5". A client written from the schema would never send those, so accepting them only
hides bugs (a misspelt `stpe` silently ignored). Every request serializer of the API derives
from StrictSerializer; query parameters go through the helpers below.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rest_framework import serializers
from rest_framework.request import Request

from games.api.exceptions import ApiError

MAX_INT = 2**31 - 1
# Unknown fields named in a refusal: a body of a hundred thousand made a reply twice its size
# and took seconds to build (a body is up to 2.5 MB).
MAX_NAMED = 20


def _type_problem(field: serializers.Field, value: Any) -> str | None:
    """Why `value` is not of the JSON type `field` documents (None: it is)."""
    if value is None or getattr(field, "lenient_type", False):
        return None  # allow_null is the field's own business
    if isinstance(field, serializers.BooleanField):
        return None if isinstance(value, bool) else "Must be a JSON boolean (true or false)."
    if isinstance(field, serializers.IntegerField) or _int_choices(field):
        ok = isinstance(value, int) and not isinstance(value, bool)
        return None if ok else "Must be a JSON integer, not a string or a boolean."
    if isinstance(field, serializers.ChoiceField | serializers.CharField):
        return None if isinstance(value, str) else "Must be a JSON string."
    return None


def _int_choices(field: serializers.Field) -> bool:
    choices = getattr(field, "choices", None)
    return bool(choices) and all(isinstance(k, int) for k in choices)


class StrictSerializer(serializers.Serializer):
    """Unknown fields and values of the wrong JSON type are refused, each by name."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            errors = _unknown(name for name in data if name not in self.fields)
            for name, field in self.fields.items():
                if name in data and not field.read_only:
                    problem = _too_long(field, data[name]) or _type_problem(field, data[name])
                    if problem:
                        errors[name] = [problem]
                    elif isinstance(field, serializers.ListField) and isinstance(
                            data[name], list):
                        errors.update(_list_problems(name, field.child, data[name]))
            if errors:
                raise serializers.ValidationError(errors)
        return super().to_internal_value(data)


def _too_long(field: serializers.Field, value: Any) -> str | None:
    """A list over its field's max_length, refused before each item is looked at: DRF judges
    every item first, and 250,000 of them took most of a second (a body is up to 2.5 MB)."""
    limit = getattr(field, "max_length", None)
    if isinstance(field, serializers.ListField) and limit is not None and isinstance(
            value, list) and len(value) > limit:
        return f"Ensure this field has no more than {limit} elements."
    return None


def _unknown(names: Iterable[str]) -> dict[str, list[str]]:
    """Unknown fields, each by name up to MAX_NAMED; the rest counted in one line."""
    names = list(names)
    errors = {name: ["Unknown field."] for name in names[:MAX_NAMED]}
    if len(names) > MAX_NAMED:
        errors["non_field_errors"] = [f"and {len(names) - MAX_NAMED} more unknown fields"]
    return errors


def _list_problems(name: str, child: serializers.Field, items: list) -> dict[str, list[str]]:
    for index, item in enumerate(items):
        problem = _type_problem(child, item)
        if problem:
            return {name: [f"Item {index}: {problem}"]}
    return {}


def no_body(request: Request) -> None:
    """For endpoints that take no body: `{}` or nothing, anything else is a 400."""
    data = request.data
    if data in (None, {}, b"", "") or (hasattr(data, "keys") and not list(data.keys())):
        return
    if not isinstance(data, dict):
        raise ApiError("invalid_request", "the body: this endpoint takes no body fields", 400,
                       errors={"body": ["Must be empty."]})
    names = sorted(data)
    more = f" and {len(names) - MAX_NAMED} more" if len(names) > MAX_NAMED else ""
    raise ApiError("invalid_request",
                   f"{', '.join(names[:MAX_NAMED])}{more}: this endpoint takes no body fields",
                   400, errors=_unknown(names))


# --- query parameters ------------------------------------------------------------------------


def int_param(request: Request, name: str, default: int, *, minimum: int = 0,
              maximum: int = MAX_INT) -> int:
    """A whole-number query parameter within [minimum, maximum]; else 400 naming it."""
    raw = request.query_params.get(name)
    if raw is None:
        return default
    # (the length first: int() of more than 4,300 digits, leading zeros too, raised a 500)
    digits = raw.lstrip("0") or "0"
    if (not raw.isascii() or not raw.isdigit() or len(digits) > len(str(maximum))
            or not minimum <= int(digits) <= maximum):
        raise ApiError("invalid_parameter",
                       f"{name} must be a whole number from {minimum} to {maximum}", 400)
    return int(digits)


def bool_param(request: Request, name: str) -> bool:
    raw = request.query_params.get(name, "false")
    if raw not in ("true", "false", "1", "0"):
        raise ApiError("invalid_parameter", f"{name} must be true or false", 400)
    return raw in ("true", "1")


def choice_param(request: Request, name: str, choices: Iterable[str],
                 default: str | None = None) -> str | None:
    """A parameter that must be one of `choices` (a known set slug, a filter...)."""
    raw = request.query_params.get(name)
    if raw is None:
        return default
    allowed = list(choices)
    if raw not in allowed:
        raise ApiError("invalid_parameter", f"{name} must be one of {', '.join(allowed)}", 400)
    return raw
