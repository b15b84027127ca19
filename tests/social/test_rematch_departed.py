"""A rematch of a game whose player has deleted their account: their seat is nobody's (no
user, no bot), and the rematch answered 400 "unknown seat kind ''" (or, after the bot had
taken the seat over, dealt the bot in the player's place). Now it is refused, clearly."""

from __future__ import annotations

import pytest
from django.test import Client

from games import services
from games.api import endings
from games.models import Game
from games.social import rematch
from games.social.exceptions import Conflict
from games.social.models import RematchOffer, Status
from tests.api.conftest import client_for as client_for  # (a fixture)

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(running_game, finish) -> Game:
    return finish(running_game)


@pytest.fixture
def three_players(catalog, alice, bob, carol, base_kingdom) -> Game:
    """A game of alice, bob and carol, dealt."""
    game = services.game_create(creator=alice, seats=["me", "open", "open"],
                                kingdom=base_kingdom)
    services.seat_join(game=game, user=bob)
    services.seat_join(game=game, user=carol)
    return services.game_start(game=game, user=alice)


def test_a_rematch_after_a_player_deleted_their_account_is_refused(finished, alice, bob,
                                                                   client_for):
    bob.delete()
    with pytest.raises(Conflict, match="a player of this game has deleted their account"):
        rematch.rematch_offer(game=finished, user=alice)
    refused = client_for(alice).post(f"/api/v1/games/{finished.pk}/rematch/", {},
                                     format="json")
    assert refused.status_code == 409
    assert refused.json()["detail"] == rematch.PLAYER_LEFT
    assert not RematchOffer.objects.filter(game=finished).exists()
    assert Game.objects.count() == 1  # no game dealt


def test_the_page_offers_no_rematch_and_says_why(finished, alice, bob):
    browser = Client()
    browser.force_login(alice)
    page = browser.get(f"/games/{finished.pk}/play/").content.decode()
    assert 'id="rematch-offer"' in page and "rematch-refused" not in page
    bob.delete()
    page = browser.get(f"/games/{finished.pk}/play/").content.decode()
    assert 'id="rematch-offer"' not in page
    assert "A player of this game has deleted their account" in page


def test_a_seat_the_bot_took_over_from_a_deleted_player_is_not_dealt_to_the_bot(
        three_players, alice, bob, carol, finish):
    game = three_players
    endings.game_resign(game=game, user=carol)  # the bot plays her seat on
    game = finish(game)
    carol.delete()
    assert game.seats.get(position=2).bot_strategy  # (her seat now looks like a bot's)
    with pytest.raises(Conflict, match="deleted their account"):
        rematch.rematch_offer(game=game, user=alice)


def test_a_seat_the_bot_took_over_after_deadlines_is_told_from_a_bots_too(
        three_players, alice, bob, carol, finish):
    game = three_players
    # carol's moves are made for her when her time runs out, then the bot takes her seat
    game = finish(game, actor_for=lambda d: "deadline" if d["seat"] == 2 else "player")
    game.seats.filter(position=2).update(bot_strategy="bmu")
    carol.delete()
    with pytest.raises(Conflict, match="deleted their account"):
        rematch.rematch_offer(game=game, user=alice)


def test_a_pending_offer_a_departed_player_cannot_answer_ends_declined(
        three_players, alice, bob, carol, finish):
    game = finish(three_players)
    offer = rematch.rematch_offer(game=game, user=alice)
    carol.delete()
    with pytest.raises(Conflict, match="deleted their account"):
        rematch.rematch_answer(game=game, user=bob, accept=True)
    offer.refresh_from_db()
    assert offer.status == Status.DECLINED and offer.answers["2"] == "declined"
    assert offer.new_game_id is None


def test_bot_seats_still_rematch(catalog, alice, base_kingdom, finish):
    game = services.game_create(creator=alice, seats=["me", "bmu"], kingdom=base_kingdom)
    game = finish(services.game_start(game=game, user=alice))
    offer = rematch.rematch_offer(game=game, user=alice)
    assert offer.status == Status.ACCEPTED and offer.new_game_id


def test_a_pending_offer_ends_declined_when_a_player_deletes_their_account(finished, alice,
                                                                          bob):
    """It stayed pending, shown on the page as waiting for the departed player, until the next
    offer or answer; it ends in the deletion's own transaction now."""
    offer = rematch.rematch_offer(game=finished, user=alice)
    assert offer.status == Status.PENDING

    bob.delete()

    offer.refresh_from_db()
    assert offer.status == Status.DECLINED and offer.resolved_at is not None
    assert offer.answers == {"0": "accepted", "1": "declined"}
    browser = Client()
    browser.force_login(alice)
    page = browser.get(f"/games/{finished.pk}/play/").content.decode()
    assert "A player of this game has deleted their account" in page


def test_a_pending_offer_of_the_deleted_player_ends_declined(finished, alice, bob):
    rematch.rematch_offer(game=finished, user=bob)
    bob.delete()
    offer = RematchOffer.objects.get(game=finished)  # (kept: it went with its offerer)
    assert offer.status == Status.DECLINED and offer.offered_by_id is None


def test_accepting_an_offer_whose_offerer_left_says_so(finished, alice, bob, client_for):
    """The offer went with its offerer's account, and the other player's accept was told
    "nobody has offered a rematch of this game" (404), of an offer the page had shown."""
    rematch.rematch_offer(game=finished, user=bob)
    bob.delete()
    with pytest.raises(Conflict, match="^the rematch offer ended: the player who made it "
                                       "deleted their account$"):
        rematch.rematch_answer(game=finished, user=alice, accept=True)
    refused = client_for(alice).post(f"/api/v1/games/{finished.pk}/rematch/answer/",
                                     {"accept": True}, format="json")
    assert refused.status_code == 409
    assert refused.json()["detail"] == rematch.OFFERER_LEFT
    state = client_for(alice).get(f"/api/v1/games/{finished.pk}/rematch/").json()
    assert state["rematch"]["offered_by"] is None
    assert state["rematch"]["status"] == "declined"
    assert Game.objects.count() == 1  # no game dealt
