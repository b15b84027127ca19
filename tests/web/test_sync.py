"""sync_cards and load_kingdoms: idempotent, and they never lose what admins changed."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from games import catalogue, selectors
from games.models import Card, CardSet, Kingdom


def _cards():
    return list(Card.objects.order_by("name").values())


def test_sync_cards_mirrors_the_engine_registry(db):
    catalogue.cards_sync()

    registry = selectors.engine_registry()
    assert Card.objects.count() == len(registry)
    smithy = Card.objects.get(name="Smithy")
    assert (smithy.cost, smithy.types, smithy.card_set.slug) == (4, ["Action"], "base")
    assert set(CardSet.objects.values_list("slug", flat=True)) == {d.set for d in registry.values()}


def test_sync_cards_twice_changes_nothing(db):
    first = catalogue.cards_sync()
    before = _cards()

    second = catalogue.cards_sync()

    assert first["created"] > 0
    assert second == {"created": 0, "updated": 0, "retired": 0}
    assert _cards() == before


def test_sync_keeps_random_eligibility_set_by_admins(db):
    catalogue.cards_sync()
    Card.objects.filter(name="Chapel").update(random_eligible=False)
    Card.objects.filter(name="Smithy").update(cost=99)  # an engine-owned field: restored

    catalogue.cards_sync()

    assert Card.objects.get(name="Chapel").random_eligible is False
    assert Card.objects.get(name="Smithy").cost == 4


def test_cards_the_engine_dropped_are_retired_not_deleted(db, monkeypatch):
    catalogue.cards_sync()
    registry = selectors.engine_registry()
    registry.pop("Moat")
    monkeypatch.setattr(selectors, "engine_registry", lambda: registry)

    counts = catalogue.cards_sync()

    assert counts["retired"] == 1
    assert Card.objects.get(name="Moat").implemented is False


def test_load_kingdoms_marks_unplayable_sets_with_their_missing_cards(catalog):
    kingdoms = Kingdom.objects.filter(recommended=True)
    assert kingdoms.count() == len(selectors.recommended_kingdoms_printed())
    first_game = Kingdom.objects.get(name="First Game")
    assert first_game.playable and first_game.missing_cards == []
    for kingdom in kingdoms.filter(playable=False):
        assert kingdom.missing_cards
        assert set(kingdom.missing_cards) <= set(kingdom.cards)


def test_load_kingdoms_is_idempotent_and_keeps_admin_edits(catalog):
    kingdom = Kingdom.objects.get(name="First Game")
    kingdom.source = "edited by an admin"
    kingdom.save()
    count = Kingdom.objects.count()

    counts = catalogue.kingdoms_load()

    assert counts["created"] == 0
    assert Kingdom.objects.count() == count
    assert Kingdom.objects.get(name="First Game").source == "edited by an admin"


def test_load_kingdoms_reset_restores_the_printed_set(catalog):
    Kingdom.objects.filter(name="First Game").update(source="edited")

    catalogue.kingdoms_load(reset=True)

    assert Kingdom.objects.get(name="First Game").source != "edited"


@pytest.mark.parametrize("command", ["sync_cards", "load_kingdoms"])
def test_the_management_commands_report_what_they_did(db, command, capsys):
    call_command("sync_cards")
    call_command(command)
    call_command(command)

    assert "0 created" in capsys.readouterr().out.splitlines()[-1]
