"""The card catalogue: the engine's cards and the rulebooks' kingdoms mirrored into rows.

Run by the `sync_cards` and `load_kingdoms` commands (and at deploy); the engine stays the
source of truth, and what admins own (random_eligible, kingdom edits) is kept.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from games import selectors
from games.models import Card, CardSet, Kingdom

SET_NAMES = {"base": "Dominion", "intrigue": "Intrigue", "dark_ages": "Dark Ages"}
ENGINE_OWNED = (
    "card_set", "editions", "cost", "types", "text", "text_first_edition", "in_supply",
    "is_kingdom", "implemented",
)


def cards_sync() -> dict[str, int]:
    """Mirror the engine's card registry into Card rows; safe to run any number of times.

    Fields the engine owns are overwritten; what admins own (random_eligible) is never touched.
    Cards the engine dropped are marked not implemented rather than deleted, so old games and
    kingdoms that name them keep their references.
    """
    registry = selectors.engine_registry()
    counts = {"created": 0, "updated": 0, "retired": 0}
    with transaction.atomic():
        sets = _sync_card_sets(registry.values())
        existing = {card.name: card for card in Card.objects.all()}
        for definition in registry.values():
            fields = _card_fields(definition, sets)
            card = existing.get(definition.name)
            if card is None:
                Card.objects.create(name=definition.name, **fields)
                counts["created"] += 1
            elif any(getattr(card, key) != value for key, value in fields.items()):
                Card.objects.filter(pk=card.pk).update(**fields)
                counts["updated"] += 1
        stale = Card.objects.filter(implemented=True).exclude(name__in=list(registry))
        counts["retired"] = stale.update(implemented=False)
    return counts


def _sync_card_sets(definitions: Any) -> dict[str, CardSet]:
    editions: dict[str, set[int]] = {}
    for definition in definitions:
        editions.setdefault(definition.set, set()).update(definition.editions)
    sets = {}
    for slug, found in editions.items():
        name = SET_NAMES.get(slug, slug.replace("_", " ").title())
        card_set, _ = CardSet.objects.update_or_create(
            slug=slug, defaults={"name": name, "editions": sorted(found)}
        )
        sets[slug] = card_set
    return sets


def _card_fields(definition: Any, sets: dict[str, CardSet]) -> dict[str, Any]:
    return {
        "card_set": sets[definition.set],
        "editions": list(definition.editions),
        "cost": definition.cost,
        "types": list(definition.types),
        "text": definition.text,
        "text_first_edition": getattr(definition, "text1", "") or "",
        "in_supply": definition.in_supply,
        "is_kingdom": definition.is_kingdom,
        "implemented": True,
    }


def kingdoms_load(*, reset: bool = False) -> dict[str, int]:
    """Store every recommended kingdom of the rulebooks; refresh which ones are playable.

    Kingdoms already stored keep their admin edits unless `reset` is given. Every kingdom's
    `missing_cards` is recomputed, so one becomes playable when the engine gains its cards.
    """
    counts = {"created": 0, "reset": 0, "playable": 0, "not_playable": 0}
    with transaction.atomic():
        for printed in selectors.recommended_kingdoms_printed():
            _, created = Kingdom.objects.get_or_create(name=printed["name"], defaults=printed)
            if created:
                counts["created"] += 1
            elif reset:
                Kingdom.objects.filter(name=printed["name"]).update(**printed)
                counts["reset"] += 1
        known = selectors.implemented_kingdom_names()
        for kingdom in Kingdom.objects.all():
            kingdom.missing_cards = selectors.missing_cards(kingdom.cards, known)
            kingdom.playable = not kingdom.missing_cards
            kingdom.save(update_fields=["missing_cards", "playable"])
            counts["playable" if kingdom.playable else "not_playable"] += 1
    return counts
