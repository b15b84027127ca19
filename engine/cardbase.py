"""Card definitions: printed data plus the effect that makes a card read like its text."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

ACTION = 1
TREASURE = 2
VICTORY = 4
CURSE = 8
ATTACK = 16
REACTION = 32
RUINS = 64
SHELTER = 128
KNIGHT = 256
LOOTER = 512

TYPE_NAMES = (
    (ACTION, "Action"), (TREASURE, "Treasure"), (VICTORY, "Victory"), (CURSE, "Curse"),
    (ATTACK, "Attack"), (REACTION, "Reaction"), (RUINS, "Ruins"), (SHELTER, "Shelter"),
    (KNIGHT, "Knight"), (LOOTER, "Looter"),
)

BASE = "base"
INTRIGUE = "intrigue"
DARK_AGES = "dark_ages"

Effect = Callable[..., Any]


@dataclass(frozen=True, slots=True)
class CardDef:
    """One printed card. Edition-specific behaviour lives in `effect1` (1st edition)."""

    name: str
    cost: int
    type_bits: int
    set: str
    editions: tuple[int, ...] = (1, 2)
    text: str = ""
    text1: str = ""
    plus_cards: int = 0
    plus_actions: int = 0
    plus_buys: int = 0
    plus_coins: int = 0
    coins: int = 0
    vp: int = 0
    effect: Effect | None = None
    effect1: Effect | None = None
    score: Callable[[list[str]], int] | None = None
    # Extra coins when this Treasure is played, from turn-wide effects (Merchant, Coppersmith).
    bonus: Callable[..., int] | None = None
    in_supply: bool = True
    is_kingdom: bool = True
    pile_size: int | None = None
    # Triggers stored as data: "gain", "buy", "trash", "discard_from_play" → generator
    # fn(g, player, card_id); "hand_gain", "hand_buy" → fn(g, player, card_id, subject_id) for
    # a card in hand watching its owner's gains/buys; "hand_trash" → fn(g, player, card_id,
    # trashed_ids) once per trashing; "play_attack" → fn(g, player, card_id, attack_id) for a
    # card in play when its owner plays another Attack (Urchin).
    triggers: dict[str, Effect] = field(default_factory=dict)
    # Reaction to another player's Attack: generator fn(g, player, card_id, attacker);
    # it returns True when its owner is now unaffected by the Attack.
    reaction: Effect | None = None
    reaction_ready: Callable[..., bool] | None = None
    # Revealing a second copy against the same Attack adds nothing (Moat): not offered again.
    reaction_once: bool = False
    # The same card may be revealed again to one Attack while it is ready (Diplomat: again
    # while the hand still holds 5 or more; each reveal leaves one card fewer, so it ends).
    reaction_repeats: bool = False
    # A split pile (Knights, Ruins) names its member cards; the pile itself is not a card.
    members: tuple[str, ...] = ()
    # Non-kingdom piles this card brings into the game (Spoils, Madman, Ruins...).
    needs: tuple[str, ...] = ()

    @property
    def types(self) -> tuple[str, ...]:
        return tuple(n for bit, n in TYPE_NAMES if self.type_bits & bit)

    def is_(self, bits: int) -> bool:
        return bool(self.type_bits & bits)

    def effect_for(self, edition: int) -> Effect | None:
        if edition == 1 and self.effect1 is not None:
            return self.effect1
        return self.effect

    def text_for(self, edition: int) -> str:
        return self.text1 if edition == 1 and self.text1 else self.text


REGISTRY: dict[str, CardDef] = {}

# Later printings' names for the same card: accepted wherever a card name is, stored as printed.
ALIASES: dict[str, str] = {"Farm": "Harem"}


def canonical(name: str) -> str:
    """The registry's name for `name` (a later printing's name resolves to the card)."""
    return ALIASES.get(name, name)


def card(name: str, cost: int, types: int, sets: str, **kw: Any) -> CardDef:
    """Define a card and register it under its printed name."""
    if name in REGISTRY:
        raise ValueError(f"card {name!r} defined twice")
    c = CardDef(name=name, cost=cost, type_bits=types, set=sets, **kw)
    REGISTRY[name] = c
    return c

