"""The game page: what each viewer sees, and moves made with plain form POSTs."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games import selectors, services
from games.game_page import chart
from games.models import Game


def _page(client, game):
    return client.get(reverse("games:play", args=[game.pk]))


def _decide(client, game, data, fetch=False):
    headers = {"HTTP_X_REQUESTED_WITH": "fetch"} if fetch else {}
    return client.post(reverse("games:decide", args=[game.pk]), data, **headers)


def _login_seat(client, game, position):
    client.force_login(game.seats.get(position=position).user)


def _to_buy_phase_of(game, play_one, position):
    """Play (as Big Money) until `position` has an open Buy phase with Treasures to play."""
    for _ in range(200):
        game.refresh_from_db()
        d = game.decisions[0]
        if d["seat"] == position and d["kind"] == "BuyPhase" and d["treasures"]:
            return d
        game = play_one(game)
    raise AssertionError("no buy phase reached")


def test_my_page_shows_my_hand_the_supply_and_the_open_decision(client, running_game, play_one):
    d = _to_buy_phase_of(running_game, play_one, 0)
    game = running_game
    game.refresh_from_db()
    _login_seat(client, game, 0)

    html = _page(client, game).content.decode()

    hand = [c["name"] for c in selectors.game_view(game, 0)["hand"]]
    shown = re.findall(r'<span class="card-name">([^<]+)</span>',
                       html.split('id="my-hand-cards"')[1].split("</ul>")[0])
    assert sorted(shown) == sorted(hand)
    assert f'name="decision" value="{d["id"]}"' in html
    assert f'name="step" value="{game.step}"' in html
    assert "Play all Treasures" in html and "End turn" in html
    assert "Militia" in html and "Each other player discards down to 3" in html
    assert 'class="card-count" title="cards left">46<' in html  # Coppers after dealing 14
    assert game.seed not in html and game.snapshot not in html


def test_a_listed_game_shows_spectators_no_hand_and_no_forms(client, running_game, make_user):
    client.force_login(make_user("carol"))

    response = _page(client, running_game)

    html = response.content.decode()
    assert response.status_code == 200
    assert response.context["view"]["seat"] is None
    assert 'id="my-hand-cards"' not in html and "<form id=\"decision-" not in html


def test_a_private_game_page_is_hidden_from_strangers(client, catalog, alice, base_kingdom,
                                                      make_user):
    game = services.game_create(creator=alice, seats=["me", "bmu"], kingdom=base_kingdom,
                                listed=False)
    services.game_start(game=game, user=alice)
    client.force_login(make_user("mallory"))

    assert _page(client, game).status_code == 404


def test_a_game_not_yet_dealt_sends_you_to_its_seats(client, open_game):
    response = _page(client, open_game)

    assert response.status_code == 302
    assert response.url == reverse("games:detail", args=[open_game.pk])


def test_play_all_treasures_then_buy_with_one_click(client, running_game, play_one, committed):
    d = _to_buy_phase_of(running_game, play_one, 0)
    game = running_game
    game.refresh_from_db()
    _login_seat(client, game, 0)

    with committed():
        response = _decide(client, game, {"decision": d["id"], "step": game.step, "play_all": 1})
    assert response.status_code == 302
    game.refresh_from_db()
    buy = game.decisions[0]
    assert buy["kind"] == "BuyPhase" and buy["treasures"] == [] and buy["coins"] >= 2
    with committed():
        _decide(client, game, {"decision": buy["id"], "step": game.step, "buy": "Estate"})

    view = selectors.game_view(Game.objects.get(pk=game.pk), 0)
    assert any(e["type"] == "buy" and e["card"] == "Estate" and e["seat"] == 0
               for e in view["log"])


def test_an_illegal_buy_comes_back_with_the_reason_and_changes_nothing(client, running_game,
                                                                       play_one):
    d = _to_buy_phase_of(running_game, play_one, 0)
    game = running_game
    game.refresh_from_db()
    before = (game.step, game.snapshot)
    _login_seat(client, game, 0)

    response = _decide(client, game, {"decision": d["id"], "step": game.step,
                                      "buy": "Province"}, fetch=True)

    assert response.status_code == 400
    body = response.json()
    assert body["ok"] is False and "cannot buy 'Province'" in body["error"]
    assert 'class="live"' in body["html"]
    game.refresh_from_db()
    assert (game.step, game.snapshot) == before


def test_without_javascript_the_reason_is_shown_after_the_redirect(client, running_game,
                                                                   play_one):
    d = _to_buy_phase_of(running_game, play_one, 0)
    game = running_game
    game.refresh_from_db()
    _login_seat(client, game, 0)

    response = _decide(client, game, {"decision": d["id"], "step": game.step, "buy": "Gold"})
    page = client.get(response.url)

    assert "cannot buy &#x27;Gold&#x27;" in page.content.decode()


def test_a_stale_form_is_refused_with_a_clear_message(client, running_game, play_one):
    game = running_game
    game.refresh_from_db()
    old = game.decisions[0]
    old_step = game.step
    game = play_one(game)
    _login_seat(client, game, old["seat"])

    response = _decide(client, game, {"decision": old["id"], "step": old_step, "end": 1},
                       fetch=True)

    assert response.status_code == 409
    assert "moved on since that page was drawn" in response.json()["error"]
    game.refresh_from_db()
    assert game.step == old_step + 1


@pytest.mark.parametrize("fetch", [True, False])
def test_a_form_whose_step_is_ahead_of_the_game_is_a_bad_request_not_a_stale_page(
        client, running_game, play_one, fetch):
    """No page ever showed a step the game has not reached: such a form is forged or broken,
    and saying the game "moved on" would send the player to reload for nothing."""
    game = play_one(running_game)
    game.refresh_from_db()
    d = game.decisions[0]
    before = (game.step, game.snapshot, game.decisions)
    _login_seat(client, game, d["seat"])

    response = _decide(client, game, {"decision": d["id"], "step": game.step + 5, "end": 1},
                       fetch=fetch)

    expected = f"step {game.step + 5} is ahead of the game (at {game.step})"
    if fetch:
        assert response.status_code == 400
        error = response.json()["error"]
    else:
        error = client.get(response.url).content.decode()
    assert expected in error and "moved on" not in error
    game.refresh_from_db()
    assert (game.step, game.snapshot, game.decisions) == before


@pytest.mark.parametrize("written", ["\u0660{}", " {}", "{}_0", "-{}", "+{}", "{}.0", ""],
                         ids=["arabic-digit", "space", "underscore", "minus", "plus", "float",
                              "empty"])
def test_a_step_that_is_not_ascii_digits_is_refused_and_changes_nothing(client, running_game,
                                                                       play_one, written):
    game = play_one(running_game)
    game.refresh_from_db()
    d = game.decisions[0]
    before = (game.step, game.snapshot, game.decisions)
    _login_seat(client, game, d["seat"])
    response = _decide(client, game, {"decision": d["id"], "step": written.format(game.step),
                                      "end": 1}, fetch=True)
    assert response.status_code == 400 and "missing the game step" in response.json()["error"]
    game.refresh_from_db()
    assert (game.step, game.snapshot, game.decisions) == before


@pytest.mark.parametrize("step_ahead", [0, 3])
def test_an_unknown_decision_is_refused_as_not_open_not_as_a_stale_page(
    client, running_game, step_ahead
):
    game = running_game
    game.refresh_from_db()
    before = (game.step, game.snapshot)
    _login_seat(client, game, game.decisions[0]["seat"])

    response = _decide(client, game, {"decision": "d999", "step": game.step + step_ahead,
                                      "end": 1}, fetch=True)

    assert response.status_code == 400
    error = response.json()["error"]
    assert "'d999' is not one of your open decisions" in error and "moved on" not in error
    game.refresh_from_db()
    assert (game.step, game.snapshot) == before


def test_an_unknown_decision_without_javascript_says_so_after_the_redirect(client, running_game):
    game = running_game
    game.refresh_from_db()
    _login_seat(client, game, game.decisions[0]["seat"])

    response = _decide(client, game, {"decision": "bogus", "step": game.step, "end": 1})

    assert "&#x27;bogus&#x27; is not one of your open decisions" in client.get(
        response.url).content.decode()


def test_only_a_seated_player_can_answer(client, running_game, make_user):
    game = running_game
    game.refresh_from_db()
    d = game.decisions[0]
    client.force_login(make_user("carol"))

    response = _decide(client, game, {"decision": d["id"], "step": game.step, "end": 1},
                       fetch=True)

    assert response.status_code == 403
    assert Game.objects.get(pk=game.pk).step == game.step


def test_a_json_answer_carries_the_fresh_table(client, running_game, play_one, committed):
    d = _to_buy_phase_of(running_game, play_one, 1)
    game = running_game
    game.refresh_from_db()
    _login_seat(client, game, 1)

    with committed():
        response = _decide(client, game, {"decision": d["id"], "step": game.step,
                                          "play_all": 1}, fetch=True)

    body = response.json()
    assert body["ok"] and body["error"] is None and body["step"] == game.step + 1
    assert f'data-step="{game.step + 1}"' in body["html"]


def test_the_log_is_newest_first_and_hides_the_other_hand(client, running_game, play_one):
    game = running_game
    for _ in range(6):
        game = play_one(game)
    _login_seat(client, game, 0)

    log = _page(client, game).context["log"]

    texts = [line["text"] for line in log]
    view = selectors.game_view(game, None)
    active = view["players"][view["turn"]["player"]]
    # One number per turn header: the player's own turn ("Turn 2: bob"), as players count.
    who = "You" if active["seat"] == 0 else active["name"]
    assert texts[0] == f"Turn {active['turns']}: {who}"
    bob_draws = [t for t in texts if t.startswith("bob drew")]
    my_draws = [t for t in texts if t.startswith("You drew")]
    assert bob_draws and all("(" not in t for t in bob_draws)
    assert my_draws and all("(" in t for t in my_draws)


def test_since_my_last_move_summarises_what_the_others_did(client, running_game, play_one):
    game = running_game
    for _ in range(40):
        game.refresh_from_db()
        last = game.steps.order_by("-number").first()
        if last and last.seat == 1 and game.steps.filter(seat=0).exists():
            break  # Alice moved, then Bob: what did he do since?
        game = play_one(game)
    _login_seat(client, game, 0)

    since = _page(client, game).context["since"]

    assert since is not None and since["at"] is not None
    assert any(line["text"].startswith("bob ") for line in since["lines"])
    assert not any(line["text"].startswith("You ") for line in since["lines"])


def test_the_wait_shows_who_since_when_and_the_deadline(client, running_game):
    game = running_game
    game.refresh_from_db()
    waiting_seat = game.decisions[0]["seat"]
    _login_seat(client, game, 1 - waiting_seat)

    response = _page(client, game)

    (wait,) = response.context["waiting"]
    seat = game.seats.get(position=waiting_seat)
    assert wait["since"] == seat.waiting_since
    assert (wait["deadline"] - wait["since"]).days == game.time_limit_days
    assert f"Waiting for <strong>{seat.user.username}</strong>" in response.content.decode()


def test_the_end_screen_has_scores_winner_decks_and_a_vp_chart(client, running_game,
                                                                play_to_end):
    game = play_to_end(running_game)
    _login_seat(client, game, 0)

    response = _page(client, game)

    html = response.content.decode()
    end = response.context["end"]
    scores = game.result["scores"]
    assert [p["score"] for p in end["ranking"]] == sorted(scores, reverse=True)
    assert "<svg class=\"vp-chart\"" in html and html.count("<polyline") == 2
    assert "alice’s deck" in html and "bob’s deck" in html
    rows = chart.vp_by_turn(game)
    assert rows[0] == [3, 3] and rows[-1] == scores
    assert 'form id="decision-' not in html


def test_the_vp_rows_are_worked_out_again_when_an_undo_brings_a_step_back(running_game,
                                                                          play_one, monkeypatch):
    game = running_game
    for _ in range(3):
        game = play_one(game)
    assert chart.vp_by_turn(game) == chart._replay_scores(selectors.game_record(game))
    services.game_rewind(game_id=game.pk, to_step=1, expected_step=3)
    game = Game.objects.get(pk=game.pk)
    for _ in range(2):
        game = play_one(game)
    assert game.step == 3
    replayed = []
    monkeypatch.setattr(chart, "_replay_scores", lambda record: replayed.append(record) or [])
    chart.vp_by_turn(game)  # the same step as before the undo: not the cached rows
    assert len(replayed) == 1
    chart.vp_by_turn(game)
    assert len(replayed) == 1  # and cached again


@pytest.mark.parametrize("moves", [0, 9, 30])
def test_the_live_fragment_is_the_seats_own_table(client, running_game, play_one, moves):
    game = running_game
    for _ in range(moves):
        game = play_one(game)
    _login_seat(client, game, 1)

    response = client.get(reverse("games:play_live", args=[game.pk]))

    assert response.context["view"] == selectors.game_view(game, 1)
    assert response.context["hand"] is not None


def test_the_summary_page_of_a_running_game_links_to_the_game_page(client, running_game):
    _login_seat(client, running_game, 0)

    html = client.get(reverse("games:detail", args=[running_game.pk])).content.decode()

    assert reverse("games:play", args=[running_game.pk]) in html


def test_an_abandoned_game_shows_the_table_but_no_forms(client, running_game):
    services.game_abandon(game=running_game)
    _login_seat(client, running_game, 0)

    response = _page(client, running_game)

    assert response.status_code == 200
    assert response.context["decisions"] == [] and response.context["waiting"] == []
    assert 'form id="decision-' not in response.content.decode()


def test_the_page_shows_clocks_and_this_games_standing_orders(client, running_game):
    _login_seat(client, running_game, 0)

    html = _page(client, running_game).content.decode()

    assert "Standing orders for this game" in html
    assert 'class="play-panel"' in html


def test_a_game_another_engine_dealt_is_shown_but_never_replayed(client, running_game,
                                                                 play_one, play_to_end):
    """Its shuffles are not this engine's: replaying its answers would draw other cards."""
    game = play_one(play_one(running_game))
    Game.objects.filter(pk=game.pk).update(engine_version="1.0")
    game.refresh_from_db()
    with pytest.raises(services.IllegalMove, match="does not replay"):
        services.game_rewind(game_id=game.pk, to_step=1, expected_step=game.step)
    game = play_to_end(game)
    _login_seat(client, game, 0)

    page = _page(client, game)
    assert page.status_code == 200 and "vp-chart" not in page.content.decode()
    assert page.context["end"]["ranking"]
    replay = client.get(reverse("games:replay", args=[game.pk]), follow=True)
    assert replay.redirect_chain[0][0] == reverse("games:detail", args=[game.pk])
    assert "engine 1.0" in replay.content.decode()
