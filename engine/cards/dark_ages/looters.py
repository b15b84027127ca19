"""The Dark Ages cards that hand out Ruins and take Spoils: Cultist, Death Cart and Marauder
(the Looters, which bring the Ruins pile), Pillage and Bandit Camp (Spoils), and Urchin
(Mercenary).

Attacks here let the victims react before anything of the card happens (the rulebook's
example: Beggar is revealed before Cultist draws), so they call `g.attack(p, me, None)` first
and then follow the text. Ruins and Spoils go out in turn order from the player's left, each
taking the top card, until the pile runs out. Rulings: seed 004 and cards.md section 4.
"""
from __future__ import annotations

from ...cardbase import ACTION, ATTACK, LOOTER
from ...decisions import ChooseCards, ChooseOption
from ..intrigue.common import choose_from_hand
from .common import gain_ruins, hand_of, kingdom, of_type

# ----- Looters: each brings the Ruins pile -------------------------------------------------


def _cultist(g, p, me):
    """Ruins in turn order; then another Cultist from hand may be played (no Action used)."""
    victims = yield from g.attack(p, me, None)
    g.draw(p, 2)
    for v in victims:
        yield from gain_ruins(g, v)
    cultists = [c for c in hand_of(g, p) if g.names[c] == "Cultist"]
    if cultists:
        chosen = yield ChooseCards(p, cultists, 0, 1, "You may play a Cultist from your hand",
                                   source="Cultist")
        if chosen:
            yield from g.play(p, chosen[0])


def _cultist_trashed(g, p, me):
    """On anyone's turn, whoever's card trashed it; cards set aside as revealed (a Knight's
    attack) are not in the deck, so they are not drawn."""
    g.draw(p, 3)
    return
    yield  # pragma: no cover - makes this a generator


kingdom("Cultist", 5, ACTION | ATTACK | LOOTER, effect=_cultist,
        triggers={"trash": _cultist_trashed}, needs=("Ruins",),
        text="+2 Cards. Each other player gains a Ruins. You may play a Cultist from your "
             "hand. When you trash this, +3 Cards.")


def _death_cart(g, p, me):
    """Trashing an Action that then leaves the trash (Fortress) still counts as trashing one.
    A second play (Throne Room) finds Death Cart gone from play: nothing more is trashed."""
    actions = of_type(g, hand_of(g, p), ACTION)
    chosen = []
    if actions:
        chosen = yield ChooseCards(p, actions, 0, 1, "You may trash an Action card from your "
                                   "hand; if you don't, Death Cart is trashed",
                                   source="Death Cart")
    if chosen and (yield from g.trash(p, chosen)):
        return
    yield from g.trash(p, [me], "play")


def _death_cart_gained(g, p, me):
    """However it is gained, on anyone's turn: the top two Ruins, as many as are left."""
    for _ in range(2):
        yield from gain_ruins(g, p)


kingdom("Death Cart", 4, ACTION | LOOTER, plus_coins=5, effect=_death_cart,
        triggers={"gain": _death_cart_gained}, needs=("Ruins",),
        text="+$5. You may trash an Action card from your hand. If you don't, trash this. "
             "When you gain this, gain 2 Ruins.")


def _marauder(g, p, me):
    """The Spoils first (none if the pile is empty), then the Ruins in turn order."""
    victims = yield from g.attack(p, me, None)
    yield from g.gain(p, "Spoils")
    for v in victims:
        yield from gain_ruins(g, v)


kingdom("Marauder", 4, ACTION | ATTACK | LOOTER, effect=_marauder, needs=("Spoils", "Ruins"),
        text="Gain a Spoils from the Spoils pile. Each other player gains a Ruins.")

# ----- Spoils -------------------------------------------------------------------------------


def _pillage(g, p, me):
    """2017 text: nothing depends on the trash, so a second play (Throne Room) fails to trash
    Pillage but attacks again and gains 2 more Spoils."""
    victims = yield from g.attack(p, me, None)
    yield from g.trash(p, [me], "play")
    for v in victims:
        yield from _pillage_victim(g, p, v)
    for _ in range(2):
        yield from g.gain(p, "Spoils")


def _pillage_victim(g, p, v):
    hand = hand_of(g, v)
    if len(hand) < 5:
        return
    g.reveal(v, list(hand), "hand")
    pick = hand[0]
    if len({g.names[c] for c in hand}) > 1:
        pick = (yield ChooseCards(p, list(hand), 1, 1,
                                  f"Which card does {g.players[v].name} discard?",
                                  zone="revealed", source="Pillage"))[0]
    g.discard(v, [pick], public=True)


kingdom("Pillage", 5, ACTION | ATTACK, effect=_pillage, needs=("Spoils",),
        text="Trash this. Each other player with 5 or more cards in hand reveals their hand "
             "and discards a card that you choose. Gain 2 Spoils from the Spoils pile.")


def _bandit_camp(g, p, me):
    """The card is drawn first (its + bonuses); no Spoils when the pile is empty."""
    yield from g.gain(p, "Spoils")


kingdom("Bandit Camp", 5, ACTION, plus_cards=1, plus_actions=2, effect=_bandit_camp,
        needs=("Spoils",),
        text="+1 Card, +2 Actions. Gain a Spoils from the Spoils pile.")

# ----- Urchin -------------------------------------------------------------------------------


def _urchin(g, p, me):
    victims = yield from g.attack(p, me, None)
    g.draw(p, 1)
    yield from g.together([_discard_down_to(g, v, 4) for v in victims])


def _discard_down_to(g, v, n: int):
    excess = len(hand_of(g, v)) - n
    if excess > 0:
        out = yield from choose_from_hand(g, v, excess, f"Discard {excess} card(s), down to {n}",
                                          "Urchin")
        g.discard(v, out)


def _urchin_sees_attack(g, p, me, attack):
    """Before another Attack resolves (never the same Urchin played again): trash this for a
    Mercenary, none if the pile is empty."""
    if me not in g.players[p].play:
        return
    ans = yield ChooseOption(p, ["trash", "keep"], ["Trash Urchin, gain a Mercenary", "Keep it"],
                             f"You play {g.names[attack]}: first trash Urchin to gain a "
                             "Mercenary?", source="Urchin")
    if ans == "trash" and (yield from g.trash(p, [me], "play")):
        yield from g.gain(p, "Mercenary")


kingdom("Urchin", 3, ACTION | ATTACK, plus_actions=1, effect=_urchin,
        triggers={"play_attack": _urchin_sees_attack}, needs=("Mercenary",),
        text="+1 Card, +1 Action. Each other player discards down to 4 cards in hand. When you "
             "play another Attack card with this in play, you may first trash this, to gain a "
             "Mercenary from the Mercenary pile.")
