"""Naming a card (Wishing Well, Mystic, Rebuild): any printed card's name may be named, in
the game or not, in the Supply or not."""
from __future__ import annotations

from ..cardbase import REGISTRY
from ..decisions import NameCard


def nameable_cards() -> list[str]:
    """Every printed card name. A pile that is not itself a card (the Ruins pile) is left out;
    "Knights" is a printed card (the randomizer), so it stays, though no individual Knight is
    named "Knights"."""
    return sorted(n for n, c in REGISTRY.items() if c.is_kingdom or not c.members)


def name_a_card(g, p, source: str):
    """Ask `p` to name a card; the name is public (logged)."""
    named = yield NameCard(p, nameable_cards(), "Name a card", source=source)
    g.note("name", p, {"card": named, "by": source})
    return named


def name_then_reveal(g, p, source: str):
    """Name a card, then reveal the top card of your deck; if you named it, put it into your
    hand (else it stays on top)."""
    named = yield from name_a_card(g, p, source)
    top = g.top(p, 1)
    if not top:
        return
    g.reveal(p, top, "top of deck")
    if g.names[top[0]] == named:
        g.to_hand(p, top[0], "deck")
