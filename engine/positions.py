"""Scripted positions: a game built from explicit zones, then a list of answers.

Used by `python -m engine play FILE.json` and by the golden tests in tests/engine/positions/.
The format is documented in docs/positions.md.
"""
from __future__ import annotations

from typing import Any

from .cardbase import canonical
from .cards import CARDS
from .game import Game
from .player import Player
from .setup import new_game, supply_counts

ZONES = {"hand": "hand", "deck": "deck", "discard": "discard", "in_play": "play",
         "set_aside": "aside"}


def build(position: dict) -> Game:
    """A game in exactly the position described; the turn begins as given."""
    players = position.get("players") or [{}, {}]
    setup = {"players": len(players), "kingdom": position.get("kingdom", []),
             "edition": position.get("edition", 2),
             "card_editions": position.get("card_editions", {}),
             "names": [p.get("name", f"Player {i + 1}") for i, p in enumerate(players)],
             "first_player": 0, "extra_piles": position.get("extra_piles", []),
             "autoplay_treasures": position.get("autoplay_treasures", [])}
    g = new_game(setup, position.get("seed", "position"))
    dealt = {pile: [g.names[c] for c in ids] for pile, ids in g.piles.items()}
    g.names, g.trash_pile, g.log = [], [], []
    counts = supply_counts(g.setup)
    counts["Copper"] -= 7 * len(players)  # the starting decks came out of the Copper pile
    wanted = {canonical(k): v for k, v in position.get("supply", {}).items()}
    for pile in g.piles:
        g.piles[pile] = _cards(g, _pile_cards(pile, wanted.get(pile), counts, dealt[pile]))
    g.players = [Player(name) for name in setup["names"]]
    for pl, spec in zip(g.players, players):
        for key, zone in ZONES.items():
            cards = _cards(g, spec.get(key, []))
            if key == "deck":
                cards.reverse()  # given top first; stored with the top last
            setattr(pl, zone, cards)
    g.trash_pile = _cards(g, position.get("trash", []))
    g._open.clear()
    _start_turn(g, position.get("turn", {}))
    g._derive()
    g._base = ("state", _snapshot(g))
    g._since = []
    g._advance()
    return g


def _pile_cards(pile: str, want: Any, counts: dict, dealt: list[str]) -> list[str]:
    """A pile's cards, bottom first: listed (top first), counted, or as dealt.

    A mixed pile (Knights, Ruins) given as a count keeps the top cards the deal gave it (all
    of them when the count is larger: a mixed pile has only the cards it was dealt).
    """
    if isinstance(want, list):
        return [canonical(n) for n in reversed(want)]
    if CARDS[pile].members:
        n = len(dealt) if want is None else want
        return dealt[max(len(dealt) - n, 0):] if n else []
    return [pile] * (want if want is not None else counts.get(pile, len(dealt)))


def _cards(g: Game, names: list[str]) -> list[int]:
    names = [canonical(n) for n in names]
    start = len(g.names)
    g.names.extend(names)
    return list(range(start, start + len(names)))


def _start_turn(g: Game, turn: dict) -> None:
    g.turn_no = 0
    g._begin_turn(turn.get("player", 0))
    g.phase = turn.get("phase", "action")
    for key in ("actions", "buys", "coins", "cost_reduction", "actions_played"):
        if key in turn:
            setattr(g, key, turn[key])


def _snapshot(g: Game) -> dict:
    state = g.state_dict()
    state["secret"] = g.secret
    return state


def run(position: dict) -> tuple[Game, list[dict]]:
    """Build the position and apply its answers; returns the game and all events."""
    g = build(position)
    events: list[dict] = []
    for step in position.get("answers", []):
        seat, did, answer = _unpack(g, step)
        events += g.answer(seat, did, answer)
    return g, events


def _unpack(g: Game, step: Any) -> tuple[int, str, Any]:
    """An answer is [seat, answer] (that seat's first open decision) or [seat, id, answer]."""
    if isinstance(step, dict):
        seat, answer, did = step["seat"], step["answer"], step.get("id")
    elif len(step) == 3:
        seat, did, answer = step
    else:
        (seat, answer), did = step, None
    if did is None:
        mine = [d for d in g.pending() if d.seat == seat]
        if not mine:
            raise ValueError(f"seat {seat} has no open decision")
        did = mine[0].id
    return seat, did, answer


def report(g: Game) -> dict:
    """The full state (every zone, in order) and the open decisions, for golden files."""
    names = g.names
    return {
        "turn": {"player": g.active, "phase": g.phase, "actions": g.actions, "buys": g.buys,
                 "coins": g.coins},
        "players": [{
            "hand": [names[c] for c in p.hand], "deck": [names[c] for c in reversed(p.deck)],
            "discard": [names[c] for c in p.discard], "in_play": [names[c] for c in p.play],
            "set_aside": [names[c] for c in p.aside], "looking": [names[c] for c in p.looking],
        } for p in g.players],
        "supply": {pile: len(cards) for pile, cards in g.piles.items()},
        "trash": [names[c] for c in g.trash_pile],
        "pending": [d.to_dict() for d in g.pending()],
        "over": g.over,
        "result": g.result,
    }
