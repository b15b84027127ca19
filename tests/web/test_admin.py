"""The admin: card filters and random eligibility, the validated kingdom form, read-mostly games."""

from __future__ import annotations

import html
import json

import pytest
from django.urls import reverse

from games.admin import KingdomAdminForm
from games.models import Card, Game, GameStatus, Kingdom


@pytest.fixture
def staff(client, django_user_model):
    user = django_user_model.objects.create_superuser("root", "root@example.com", "pw-root-123")
    client.force_login(user)
    return client


def _form(cards: list[str], name: str = "Test kingdom") -> KingdomAdminForm:
    data = {"name": name, "card_names": "\n".join(cards), "sets": "[]", "options": "{}",
            "edition": 2, "source": "", "recommended": False}
    return KingdomAdminForm(data=data)


def test_a_kingdom_of_ten_implemented_cards_is_saved(catalog, base_kingdom):
    form = _form(base_kingdom)

    assert form.is_valid(), form.errors
    kingdom = form.save()
    assert kingdom.cards == base_kingdom
    assert kingdom.playable
    assert kingdom.sets == ["base"]


def test_the_form_accepts_comma_separated_names(catalog, base_kingdom):
    assert _form([", ".join(base_kingdom)]).is_valid()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda cards: cards[:9], "exactly 10 cards, not 9"),
        (lambda cards: cards[:9] + [cards[0]], "Cellar appears more than once"),
        (lambda cards: cards[:9] + ["Pirate Shipp"],
         "Pirate Shipp is not an implemented kingdom card"),
        (lambda cards: cards[:9] + ["Copper"], "Copper is not an implemented kingdom card"),
    ],
)
def test_a_bad_kingdom_is_refused_naming_the_card(catalog, base_kingdom, change, message):
    form = _form(change(base_kingdom))

    assert not form.is_valid()
    assert any(message in error for error in form.errors["card_names"])


def test_the_kingdom_admin_page_saves_through_the_form(catalog, staff, base_kingdom):
    url = reverse("admin:games_kingdom_add")
    data = {"name": "Via admin", "card_names": "\n".join(base_kingdom), "sets": "[]",
            "options": "{}", "edition": "2", "source": "", "recommended": "on"}

    response = staff.post(url, data)

    assert response.status_code == 302, response.content.decode()[:2000]
    assert Kingdom.objects.get(name="Via admin").cards == base_kingdom


@pytest.mark.parametrize("query", ["", "?type=Attack", "?edition=1", "?cost__exact=4",
                                   "?card_set__id__exact=1", "?random_eligible__exact=0"])
def test_card_changelist_filters(catalog, staff, query):
    response = staff.get(reverse("admin:games_card_changelist") + query)

    assert response.status_code == 200


def test_filter_by_type_keeps_only_that_type(catalog, staff):
    response = staff.get(reverse("admin:games_card_changelist") + "?type=Attack")

    shown = {card.name for card in response.context["cl"].result_list}
    assert "Militia" in shown and "Smithy" not in shown


def test_random_eligibility_toggles_in_bulk(catalog, staff):
    chapel = Card.objects.get(name="Chapel")
    url = reverse("admin:games_card_changelist")

    staff.post(url, {"action": "forbid_random", "_selected_action": [chapel.pk]})
    assert Card.objects.get(pk=chapel.pk).random_eligible is False
    staff.post(url, {"action": "allow_random", "_selected_action": [chapel.pk]})
    assert Card.objects.get(pk=chapel.pk).random_eligible is True


def test_game_admin_shows_state_and_log_but_never_the_seed(running_game, staff, play_one):
    game = play_one(running_game)

    response = staff.get(reverse("admin:games_game_change", args=[game.pk]))

    content = response.content.decode()
    assert response.status_code == 200
    assert game.decisions[0]["id"] in content
    assert game.steps.get(number=1).decision_id in content
    assert game.seed not in content
    assert game.snapshot not in content


def test_game_admin_shows_no_hand_and_no_answer_while_the_game_runs(running_game, staff,
                                                                     play_one):
    """The open decisions list the cards they offer (a Buy phase: the hand's Treasures) and an
    answer can name a card from a hand: staff see neither until the game is over."""
    game = play_one(running_game)
    assert any("cards" in d or "treasures" in d for d in game.decisions)
    step = game.steps.get(number=1)
    answer = json.dumps(step.answer)
    pages = [reverse("admin:games_game_change", args=[game.pk]),
             reverse("admin:games_gamestep_change", args=[step.pk])]
    for url in pages:
        content = html.unescape(staff.get(url).content.decode())
        assert "(hidden while the game runs)" in content and answer not in content
        assert '"treasures"' not in content and '"cards": [' not in content
    assert game.decisions[0]["prompt"] in html.unescape(staff.get(pages[0]).content.decode())

    Game.objects.filter(pk=game.pk).update(status=GameStatus.FINISHED)
    for url in pages:
        assert answer in html.unescape(staff.get(url).content.decode())


def test_admins_end_an_abandoned_game(running_game, staff):
    url = reverse("admin:games_game_changelist")

    staff.post(url, {"action": "end_abandoned", "_selected_action": [running_game.pk]})

    running_game.refresh_from_db()
    assert running_game.status == GameStatus.ABANDONED
    assert running_game.decisions == []
    assert not running_game.seats.filter(waiting_since__isnull=False).exists()


def test_a_later_printings_name_is_stored_as_the_card(catalog, base_kingdom):
    form = _form(["Farm", *base_kingdom[:9]])
    assert form.is_valid(), form.errors
    assert form.save().cards[0] == "Harem"


def test_every_rulebook_kingdom_of_the_implemented_sets_saves_unchanged(catalog, staff):
    """Dark Ages complete: each recommended kingdom of base, Intrigue and Dark Ages can be
    opened and saved as it is in the admin."""
    usable = Kingdom.objects.filter(playable=True)
    assert usable.filter(name="Grim Parade").exists()
    for kingdom in usable:
        url = reverse("admin:games_kingdom_change", args=[kingdom.pk])
        form = staff.get(url).context["adminform"].form
        data = {"name": kingdom.name, "card_names": form["card_names"].value(),
                "sets": form["sets"].value(), "options": form["options"].value(),
                "edition": kingdom.edition or "", "source": kingdom.source,
                "recommended": "on" if kingdom.recommended else ""}
        response = staff.post(url, data)
        assert response.status_code == 302, (kingdom.name, response.content.decode()[:500])


def test_dark_ages_is_a_card_set_with_every_card_and_its_random_toggle(catalog, staff):
    from games import selectors

    dark_ages = Card.objects.filter(card_set__slug="dark_ages")
    assert dark_ages.filter(is_kingdom=True).count() == 35
    assert dark_ages.get(name="Sir Martin").cost == 4
    set_id = dark_ages.first().card_set_id
    response = staff.get(reverse("admin:games_card_changelist") + f"?card_set__id__exact={set_id}")
    shown = {card.name for card in response.context["cl"].result_list}
    assert {"Cultist", "Knights", "Sir Vander", "Spoils"} <= shown
    kept = dark_ages.filter(is_kingdom=True).exclude(name="Cultist")
    url = reverse("admin:games_card_changelist")
    staff.post(url, {"action": "forbid_random",
                     "_selected_action": [Card.objects.get(name="Cultist").pk]})
    for _ in range(20):
        assert "Cultist" not in selectors.kingdom_random(sets=["dark_ages"])
    assert kept.count() == 34
