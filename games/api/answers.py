"""The JSON shape of an answer, per decision kind, checked before the engine sees it.

The engine is forgiving (it reads `{"end": "yes"}` as ending the turn, a bare id as a list);
the API promises the documented shapes only, so a client's typo is a 400 naming `answer`
rather than a move it did not mean. Whether the answer is *legal* stays the engine's call
(422 illegal_answer).
"""

from __future__ import annotations

from typing import Any

CARD_LIST_KINDS = ("PlayAction", "ChooseCards", "Reveal", "OrderCards")
BUY_VERBS = ("play", "buy", "end")


def _is_ref(value: Any) -> bool:
    """A card id (integer) or name (string)."""
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def _card_list(answer: Any) -> str | None:
    if not isinstance(answer, list) or not all(_is_ref(a) for a in answer):
        return "must be a list of card ids or names"
    return None


def _buy_phase(answer: Any) -> str | None:
    if not isinstance(answer, dict) or len(answer) != 1 or next(iter(answer)) not in BUY_VERBS:
        return 'must be one of {"play": [ids] or "all"}, {"buy": "Pile"}, {"end": true}'
    verb, arg = next(iter(answer.items()))
    if verb == "end" and arg is not True:
        return "end must be true"
    if verb == "buy" and not isinstance(arg, str):
        return "buy must be a pile name (a string)"
    if verb == "play" and arg != "all" and _card_list(arg):
        return 'play must be "all" or a list of card ids or names'
    return None


def _option(answer: Any) -> str | None:
    items = answer if isinstance(answer, list) else [answer]
    if not all(_is_ref(a) for a in items):
        return "must be an option key (or a list of keys)"
    return None


def _pile(answer: Any) -> str | None:
    return None if answer is None or isinstance(answer, str) else "must be a pile name or null"


def _name(answer: Any) -> str | None:
    return None if isinstance(answer, str) else "must be a card name (a string)"


CHECKS = {"BuyPhase": _buy_phase, "ChooseOption": _option, "ChoosePile": _pile,
          "NameCard": _name, **{kind: _card_list for kind in CARD_LIST_KINDS}}


def answer_shape_problem(kind: str, answer: Any) -> str | None:
    """Why `answer` is not in `kind`'s documented shape (None: it is)."""
    check = CHECKS.get(kind)
    return check(answer) if check else None
