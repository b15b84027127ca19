"""Recommended Kingdoms printed in the rulebooks, and random Kingdom selection.

Pure data and pure functions: no Django, no I/O and no module-level randomness, so the
engine, the site and the tests can all import this safely. Randomness always comes from
a caller-supplied `random.Random`, which keeps games reproducible from a seed.

Sources (rulebook ids, as in /work/shared/seeds/):
    000  Dominion, 2nd edition rulebook (2021), incl. "Dominion & X" sets for every expansion
    001  Dominion, 1st edition rulebook
    002  Dominion: Intrigue, 1st edition rulebook
    004  Dominion: Dark Ages rulebook (2017 printing)

Naming: when a name is printed in more than one rulebook, the Dominion 2nd edition
(000) set keeps the plain name and the other one gets a suffix naming its rulebook,
e.g. "Underlings" (000) and "Underlings (Intrigue 1st edition)" (002).

Cards from expansions the engine does not implement are stored anyway, spelled as
printed; `missing_cards` tells the site which ones it can't provide.
"""
from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field
from random import Random
from typing import Any, Protocol

BASE = "base"
INTRIGUE = "intrigue"
DARK_AGES = "dark_ages"

# Release order; `Kingdom.sets` is sorted by it so equal sets compare equal.
SET_ORDER: tuple[str, ...] = (
    BASE, INTRIGUE, "seaside", "alchemy", "prosperity", "cornucopia", "hinterlands",
    DARK_AGES, "guilds", "adventures", "empires", "nocturne", "renaissance",
    "menagerie", "allies", "plunder", "promo",
)

# The sets whose cards this engine implements.
IMPLEMENTED_SETS: frozenset[str] = frozenset({BASE, INTRIGUE, DARK_AGES})

SOURCES: dict[str, str] = {
    "000": "Dominion, 2nd edition rulebook (2021)",
    "001": "Dominion, 1st edition rulebook",
    "002": "Dominion: Intrigue, 1st edition rulebook",
    "004": "Dominion: Dark Ages rulebook",
}


@dataclass(frozen=True)
class Kingdom:
    """One named set of 10 Kingdom piles, as a rulebook prints it.

    `cards` are Kingdom pile names (a split pile is one name, e.g. "Catapult/Rocks";
    the Knights pile is "Knights"). `sets` lists every expansion involved, in
    SET_ORDER. `edition` is the edition of Base/Intrigue cards the printing was written
    for (1 or 2); None when the set uses no Base or Intrigue card at all.

    `options` records the extra setup the rulebook prints (treat it as read-only):
        "events", "landmarks", "projects", "ways": tuple[str, ...]
        "bane": str            -- Young Witch's Bane pile (an 11th Kingdom pile)
        "druid_boons": tuple   -- the three Boons set aside for Druid
        "shelters": True       -- only for all-Dark-Ages sets, where the Dark Ages
                                  rules say Shelters replace starting Estates; mixed
                                  sets leave it to the random rule, so it is absent.
    """

    name: str
    cards: tuple[str, ...]
    source: str
    sets: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict, hash=False)
    edition: int | None = None

    def __post_init__(self) -> None:
        # Accept lists from callers but store tuples, so instances stay hashable.
        object.__setattr__(self, "cards", tuple(self.cards))
        object.__setattr__(self, "sets", tuple(self.sets))
        if self.options is None:
            object.__setattr__(self, "options", {})
        if len(set(self.cards)) != len(self.cards):
            raise ValueError(f"kingdom {self.name!r} names a card twice: {self.cards}")
        if self.edition not in (1, 2, None):
            raise ValueError(f"kingdom {self.name!r}: edition must be 1, 2 or None")

    @property
    def piles(self) -> tuple[str, ...]:
        """Every Kingdom pile a game needs: the 10 cards plus a Bane, if any."""
        bane = self.options.get("bane")
        return self.cards + ((bane,) if bane and bane not in self.cards else ())

    @property
    def uses_only_implemented_sets(self) -> bool:
        """True when every card comes from a set this engine implements."""
        return set(self.sets) <= IMPLEMENTED_SETS


def _k(
    name: str,
    source: str,
    edition: int | None,
    *,
    options: dict[str, Any] | None = None,
    **cards_by_set: str,
) -> Kingdom:
    """Build a Kingdom from comma-separated card lists keyed by set id.

    Grouping the cards by set mirrors how the rulebooks print mixed sets
    ("Dominion cards • Seaside cards") and makes `sets` impossible to get wrong.
    """
    unknown = set(cards_by_set) - set(SET_ORDER)
    if unknown:
        raise ValueError(f"kingdom {name!r}: unknown set id(s) {sorted(unknown)}")
    cards: list[str] = []
    for names in cards_by_set.values():
        cards.extend(n.strip() for n in names.split(","))
    sets = tuple(s for s in SET_ORDER if s in cards_by_set)
    return Kingdom(name, tuple(cards), source, sets, dict(options or {}), edition)


_DARK_AGES_ONLY = {"shelters": True}

# --- 000: Dominion 2nd edition rulebook (2021) -------------------------------------
_RULEBOOK_000: tuple[Kingdom, ...] = (
    # Dominion alone
    _k("First Game", "000", 2,
       base="Cellar, Market, Merchant, Militia, Mine, Moat, Remodel, Smithy, Village, Workshop"),
    _k("Size Distortion", "000", 2,
       base="Artisan, Bandit, Bureaucrat, Chapel, Festival, Gardens, Sentry, Throne Room, "
            "Witch, Workshop"),
    _k("Deck Top", "000", 2,
       base="Artisan, Bureaucrat, Council Room, Festival, Harbinger, Laboratory, Moneylender, "
            "Sentry, Vassal, Village"),
    _k("Sleight of Hand", "000", 2,
       base="Cellar, Council Room, Festival, Gardens, Library, Harbinger, Militia, Poacher, "
            "Smithy, Throne Room"),
    _k("Improvements", "000", 2,
       base="Artisan, Cellar, Market, Merchant, Mine, Moat, Moneylender, Poacher, Remodel, Witch"),
    _k("Silver & Gold", "000", 2,
       base="Bandit, Bureaucrat, Chapel, Harbinger, Laboratory, Merchant, Mine, Moneylender, "
            "Throne Room, Vassal"),
    # Dominion & Intrigue
    _k("Underlings", "000", 2,
       base="Cellar, Festival, Library, Sentry, Vassal",
       intrigue="Courtier, Diplomat, Minion, Nobles, Pawn"),
    _k("Grand Scheme", "000", 2,
       base="Artisan, Council Room, Market, Militia, Workshop",
       intrigue="Bridge, Mill, Mining Village, Patrol, Shanty Town"),
    _k("Deconstruction", "000", 2,
       base="Bandit, Mine, Remodel, Throne Room, Village",
       intrigue="Diplomat, Harem, Lurker, Replace, Swindler"),
    # Dominion & Seaside
    _k("Reach for Tomorrow", "000", 2,
       base="Artisan, Cellar, Council Room, Vassal, Village",
       seaside="Cutpurse, Ghost Ship, Lookout, Sea Hag, Treasure Map"),
    _k("Repetition", "000", 2,
       base="Festival, Harbinger, Militia, Workshop",
       seaside="Caravan, Explorer, Outpost, Pearl Diver, Pirate Ship, Treasury"),
    _k("Give and Take", "000", 2,
       base="Library, Market, Moneylender, Witch",
       seaside="Ambassador, Fishing Village, Haven, Island, Salvager, Smugglers"),
    # Dominion & Alchemy
    _k("Forbidden Arts", "000", 2,
       base="Bandit, Cellar, Council Room, Gardens, Laboratory, Throne Room",
       alchemy="Apprentice, Familiar, Possession, University"),
    _k("Potion Mixers", "000", 2,
       base="Cellar, Festival, Militia, Poacher, Smithy",
       alchemy="Alchemist, Apothecary, Golem, Herbalist, Transmute"),
    _k("Chemistry Lesson", "000", 2,
       base="Bureaucrat, Market, Moat, Remodel, Vassal, Witch",
       alchemy="Alchemist, Golem, Philosopher's Stone, University"),
    # Dominion & Prosperity
    _k("Biggest Money", "000", 2,
       base="Artisan, Harbinger, Laboratory, Mine, Moneylender",
       prosperity="Bank, Grand Market, Mint, Royal Seal, Venture"),
    _k("The King's Army", "000", 2,
       base="Bureaucrat, Council Room, Merchant, Moat, Village",
       prosperity="Expand, Goons, King's Court, Rabble, Vault"),
    _k("The Good Life", "000", 2,
       base="Artisan, Bureaucrat, Cellar, Gardens, Village",
       prosperity="Contraband, Counting House, Hoard, Monument, Mountebank"),
    # Dominion & Cornucopia/Guilds
    _k("Bounty of the Hunt", "000", 2,
       base="Cellar, Festival, Militia, Moneylender, Smithy",
       cornucopia="Harvest, Horn of Plenty, Hunting Party, Menagerie, Tournament"),
    _k("Bad Omens", "000", 2,
       base="Bureaucrat, Laboratory, Merchant, Poacher, Throne Room",
       cornucopia="Fortune Teller, Hamlet, Horn of Plenty, Jester, Remake"),
    _k("The Jester's Workshop", "000", 2,
       options={"bane": "Merchant"},
       base="Artisan, Laboratory, Market, Remodel, Workshop",
       cornucopia="Fairgrounds, Farming Village, Horse Traders, Jester, Young Witch"),
    _k("Arts and Crafts", "000", 2,
       base="Laboratory, Cellar, Workshop, Festival, Moneylender",
       guilds="Stonemason, Advisor, Baker, Journeyman, Merchant Guild"),
    _k("Clean Living", "000", 2,
       base="Bandit, Militia, Moneylender, Gardens, Village",
       guilds="Butcher, Baker, Candlestick Maker, Doctor, Soothsayer"),
    _k("Gilding the Lily", "000", 2,
       base="Library, Merchant, Remodel, Market, Sentry",
       guilds="Plaza, Masterpiece, Candlestick Maker, Taxman, Herald"),
    # Dominion & Hinterlands
    _k("Highway Robbery", "000", 2,
       base="Cellar, Library, Moneylender, Throne Room, Workshop",
       hinterlands="Highway, Inn, Margrave, Noble Brigand, Oasis"),
    _k("Adventures Abroad", "000", 2,
       base="Festival, Laboratory, Remodel, Sentry, Vassal",
       hinterlands="Crossroads, Farmland, Fool's Gold, Oracle, Spice Merchant"),
    # Dominion & Dark Ages (also printed, identically, in the Dark Ages rulebook)
    _k("High and Low", "000", 2,
       base="Cellar, Moneylender, Throne Room, Witch, Workshop",
       dark_ages="Hermit, Hunting Grounds, Mystic, Poor House, Wandering Minstrel"),
    _k("Chivalry and Revelry", "000", 2,
       base="Festival, Gardens, Laboratory, Library, Remodel",
       dark_ages="Altar, Knights, Rats, Scavenger, Squire"),
    # Dominion & Adventures
    _k("Level Up", "000", 2,
       options={"events": ("Training",)},
       base="Market, Merchant, Militia, Throne Room, Workshop",
       adventures="Dungeon, Gear, Guide, Lost City, Miser"),
    _k("Son of Size Distortion", "000", 2,
       options={"events": ("Bonfire", "Raid")},
       base="Bandit, Bureaucrat, Gardens, Moneylender, Witch",
       adventures="Amulet, Duplicate, Giant, Messenger, Treasure Trove"),
    # Dominion & Empires
    _k("Everything in Moderation", "000", 2,
       options={"landmarks": ("Orchard",), "events": ("Windfall",)},
       base="Cellar, Library, Remodel, Village, Workshop",
       empires="Enchantress, Forum, Legionary, Overlord, Temple"),
    _k("Silver Bullets", "000", 2,
       options={"landmarks": ("Aqueduct",), "events": ("Conquest",)},
       base="Bureaucrat, Gardens, Laboratory, Market, Moneylender",
       empires="Catapult/Rocks, Charm, Farmers' Market, Groundskeeper, Patrician/Emporium"),
    # Dominion & Nocturne
    _k("Night Shift", "000", 2,
       options={"druid_boons": ("The Earth's Gift", "The Flame's Gift", "The Forest's Gift")},
       base="Bandit, Gardens, Mine, Poacher, Smithy",
       nocturne="Druid, Exorcist, Ghost Town, Idol, Night Watchman"),
    _k("Idle Hands", "000", 2,
       base="Cellar, Harbinger, Market, Merchant, Moneylender",
       nocturne="Bard, Conclave, Cursed Village, Devil's Workshop, Tragic Hero"),
    # Dominion & Renaissance
    _k("It Takes a Villager", "000", 2,
       options={"projects": ("Road Network",)},
       base="Market, Merchant, Mine, Smithy, Vassal",
       renaissance="Acting Troupe, Cargo Ship, Recruiter, Seer, Treasurer"),
    _k("Capture the Flag", "000", 2,
       options={"projects": ("Barracks", "Pageant")},
       base="Cellar, Festival, Harbinger, Remodel, Workshop",
       renaissance="Flag Bearer, Lackeys, Scholar, Swashbuckler, Villain"),
    # Dominion & Menagerie
    _k("Pony Express", "000", 2,
       options={"ways": ("Way of the Seal",), "events": ("Stampede",)},
       base="Artisan, Cellar, Market, Mine, Village",
       menagerie="Barge, Destrier, Paddock, Stockpile, Supplies"),
    _k("Garden of Cats", "000", 2,
       options={"ways": ("Way of the Mole",), "events": ("Toil",)},
       base="Bandit, Gardens, Harbinger, Merchant, Moat",
       menagerie="Black Cat, Displace, Sanctuary, Scrap, Snowy Village"),
)

# --- 001: Dominion 1st edition rulebook ----------------------------------------------
_RULEBOOK_001: tuple[Kingdom, ...] = (
    _k("First Game (1st edition)", "001", 1,
       base="Cellar, Market, Militia, Mine, Moat, Remodel, Smithy, Village, Woodcutter, "
            "Workshop"),
    _k("Big Money", "001", 1,
       base="Adventurer, Bureaucrat, Chancellor, Chapel, Feast, Laboratory, Market, Mine, "
            "Moneylender, Throne Room"),
    _k("Interaction", "001", 1,
       base="Bureaucrat, Chancellor, Council Room, Festival, Library, Militia, Moat, Spy, "
            "Thief, Village"),
    _k("Size Distortion (1st edition)", "001", 1,
       base="Cellar, Chapel, Feast, Gardens, Laboratory, Thief, Village, Witch, Woodcutter, "
            "Workshop"),
    _k("Village Square", "001", 1,
       base="Bureaucrat, Cellar, Festival, Library, Market, Remodel, Smithy, Throne Room, "
            "Village, Woodcutter"),
)

# --- 002: Intrigue 1st edition rulebook ----------------------------------------------
# The combined sets are printed alphabetically; here they are grouped by set.
_RULEBOOK_002: tuple[Kingdom, ...] = (
    # Intrigue only
    _k("Victory Dance", "002", 1,
       intrigue="Bridge, Duke, Great Hall, Harem, Ironworks, Masquerade, Nobles, Pawn, Scout, "
                "Upgrade"),
    _k("Secret Schemes", "002", 1,
       intrigue="Conspirator, Harem, Ironworks, Pawn, Saboteur, Shanty Town, Steward, Swindler, "
                "Trading Post, Tribute"),
    _k("Best Wishes", "002", 1,
       intrigue="Coppersmith, Courtyard, Masquerade, Scout, Shanty Town, Steward, Torturer, "
                "Trading Post, Upgrade, Wishing Well"),
    # Intrigue combined with Dominion
    _k("Deconstruction (Intrigue 1st edition)", "002", 1,
       base="Remodel, Spy, Thief, Throne Room",
       intrigue="Bridge, Mining Village, Saboteur, Secret Chamber, Swindler, Torturer"),
    _k("Hand Madness", "002", 1,
       base="Bureaucrat, Chancellor, Council Room, Mine, Militia",
       intrigue="Courtyard, Minion, Nobles, Steward, Torturer"),
    _k("Underlings (Intrigue 1st edition)", "002", 1,
       base="Cellar, Festival, Library, Witch",
       intrigue="Baron, Masquerade, Minion, Nobles, Pawn, Steward"),
)

# --- 004: Dark Ages rulebook (2017 printing) -----------------------------------------
# Its Base/Intrigue sets were revised for 2nd edition (Prophecy and Invasion need
# 2nd-edition Intrigue cards), hence edition 2; sets without Base/Intrigue cards: None.
_RULEBOOK_004: tuple[Kingdom, ...] = (
    # Dark Ages alone
    _k("Grim Parade", "004", None, options=_DARK_AGES_ONLY,
       dark_ages="Armory, Band of Misfits, Catacombs, Cultist, Forager, Fortress, Knights, "
                 "Market Square, Procession, Hunting Grounds"),
    _k("Playing Chess With Death", "004", None, options=_DARK_AGES_ONLY,
       dark_ages="Bandit Camp, Graverobber, Junk Dealer, Mystic, Pillage, Rats, Sage, "
                 "Scavenger, Storeroom, Vagrant"),
    # Dark Ages & Dominion (same cards as the 000 sets of the same name)
    _k("High and Low (Dark Ages)", "004", 2,
       dark_ages="Hermit, Hunting Grounds, Mystic, Poor House, Wandering Minstrel",
       base="Cellar, Moneylender, Throne Room, Witch, Workshop"),
    _k("Chivalry and Revelry (Dark Ages)", "004", 2,
       dark_ages="Altar, Knights, Rats, Scavenger, Squire",
       base="Festival, Gardens, Laboratory, Library, Remodel"),
    # Dark Ages & Intrigue
    _k("Prophecy", "004", 2,
       dark_ages="Armory, Ironmonger, Mystic, Rebuild, Vagrant",
       intrigue="Baron, Conspirator, Nobles, Secret Passage, Wishing Well"),
    _k("Invasion", "004", 2,
       dark_ages="Beggar, Marauder, Rogue, Squire, Urchin",
       intrigue="Diplomat, Harem, Swindler, Torturer, Upgrade"),
    # Dark Ages & Seaside
    _k("Watery Graves", "004", None,
       dark_ages="Count, Graverobber, Hermit, Scavenger, Urchin",
       seaside="Native Village, Pirate Ship, Salvager, Treasure Map, Treasury"),
    _k("Peasants", "004", None,
       dark_ages="Death Cart, Feodum, Poor House, Urchin, Vagrant",
       seaside="Fishing Village, Haven, Island, Lookout, Warehouse"),
    # Dark Ages & Alchemy
    _k("Infestations", "004", None,
       dark_ages="Armory, Cultist, Feodum, Market Square, Rats, Wandering Minstrel",
       alchemy="Apprentice, Scrying Pool, Transmute, Vineyard"),
    _k("Lamentations", "004", None,
       dark_ages="Beggar, Catacombs, Counterfeit, Forager, Ironmonger, Pillage",
       alchemy="Apothecary, Golem, Herbalist, University"),
    # Dark Ages & Prosperity
    _k("One Man's Trash", "004", None,
       dark_ages="Counterfeit, Forager, Graverobber, Market Square, Rogue",
       prosperity="City, Grand Market, Monument, Talisman, Venture"),
    _k("Honor Among Thieves", "004", None,
       dark_ages="Bandit Camp, Procession, Rebuild, Rogue, Squire",
       prosperity="Forge, Hoard, Peddler, Quarry, Watchtower"),
    # Dark Ages & Cornucopia/Guilds
    _k("Dark Carnival", "004", None,
       dark_ages="Band of Misfits, Cultist, Fortress, Hermit, Junk Dealer, Knights",
       cornucopia="Fairgrounds, Hamlet, Horn of Plenty, Menagerie"),
    _k("To the Victor", "004", None,
       dark_ages="Bandit Camp, Counterfeit, Death Cart, Marauder, Pillage, Sage",
       cornucopia="Harvest, Hunting Party, Remake, Tournament"),
    _k("Stoneground", "004", None,
       dark_ages="Hunting Grounds, Ironmonger, Procession, Marauder, Rogue",
       guilds="Advisor, Baker, Candlestick Maker, Plaza, Stonemason"),
    _k("Class Struggle", "004", None,
       dark_ages="Feodum, Fortress, Knights, Market Square, Poor House",
       guilds="Butcher, Doctor, Journeyman, Merchant Guild, Taxman"),
    # Dark Ages & Hinterlands
    _k("Far From Home", "004", None,
       dark_ages="Beggar, Count, Feodum, Marauder, Wandering Minstrel",
       hinterlands="Cartographer, Develop, Embassy, Fool's Gold, Haggler"),
    _k("Expeditions", "004", None,
       dark_ages="Altar, Catacombs, Ironmonger, Poor House, Storeroom",
       hinterlands="Crossroads, Farmland, Highway, Spice Merchant, Tunnel"),
    # Dark Ages & Adventures
    _k("Cemetery Polka", "004", None,
       options={"events": ("Alms",)},
       dark_ages="Graverobber, Marauder, Procession, Rogue, Wandering Minstrel",
       adventures="Amulet, Caravan Guard, Hireling, Peasant, Relic"),
    _k("Groovy Decay", "004", None,
       options={"events": ("Lost Arts", "Pathfinding")},
       dark_ages="Cultist, Death Cart, Fortress, Knights, Rats",
       adventures="Dungeon, Haunted Woods, Ratcatcher, Raze, Transmogrify"),
    # Dark Ages & Empires
    _k("Tomb of the Rat King", "004", None,
       options={"events": ("Advance",), "landmarks": ("Tomb",)},
       dark_ages="Death Cart, Fortress, Pillage, Rats, Storeroom",
       empires="Castles, Chariot Race, City Quarter, Legionary, Sacrifice"),
    _k("Triumph of the Bandit King", "004", None,
       options={"landmarks": ("Defiled Shrine",), "events": ("Triumph",)},
       dark_ages="Bandit Camp, Catacombs, Hunting Grounds, Market Square, Procession",
       empires="Capital, Charm, Engineer, Groundskeeper, Legionary"),
    _k("The Squire's Ritual", "004", None,
       options={"landmarks": ("Museum",), "events": ("Ritual",)},
       dark_ages="Feodum, Hermit, Ironmonger, Rogue, Squire",
       empires="Archive, Catapult/Rocks, Crown, Patrician/Emporium, Settlers/Bustling Village"),
)

RECOMMENDED: tuple[Kingdom, ...] = (
    _RULEBOOK_000 + _RULEBOOK_001 + _RULEBOOK_002 + _RULEBOOK_004
)

_BY_NAME: dict[str, Kingdom] = {k.name: k for k in RECOMMENDED}


def _normalize(name: str) -> str:
    """Fold case, curly apostrophes and spacing, so typed names still match."""
    return " ".join(name.replace("\u2019", "'").casefold().split())


_BY_NORMALIZED: dict[str, Kingdom] = {_normalize(k.name): k for k in RECOMMENDED}


def by_name(name: str) -> Kingdom:
    """Look up a recommended Kingdom by name (case- and apostrophe-insensitive).

    Raises KeyError naming close matches, because several names exist in two
    versions (e.g. "Underlings" and "Underlings (Intrigue 1st edition)").
    """
    if name in _BY_NAME:
        return _BY_NAME[name]
    key = _normalize(name)
    if key in _BY_NORMALIZED:
        return _BY_NORMALIZED[key]
    close = [k.name for k in RECOMMENDED if key and key in _normalize(k.name)]
    for match in difflib.get_close_matches(key, list(_BY_NORMALIZED), n=5, cutoff=0.6):
        if _BY_NORMALIZED[match].name not in close:
            close.append(_BY_NORMALIZED[match].name)
    hint = f"; close names: {', '.join(close)}" if close else ""
    raise KeyError(f"no recommended kingdom named {name!r}{hint}")


class CardLike(Protocol):
    """The attributes `random_kingdom` reads from a card definition."""

    @property
    def name(self) -> str: ...

    @property
    def set(self) -> str: ...

    @property
    def editions(self) -> tuple[int, ...]: ...

    @property
    def is_kingdom(self) -> bool: ...


def _as_set(values: Iterable[Any] | None) -> frozenset[Any] | None:
    """Treat a lone string as one id, not as an iterable of characters."""
    if values is None:
        return None
    if isinstance(values, str):
        return frozenset({values})
    return frozenset(values)


def random_kingdom(
    rng: Random,
    cards: Iterable[CardLike],
    *,
    sets: Iterable[str] | None = None,
    editions: Iterable[int] | None = None,
    count: int = 10,
    exclude: Iterable[str] = (),
) -> list[str]:
    """Pick `count` distinct Kingdom card names at random.

    Only Kingdom cards from `sets` (all sets if None) that exist in one of `editions`
    (any edition if None) and are not in `exclude` qualify. Sampling from the
    name-sorted list makes the result depend only on the rng state, never on the
    order of `cards`. Raises ValueError if fewer than `count` cards qualify.
    """
    if count < 0:
        raise ValueError(f"count must be at least 0, got {count}")
    want_sets = _as_set(sets)
    want_editions = _as_set(editions)
    excluded = _as_set(exclude) or frozenset()
    pool = sorted({
        c.name for c in cards
        if c.is_kingdom
        and (want_sets is None or c.set in want_sets)
        and (want_editions is None or not want_editions.isdisjoint(c.editions))
        and c.name not in excluded
    })
    if len(pool) < count:
        raise ValueError(
            f"only {len(pool)} kingdom card(s) qualify, need {count} "
            f"(sets={sorted(want_sets) if want_sets is not None else 'all'}, "
            f"editions={sorted(want_editions) if want_editions is not None else 'all'}, "
            f"excluded={len(excluded)})"
        )
    return rng.sample(pool, count)


def missing_cards(kingdom: Kingdom | str, known_names: Iterable[str]) -> list[str]:
    """Piles of `kingdom` (by object or name) absent from `known_names`, in kingdom order.

    An empty list means the engine can set the kingdom up; the site uses the rest
    to mark a recommended set unplayable and say why. A Bane pile counts too.
    """
    k = by_name(kingdom) if isinstance(kingdom, str) else kingdom
    known = _as_set(known_names) or frozenset()
    return [name for name in k.piles if name not in known]
