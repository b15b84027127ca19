"""A deleted account's pending challenges: the private game made for the challenge (its seat
kept for the deleted account alone) is called off at once, as the sweep calls off an open
game nobody joined, in the deletion's transaction; it waited until aborted or swept 14 days
later."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models.signals import post_delete

from games.api import challenges
from games.api.models import Challenge
from games.models import Game, GameStatus
from games.play.models import Notification
from tests.web.conftest import BASE_KINGDOM

pytestmark = pytest.mark.django_db


def _challenge(challenger, invited) -> Challenge:
    return challenges.challenge_create(challenger=challenger, invited=invited,
                                       game_options={"kingdom": list(BASE_KINGDOM)})


def test_the_game_of_a_challenge_to_a_deleted_account_is_called_off(catalog, alice, bob,
                                                                     make_user, committed):
    carol = make_user("carol")
    to_bob = _challenge(alice, bob)
    also_to_bob = _challenge(carol, bob)
    to_carol = _challenge(alice, carol)
    revision = Game.objects.get(pk=to_bob.game_id).revision
    with committed():
        bob.delete()
    for challenge, challenger in ((to_bob, alice), (also_to_bob, carol)):
        game = Game.objects.get(pk=challenge.game_id)
        assert game.status == GameStatus.ABANDONED and game.finished_at is not None
        assert game.revision == revision + 1  # as any abandon: announced, bumped
        notes = Notification.objects.filter(user=challenger, game_id=game.pk)
        assert [(n.kind, n.text) for n in notes] == [
            ("called_off", f"Game #{game.pk} was called off: the player you challenged has "
                           "deleted their account.")]
        assert not Challenge.objects.filter(pk=challenge.pk).exists()  # gone with bob
    assert Game.objects.get(pk=to_carol.game_id).status == GameStatus.OPEN
    assert Challenge.objects.get(pk=to_carol.pk).status == Challenge.PENDING


def test_a_deletion_that_fails_leaves_the_game_open(catalog, alice, bob):
    challenge = _challenge(alice, bob)

    def refuse(sender, **kwargs):
        raise RuntimeError("the deletion fails after the games were called off")

    post_delete.connect(refuse, sender=get_user_model(), dispatch_uid="test-refuse")
    try:
        with pytest.raises(RuntimeError), transaction.atomic():  # (the caller's, e.g. admin)
            bob.delete()
    finally:
        post_delete.disconnect(dispatch_uid="test-refuse", sender=get_user_model())
    assert Game.objects.get(pk=challenge.game_id).status == GameStatus.OPEN
    assert not Notification.objects.filter(user=alice).exists()


def test_an_accepted_challenges_game_is_left_to_the_resignation(catalog, alice, bob):
    challenge = challenges.challenge_accept(challenge=_challenge(alice, bob), user=bob)
    bob.delete()
    game = Game.objects.get(pk=challenge.game_id)
    assert game.status == GameStatus.FINISHED and game.result["winners"] == [0]
    assert not Notification.objects.filter(user=alice, kind="called_off").exists()
