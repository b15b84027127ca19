"""Strategies kept by the site: the admin checks them and says what is wrong, a seat's bot can
be any of them, the API lists them, and the planner is the default bot."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

import engine
from engine import bots as engine_bots
from games import services
from games.exceptions import InvalidSetup
from games.forms import GameCreateForm
from games.models import GameStatus
from games.strategies import services as strategy_services
from games.strategies.forms import StrategyForm
from games.strategies.models import Strategy

RULES = {"requires": ["Smithy"], "buy": [{"card": "Province", "if": "total_money > 15"},
                                          {"card": "Smithy", "max": 1}, "Gold", "Silver"]}


@pytest.fixture
def staff(client, django_user_model):
    user = django_user_model.objects.create_superuser("root", "root@example.com", "pw-root-123")
    client.force_login(user)
    return client


def _form(definition, name: str = "one-smithy") -> StrategyForm:
    text = definition if isinstance(definition, str) else json.dumps(definition)
    return StrategyForm(data={"name": name, "label": "One Smithy", "description": "",
                              "definition": text, "enabled": True})


def test_a_valid_strategy_is_saved(db):
    form = _form(RULES)
    assert form.is_valid(), form.errors
    saved = form.save()
    assert saved.definition == RULES
    assert engine_bots.parse(saved.full_definition()).label == "One Smithy"


def test_the_form_says_what_is_wrong_and_where(db):
    form = _form({"buy": [{"card": "Provnce"}, {"card": "Gold", "if": "provinces < 2"}],
                  "colour": "red"})
    assert not form.is_valid()
    errors = form.errors["definition"]
    assert any("buy[0].card: unknown card 'Provnce' (did you mean 'Province'?)" in e
               for e in errors)
    assert any("buy[1].if: unknown name 'provinces'" in e for e in errors)
    assert any("colour: unknown field" in e for e in errors)


def test_a_json_syntax_error_names_its_line_and_column(db):
    form = _form('{"buy": ["Gold",\n  ]}')
    assert not form.is_valid()
    assert "line 2, column 3" in form.errors["definition"][0]



@pytest.mark.parametrize("text, message", [
    ('{"buy": ' + "[" * 5000 + "]" * 5000 + "}", "nested more than 32 levels"),
    ('{"buy": ' + "[" * 500 + "]" * 500 + "}", "nested more than 32 levels"),
    ('{"buy": ["Gold"], "x": ' + "9" * 5000 + "}", "Not valid JSON"),
])
def test_a_deep_or_huge_json_text_is_refused_not_a_500(staff, db, text, message):
    """Each of these was a 500 on the admin's strategy form (RecursionError, ValueError)."""
    response = staff.post(reverse("admin:strategies_strategy_add"), {
        "name": "deep", "label": "", "description": "", "definition": text, "enabled": "on"})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Strategy.objects.exists()


def test_a_condition_that_would_fail_mid_game_is_refused_on_the_admin_page(staff, db):
    """`1j > 0` used to be saved; every game seating the strategy then stalled on the bot's
    TypeError, and a 480-deep `-----1` was a 500."""
    for condition, message in (("1j > 0", "1j is not a number"),
                               ("-" * 480 + "1 > 0", "nests at most 40")):
        definition = {"buy": [{"card": "Province", "if": condition}, "Gold", "Silver"]}
        response = staff.post(reverse("admin:strategies_strategy_add"), {
            "name": "broken", "label": "", "description": "",
            "definition": json.dumps(definition), "enabled": "on"})
        assert response.status_code == 200
        assert message in response.content.decode()
    assert not Strategy.objects.exists()

def test_a_built_in_name_is_refused(db):
    form = _form(RULES, name="planner")
    assert not form.is_valid()
    assert "built-in" in form.errors["name"][0]


@pytest.mark.parametrize("name", ["me", "open", "bot"])
def test_a_seat_word_is_refused_as_a_name(db, name):
    """A strategy named "open" could never be seated: the seat would be an open one."""
    form = _form(RULES, name=name)
    assert not form.is_valid()
    assert "kind of seat" in form.errors["name"][0]


def test_the_admin_page_shows_the_problems(staff, db):
    url = reverse("admin:strategies_strategy_add")
    response = staff.post(url, {"name": "bad", "label": "", "description": "",
                                "definition": json.dumps({"buy": ["Gold"],
                                                          "play": ["Silver"]}),
                                "enabled": "on"})
    assert response.status_code == 200
    assert "play: Silver is not an Action card" in response.content.decode()
    assert not Strategy.objects.exists()
    response = staff.post(url, {"name": "good", "label": "Good", "description": "",
                                "definition": json.dumps(RULES), "enabled": "on"})
    assert response.status_code == 302
    assert Strategy.objects.get(name="good").created_by.username == "root"


def test_the_bots_api_lists_every_strategy_with_the_planner_first(catalog, client, alice):
    Strategy.objects.create(name="one-smithy", label="One Smithy", definition=RULES)
    Strategy.objects.create(name="hidden", definition=RULES, enabled=False)
    client.force_login(alice)
    bots = client.get("/api/v1/bots/").json()
    assert bots[0]["strategy"] == "planner" and bots[0]["default"]
    by_name = {b["strategy"]: b for b in bots}
    assert {"strategy", "label", "description", "kind", "requires", "default"} <= set(bots[0])
    assert by_name["double-witch"]["kind"] == "data"
    assert by_name["double-witch"]["requires"] == ["Witch"]
    assert by_name["one-smithy"]["kind"] == "custom"
    assert by_name["one-smithy"]["requires"] == ["Smithy"]
    assert "hidden" not in by_name


def test_a_seat_can_be_any_strategy_and_plays_to_the_end(catalog, alice, base_kingdom,
                                                         committed):
    Strategy.objects.create(name="one-smithy", label="One Smithy", definition=RULES)
    game = services.game_create(creator=alice, seats=["one-smithy", "double-witch"],
                                kingdom=base_kingdom)
    with committed():
        services.game_start(game=game, user=alice)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert game.steps.filter(actor="bot").count() == game.step


def test_a_strategy_deleted_mid_game_is_played_by_the_heuristic(db, base_kingdom):
    table = engine.new_game({"players": 2, "kingdom": base_kingdom}, "t")
    d = table.pending()[0]
    answer = strategy_services.bot_answer(strategy="gone", table=table, seat=d.seat, decision=d)
    assert answer == engine_bots.bot_answer("heuristic", table, d.seat, d)



def test_a_stored_strategy_that_no_longer_parses_is_played_by_the_heuristic(db, base_kingdom):
    """A row saved before the condition checks (here `1j > 0`, which raised TypeError in
    every game seating it, so the game stalled) is answered by the heuristic instead."""
    Strategy.objects.create(name="old-broken", definition={
        "buy": [{"card": "Province", "if": "1j > 0"}, "Gold", "Silver"]})
    table = engine.new_game({"players": 2, "kingdom": base_kingdom}, "t")
    d = table.pending()[0]
    answer = strategy_services.bot_answer(strategy="old-broken", table=table, seat=d.seat,
                                          decision=d)
    assert answer == engine_bots.bot_answer("heuristic", table, d.seat, d)

def test_an_unknown_seat_is_refused(catalog, alice, base_kingdom):
    with pytest.raises(InvalidSetup):
        services.game_create(creator=alice, seats=["me", "no-such-bot"], kingdom=base_kingdom)


def test_the_planner_is_the_default_bot(catalog, alice, base_kingdom):
    assert engine_bots.DEFAULT == "planner"
    form = GameCreateForm()
    assert form.fields["seat_2"].initial == "planner"
    assert form.fields["seat_2"].choices[3][0] == "planner"  # first bot, after me/open
    game = services.game_create(creator=alice, seats=["me", "bot"], kingdom=base_kingdom)
    assert game.seats.get(position=1).bot_strategy == "planner"
