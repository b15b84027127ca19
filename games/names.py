"""The form a display name is kept in, shared by the profile form and the migration that
brought names saved before these rules into line (one definition, so they cannot drift)."""

from __future__ import annotations

import unicodedata

HIDDEN_CATEGORIES = ("Cc", "Cf")  # control characters; format ones (bidi, zero-width)


def normal(name: str) -> str:
    """NFKC, surrounding whitespace stripped: fullwidth "ａｌｉｃｅ" is "alice", as Django
    keeps usernames, so the database can compare the two kinds of name."""
    return unicodedata.normalize("NFKC", name).strip()


def hidden_character(name: str) -> str | None:
    """The first character of `name` a reader cannot see, if any."""
    return next((ch for ch in name if unicodedata.category(ch) in HIDDEN_CATEGORIES), None)
