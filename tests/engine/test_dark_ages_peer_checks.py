"""Dark Ages cross-card cases found while checking the engine against a peer engine's unit
tests (dwagon/pydominion): each is judged by seed 004 and cards.md section 4, and each was
not covered by the other test_dark_ages_*.py files. The peer's own single-card assertions all
hold here already (or the peer follows a later errata: see the audit report).
"""
from __future__ import annotations

from tests.engine.helpers import (
    answer,
    buy,
    decision,
    offered,
    open_kinds,
    owned,
    play,
    position,
    seat,
    to_buy_phase,
    treasures,
    zone,
)

K = ["Pillage", "Beggar", "Market Square", "Procession", "Band of Misfits", "Squire", "Militia",
     "Altar", "Village", "Moat"]


def test_beggar_discarded_first_takes_the_victim_below_pillages_five_cards():
    """Beggar: "you may first discard this" (before the Attack resolves); Pillage then hits
    only "each other player with 5 or more cards in hand": the four left are safe."""
    g = position(seat(hand=["Pillage"]), seat(hand=["Beggar", "Gold", "Gold", "Gold", "Gold"]),
                 kingdom=K)
    play(g, "Pillage")
    answer(g, 1, ["Beggar"])
    assert open_kinds(g) == [(0, "BuyPhase")]
    assert zone(g, 1, "hand") == ["Gold"] * 4
    assert zone(g, 1, "deck") == ["Silver"] and zone(g, 1, "discard") == ["Beggar", "Silver"]
    assert zone(g, 0, "discard") == ["Spoils", "Spoils"]


def test_hovel_trashed_when_buying_a_victory_card_lets_market_square_take_a_gold():
    """Hovel: "When you buy a Victory card, you may trash this from your hand"; Market Square:
    "When one of your cards is trashed, you may discard this from your hand to gain a Gold"."""
    g = position(seat(hand=["Hovel", "Market Square", "Gold", "Gold", "Gold"]), seat(), kingdom=K)
    to_buy_phase(g)
    treasures(g)
    buy(g, "Province")
    assert decision(g, 0).source == "Hovel"
    answer(g, 0, "trash")
    assert decision(g, 0).source == "Market Square"
    answer(g, 0, "discard")
    assert zone(g, None, "trash") == ["Hovel"]
    assert owned(g, 0)["Gold"] == 4 and owned(g, 0)["Market Square"] == 1


def test_procession_on_band_of_misfits_as_squire_gains_an_attack_then_a_six_dollar_action():
    """Band of Misfits (004): played as a card that "does something when trashed ... and that
    thing happens, Band of Misfits will do that": trashed as Squire it gains an Attack card.
    Procession then gains an Action costing exactly $1 more than the card in the trash, which
    is a Band of Misfits again ($5), and the trash ability comes first (004, Procession)."""
    g = position(seat(hand=["Procession", "Band of Misfits"]), seat(), kingdom=K)
    play(g, "Procession")
    answer(g, 0, ["Band of Misfits"])
    answer(g, 0, "Squire")
    answer(g, 0, "actions")
    answer(g, 0, "buys")  # the second play is a Squire again, asked nothing more
    assert zone(g, None, "trash") == ["Band of Misfits"]
    d = decision(g, 0, "ChoosePile")
    assert d.source == "Squire" and "Militia" in offered(g, 0) and "Squire" not in offered(g, 0)
    answer(g, 0, "Militia")
    assert decision(g, 0, "ChoosePile").source == "Procession"
    assert offered(g, 0) == ["Altar"]
    answer(g, 0, "Altar")
    assert zone(g, 0, "discard") == ["Militia", "Altar"]
    assert g.actions == 2 and g.buys == 3 and g.coins == 2
