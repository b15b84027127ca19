"""The card table (issue 20) without a browser: the hand as the controls, the Supply's groups,
the create form's picker, kingdoms that wait for cards, the replay viewer, and small things."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.urls import reverse

from games import selectors, services
from games.game_page.forms import decision_ui, tidy
from games.models import Game, GameStatus, Kingdom

HAND = [{"id": 3, "name": "Copper"}, {"id": 4, "name": "Copper"}, {"id": 5, "name": "Estate"},
        {"id": 6, "name": "Moat"}, {"id": 7, "name": "Moat"}]


def _page(client, game, position=0):
    client.force_login(game.seats.get(position=position).user)
    return client.get(reverse("games:play", args=[game.pk]))


def _to(game, play_one, test, limit=300):
    for _ in range(limit):
        game.refresh_from_db()
        if test(game):
            return game
        game = play_one(game)
    raise AssertionError("not reached")


# --- 1. choosing cards by clicking them --------------------------------------------------------

def test_a_discard_from_the_hand_is_ticked_on_the_hand_cards_themselves():
    d = {"id": "d9", "seat": 0, "kind": "ChooseCards", "prompt": "Discard 2 card(s), down to 3",
         "zone": "hand", "cards": HAND, "min": 2, "max": 2}
    ui = decision_ui(d, hand_ids={c["id"] for c in HAND})
    assert ui["in_hand"] and ui["style"] == "checkboxes" and ui["verb"] == "Discard"
    assert ui["prompt"] == "Discard 2 cards, down to 3"
    form = render_to_string("games/game/_decision.html",
                            {"d": ui, "game": Game(pk=1), "seat_step": 4, "looking": []})
    assert 'name="card"' not in form  # no second row of duplicate names in the form
    assert 'data-verb="Discard"' in form and "Click the cards in your hand" in form


def test_the_hand_draws_each_copy_as_its_own_control_grouped_by_name(client, running_game,
                                                                   play_one):
    game = _to(running_game, play_one, lambda g: g.decisions[0]["seat"] == 0
               and g.decisions[0]["kind"] == "BuyPhase" and g.decisions[0]["treasures"])
    response = _page(client, game)
    hand = response.context["hand"]
    names = [c["name"] for c in selectors.game_view(game, 0)["hand"]]
    assert sum(g["count"] for g in hand) == len(names)
    assert [g["name"] for g in hand] == list(dict.fromkeys(g["name"] for g in hand))
    coppers = next(g for g in hand if g["name"] == "Copper")
    html = response.content.decode()
    assert f'{coppers["count"]} ×' in html
    for card in coppers["copies"]:  # each Copper plays on its own
        assert f'name="play" value="{card["id"]}"' in html
    assert 'class="card-value" title="worth $1">$1<' in html  # its value, not its cost


def test_two_moats_are_one_choice_answered_with_one_of_them():
    d = {"id": "r1", "seat": 1, "kind": "Reveal", "prompt": "React to Militia?", "zone": "hand",
         "cards": [{"id": 6, "name": "Moat"}, {"id": 7, "name": "Moat"}], "min": 0, "max": 1}
    ui = decision_ui(d, hand_ids={6, 7})
    assert [c["id"] for c in ui["cards"]] == [6]
    assert ui["decline"] == "Don't reveal" and ui["in_hand"]


def test_prompts_read_as_english():
    assert tidy("Discard 1 card(s)") == "Discard 1 card"
    assert tidy("Discard 3 card(s), down to 3") == "Discard 3 cards, down to 3"
    pawn = decision_ui({"id": "p", "seat": 0, "kind": "ChooseOption", "card": "Pawn",
                        "prompt": "Choose two (different)", "options": [], "min": 2, "max": 2})
    assert pawn["count_hint"] == ""  # not "Choose two (different) (choose 2)"
    other = decision_ui({"id": "p", "seat": 0, "kind": "ChooseOption", "prompt": "Do it",
                         "options": [], "min": 2, "max": 2})
    assert other["count_hint"] == "choose 2"


# --- 2. the Supply ----------------------------------------------------------------------------

def test_the_supply_has_base_piles_apart_and_the_kingdom_by_cost(client, running_game):
    response = _page(client, running_game)
    supply = response.context["supply"]
    assert [c["name"] for c in supply["treasures"]] == ["Copper", "Silver", "Gold"]
    assert [c["name"] for c in supply["victory"]] == ["Estate", "Duchy", "Province", "Curse"]
    costs = [c["cost"] for c in supply["kingdom"]]
    assert len(costs) == 10 and costs == sorted(costs)
    html = response.content.decode()
    assert 'aria-label="Cellar, Action, costs $2, 10 left"' in html
    assert 'id="tip-pile-cellar" role="tooltip"' in html


# --- 3. creating a game -----------------------------------------------------------------------

def _create(client, **fields):
    data = {"seat_1": "me", "seat_2": "bmu", "kingdom_mode": "random", "edition": 2,
            "shelters": "auto", "time_limit_days": 3, "listed": "on", **fields}
    return client.post(reverse("games:new"), data)


def test_choosing_a_recommended_kingdom_selects_it_without_its_radio(client, catalog, alice):
    client.force_login(alice)
    first = Kingdom.objects.get(name="First Game")
    assert _create(client, recommended=str(first.pk)).status_code == 302
    game = Game.objects.latest("pk")
    assert game.kingdom == first and sorted(game.kingdom_cards) == sorted(first.cards)


def test_an_explicit_random_choice_wins_over_a_kingdom_left_ticked(client, catalog, alice):
    client.force_login(alice)
    first = Kingdom.objects.get(name="First Game")
    _create(client, recommended=str(first.pk), kingdom_mode_explicit="1")
    assert Game.objects.latest("pk").kingdom is None


def test_the_picker_shows_each_kingdoms_cards_sets_and_filters(client, catalog, alice):
    client.force_login(alice)
    html = client.get(reverse("games:new")).content.decode()
    first = selectors.kingdom_picker()[[k["name"] for k in selectors.kingdom_picker()]
                                       .index("First Game")]
    assert first["attack"] and first["plus_buy"]  # Militia; Market
    assert all(f">{card.name} <small>" in html for card in first["cards"])
    assert 'data-filter="attack"' in html and 'data-filter="buy"' in html
    assert "Seats play in this order" not in html and "chosen at random" in html


def test_starting_a_game_lands_on_the_game_page(client, open_game, bob):
    services.seat_join(game=open_game, user=bob)
    client.force_login(open_game.creator)
    response = client.post(reverse("games:start", args=[open_game.pk]))
    assert response.url == reverse("games:play", args=[open_game.pk])


# --- 4. kingdoms waiting for cards ------------------------------------------------------------

def test_staff_save_a_kingdom_that_waits_for_cards_with_a_warning(client, catalog,
                                                                   django_user_model):
    waiting = Kingdom.objects.filter(playable=False).first()
    assert waiting is not None and waiting.missing_cards
    client.force_login(django_user_model.objects.create_superuser("root", "r@x.org", "pw-1"))
    url = reverse("admin:games_kingdom_change", args=[waiting.pk])
    page = client.get(url)
    assert "waits for cards that are not implemented" in page.content.decode()
    data = {"name": waiting.name, "card_names": "\n".join(waiting.cards),
            "sets": page.context["adminform"].form["sets"].value(),
            "options": page.context["adminform"].form["options"].value(),
            "edition": waiting.edition or "", "source": waiting.source, "recommended": "",
            "note": "Waits for Hinterlands."}
    response = client.post(url, data, follow=True)
    assert response.status_code == 200
    assert "is saved but not playable" in response.content.decode()
    waiting.refresh_from_db()
    assert not waiting.recommended and not waiting.playable
    assert waiting.note == "Waits for Hinterlands." and waiting.missing_cards


# --- 5. the replay viewer ---------------------------------------------------------------------

def test_a_finished_game_replays_step_by_step_with_every_hand(client, running_game,
                                                             play_to_end, make_user):
    game = play_to_end(running_game)
    assert game.status == GameStatus.FINISHED
    client.force_login(make_user("carol"))  # a spectator
    url = reverse("games:replay", args=[game.pk])
    response = client.get(url, {"step": 5})
    assert response.status_code == 200
    ctx = response.context
    assert ctx["step"] == 5 and ctx["total"] == game.step
    # over: everyone's hand is shown, card for card (a hand can be empty at a step: all its
    # Treasures played)
    assert all(sum(n for _, n in p["hand_cards"]) == p["hand_size"] for p in ctx["players"])
    assert sum(p["hand_size"] for p in ctx["players"]) > 0
    assert ctx["chart"] and 'class="marker"' in ctx["chart"]
    html = response.content.decode()
    assert game.seed not in html
    assert "?step=5" in ctx["share_url"] and str(game.pk) in ctx["share_url"]
    nxt = dict((k, href) for k, _, href, _ in ctx["nav"])
    assert nxt["next"] == "?step=6" and nxt["first"] == "?step=0"


def test_a_running_game_replays_only_what_my_seat_saw(client, running_game, play_one):
    game = running_game
    for _ in range(12):
        game = play_one(game)
    client.force_login(game.seats.get(position=0).user)
    response = client.get(reverse("games:replay", args=[game.pk]), {"step": 999})
    ctx = response.context
    assert ctx["step"] == game.step  # never past now
    table_now = selectors.game_view(game, 0)
    shown = sorted(c["id"] for group in ctx["hand"] for c in group["copies"])
    assert shown == sorted(c["id"] for c in table_now["hand"])  # my hand, as it is now
    assert all("hand_cards" not in p for p in ctx["players"])
    # No VP counter in this game: the chart under the table has my own line only, up to now.
    assert f'{ctx["names"][0]} (' in ctx["chart"] and f'{ctx["names"][1]} (' not in ctx["chart"]
    assert "Now: " in ctx["chart"] and 'class="marker"' in ctx["chart"]
    for line in ctx["log"]:  # bob's draws are never named to alice
        assert not re.match(r"bob drew .*\(", line["text"])
    assert game.seed not in response.content.decode()


def test_a_running_game_with_the_vp_counter_charts_everyone_and_spectators_nothing_else(
        client, catalog, alice, bob, make_user):
    game = services.game_create(creator=alice, seats=["me", "open"], vp_counter=True,
                                kingdom=["Cellar", "Market", "Merchant", "Militia", "Mine",
                                         "Moat", "Remodel", "Smithy", "Village", "Workshop"])
    services.seat_join(game=game, user=bob)
    game = services.game_start(game=game, user=alice)
    client.force_login(alice)
    chart = client.get(reverse("games:replay", args=[game.pk])).context["chart"]
    assert "alice (3 VP)" in chart and "bob (3 VP)" in chart
    game.vp_counter = False
    game.save(update_fields=["vp_counter"])
    client.force_login(make_user("carol"))  # a spectator of a game without the counter
    assert client.get(reverse("games:replay", args=[game.pk])).context["chart"] is None


def test_a_stranger_cannot_replay_a_private_game(client, catalog, alice, make_user):
    game = services.game_create(creator=alice, seats=["me", "bmu"], listed=False,
                                kingdom=["Cellar", "Market", "Merchant", "Militia", "Mine",
                                         "Moat", "Remodel", "Smithy", "Village", "Workshop"])
    services.game_start(game=game, user=alice)
    client.force_login(make_user("mallory"))
    assert client.get(reverse("games:replay", args=[game.pk])).status_code == 404


# --- 6. small things --------------------------------------------------------------------------

def test_the_vp_counter_shows_scores_during_the_game(client, catalog, alice, bob):
    game = services.game_create(creator=alice, seats=["me", "open"], vp_counter=True,
                                kingdom=["Cellar", "Market", "Merchant", "Militia", "Mine",
                                         "Moat", "Remodel", "Smithy", "Village", "Workshop"])
    services.seat_join(game=game, user=bob)
    game = services.game_start(game=game, user=alice)
    players = _page(client, game).context["players"]
    assert [p["score"] for p in players] == [3, 3]


def test_without_the_vp_counter_no_scores_show_during_the_game(client, running_game):
    players = _page(client, running_game).context["players"]
    assert all(p.get("score") is None for p in players)


def test_a_favicon_is_linked_and_served(client, catalog):
    html = client.get(reverse("games:lobby")).content.decode()
    assert 'rel="icon"' in html and "favicon.svg" in html
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response.url.endswith("favicon.svg")


def test_the_api_token_page_links_to_the_api_docs(client, alice):
    client.force_login(alice)
    html = client.get(reverse("api:tokens")).content.decode()
    assert f'href="{reverse("api:docs")}"' in html and "docs/api.md" not in html


@pytest.mark.parametrize("position", [0, 1])
def test_the_status_bar_and_log_count_the_players_own_turns(client, running_game, play_one,
                                                           position):
    game = running_game
    for _ in range(8):
        game = play_one(game)
    html = _page(client, game, position).content.decode()
    assert not re.search(r"Turn \d+: \S+ \(turn \d+\)", html)
