"""The Dark Ages card data as the command line and the site see it: every card of cards.md
section 4 with its set, cost and types, and the piles each Kingdom card brings."""
from __future__ import annotations

import json

from engine import CARDS
from engine.cli import main
from engine.kingdoms import IMPLEMENTED_SETS, RECOMMENDED, missing_cards

KINGDOM = {
    "Altar": 6, "Armory": 4, "Band of Misfits": 5, "Bandit Camp": 5, "Beggar": 2,
    "Catacombs": 5, "Count": 5, "Counterfeit": 5, "Cultist": 5, "Death Cart": 4, "Feodum": 4,
    "Forager": 3, "Fortress": 4, "Graverobber": 5, "Hermit": 3, "Hunting Grounds": 6,
    "Ironmonger": 4, "Junk Dealer": 5, "Knights": 5, "Marauder": 4, "Market Square": 3,
    "Mystic": 5, "Pillage": 5, "Poor House": 1, "Procession": 4, "Rats": 4, "Rebuild": 5,
    "Rogue": 5, "Sage": 3, "Scavenger": 4, "Squire": 2, "Storeroom": 3, "Urchin": 3,
    "Vagrant": 2, "Wandering Minstrel": 4,
}
OTHERS = {
    "Dame Anna": 5, "Dame Josephine": 5, "Dame Molly": 5, "Dame Natalie": 5, "Dame Sylvia": 5,
    "Sir Bailey": 5, "Sir Destry": 5, "Sir Martin": 4, "Sir Michael": 5, "Sir Vander": 5,
    "Abandoned Mine": 0, "Ruined Library": 0, "Ruined Market": 0, "Ruined Village": 0,
    "Survivors": 0, "Hovel": 1, "Necropolis": 1, "Overgrown Estate": 1, "Spoils": 0,
    "Madman": 0, "Mercenary": 0,
}


def test_the_command_line_lists_every_dark_ages_card(capsys):
    assert main(["cards"]) == 0
    listed = {c["name"]: c for c in json.loads(capsys.readouterr().out)}
    for name, cost in {**KINGDOM, **OTHERS}.items():
        assert listed[name]["set"] == "dark_ages" and listed[name]["cost"] == cost, name
    assert all(listed[name]["kingdom"] for name in KINGDOM)
    assert not any(listed[name]["kingdom"] for name in OTHERS)
    assert {n for n, c in listed.items() if c["set"] == "dark_ages"} == {*KINGDOM, *OTHERS}
    assert not listed["Spoils"]["in_supply"] and listed["Ruined Village"]["in_supply"]
    assert listed["Dame Josephine"]["types"] == ["Action", "Victory", "Attack", "Knight"]
    assert listed["Cultist"]["types"] == ["Action", "Attack", "Looter"]


def test_the_piles_a_kingdom_card_brings():
    for looter in ("Cultist", "Death Cart", "Marauder"):
        assert "Ruins" in CARDS[looter].needs
    for spoiler in ("Bandit Camp", "Marauder", "Pillage"):
        assert "Spoils" in CARDS[spoiler].needs
    assert CARDS["Hermit"].needs == ("Madman",) and CARDS["Urchin"].needs == ("Mercenary",)
    assert CARDS["Rats"].pile_size == 20


def test_every_recommended_kingdom_of_the_implemented_sets_has_all_its_cards():
    usable = [k for k in RECOMMENDED if set(k.sets) <= IMPLEMENTED_SETS]
    assert len(usable) >= 20
    assert [k.name for k in usable if missing_cards(k, CARDS)] == []
