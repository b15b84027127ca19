"""Notices and emails: your turn (once per wait, not while the game is open), reminders,
the daily digest, one-click links, the badge on every page."""

from __future__ import annotations

from datetime import timedelta
from unittest import mock

from django.core import mail, signing
from django.urls import reverse

from games.models import PlayerPreferences
from games.play import notify, sweep
from games.play import services as play
from games.play.models import DecisionClock, Notification, Presence
from tests.play.helpers import hours


def _waiting(game):
    clock = DecisionClock.objects.select_related("user").get(game=game)
    return clock, clock.user


def test_a_turn_email_links_to_the_game_and_to_unsubscribing(start_game, alice, bob):
    game = start_game([alice, bob])
    clock, user = _waiting(game)

    sweep.sweep(now=clock.wait_started + timedelta(minutes=1))

    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == [user.email]
    assert message.subject == f"Your turn in game #{game.pk}"
    assert f"https://dominion.test/games/{game.pk}/" in message.body
    assert notify.unsubscribe_link(user) in message.body
    assert message.extra_headers["List-Unsubscribe"] == f"<{notify.unsubscribe_link(user)}>"


def test_at_most_one_turn_email_per_wait(start_game, alice, bob):
    game = start_game([alice, bob])
    clock, _ = _waiting(game)

    for minutes in (1, 2, 30, 600):
        sweep.sweep(now=clock.wait_started + timedelta(minutes=minutes))

    assert len(mail.outbox) == 1


def test_no_turn_email_while_the_game_is_open_in_a_browser(start_game, alice, bob):
    game = start_game([alice, bob])
    clock, user = _waiting(game)
    seen = clock.wait_started + timedelta(minutes=1)
    play.presence_touch(user, game.pk, now=seen)

    sweep.sweep(now=seen + timedelta(seconds=30))
    assert mail.outbox == []

    sweep.sweep(now=seen + timedelta(minutes=10))  # the tab was closed: heartbeats stopped
    assert len(mail.outbox) == 1


def test_the_presence_endpoint_records_a_heartbeat(start_game, alice, bob, client):
    game = start_game([alice, bob])
    clock, user = _waiting(game)
    client.force_login(user)

    response = client.post(reverse("play:presence", args=[game.pk]))

    seen = Presence.objects.get(user=user, game=game).seen_at
    assert response.status_code == 204
    assert play.is_present(user.pk, game.pk, seen + timedelta(seconds=60))
    assert not play.is_present(user.pk, game.pk, seen + timedelta(minutes=5))


def test_presence_is_only_for_players_of_the_game(start_game, alice, bob, make_user, client):
    game = start_game([alice, bob])
    client.force_login(make_user("carol"))

    assert client.post(reverse("play:presence", args=[game.pk])).status_code == 404


def test_no_turn_email_for_players_who_turned_them_off(start_game, alice, bob):
    PlayerPreferences.objects.update_or_create(user=alice, defaults={"email_on_turn": False})
    PlayerPreferences.objects.update_or_create(user=bob, defaults={"email_on_turn": False})
    game = start_game([alice, bob])
    clock, _ = _waiting(game)

    sweep.sweep(now=clock.wait_started + hours(1))

    assert mail.outbox == []
    assert Notification.objects.filter(kind="turn", game=game).count() == 1  # still in-site


def test_a_reminder_at_80_percent_of_the_time(start_game, alice, bob):
    game = start_game([alice, bob], limit_days=1)
    clock, user = _waiting(game)
    sweep.sweep(now=clock.wait_started + timedelta(minutes=1))  # the turn email
    mail.outbox.clear()

    sweep.sweep(now=clock.wait_started + hours(19))
    assert mail.outbox == []
    sweep.sweep(now=clock.wait_started + hours(19.3))
    sweep.sweep(now=clock.wait_started + hours(20))

    assert len(mail.outbox) == 1
    assert mail.outbox[0].subject == f"Reminder: game #{game.pk} is still waiting for you"
    assert Notification.objects.filter(user=user, kind="reminder").count() == 1


def test_digest_readers_get_one_email_a_day_instead(start_game, alice, bob, make_user):
    for user in (alice, bob):
        PlayerPreferences.objects.update_or_create(user=user,
                                                   defaults={"email_daily_digest": True})
    game = start_game([alice, bob])
    clock, user = _waiting(game)
    morning = clock.wait_started.replace(hour=8, minute=0) + timedelta(days=1)

    sweep.sweep(now=clock.wait_started.replace(hour=6) + timedelta(days=1))
    assert [m.subject for m in mail.outbox if "Your turn in game" in m.subject] == []
    sweep.sweep(now=morning)
    sweep.sweep(now=morning + hours(3))

    digests = [m for m in mail.outbox if m.subject.startswith("Your turn in 1 game")]
    assert len(digests) == 1 and digests[0].to == [user.email]
    assert f"/games/{game.pk}/" in digests[0].body
    assert "unsubscribe" in digests[0].body


def test_a_deactivated_account_gets_no_email(start_game, alice, bob):
    """Turn emails, reminders and digests skip an account staff deactivated (banned)."""
    game = start_game([alice, bob], limit_days=2)
    clock, user = _waiting(game)
    user.is_active = False
    user.save()

    for at in (timedelta(minutes=1), hours(39), hours(40)):  # the turn email, the reminder
        sweep.sweep(now=clock.wait_started + at)
    PlayerPreferences.objects.update_or_create(user=user, defaults={"email_daily_digest": True})
    morning = clock.wait_started.replace(hour=8, minute=0) + timedelta(days=1)
    sweep.sweep(now=morning)
    sweep.sweep(now=morning + hours(3))

    assert [m.to for m in mail.outbox if user.email in m.to] == []
    assert Notification.objects.filter(user=user, kind="reminder").count() == 1  # in-site


def test_the_unsubscribe_link_works_without_logging_in(alice, client):
    url = reverse("play:unsubscribe", args=[notify.unsubscribe_token(alice)])

    assert client.get(url).status_code == 200
    response = client.post(url)

    prefs = PlayerPreferences.objects.get(user=alice)
    assert response.status_code == 200
    assert not prefs.email_on_turn and not prefs.email_daily_digest


def test_the_unsubscribe_link_is_the_same_in_every_email_and_old_links_still_work(alice, client):
    """A second boundary between two emails must not change the link (it once did)."""
    with mock.patch("time.time", return_value=1_000_000_000):
        early = notify.unsubscribe_token(alice)
    assert notify.unsubscribe_token(alice) == early
    old_style = signing.dumps({"u": alice.pk}, salt=notify.UNSUBSCRIBE_SALT)
    assert notify.unsubscribe_user_id(old_style) == alice.pk
    assert client.get(reverse("play:unsubscribe", args=[old_style])).status_code == 200


def test_a_forged_unsubscribe_link_is_refused(client):
    assert client.get(reverse("play:unsubscribe", args=["not-a-token"])).status_code == 404


def test_the_badge_shows_your_turn_on_every_page(start_game, alice, bob, client):
    game = start_game([alice, bob])
    _, user = _waiting(game)
    client.force_login(user)

    page = client.get(reverse("games:lobby")).content.decode()

    assert "Your turn in" in page and '<span class="badge">1</span> game' in page


def test_the_notifications_page_lists_and_marks_read(start_game, alice, bob, client):
    game = start_game([alice, bob])
    _, user = _waiting(game)
    client.force_login(user)

    page = client.get(reverse("play:notifications")).content.decode()
    client.post(reverse("play:notifications_read"))

    assert f"game #{game.pk}" in page
    assert not Notification.objects.filter(user=user, read_at__isnull=True).exists()


def test_old_notifications_are_pruned_by_the_sweep(alice, settings):
    """Read notices go after 90 days, unread ones after a year; the rest stay."""
    from datetime import UTC, datetime

    now = datetime(2026, 11, 24, 12, tzinfo=UTC)

    def note(days_ago: int, read: bool) -> Notification:
        made = now - timedelta(days=days_ago)
        return Notification.objects.create(user=alice, kind="turn", text="t", created_at=made,
                                           read_at=made if read else None)

    kept = [note(10, True), note(89, True), note(200, False), note(364, False)]
    note(91, True), note(400, True), note(366, False)

    assert sweep.sweep(now=now)["notifications_pruned"] == 3
    assert set(Notification.objects.values_list("pk", flat=True)) == {n.pk for n in kept}
    assert sweep.sweep(now=now)["notifications_pruned"] == 0
