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


# Scripts whose letters are drawn like Latin ones: a name mixing them is how "аlice" (a
# Cyrillic "а") passes for "alice" (Unicode TS #39 calls it mixed-script spoofing).
LOOK_ALIKE_SCRIPTS = frozenset({"LATIN", "CYRILLIC", "GREEK", "ARMENIAN", "CHEROKEE"})
# Cyrillic and Greek letters that read as a Latin one, for names written wholly in one of those
# scripts to look like a Latin name ("асе"): a subset of Unicode's confusables, the letters
# of the common fonts.
_AS_LATIN = str.maketrans(
    "аАВсСеЕНіІјЈКМоОрРѕЅТхХуУԁһԛԝӏӀ"  # Cyrillic
    "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧοιντυχ",  # Greek
    "aABcCeEHiIjJKMoOpPsSTxXyYdhqwlI"
    "ABEZHIKMNOPTYXoivtux")


def script_of(ch: str) -> str | None:
    """A letter's script as its Unicode name starts ("LATIN SMALL LETTER A"); None for
    anything that is not a letter."""
    if not ch.isalpha():
        return None
    return unicodedata.name(ch, "").split(" ", 1)[0] or None


def mixed_scripts(name: str) -> list[str]:
    """The look-alike scripts `name`'s letters are drawn from, when more than one."""
    scripts = {script_of(ch) for ch in name} & LOOK_ALIKE_SCRIPTS
    return sorted(scripts) if len(scripts) > 1 else []


def as_latin(name: str) -> str:
    """`name` with its Cyrillic and Greek look-alikes of Latin letters made Latin."""
    return name.translate(_AS_LATIN)


def readings(name: str) -> list[str]:
    """What `name` may be read as: itself, and its Latin look-alike when that differs. A
    name is taken when any reading is another account's name."""
    latin = as_latin(name)
    return [name] if latin == name else [name, latin]


def mixed_scripts_message(scripts: list[str]) -> str:
    return (f"A name cannot mix {' and '.join(s.title() for s in scripts)} letters: some of "
            f"them look alike, so such a name can pass for another.")
