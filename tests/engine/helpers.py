"""A small API for engine tests: build a position, answer decisions, read zones by name.

Positions are built with `engine.positions.build`, the same code `python -m engine play` uses,
so a test reads like the rulebook example it checks:

    g = position(seat(hand=["Militia", "Copper"]), seat(hand=["Copper"] * 5),
                 kingdom=["Militia"])
    play(g, "Militia")
    answer(g, 1, ["Copper", "Copper"])
    assert zone(g, 1, "hand") == ["Copper"] * 3

Answers are structured (card ids or card names, pile names, option keys), never UI strings.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine import IllegalAnswer, loads
from engine.decisions import Decision
from engine.game import Game
from engine.positions import build

# ----- building ---------------------------------------------------------------------------


def seat(hand=(), deck=(), discard=(), in_play=(), set_aside=(), name: str | None = None) -> dict:
    """One player's zones by card name; `deck` is listed top first, `discard` bottom first."""
    spec: dict[str, Any] = {"hand": list(hand), "deck": list(deck), "discard": list(discard),
                            "in_play": list(in_play), "set_aside": list(set_aside)}
    if name is not None:
        spec["name"] = name
    return spec


def spec(*players: dict, kingdom=(), edition: int = 2, card_editions: dict | None = None,
         supply: dict | None = None, trash=(), turn: dict | None = None,
         seed: str = "test-seed", extra_piles=(), autoplay_treasures=()) -> dict:
    """The position as JSON-ready data (the format of docs/positions.md); `extra_piles` adds
    non-Kingdom piles (Spoils, Ruins...), `autoplay_treasures` the seats with that order."""
    return {"kingdom": list(kingdom), "edition": edition,
            "card_editions": dict(card_editions or {}),
            "players": list(players) or [seat(), seat()], "supply": dict(supply or {}),
            "trash": list(trash), "turn": dict(turn or {}), "seed": seed,
            "extra_piles": list(extra_piles), "autoplay_treasures": list(autoplay_treasures)}


def position(*players: dict, **kw: Any) -> Game:
    """A game in exactly the position described; seat 0 is active unless `turn` says not."""
    return build(spec(*players, **kw))


# ----- reading ----------------------------------------------------------------------------


def zone(g: Game, p: int | None, name: str) -> list[str]:
    """Card names in a zone: "hand", "deck" (top first), "discard" (top last), "in_play",
    "set_aside", "looking", or with p=None "trash" or a pile name (top last)."""
    if p is None:
        ids = g.trash_pile if name == "trash" else g.piles[name]
        return [g.names[c] for c in ids]
    pl = g.players[p]
    ids = {"in_play": pl.play, "set_aside": pl.aside, "deck": pl.deck[::-1]}.get(name)
    if ids is None:
        ids = getattr(pl, name)
    return [g.names[c] for c in ids]


def count(g: Game, pile: str) -> int:
    return len(g.piles[pile])


def owned(g: Game, p: int) -> Counter:
    """Every card the player has, by name."""
    return Counter(g.names[c] for c in g.players[p].all_cards())


def total_cards(g: Game) -> int:
    """Every card in the game, wherever it is (this never changes)."""
    n = sum(len(pile) for pile in g.piles.values()) + len(g.trash_pile)
    return n + sum(len(pl.all_cards()) for pl in g.players)


def open_kinds(g: Game) -> list[tuple[int, str]]:
    return sorted((d.seat, d.kind) for d in g.pending())


def waiting(g: Game) -> list[int]:
    return sorted({d.seat for d in g.pending()})


def events(g: Game, kind: str, since: int = 0) -> list[dict]:
    """Unredacted log events of one kind."""
    return [e for e in g.log_for(-1, since) if e["type"] == kind]


# ----- answering --------------------------------------------------------------------------


def decision(g: Game, p: int | None = None, kind: str | None = None,
             card: str | None = None) -> Decision:
    """The one open decision matching the filters (seat, kind, source card)."""
    found = [d for d in g.pending()
             if (p is None or d.seat == p) and (kind is None or d.kind == kind)
             and (card is None or d.source == card)]
    assert len(found) == 1, f"expected one open decision for seat={p} kind={kind}: {found}"
    return found[0]


def answer(g: Game, p: int, ans: Any, kind: str | None = None,
           card: str | None = None) -> list[dict]:
    """Answer the open decision of seat `p` (filtered by kind or source card if several)."""
    d = decision(g, p, kind, card)
    return g.answer(p, d.id, ans)


def offered(g: Game, p: int | None = None, kind: str | None = None) -> list[str]:
    """What the open decision offers: card names, pile names or option keys."""
    d = decision(g, p, kind)
    c = d.to_dict()
    if "cards" in c:
        return [x["name"] for x in c["cards"]]
    if "piles" in c:
        return [x["name"] for x in c["piles"]]
    if "options" in c:
        return [x["key"] for x in c["options"]]
    return list(c.get("names", []))


def play(g: Game, card: str | int) -> list[dict]:
    """The active player plays an Action card from hand in their Action phase."""
    return answer(g, g.active, [card], kind="PlayAction")


def to_buy_phase(g: Game) -> list[dict]:
    return answer(g, g.active, [], kind="PlayAction")


def treasures(g: Game, which: Any = "all") -> list[dict]:
    return answer(g, g.active, {"play": which}, kind="BuyPhase")


def buy(g: Game, pile: str) -> list[dict]:
    return answer(g, g.active, {"buy": pile}, kind="BuyPhase")


def end_turn(g: Game) -> list[dict]:
    """End the Buy phase (playing an empty Action phase first if needed)."""
    if any(d.kind == "PlayAction" for d in g.pending()):
        to_buy_phase(g)
    return answer(g, g.active, {"end": True}, kind="BuyPhase")


def illegal(g: Game, p: int, did: str, ans: Any) -> str:
    """Assert the answer is refused with IllegalAnswer and the game is byte-identical."""
    before = g.state_dict()
    saved = g.dumps()
    with pytest.raises(IllegalAnswer) as err:
        g.answer(p, did, ans)
    assert g.state_dict() == before
    assert g.dumps() == saved
    return str(err.value)


def reload(g: Game) -> Game:
    """Save and load the game (possibly in the middle of a card)."""
    return loads(g.dumps())
