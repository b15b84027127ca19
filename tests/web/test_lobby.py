"""The lobby as plain HTML forms (no JavaScript): create, join, start, leave, my games."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import services
from games.models import Game, GameStatus, Kingdom


def _create_form(**overrides) -> dict:
    data = {"seat_1": "me", "seat_2": "open", "kingdom_mode": "random", "edition": "2",
            "time_limit_days": "3", "listed": "on"}
    data.update(overrides)
    return {key: value for key, value in data.items() if value is not None}


@pytest.fixture
def as_alice(client, alice, catalog):
    client.force_login(alice)
    return client


def test_the_create_form_renders_every_choice(as_alice):
    page = as_alice.get(reverse("games:new")).content.decode()

    assert "Bot: Big Money Ultimate" in page
    assert "First Game" in page  # a recommended kingdom, grouped by set
    assert 'value="Smithy"' in page  # a hand-pickable card
    assert "14 days" in page


def test_create_a_random_game_from_chosen_sets(as_alice):
    response = as_alice.post(reverse("games:new"), _create_form(
        random_sets=["base"], random_editions=["2"], seat_3="bmu", time_limit_days="7"))

    game = Game.objects.get()
    assert response.status_code == 302 and response.url == reverse("games:detail", args=[game.pk])
    assert game.player_count == 3
    assert len(game.kingdom_cards) == 10
    assert game.time_limit_days == 7
    assert [s.is_bot for s in game.seats.all()] == [False, False, True]


def test_create_from_a_recommended_kingdom(as_alice):
    first_game = Kingdom.objects.get(name="First Game")

    as_alice.post(reverse("games:new"), _create_form(
        kingdom_mode="recommended", recommended=str(first_game.pk)))

    game = Game.objects.get()
    assert game.kingdom == first_game
    assert game.kingdom_cards == first_game.cards


def test_create_with_ten_hand_picked_cards(as_alice, base_kingdom):
    form = _create_form(kingdom_mode="custom", custom_cards=base_kingdom)

    as_alice.post(reverse("games:new"), form)

    assert Game.objects.get().kingdom_cards == base_kingdom


def test_hand_picking_nine_cards_is_refused(as_alice, base_kingdom):
    response = as_alice.post(reverse("games:new"), _create_form(
        kingdom_mode="custom", custom_cards=base_kingdom[:9]))

    assert response.status_code == 200
    assert "exactly 10 cards" in response.content.decode()
    assert not Game.objects.exists()


def test_the_form_counts_in_the_api_quota_for_creating_games(as_alice, settings):
    """The lobby's form is no way around the API's create_game quota (a game of bots alone
    plays itself out on the workers): both count in one window."""
    from django.core.cache import cache

    cache.clear()
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "create_game": "2/hour"}}
    bots_alone = _create_form(seat_1="bmu", seat_2="bmu")
    assert as_alice.post(reverse("games:new"), bots_alone).status_code == 302
    api = as_alice.post("/api/v1/games/", {"seats": ["bmu", "bmu"], "kingdom": list(
        Game.objects.get().kingdom_cards)}, content_type="application/json")
    assert api.status_code == 201

    refused = as_alice.post(reverse("games:new"), bots_alone)

    assert refused.status_code == 429
    assert "You have created games as often as you may for now: try again in 60 minutes" \
        in refused.content.decode()
    assert Game.objects.count() == 2
    assert as_alice.post("/api/v1/games/", {"seats": ["bmu", "bmu"], "kingdom": list(
        Game.objects.first().kingdom_cards)}, content_type="application/json").status_code == 429


def test_one_seat_is_not_a_game(as_alice):
    response = as_alice.post(reverse("games:new"), _create_form(seat_2=""))

    assert "between 2 and 6 seats" in response.content.decode()
    assert not Game.objects.exists()


def test_six_seats_is_the_most(as_alice):
    seats = {f"seat_{n}": "open" for n in range(2, 7)}

    as_alice.post(reverse("games:new"), _create_form(**seats))

    assert Game.objects.get().player_count == 6


def test_anonymous_visitors_are_sent_to_log_in(client, catalog):
    response = client.get(reverse("games:new"))

    assert response.status_code == 302 and reverse("account_login") in response.url


def test_join_then_start_a_listed_game(client, open_game, bob):
    assert open_game.pk in [g.pk for g in client.get(reverse("games:lobby")).context["games"]]
    client.force_login(bob)

    client.post(reverse("games:join", args=[open_game.pk]))
    assert open_game.seats.filter(user=bob).exists()
    assert open_game.pk not in [g.pk for g in client.get(reverse("games:lobby")).context["games"]]

    client.force_login(open_game.creator)
    client.post(reverse("games:start", args=[open_game.pk]))
    open_game.refresh_from_db()
    assert open_game.status == GameStatus.RUNNING


def test_only_the_creator_starts_and_only_when_full(client, open_game, bob, make_user):
    client.force_login(open_game.creator)
    client.post(reverse("games:start", args=[open_game.pk]))
    open_game.refresh_from_db()
    assert open_game.status == GameStatus.OPEN  # a seat is still open

    services.seat_join(game=open_game, user=bob)
    client.force_login(bob)
    response = client.post(reverse("games:start", args=[open_game.pk]), follow=True)
    open_game.refresh_from_db()
    assert open_game.status == GameStatus.OPEN
    assert "only the player who created the game" in response.content.decode()


def test_private_games_are_hidden_but_join_by_invite_link(
    client, catalog, alice, bob, base_kingdom
):
    game = services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom,
                                listed=False)
    client.force_login(bob)

    assert game.pk not in [g.pk for g in client.get(reverse("games:lobby")).context["games"]]
    assert client.get(reverse("games:detail", args=[game.pk])).status_code == 404
    client.post(reverse("games:join", args=[game.pk]))
    assert not game.seats.filter(user=bob).exists()

    invite = client.get(reverse("games:invite", args=[game.invite_token]))
    assert invite.status_code == 200 and "Join this game" in invite.content.decode()
    client.post(reverse("games:join", args=[game.pk]), {"invite_token": game.invite_token})
    assert game.seats.filter(user=bob).exists()
    assert client.get(reverse("games:detail", args=[game.pk])).status_code == 200


def test_leaving_an_open_game_frees_the_seat(client, open_game, bob):
    services.seat_join(game=open_game, user=bob)
    client.force_login(bob)

    client.post(reverse("games:leave", args=[open_game.pk]))

    assert not open_game.seats.filter(user=bob).exists()


def test_my_games_lists_games_waiting_for_me_first(
    client, catalog, alice, bob, base_kingdom, play_one
):
    older = services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom)
    waiting = services.game_create(creator=bob, seats=["open", "me"], kingdom=base_kingdom)
    services.seat_join(game=waiting, user=alice)
    services.game_start(game=waiting, user=bob)
    newer = services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom)
    while not waiting.seats.get(user=alice).waiting_since:
        waiting = play_one(waiting)
    client.force_login(alice)

    response = client.get(reverse("games:my_games"))

    order = [seat.game.pk for seat in response.context["seats"]]
    assert order[0] == waiting.pk
    assert set(order) == {older.pk, waiting.pk, newer.pk}
    assert 'class="badge"' in response.content.decode()


def _alices_games(alice, bob, base_kingdom, count: int) -> None:
    """`count` games of Alice's: every third one open, the others running with Bob."""
    with override_settings(MAX_OPEN_GAMES_PER_USER=count):
        for i in range(count):
            game = services.game_create(creator=alice, seats=["me", "open"],
                                        kingdom=base_kingdom)
            if i % 3:
                services.seat_join(game=game, user=bob)
                services.game_start(game=game, user=alice)


def test_my_games_shows_fifty_a_page_with_links_to_the_others(
    client, catalog, alice, bob, base_kingdom
):
    _alices_games(alice, bob, base_kingdom, 60)
    client.force_login(alice)

    first = client.get(reverse("games:my_games"))
    second = client.get(reverse("games:my_games"), {"page": 2})

    assert len(first.context["seats"]) == 50 and len(second.context["seats"]) == 10
    shown = [s.game.pk for s in [*first.context["seats"], *second.context["seats"]]]
    assert sorted(shown) == sorted(Game.objects.values_list("pk", flat=True))
    assert 'href="?page=2"' in first.content.decode()
    assert "page 2 of 2" in second.content.decode()


@pytest.mark.parametrize("asked, shown", [("99", 2), ("0", 2), ("nope", 1)])
def test_a_bad_page_number_shows_the_nearest_page(
    client, catalog, alice, bob, base_kingdom, asked, shown
):
    _alices_games(alice, bob, base_kingdom, 51)
    client.force_login(alice)

    response = client.get(reverse("games:my_games"), {"page": asked})

    assert response.status_code == 200 and response.context["page"].number == shown


def test_my_games_costs_the_same_queries_for_3_games_and_for_60(
    client, catalog, alice, bob, base_kingdom
):
    client.force_login(alice)
    counts = []
    for count in (3, 60):
        Game.objects.all().delete()
        _alices_games(alice, bob, base_kingdom, count)
        client.get(reverse("games:my_games"))  # warm the session and per-process caches
        with CaptureQueriesContext(connection) as queries:
            assert client.get(reverse("games:my_games")).status_code == 200
        counts.append(len(queries))

    assert counts[0] == counts[1]


def test_the_form_refuses_a_game_over_the_open_games_cap(as_alice, alice, base_kingdom,
                                                         settings):
    settings.MAX_OPEN_GAMES_PER_USER = 1
    services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom)

    refused = as_alice.post(reverse("games:new"), _create_form())

    assert refused.status_code == 409
    assert ("you have 1 games that have not started, the most an account may have (1)"
            in refused.content.decode())
    assert Game.objects.count() == 1


def test_a_game_the_form_is_refused_does_not_use_up_the_quota(as_alice, alice, base_kingdom,
                                                               settings):
    """Only a game created counts in create_game: refusals (the open games cap) leave it whole."""
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "create_game": "2/hour"}}
    settings.MAX_OPEN_GAMES_PER_USER = 1
    services.game_create(creator=alice, seats=["me", "open"], kingdom=base_kingdom)
    refused = [as_alice.post(reverse("games:new"), _create_form()) for _ in range(2)]
    assert [r.status_code for r in refused] == [409, 409]
    settings.MAX_OPEN_GAMES_PER_USER = 10

    created = [as_alice.post(reverse("games:new"), _create_form()) for _ in range(2)]

    assert [r.status_code for r in created] == [302, 302]
    assert as_alice.post(reverse("games:new"), _create_form()).status_code == 429
    assert Game.objects.count() == 3


def test_over_the_quota_the_form_says_when_to_try_again_before_judging_what_was_sent(
        as_alice, settings):
    """As POST /api/v1/games/ answers 429 before a 400: a form sent over the quota is told
    when it may be sent again, not what to mend in a request it cannot make yet."""
    from django.core.cache import cache

    cache.clear()
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "create_game": "1/hour"}}
    assert as_alice.post(reverse("games:new"), _create_form(seat_2="bmu")).status_code == 302

    refused = as_alice.post(reverse("games:new"), _create_form(seat_2="", time_limit_days="7"))

    page = refused.content.decode()
    assert refused.status_code == 429
    assert "You have created games as often as you may for now: try again in 60 minutes" in page
    assert "between 2 and 6 seats" not in page  # (the form was not checked)
    assert '<option value="7" selected>' in page  # what was sent is kept for the next try
    assert Game.objects.count() == 1
