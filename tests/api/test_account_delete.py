"""Deleting an account goes through one service, account_delete: the account's lock, then
its games left, then Django's delete (which collects the rows to delete after the lock). The
admin's delete page and bulk action call it; a write for an account deleted meanwhile is a
clear refusal, not a row that fails at commit."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from games import limits, services
from games.api import account_removal
from games.api import admin as api_admin
from games.api import services as api_services
from games.exceptions import NotAllowed
from games.models import Game, GameStatus
from games.play import webhooks
from games.sim import services as sim_services
from tests.web.conftest import BASE_KINGDOM

pytestmark = pytest.mark.django_db

User = get_user_model()


@pytest.fixture
def staff(client):
    root = User.objects.create_superuser("root", "root@example.com", "pw-root-123")
    client.force_login(root)
    return client


@pytest.fixture
def deletions(monkeypatch) -> list[int]:
    """The accounts the admin deleted through account_delete (which still runs)."""
    seen: list[int] = []

    def recorded(user) -> bool:
        seen.append(user.pk)
        return account_removal.account_delete(user)

    monkeypatch.setattr(api_admin, "account_delete", recorded)
    return seen


def test_the_admin_delete_page_deletes_through_the_service(staff, deletions, running_game,
                                                            bob):
    response = staff.post(reverse("admin:auth_user_delete", args=[bob.pk]), {"post": "yes"})
    assert response.status_code == 302
    assert deletions == [bob.pk]
    assert not User.objects.filter(pk=bob.pk).exists()
    game = Game.objects.get(pk=running_game.pk)
    assert game.status == GameStatus.FINISHED and game.result["resigned"] == [1]


def test_the_admin_bulk_delete_deletes_each_through_the_service(staff, deletions, running_game,
                                                                 alice, bob, make_user):
    carol = make_user("carol")
    response = staff.post(reverse("admin:auth_user_changelist"), {
        "action": "delete_selected", "_selected_action": [carol.pk, bob.pk], "post": "yes"})
    assert response.status_code == 302
    assert deletions == sorted([bob.pk, carol.pk])
    assert list(User.objects.filter(pk__in=[bob.pk, carol.pk])) == []
    assert User.objects.filter(pk=alice.pk).exists()
    assert Game.objects.get(pk=running_game.pk).result["resigned"] == [1]


def test_the_service_leaves_the_games_once_and_a_second_call_finds_nothing(
        running_game, bob, monkeypatch):
    calls: list[int] = []
    real = account_removal.games_left
    monkeypatch.setattr(account_removal, "games_left",
                        lambda user: calls.append(user.pk) or real(user))
    pk = bob.pk
    assert account_removal.account_delete(bob) is True
    assert calls == [pk]  # (the pre_delete receiver did not leave them again)
    assert account_removal.account_delete(User(pk=pk)) is False
    assert Game.objects.get(pk=running_game.pk).result["resigned"] == [1]


def test_a_direct_delete_still_leaves_the_games(running_game, bob):
    User.objects.filter(pk=bob.pk).delete()  # (the shell's way: the receiver does it)
    assert Game.objects.get(pk=running_game.pk).result["resigned"] == [1]


# --- a write for an account deleted meanwhile: a refusal, not an IntegrityError at commit ----


@pytest.fixture
def gone(make_user):
    """A user object whose account row has been deleted since it was read."""
    user = make_user("leaving")
    account_removal.account_delete(User.objects.get(pk=user.pk))
    return user


def test_a_token_for_a_deleted_account_is_refused(gone):
    with pytest.raises(ValueError, match=f"^{limits.ACCOUNT_GONE}$"):
        api_services.token_create(user=gone, name="late")


def test_a_webhook_for_a_deleted_account_is_refused(gone, settings):
    settings.WEBHOOK_ALLOW_LOOPBACK = True
    with pytest.raises(webhooks.WebhookRefused, match=f"^{limits.ACCOUNT_GONE}$"):
        webhooks.webhook_create(user=gone, url="http://127.0.0.1:8009/")


def test_a_game_created_by_a_deleted_account_is_refused(catalog, gone):
    with pytest.raises(NotAllowed, match=f"^{limits.ACCOUNT_GONE}$"):
        services.game_create(creator=gone, seats=["me", "open"], kingdom=BASE_KINGDOM)
    assert not Game.objects.exists()


def test_a_simulation_of_a_deleted_account_is_refused(catalog, gone):
    with pytest.raises(sim_services.SimulationRefused, match=f"^{limits.ACCOUNT_GONE}$") as err:
        sim_services.simulation_create(user=gone, kingdom=BASE_KINGDOM, bots=["bmu", "bmu"],
                                       games=2)
    assert err.value.code == "account_deleted"


def test_a_seat_taken_by_a_deleted_account_is_refused(open_game, gone):
    with pytest.raises(NotAllowed, match=f"^{limits.ACCOUNT_GONE}$"):
        services.seat_join(game=open_game, user=gone)
    assert not open_game.seats.filter(user_id=gone.pk).exists()


def test_a_challenge_accepted_by_a_deleted_account_is_refused(catalog, alice, make_user):
    from games.api import challenges
    from games.api.models import Challenge

    invited = make_user("invited")
    challenge = challenges.challenge_create(challenger=alice, invited=invited,
                                            game_options={"kingdom": BASE_KINGDOM})
    stale = User.objects.get(pk=invited.pk)
    User.objects.filter(pk=invited.pk).delete()  # (its pending challenges went with it)
    challenge = Challenge(pk=challenge.pk)
    with pytest.raises(NotAllowed, match=f"^{limits.ACCOUNT_GONE}$"):
        challenges.challenge_accept(challenge=challenge, user=stale)
