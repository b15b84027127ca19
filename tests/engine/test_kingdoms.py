"""Tests for engine.kingdoms: the recommended-set data and random Kingdom selection."""
from __future__ import annotations

import difflib
import random
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

from engine.kingdoms import (
    IMPLEMENTED_SETS,
    RECOMMENDED,
    SET_ORDER,
    SOURCES,
    Kingdom,
    by_name,
    missing_cards,
    random_kingdom,
)

# Kingdom card names exactly as spelled in /work/shared/cards.md (§2, §3, §4).
BASE_BOTH = frozenset({
    "Bureaucrat", "Cellar", "Chapel", "Council Room", "Festival", "Gardens", "Laboratory",
    "Library", "Market", "Militia", "Mine", "Moat", "Moneylender", "Remodel", "Smithy",
    "Throne Room", "Village", "Witch", "Workshop",
})
BASE_1E_ONLY = frozenset({"Adventurer", "Chancellor", "Feast", "Spy", "Thief", "Woodcutter"})
BASE_2E_ONLY = frozenset({
    "Artisan", "Bandit", "Harbinger", "Merchant", "Poacher", "Sentry", "Vassal",
})
INTRIGUE_BOTH = frozenset({
    "Baron", "Bridge", "Conspirator", "Courtyard", "Duke", "Harem", "Ironworks", "Masquerade",
    "Mining Village", "Minion", "Nobles", "Pawn", "Shanty Town", "Steward", "Swindler",
    "Torturer", "Trading Post", "Upgrade", "Wishing Well",
})
INTRIGUE_1E_ONLY = frozenset({
    "Coppersmith", "Great Hall", "Saboteur", "Scout", "Secret Chamber", "Tribute",
})
INTRIGUE_2E_ONLY = frozenset({
    "Courtier", "Diplomat", "Lurker", "Mill", "Patrol", "Replace", "Secret Passage",
})
DARK_AGES = frozenset({
    "Altar", "Armory", "Band of Misfits", "Bandit Camp", "Beggar", "Catacombs", "Count",
    "Counterfeit", "Cultist", "Death Cart", "Feodum", "Forager", "Fortress", "Graverobber",
    "Hermit", "Hunting Grounds", "Ironmonger", "Junk Dealer", "Knights", "Marauder",
    "Market Square", "Mystic", "Pillage", "Poor House", "Procession", "Rats", "Rebuild",
    "Rogue", "Sage", "Scavenger", "Squire", "Storeroom", "Urchin", "Vagrant",
    "Wandering Minstrel",
})
BASE = BASE_BOTH | BASE_1E_ONLY | BASE_2E_ONLY
INTRIGUE = INTRIGUE_BOTH | INTRIGUE_1E_ONLY | INTRIGUE_2E_ONLY
SET_OF = {**{n: "base" for n in BASE}, **{n: "intrigue" for n in INTRIGUE},
          **{n: "dark_ages" for n in DARK_AGES}}
ONLY_1E = BASE_1E_ONLY | INTRIGUE_1E_ONLY
ONLY_2E = BASE_2E_ONLY | INTRIGUE_2E_ONLY

CARDS_MD = Path(__file__).resolve().parents[3] / "shared" / "cards.md"


@dataclass(frozen=True)
class FakeCard:
    """Just the attributes random_kingdom reads; keeps these tests off the engine registry."""

    name: str
    set: str
    editions: tuple[int, ...] = (1, 2)
    is_kingdom: bool = True


def _editions(name: str) -> tuple[int, ...]:
    if name in ONLY_1E:
        return (1,)
    if name in ONLY_2E:
        return (2,)
    return (1, 2)


def fake_pool() -> list[FakeCard]:
    pool = [FakeCard(n, SET_OF[n], _editions(n)) for n in sorted(SET_OF)]
    pool += [
        FakeCard("Copper", "base", (1, 2), is_kingdom=False),
        FakeCard("Sir Martin", "dark_ages", (1, 2), is_kingdom=False),
        FakeCard("Necropolis", "dark_ages", (1, 2), is_kingdom=False),
    ]
    return pool


def _cards_md_kingdom_names() -> set[str]:
    """Names in the first column of the Kingdom tables of cards.md §2, §3 and §4."""
    text = CARDS_MD.read_text(encoding="utf-8")
    start = text.index("## 2.")
    end = text.index("### 4a.")
    names = set()
    for line in text[start:end].splitlines():
        if not line.startswith("| ") or line.startswith("| Name") or line.startswith("|---"):
            continue
        first = line.split("|")[1].strip()
        names.add(re.sub(r"\s*\(.*\)$", "", first))
    return names


# --- the recommended data --------------------------------------------------------------

def test_every_recommended_kingdom_has_ten_distinct_cards():
    for k in RECOMMENDED:
        assert len(k.cards) == 10, k.name
        assert len(set(k.cards)) == 10, k.name


def test_recommended_names_are_unique_even_ignoring_case():
    names = [k.name for k in RECOMMENDED]
    assert len(names) == len(set(names))
    assert len({n.casefold() for n in names}) == len(names)


def test_kingdom_counts_per_rulebook():
    assert Counter(k.source for k in RECOMMENDED) == {"000": 38, "001": 5, "002": 6, "004": 23}
    assert {k.source for k in RECOMMENDED} <= set(SOURCES)


def test_hardcoded_card_names_match_cards_md():
    assert CARDS_MD.exists(), "the shared card reference must sit beside the repository"
    assert _cards_md_kingdom_names() == BASE | INTRIGUE | DARK_AGES


def test_hardcoded_name_lists_have_the_printed_sizes():
    assert len(BASE) == 32 and len(BASE - BASE_2E_ONLY) == 25 and len(BASE - BASE_1E_ONLY) == 26
    assert len(INTRIGUE) == 32 and len(INTRIGUE - INTRIGUE_2E_ONLY) == 25
    assert len(DARK_AGES) == 35


def test_implemented_set_cards_are_spelled_as_in_cards_md():
    known = set(SET_OF)
    for k in RECOMMENDED:
        # A misspelt Base/Intrigue/Dark Ages name would look like a foreign card:
        # no foreign card may be a near-miss of a known name.
        for card in k.cards:
            if card in known:
                continue
            assert card.casefold() not in {n.casefold() for n in known}, (k.name, card)
            assert not difflib.get_close_matches(card, known, n=1, cutoff=0.85), (k.name, card)
        # Sets made only of implemented expansions must use only known names.
        if set(k.sets) <= IMPLEMENTED_SETS:
            assert set(k.cards) <= known, (k.name, set(k.cards) - known)


def test_declared_sets_match_the_cards_used():
    for k in RECOMMENDED:
        used = {SET_OF[c] for c in k.cards if c in SET_OF}
        assert set(k.sets) & IMPLEMENTED_SETS == used, k.name
        assert set(k.sets) <= set(SET_ORDER), k.name
        assert list(k.sets) == sorted(k.sets, key=SET_ORDER.index), k.name
        # every declared foreign set contributes at least one card
        foreign = [c for c in k.cards if c not in SET_OF]
        assert bool(foreign) == bool(set(k.sets) - IMPLEMENTED_SETS), k.name


def test_editions_fit_the_cards_used():
    for k in RECOMMENDED:
        if k.edition == 1:
            assert not set(k.cards) & ONLY_2E, k.name
        elif k.edition == 2:
            assert not set(k.cards) & ONLY_1E, k.name
        else:
            assert not set(k.sets) & {"base", "intrigue"}, k.name


def test_rulebook_editions():
    for k in RECOMMENDED:
        if k.source == "000":
            assert k.edition == 2
        elif k.source in ("001", "002"):
            assert k.edition == 1


def test_first_game_second_edition():
    k = by_name("First Game")
    assert sorted(k.cards) == [
        "Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel", "Smithy",
        "Village", "Workshop",
    ]
    assert (k.source, k.edition, k.sets) == ("000", 2, ("base",))


def test_first_game_first_edition_uses_woodcutter():
    k = by_name("First Game (1st edition)")
    assert set(k.cards) == set(by_name("First Game").cards) - {"Merchant"} | {"Woodcutter"}
    assert (k.source, k.edition) == ("001", 1)


def test_required_names_are_present():
    for name in [
        "First Game", "First Game (1st edition)", "Big Money", "Interaction",
        "Size Distortion", "Village Square", "Deck Top", "Sleight of Hand", "Improvements",
        "Silver & Gold", "Victory Dance", "Secret Schemes", "Best Wishes", "Deconstruction",
        "Hand Madness", "Underlings", "Grand Scheme", "Grim Parade",
        "Playing Chess With Death", "High and Low", "Chivalry and Revelry", "Prophecy",
        "Invasion",
    ]:
        assert by_name(name).name == name


def test_same_name_in_two_rulebooks_keeps_both_versions():
    for plain, other, source in [
        ("Underlings", "Underlings (Intrigue 1st edition)", "002"),
        ("Deconstruction", "Deconstruction (Intrigue 1st edition)", "002"),
        ("Size Distortion", "Size Distortion (1st edition)", "001"),
    ]:
        assert by_name(plain).source == "000"
        assert by_name(other).source == source
        assert set(by_name(plain).cards) != set(by_name(other).cards)


def test_dark_ages_rulebook_reprints_two_dominion_sets_unchanged():
    for name in ("High and Low", "Chivalry and Revelry"):
        assert set(by_name(name).cards) == set(by_name(f"{name} (Dark Ages)").cards)
        assert by_name(f"{name} (Dark Ages)").source == "004"


def test_intrigue_first_edition_sets_printed_cards():
    assert set(by_name("Underlings (Intrigue 1st edition)").cards) == {
        "Baron", "Cellar", "Festival", "Library", "Masquerade", "Minion", "Nobles", "Pawn",
        "Steward", "Witch",
    }
    assert set(by_name("Deconstruction (Intrigue 1st edition)").cards) == {
        "Bridge", "Mining Village", "Remodel", "Saboteur", "Secret Chamber", "Spy", "Swindler",
        "Thief", "Throne Room", "Torturer",
    }


def test_only_all_dark_ages_sets_say_shelters():
    for k in RECOMMENDED:
        assert k.options.get("shelters", False) == (k.sets == ("dark_ages",)), k.name
    assert by_name("Grim Parade").options == {"shelters": True}


def test_printed_extra_setup_is_recorded():
    assert by_name("The Jester's Workshop").options == {"bane": "Merchant"}
    assert by_name("Level Up").options == {"events": ("Training",)}
    assert by_name("Silver Bullets").options == {
        "landmarks": ("Aqueduct",), "events": ("Conquest",),
    }
    assert by_name("It Takes a Villager").options == {"projects": ("Road Network",)}
    assert by_name("Pony Express").options["ways"] == ("Way of the Seal",)
    assert len(by_name("Night Shift").options["druid_boons"]) == 3


def test_knights_pile_is_one_kingdom_name():
    assert "Knights" in by_name("Grim Parade").cards
    assert not any(c.startswith(("Sir ", "Dame ")) for k in RECOMMENDED for c in k.cards)


def test_foreign_expansion_sets_are_stored_and_flagged():
    k = by_name("Reach for Tomorrow")
    assert k.sets == ("base", "seaside")
    assert not k.uses_only_implemented_sets
    assert by_name("Prophecy").uses_only_implemented_sets


# --- Kingdom and by_name ---------------------------------------------------------------

def test_kingdom_is_hashable_and_stores_tuples():
    k = Kingdom("Custom", ["Village", "Smithy"], "custom", ["base"])
    assert k.cards == ("Village", "Smithy") and k.sets == ("base",)
    assert hash(k) == hash(Kingdom("Custom", ("Village", "Smithy"), "custom", ("base",)))
    assert len(set(RECOMMENDED)) == len(RECOMMENDED)


def test_kingdom_rejects_a_repeated_card():
    with pytest.raises(ValueError, match="twice"):
        Kingdom("Bad", ("Village", "Village"), "custom", ("base",))


def test_by_name_ignores_case_and_curly_apostrophes():
    assert by_name("the king\u2019s army").name == "The King's Army"
    assert by_name("  silver &   gold ").name == "Silver & Gold"


def test_by_name_unknown_raises_keyerror_with_close_names():
    with pytest.raises(KeyError, match="Underlings"):
        by_name("Underling")
    with pytest.raises(KeyError, match="Grim Parade"):
        by_name("Grim Parad")
    with pytest.raises(KeyError):
        by_name("No Such Kingdom At All")


# --- random_kingdom --------------------------------------------------------------------

def test_random_kingdom_is_deterministic_for_a_seed():
    pool = fake_pool()
    a = random_kingdom(random.Random(42), pool)
    b = random_kingdom(random.Random(42), list(reversed(pool)))
    assert a == b
    assert len(a) == 10 and len(set(a)) == 10
    assert random_kingdom(random.Random(43), pool) != a


def test_random_kingdom_samples_from_the_name_sorted_list():
    pool = fake_pool()
    names = sorted({c.name for c in pool if c.is_kingdom})
    assert random_kingdom(random.Random(7), pool) == random.Random(7).sample(names, 10)


def test_random_kingdom_skips_non_kingdom_cards():
    for seed in range(30):
        picked = random_kingdom(random.Random(seed), fake_pool(), count=20)
        assert not {"Copper", "Sir Martin", "Necropolis"} & set(picked)


def test_random_kingdom_filters_by_set():
    for seed in range(20):
        picked = random_kingdom(random.Random(seed), fake_pool(), sets=["dark_ages"])
        assert set(picked) <= DARK_AGES
    picked = random_kingdom(random.Random(1), fake_pool(), sets="intrigue")
    assert set(picked) <= INTRIGUE


def test_random_kingdom_filters_by_edition():
    for seed in range(20):
        first = random_kingdom(random.Random(seed), fake_pool(), sets=["base"], editions=[1])
        assert set(first) <= BASE_BOTH | BASE_1E_ONLY
        second = random_kingdom(random.Random(seed), fake_pool(), sets=["base", "intrigue"],
                                editions=(2,))
        assert not set(second) & ONLY_1E
    every = random_kingdom(random.Random(0), fake_pool(), sets=["base"], editions=[1, 2],
                           count=len(BASE))
    assert set(every) == BASE


def test_random_kingdom_honours_exclude_and_count():
    pool = fake_pool()
    exclude = sorted(BASE_BOTH)[:5]
    picked = random_kingdom(random.Random(3), pool, sets=["base"], editions=[2],
                            exclude=exclude, count=21)
    assert set(picked) == (BASE_BOTH | BASE_2E_ONLY) - set(exclude)
    assert random_kingdom(random.Random(3), pool, count=0) == []
    assert len(random_kingdom(random.Random(3), pool, count=3)) == 3


def test_random_kingdom_counts_a_name_once():
    pool = [FakeCard("Village", "base", (1,)), FakeCard("Village", "base", (2,))]
    pool += [FakeCard(f"Card {i}", "base") for i in range(9)]
    assert sorted(random_kingdom(random.Random(0), pool)) == sorted(
        {"Village"} | {f"Card {i}" for i in range(9)}
    )


def test_random_kingdom_raises_when_too_few_cards_qualify():
    with pytest.raises(ValueError, match="only 7 kingdom card"):
        random_kingdom(random.Random(0), fake_pool(), sets=["base"], editions=[2],
                       exclude=sorted(BASE_BOTH))
    with pytest.raises(ValueError, match="need 36"):
        random_kingdom(random.Random(0), fake_pool(), sets=["dark_ages"], count=36)
    with pytest.raises(ValueError, match="only 0"):
        random_kingdom(random.Random(0), fake_pool(), sets=["seaside"])
    with pytest.raises(ValueError):
        random_kingdom(random.Random(0), fake_pool(), count=-1)


# --- missing_cards ---------------------------------------------------------------------

def test_missing_cards_lists_unknown_piles_in_kingdom_order():
    known = set(SET_OF)
    assert missing_cards(by_name("Prophecy"), known) == []
    assert missing_cards(by_name("Reach for Tomorrow"), known) == [
        "Cutpurse", "Ghost Ship", "Lookout", "Sea Hag", "Treasure Map",
    ]
    assert missing_cards("First Game", BASE_BOTH | BASE_1E_ONLY) == ["Merchant"]


def test_missing_cards_includes_the_bane():
    k = by_name("The Jester's Workshop")
    assert "Merchant" in missing_cards(k, set(k.cards))
    assert "Merchant" not in missing_cards(k, BASE)


def test_every_recommended_set_with_only_implemented_sets_is_fully_known():
    for k in RECOMMENDED:
        if k.uses_only_implemented_sets:
            assert missing_cards(k, SET_OF) == [], k.name
