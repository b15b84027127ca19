"""Social actions that reach one game or one account at the same moment, in threads released
together as requests sent at once reach the server: each race ends with exactly one outcome,
and the loser gets a refusal (a SocialError: a clean 4xx), never a database error (a 500).

A race does not show every time, so each runs a few rounds; none asserts on timing.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from games import services
from games.exceptions import GameError
from games.models import Game
from games.social import chat, rematch, undo
from games.social.exceptions import Forbidden, SocialError
from games.social.models import ChatMessage, Mute, RematchOffer, Status
from tests.at_once import at_once
from tests.social.conftest import first_seat
from tests.web.conftest import BASE_KINGDOM

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 5


def _refusals_only(outcomes: list) -> None:
    """Every exception is a service's refusal, not an error the database raised."""
    unexpected = [o for o in outcomes if isinstance(o, Exception) and not isinstance(o, GameError)]
    assert unexpected == [], unexpected


def _asked(alice, bob, answer):
    """A running 2-player game whose first player bought (Clean-up drew) then asked to take
    it back: a request waiting for the other player. (game, {position: user}, the request)."""
    game = services.game_create(creator=alice, seats=["me", "open"], kingdom=BASE_KINGDOM)
    services.seat_join(game=game, user=bob)
    game = services.game_start(game=game, user=alice)
    seat = first_seat(game)
    game = answer(game, seat, {"play": "all"})
    game = answer(game, seat, {"buy": "Copper"})
    users = {s.position: s.user for s in game.seats.all()}
    asked = undo.undo_take_back(game=game, user=users[seat], to_step=1, step=2)
    return game, users[1 - seat], asked


def test_an_undo_accepted_as_its_deadline_passes_is_applied_or_expired_not_both(
        catalog, alice, bob, answer):
    """The minute's expiry does not lock the game: it ended the request (told everyone it
    expired, set the bots going) while the acceptance, which had read it pending, applied it."""
    for _ in range(ROUNDS):
        _accept_as_it_expires(*_asked(alice, bob, answer))


def _accept_as_it_expires(game, voter, asked) -> None:
    deadline = asked.deadline_at
    accepted, expired = at_once([
        lambda: undo.undo_answer(game=game, user=voter, undo_id=asked.pk, accept=True,
                                 now=deadline - timedelta(seconds=1)),
        lambda: undo.undo_requests_expire(now=deadline + timedelta(seconds=1)),
    ])
    _refusals_only([accepted, expired])
    asked.refresh_from_db()
    game.refresh_from_db()
    if asked.status == Status.APPLIED:
        assert expired == 0 and game.step == 1, (expired, game.step)
    else:
        assert asked.status == Status.EXPIRED and expired == 1 and game.step == 2
        assert isinstance(accepted, GameError), accepted

def test_mute_and_unmute_sent_at_once_leave_one_row_or_none(alice, bob):
    """get_or_create, when its insert met a mute committed meanwhile, looked the row up again;
    an unmute that deleted it in between made it raise the IntegrityError (a 500)."""
    for _ in range(ROUNDS):
        wanted = [True, False, True, True, False, True]
        outcomes = at_once([lambda m=m: chat.mute_set(user=alice, other=bob, muted=m)
                            for m in wanted])
        assert outcomes == wanted
        assert Mute.objects.filter(user=alice, muted=bob).count() <= 1


def test_a_chat_line_sent_as_its_account_is_deleted_is_posted_first_or_refused(
        catalog, make_user, alice):
    """The deletion resigned the account's games (the game's lock) before the DELETE took the
    account's row, while a chat line took the row then the game (a deadlock: a 500); or the
    line, waiting on the row, was written for an account gone meanwhile (an IntegrityError)."""
    for n in range(ROUNDS):
        leaving = make_user(f"leaving{n}")
        game = services.game_create(creator=alice, seats=["me", "open"], kingdom=BASE_KINGDOM)
        services.seat_join(game=game, user=leaving)
        _chat_as_the_account_goes(services.game_start(game=game, user=alice), leaving)


def _chat_as_the_account_goes(game: Game, leaving) -> None:
    posted, deleted = at_once([
        lambda: chat.chat_post(game=game, user=leaving, body="good game"),
        leaving.delete,
    ])
    assert not isinstance(deleted, Exception), deleted
    assert isinstance(posted, (ChatMessage, Forbidden)), posted
    assert not ChatMessage.objects.filter(game=game).exists()  # (gone with the account)
    assert Game.objects.get(pk=game.pk).result["resigned"] == [1]


def test_a_rematch_accepted_as_its_offerer_is_deleted_is_dealt_first_or_refused(
        catalog, make_user, bob, finish):
    """The rematch took the game, the offer, then (dealing the new game) the offerer's row;
    the deletion took that row, then the offer: a deadlock (a 500 for one of them)."""
    for n in range(ROUNDS - 1):
        offerer = make_user(f"offerer{n}")
        game = services.game_create(creator=offerer, seats=["me", "open"], kingdom=BASE_KINGDOM)
        services.seat_join(game=game, user=bob)
        game = finish(services.game_start(game=game, user=offerer))
        rematch.rematch_offer(game=game, user=offerer)
        _accept_as_the_offerer_goes(game, bob, offerer)


def _accept_as_the_offerer_goes(game: Game, accepting, offerer) -> None:
    accepted, deleted = at_once([
        lambda: rematch.rematch_answer(game=game, user=accepting, accept=True),
        offerer.delete,
    ])
    assert not isinstance(deleted, Exception), deleted
    assert isinstance(accepted, (RematchOffer, SocialError)), accepted  # (404: offer gone)
    dealt = Game.objects.filter(pk__gt=game.pk)  # (the offer went with its offerer)
    if isinstance(accepted, SocialError):
        assert not dealt.exists()
    else:  # dealt first: the deletion then resigned the offerer's seat of the new game
        assert [g.pk for g in dealt] == [accepted.new_game_id]
        assert dealt.get().status == "finished" and dealt.get().result["resigned"]
