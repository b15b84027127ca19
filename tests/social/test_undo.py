"""Undo at the service level: free until something is revealed, then by everyone's consent."""

from __future__ import annotations

from datetime import timedelta

import pytest

import engine
from games import history, selectors, services
from games.api import endings
from games.models import Game, GameStep
from games.social import undo
from games.social.exceptions import Conflict, Forbidden, UndoRefused
from games.social.models import Status, Undo
from tests.social.conftest import first_seat
from tests.web.conftest import BASE_KINGDOM

pytestmark = pytest.mark.django_db


def _players(game: Game) -> dict:
    """{seat position: user} of a running two-player game."""
    return {s.position: s.user for s in game.seats.all()}


def _after_treasures(running_game, answer):
    seat = first_seat(running_game)
    return answer(running_game, seat, {"play": "all"}), seat


def test_taking_back_treasures_before_anything_is_revealed_is_free(running_game, answer,
                                                                   committed):
    game, seat = _after_treasures(running_game, answer)
    user = _players(game)[seat]
    options = undo.undo_options(game, seat)
    assert options == [undo.UndoOption(to_step=0, count=1, free=True)]
    with committed():
        done = undo.undo_take_back(game=game, user=user, to_step=0, step=1)
    game.refresh_from_db()
    assert (done.kind, done.status, done.removed[0][0]) == ("free", Status.APPLIED, seat)
    assert game.step == 0 and GameStep.objects.filter(game=game).count() == 0
    fresh = engine.new_game(game.setup, game.seed)
    assert history.whole_table(game).view(seat) == fresh.view(seat)
    assert selectors.game_replays_identically(game)


def test_the_other_players_move_cannot_be_taken_back(running_game, answer):
    game, seat = _after_treasures(running_game, answer)
    other = 1 - seat
    assert undo.undo_options(game, other) == []
    with pytest.raises(UndoRefused):
        undo.undo_take_back(game=game, user=_players(game)[other], to_step=0, step=1)


def test_after_a_draw_the_undo_is_a_request_the_other_player_accepts(running_game, answer,
                                                                      committed):
    game, seat = _after_treasures(running_game, answer)
    game = answer(game, seat, {"buy": "Copper"})  # ends the turn: Clean-up draws a new hand
    users = _players(game)
    options = undo.undo_options(game, seat)
    assert [(o.to_step, o.free) for o in options] == [(1, False), (0, False)]
    with committed():
        asked = undo.undo_take_back(game=game, user=users[seat], to_step=1, step=2)
    assert asked.status == Status.PENDING and asked.votes == {str(1 - seat): "pending"}
    game.refresh_from_db()
    assert game.step == 2  # nothing changes until everyone agrees
    with committed():
        done = undo.undo_answer(game=game, user=users[1 - seat], undo_id=asked.pk, accept=True)
    game.refresh_from_db()
    assert done.status == Status.APPLIED and game.step == 1
    assert game.decisions[0]["seat"] == seat and game.decisions[0]["kind"] == "BuyPhase"
    assert selectors.game_replays_identically(game)


def test_a_refused_request_changes_nothing(running_game, answer, committed):
    game, seat = _after_treasures(running_game, answer)
    game = answer(game, seat, {"buy": "Copper"})
    users = _players(game)
    snapshot = game.snapshot
    asked = undo.undo_take_back(game=game, user=users[seat], to_step=1, step=2)
    done = undo.undo_answer(game=game, user=users[1 - seat], undo_id=asked.pk, accept=False)
    game.refresh_from_db()
    assert done.status == Status.DECLINED and game.step == 2 and game.snapshot == snapshot


def test_a_move_while_the_request_waits_voids_it(running_game, answer, committed):
    game, seat = _after_treasures(running_game, answer)
    game = answer(game, seat, {"buy": "Copper"})
    users = _players(game)
    asked = undo.undo_take_back(game=game, user=users[seat], to_step=1, step=2)
    answer(game, 1 - seat, {"end": True})
    asked.refresh_from_db()
    assert asked.status == Status.VOID
    with pytest.raises(Conflict):
        undo.undo_answer(game=game, user=users[1 - seat], undo_id=asked.pk, accept=True)


def _asked_after_a_draw(running_game, answer, committed):
    """A 2-player game whose first player bought (Clean-up drew), then asked to take it back:
    a request waiting for the other. With (game, the asking seat, {position: user}, it)."""
    game, seat = _after_treasures(running_game, answer)
    game = answer(game, seat, {"buy": "Copper"})
    users = _players(game)
    with committed():
        asked = undo.undo_take_back(game=game, user=users[seat], to_step=1, step=2)
    return game, seat, users, asked


def test_a_request_voided_by_a_move_is_announced_to_everyone_seated(running_game, answer,
                                                                    committed, monkeypatch):
    from games.api.events import user_group

    game, seat, users, asked = _asked_after_a_draw(running_game, answer, committed)
    events = _undo_events(monkeypatch)
    with committed():
        answer(game, 1 - seat, {"end": True})
    told = {group for group, sent in events
            if sent["id"] == asked.pk and sent["status"] == Status.VOID}
    assert told == {user_group(users[0].pk), user_group(users[1].pk)}


def test_an_expired_request_can_no_longer_be_accepted(running_game, answer):
    game, seat = _after_treasures(running_game, answer)
    game = answer(game, seat, {"buy": "Copper"})
    users = _players(game)
    asked = undo.undo_take_back(game=game, user=users[seat], to_step=1, step=2)
    later = asked.deadline_at + timedelta(seconds=1)
    with pytest.raises(Conflict):
        undo.undo_answer(game=game, user=users[1 - seat], undo_id=asked.pk, accept=True,
                         now=later)
    asked.refresh_from_db()
    assert asked.status == Status.EXPIRED
    assert asked.deadline_at - asked.created_at == timedelta(hours=24)


def test_a_bot_accepts_at_once(catalog, alice, base_kingdom, committed):
    with committed():
        game = services.game_create(creator=alice, seats=["me", "bmu"], kingdom=base_kingdom)
        game = services.game_start(game=game, user=alice)
    game.refresh_from_db()  # if the bot went first, it has played up to alice's decision
    decision = game.decisions[0]
    assert decision["seat"] == 0
    with committed():
        services.decision_submit(game_id=game.pk, seat=0, decision_id=decision["id"],
                                 answer={"end": True}, step=game.step)
    game.refresh_from_db()
    target = next(o for o in undo.undo_options(game, 0) if not o.free)
    with committed():
        done = undo.undo_take_back(game=game, user=alice, to_step=target.to_step,
                                   step=game.step)
    game.refresh_from_db()
    assert done.kind == "request" and done.status == Status.APPLIED
    assert done.votes == {"1": "accepted"} and game.step == target.to_step
    assert game.decisions[0]["seat"] == 0


def test_a_stale_step_or_a_spectator_is_refused(running_game, answer, make_user):
    game, seat = _after_treasures(running_game, answer)
    users = _players(game)
    with pytest.raises(Conflict):
        undo.undo_take_back(game=game, user=users[seat], to_step=0, step=0)
    with pytest.raises(Forbidden):
        undo.undo_take_back(game=game, user=make_user("eve"), to_step=0, step=1)
    assert Undo.objects.count() == 0


def test_only_one_request_at_a_time(running_game, answer):
    game, seat = _after_treasures(running_game, answer)
    game = answer(game, seat, {"buy": "Copper"})
    users = _players(game)
    undo.undo_take_back(game=game, user=users[seat], to_step=1, step=2)
    with pytest.raises(Conflict):
        undo.undo_take_back(game=game, user=users[seat], to_step=0, step=2)


def test_revealing_entries_are_judged_from_the_log(running_game):
    table = engine.loads(running_game.snapshot)
    silent = ["buy", 0, {"card": "Silver"}, None, None]
    assert not undo._reveals(table, silent)
    assert undo._reveals(table, ["draw", 0, [1, 2]])
    assert undo._reveals(table, ["shuffle", 0, {"count": 5}, None, None])
    assert undo._reveals(table, ["reveal", 1, {"cards": ["Moat"]}, None, None])
    hidden_pile = ["gain", 0, {"card": "Sir Martin", "to": "discard"}, None, None]
    assert undo._reveals(table, hidden_pile)  # a mixed pile shows its next card


def test_the_undo_events_cross_the_redis_channel_layer(running_game, answer, committed,
                                                       monkeypatch):
    """The request and its vote reach sockets through channels_redis's serializer (msgpack
    with strict map keys), which refused the seat-numbered votes."""
    from channels_redis.core import RedisChannelLayer

    from games.social import live

    layer = RedisChannelLayer(hosts=["redis://127.0.0.1:1/0"])  # never connects: serializing
    sent = []
    monkeypatch.setattr(live, "_send", lambda group, message: sent.append(message))
    game, seat = _after_treasures(running_game, answer)
    game = answer(game, seat, {"buy": "Copper"})
    users = _players(game)
    with committed():
        asked = undo.undo_take_back(game=game, user=users[seat], to_step=1, step=2)
    with committed():
        undo.undo_answer(game=game, user=users[1 - seat], undo_id=asked.pk, accept=True)
    events = [m for m in sent if m["type"] == "api.events"]
    assert len(events) >= 2
    for message in sent:
        assert layer.deserialize(layer.serialize(message)) == message
    assert events[-1]["events"][0]["undo"]["votes"] == {str(1 - seat): "accepted"}


def test_a_card_discarded_face_up_from_the_deck_makes_the_undo_a_request(
        catalog, alice, bob, answer):
    # Vassal discards the top card of the deck for all to see (a "discard" entry, no
    # "reveal"): a free undo let its player see the card, take the Vassal back and play on
    # knowing what they would draw next (found against a live server).
    from engine.positions import build

    kingdom = ["Vassal", "Village", "Smithy", "Market", "Cellar", "Workshop", "Militia",
               "Moat", "Mine", "Remodel"]
    game = services.game_create(creator=alice, seats=["me", "open"], kingdom=kingdom)
    services.seat_join(game=game, user=bob)
    game = services.game_start(game=game, user=alice)
    table = build({"kingdom": kingdom, "seed": "vassal-undo", "players": [
        {"hand": ["Vassal", "Copper", "Copper", "Copper", "Estate"],
         "deck": ["Province", "Copper", "Copper", "Copper", "Copper", "Estate"]},
        {"hand": ["Copper"] * 5, "deck": ["Copper"] * 5}]})
    decisions = [{**d.to_dict(), "opened_step": 0, "opened_by": None} for d in table.pending()]
    Game.objects.filter(pk=game.pk).update(decisions=decisions, **history.installed(table))
    game.refresh_from_db()
    vassal = next(c["id"] for c in game.decisions[0]["cards"] if c["name"] == "Vassal")
    game = answer(game, 0, [vassal])
    seen = [e for e in history.whole_table(game).view(1)["log"] if e["type"] == "discard"]
    assert seen[-1]["cards"] == ["Province"]  # everyone saw it
    assert [(o.to_step, o.free) for o in undo.undo_options(game, 0)] == [(0, False)]
    request = undo.undo_take_back(game=game, user=alice, to_step=0, step=1)
    assert (request.kind, request.status) == ("request", Status.PENDING)


def test_a_discard_from_the_hand_face_down_stays_silent(running_game):
    table = engine.loads(running_game.snapshot)
    assert not undo._reveals(table, ["discard", 0, {"count": 2, "top": "Estate"},
                                     {"cards": ["Copper", "Estate"]}, None])


def test_a_resigned_seat_takes_nothing_back(catalog, alice, bob, carol, answer, committed):
    """The bot plays a resigned seat on: its answers are no longer the player's, who could
    still ask the others to take back the bot's moves for that seat."""
    game = services.game_create(creator=alice, seats=["me", "open", "open"],
                                kingdom=BASE_KINGDOM)
    services.seat_join(game=game, user=bob)
    services.seat_join(game=game, user=carol)
    game = services.game_start(game=game, user=alice)
    seat = first_seat(game)
    user = _players(game)[seat]
    game = answer(game, seat, {"play": "all"})
    assert undo.undo_options(game, seat) != []
    with committed():
        endings.game_resign(game=game, user=user)
    game.refresh_from_db()
    assert undo.undo_options(game, seat) == []
    with pytest.raises(UndoRefused):
        undo.undo_take_back(game=game, user=user, to_step=0, step=game.step)
    assert not Undo.objects.filter(game=game).exists()


def _three_players_after_a_draw(alice, bob, carol, answer):
    """A running 3-player game whose first player has bought (Clean-up drew a new hand), so
    taking it back needs the others' consent; with (game, that seat, {position: user})."""
    game = services.game_create(creator=alice, seats=["me", "open", "open"],
                                kingdom=BASE_KINGDOM)
    services.seat_join(game=game, user=bob)
    services.seat_join(game=game, user=carol)
    game = services.game_start(game=game, user=alice)
    seat = first_seat(game)
    game = answer(game, seat, {"play": "all"})
    game = answer(game, seat, {"buy": "Copper"})
    return game, seat, _players(game)


def test_the_bot_does_not_consent_for_a_person_whose_seat_it_took_over(
        catalog, alice, bob, carol, answer, committed):
    """A taken-over seat is still its person's: the bot playing it while they are away must
    not agree, for them, to take back what the others learnt."""
    from games.play import services as play_services

    game, seat, users = _three_players_after_a_draw(alice, bob, carol, answer)
    absent = (seat + 1) % 3
    with committed():
        play_services.seat_takeover(game_id=game.pk, position=absent)
    game.refresh_from_db()
    step = game.step
    with committed():
        asked = undo.undo_take_back(game=game, user=users[seat], to_step=1, step=step)
    assert asked.status == Status.PENDING
    assert asked.votes[str(absent)] == "pending"
    with committed():
        undo.undo_answer(game=game, user=users[(seat + 2) % 3], undo_id=asked.pk, accept=True)
    asked.refresh_from_db()
    game.refresh_from_db()
    assert asked.status == Status.PENDING and game.step == step  # waits for the absent one
    from games.play.models import Notification
    assert Notification.objects.filter(user=users[absent], game=game, kind="undo").exists()
    with committed():  # back, they answer it themselves
        done = undo.undo_answer(game=game, user=users[absent], undo_id=asked.pk, accept=True)
    game.refresh_from_db()
    assert done.status == Status.APPLIED and game.step == 1


def test_a_resigned_seat_accepts_at_once(catalog, alice, bob, carol, answer, committed):
    """A person who resigned has left the game: the bot plays their seat on for the others."""
    game, seat, users = _three_players_after_a_draw(alice, bob, carol, answer)
    gone, other = (seat + 1) % 3, (seat + 2) % 3
    with committed():
        endings.game_resign(game=game, user=users[gone])
    game.refresh_from_db()
    with committed():
        asked = undo.undo_take_back(game=game, user=users[seat], to_step=1, step=game.step)
    assert asked.votes == {str(gone): "accepted", str(other): "pending"}


def _asked_then_taken_over(alice, bob, carol, answer, committed):
    """A request waits for the next player, who is away: their seat is then taken over while
    it is their turn (so the bot is asked to move it at once). With (game, the asking seat,
    the absent one, {position: user}, the request)."""
    from games.play import services as play_services

    game, seat, users = _three_players_after_a_draw(alice, bob, carol, answer)
    absent = (seat + 1) % 3
    assert game.decisions[0]["seat"] == absent  # their turn
    with committed():
        asked = undo.undo_take_back(game=game, user=users[seat], to_step=1, step=game.step)
    assert asked.votes[str(absent)] == "pending"
    with committed():
        play_services.seat_takeover(game_id=game.pk, position=absent)
    game.refresh_from_db()
    asked.refresh_from_db()
    return game, seat, absent, users, asked


def test_the_bot_does_not_void_by_its_move_a_request_waiting_for_the_person_it_plays_for(
        catalog, alice, bob, carol, answer, committed):
    """The bot taken over from an absent player would move their seat at once, and any move
    ends a waiting request: the person it waits for could never answer. The bot holds back
    while the request waits for them, and they can answer it."""
    game, seat, absent, users, asked = _asked_then_taken_over(alice, bob, carol, answer,
                                                              committed)
    step = game.step
    assert asked.status == Status.PENDING and game.decisions[0]["seat"] == absent
    assert not services.bot_move_play(game_id=game.pk, decision_id=game.decisions[0]["id"],
                                      step=step)
    with committed():
        undo.undo_answer(game=game, user=users[(seat + 2) % 3], undo_id=asked.pk, accept=True)
        done = undo.undo_answer(game=game, user=users[absent], undo_id=asked.pk, accept=True)
    game.refresh_from_db()
    assert done.status == Status.APPLIED and game.step == 1


def test_a_declined_request_lets_the_held_bot_move_on(catalog, alice, bob, carol, answer,
                                                      committed):
    game, seat, absent, users, asked = _asked_then_taken_over(alice, bob, carol, answer,
                                                              committed)
    step = game.step
    with committed():
        undo.undo_answer(game=game, user=users[(seat + 2) % 3], undo_id=asked.pk, accept=False)
    game.refresh_from_db()
    assert game.step > step and not any(d["seat"] == absent for d in game.decisions)


def test_the_hold_ends_at_the_requests_deadline(catalog, alice, bob, carol, answer, committed):
    game, seat, absent, users, asked = _asked_then_taken_over(alice, bob, carol, answer,
                                                              committed)
    step = game.step
    Undo.objects.filter(pk=asked.pk).update(deadline_at=asked.created_at - timedelta(seconds=1))
    with committed():
        assert services.bots_resume() >= 1  # (the periodic safety net, every 5 minutes)
    game.refresh_from_db()
    asked.refresh_from_db()
    assert game.step > step and asked.status != Status.PENDING


def test_a_request_past_its_deadline_ends_within_the_minute_announced_and_the_bot_moves_on(
        catalog, alice, bob, carol, answer, committed, monkeypatch):
    """The beat's sweep ends it: the held bot no longer waits for the five-minute
    `bots_resume`, and nobody is left shown a request that can no longer be answered."""
    from games.social import tasks

    game, seat, absent, users, asked = _asked_then_taken_over(alice, bob, carol, answer,
                                                              committed)
    step = game.step
    Undo.objects.filter(pk=asked.pk).update(deadline_at=asked.created_at - timedelta(seconds=1))
    events = _undo_events(monkeypatch)
    with committed():
        assert tasks.undo_expire() == 1
    asked.refresh_from_db()
    assert asked.status == Status.EXPIRED
    told = {group for group, sent in events
            if sent["id"] == asked.pk and sent["status"] == Status.EXPIRED}
    from games.api.events import user_group
    assert told == {user_group(u.pk) for u in users.values()}
    game.refresh_from_db()
    assert game.step > step  # the bot playing the absent player's seat moved on
    with committed():
        assert tasks.undo_expire() == 0


def _expire(asked: Undo) -> None:
    Undo.objects.filter(pk=asked.pk).update(deadline_at=asked.created_at - timedelta(seconds=1))


def test_a_lapsed_request_cannot_be_asked_again_at_the_same_step_to_hold_the_bot_on(
        catalog, alice, bob, carol, answer, committed):
    """The hold ends at the request's deadline, but asking again at once (before the bot's
    next move) held the bot another deadline, and so on: the asker, or a friend at the
    table taking turns with them, stalled the game for ever. One request per step."""
    game, seat, absent, users, asked = _asked_then_taken_over(alice, bob, carol, answer,
                                                              committed)
    step = game.step
    _expire(asked)  # lapsed, and the bot not moved yet (it runs in its own thread):
    Undo.objects.filter(pk=asked.pk).update(status=Status.EXPIRED)
    for user in (users[seat], users[(seat + 2) % 3]):
        with pytest.raises(Conflict, match="already"):
            with committed():
                undo.undo_take_back(game=game, user=user, to_step=1, step=step)
    assert not Undo.objects.filter(game=game, status=Status.PENDING).exists()
    with committed():
        services.bots_resume()
    game.refresh_from_db()
    assert game.step > step


def test_the_bot_holds_a_seat_no_more_once_its_person_let_a_request_lapse(
        catalog, alice, bob, carol, answer, committed):
    """A person who let a request reach its deadline is away: a later request (at a later
    step) waits for their vote still, but the bot plays their seat on meanwhile."""
    game, seat, absent, users, asked = _asked_then_taken_over(alice, bob, carol, answer,
                                                              committed)
    Undo.objects.filter(pk=asked.pk).update(status=Status.EXPIRED, from_step=game.step - 1)
    later = Undo.objects.create(  # (as if asked at a later step, which the game is at)
        game=game, position=seat, user=users[seat], kind=Undo.REQUEST,
        from_step=game.step, to_step=1, created_at=asked.created_at,
        deadline_at=asked.deadline_at, votes={str(absent): "pending"})
    undo.bot_hold(sender=None, game=game, position=absent)  # does not raise BotHeld
    assert later.status == Status.PENDING


def test_a_request_waiting_for_a_player_who_then_resigns_holds_the_bot_no_more(
        catalog, alice, bob, carol, answer, committed):
    """They left the table instead of answering: the bot playing their seat on was held until
    the request's deadline (a day), and they could still vote on the others' game."""
    game, seat, users = _three_players_after_a_draw(alice, bob, carol, answer)
    gone = (seat + 1) % 3
    assert game.decisions[0]["seat"] == gone  # their turn
    with committed():
        asked = undo.undo_take_back(game=game, user=users[seat], to_step=1, step=game.step)
    step = game.step
    assert asked.votes[str(gone)] == "pending"

    endings.game_resign(game=game, user=users[gone])  # (the bot not moved yet)
    game.refresh_from_db()
    with pytest.raises(Forbidden, match="you resigned this game"):
        undo.undo_answer(game=game, user=users[gone], undo_id=asked.pk, accept=True)
    with committed():
        services.bots_resume()
    game.refresh_from_db()
    asked.refresh_from_db()
    assert game.step > step and asked.status == Status.VOID


def test_the_deadline_stand_in_does_not_void_a_request_waiting_for_the_player_it_moves_for(
        catalog, alice, bob, carol, answer, committed):
    """Their clock ran out while a request waited for their vote: the bot answering for them
    (actor "deadline") is held as the bot of a taken-over seat is (`bot_hold`), else its move
    ended the request they were asked about; once the request is settled it moves on."""
    from games.play import services as play_services
    from games.play.models import DecisionClock

    game, seat, users = _three_players_after_a_draw(alice, bob, carol, answer)
    absent, other = (seat + 1) % 3, (seat + 2) % 3
    assert game.decisions[0]["seat"] == absent  # their turn
    with committed():
        asked = undo.undo_take_back(game=game, user=users[seat], to_step=1, step=game.step)
    step = game.step
    ran_out = asked.created_at + timedelta(hours=1)  # (a clock shorter than the request's)
    DecisionClock.objects.filter(game=game, position=absent).update(deadline_at=ran_out)
    late = ran_out + timedelta(seconds=1)

    with committed():
        moved = play_services.deadline_expire(game_id=game.pk, position=absent, step=step,
                                              now=late)

    game.refresh_from_db()
    asked.refresh_from_db()
    assert not moved and game.step == step and asked.status == Status.PENDING
    with committed():
        undo.undo_answer(game=game, user=users[other], undo_id=asked.pk, accept=False)
        moved = play_services.deadline_expire(game_id=game.pk, position=absent, step=step,
                                              now=late)
    game.refresh_from_db()
    assert moved and game.step > step
    assert set(game.steps.filter(number__gt=step).values_list("actor", flat=True)) == {
        "deadline"}


def _undo_events(monkeypatch) -> list[tuple[str, dict]]:
    """(group, undo) of every `undo` API event sent, as they are sent."""
    from games.social import live

    sent: list[tuple[str, dict]] = []

    def record(group, message):
        sent.extend((group, e["undo"]) for e in message.get("events", ())
                    if e["type"] == "undo")

    monkeypatch.setattr(live, "_send", record)
    return sent


def test_a_request_by_a_player_who_resigns_is_withdrawn_and_everyone_told(
        catalog, alice, bob, carol, answer, committed, monkeypatch):
    """They left the table: the answers they asked to take back are the bot's seat's now, and
    the others could still accept the request (the game taken back for someone gone)."""
    from games.api.events import user_group

    game, seat, users = _three_players_after_a_draw(alice, bob, carol, answer)
    with committed():
        asked = undo.undo_take_back(game=game, user=users[seat], to_step=1, step=game.step)
    events = _undo_events(monkeypatch)

    with committed():
        endings.game_resign(game=game, user=users[seat])

    asked.refresh_from_db()
    assert asked.status == Status.VOID
    told = {group for group, sent in events if sent["id"] == asked.pk
            and sent["status"] == Status.VOID}
    assert told == {user_group(u.pk) for u in users.values()}
    game.refresh_from_db()
    with pytest.raises(Conflict):
        undo.undo_answer(game=game, user=users[(seat + 1) % 3], undo_id=asked.pk, accept=True)


def test_a_request_waiting_only_for_the_player_who_resigns_is_settled_without_them(
        catalog, alice, bob, carol, answer, committed, monkeypatch):
    """A resigned seat's vote counts as accepted (as for a request asked after): the one
    left accepted, so the request is applied at the resignation, everyone told."""
    game, seat, users = _three_players_after_a_draw(alice, bob, carol, answer)
    gone, other = (seat + 1) % 3, (seat + 2) % 3
    with committed():
        asked = undo.undo_take_back(game=game, user=users[seat], to_step=1, step=game.step)
        undo.undo_answer(game=game, user=users[other], undo_id=asked.pk, accept=True)
    events = _undo_events(monkeypatch)

    with committed():
        endings.game_resign(game=game, user=users[gone])

    asked.refresh_from_db()
    game.refresh_from_db()
    assert asked.status == Status.APPLIED
    assert asked.votes == {str(gone): "accepted", str(other): "accepted"}
    assert game.step == 1 and selectors.game_replays_identically(game)
    assert any(sent["status"] == Status.APPLIED for _, sent in events)


def test_a_request_still_waiting_for_another_goes_on_without_the_resigned_vote(
        catalog, alice, bob, carol, answer, committed):
    game, seat, users = _three_players_after_a_draw(alice, bob, carol, answer)
    gone, other = (seat + 1) % 3, (seat + 2) % 3
    with committed():
        asked = undo.undo_take_back(game=game, user=users[seat], to_step=1, step=game.step)

    endings.game_resign(game=game, user=users[gone])  # (the bot not moved yet)

    asked.refresh_from_db()
    assert asked.status == Status.PENDING
    assert asked.votes == {str(gone): "accepted", str(other): "pending"}
    from games.play.models import Notification
    assert Notification.objects.filter(user=users[other], kind="undo").count() == 1  # once


def test_a_request_pending_when_a_resignation_ends_the_game_is_void_and_everyone_told(
        running_game, answer, committed, monkeypatch):
    game, seat, users, asked = _asked_after_a_draw(running_game, answer, committed)
    events = _undo_events(monkeypatch)

    with committed():
        endings.game_resign(game=game, user=users[1 - seat])

    asked.refresh_from_db()
    assert asked.status == Status.VOID
    assert [sent["status"] for _, sent in events] == [Status.VOID, Status.VOID]


def test_a_win_claimed_over_a_voter_whose_clock_ran_out_settles_the_request_without_them(
        catalog, alice, bob, carol, answer, committed):
    """A claimed win counts the seats whose clocks ran out as resigned: their votes too."""
    game, seat, users = _three_players_after_a_draw(alice, bob, carol, answer)
    late, claimant = (seat + 1) % 3, (seat + 2) % 3
    with committed():
        asked = undo.undo_take_back(game=game, user=users[seat], to_step=1, step=game.step)
        undo.undo_answer(game=game, user=users[claimant], undo_id=asked.pk, accept=True)
    waiting = game.seats.get(position=late)
    waiting.waiting_since -= timedelta(days=game.time_limit_days, seconds=1)
    waiting.save()

    with committed():
        endings.game_claim_win(game=game, user=users[claimant])

    asked.refresh_from_db()
    game.refresh_from_db()
    assert asked.status == Status.APPLIED and asked.votes[str(late)] == "accepted"
    assert game.step == 1


def test_a_request_past_its_deadline_ended_by_the_held_bots_move_counts_as_lapsed(
        catalog, alice, bob, carol, answer, committed):
    """At the deadline nothing marks the request expired: the bot, no longer held, moves and
    its move ended the request as void, so the person never counted as having let one lapse
    and each later request (one a step) held their seat's bot another deadline."""
    game, seat, absent, users, asked = _asked_then_taken_over(alice, bob, carol, answer,
                                                              committed)
    _expire(asked)
    with committed():
        services.bots_resume()  # (the periodic safety net: the bot moves)
    asked.refresh_from_db()
    game.refresh_from_db()
    assert asked.status == Status.EXPIRED
    later = Undo.objects.create(  # (as if asked at a later step, which the game is at)
        game=game, position=seat, user=users[seat], kind=Undo.REQUEST,
        from_step=game.step, to_step=1, created_at=asked.created_at,
        deadline_at=asked.created_at + timedelta(days=1), votes={str(absent): "pending"})
    undo.bot_hold(sender=None, game=game, position=absent)  # does not raise BotHeld
    assert later.status == Status.PENDING
