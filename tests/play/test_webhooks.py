"""Webhooks: events POSTed as signed JSON to a local server, retried with backoff, logged."""

from __future__ import annotations

import hashlib
import hmac
import json
import socket
import threading
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from unittest import mock

import pytest
from django.urls import reverse
from django.utils import timezone

from games.api.events import events_for_seat
from games.play import netguard, sweep, webhooks
from games.play.models import WebhookDelivery


class Receiver:
    """A test HTTP server on 127.0.0.1 answering each POST with the next status code."""

    def __init__(self) -> None:
        self.requests: list[dict] = []
        self.codes: list[int] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - the stdlib's name
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.requests.append({"headers": dict(self.headers), "body": body})
                self.send_response(receiver.codes.pop(0) if receiver.codes else 200)
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(autouse=True)
def _loopback_allowed(settings) -> None:
    """These tests deliver to their own server on 127.0.0.1, which the site normally refuses."""
    settings.WEBHOOK_ALLOW_LOOPBACK = True


@pytest.fixture
def receiver():
    server = Receiver()
    yield server
    server.close()


def test_the_api_streams_events_are_posted_as_signed_json(start_game, alice, bob, receiver):
    hook = webhooks.webhook_create(user=alice, url=receiver.url)

    game = start_game([alice, bob])

    alice_seat = game.seats.get(user=alice).position
    expected_events = events_for_seat(game_id=game.pk, step=0, status="running",
                                      position=alice_seat, decisions=game.decisions)
    posted = []
    for request in receiver.requests:
        body = request["body"]
        signed = "sha256=" + hmac.new(hook.secret.encode(), body, hashlib.sha256).hexdigest()
        assert request["headers"]["X-Dominion-Signature"] == signed
        assert request["headers"]["Content-Type"] == "application/json"
        event = json.loads(body)
        assert event.pop("delivery")
        posted.append(event)
    assert posted == expected_events
    assert posted[0]["type"] == "game_moved" and posted[0]["game"] == game.pk
    assert set(WebhookDelivery.objects.filter(webhook=hook).values_list("status", flat=True)) \
        == {WebhookDelivery.DELIVERED}


def test_a_tampered_body_does_not_match_the_signature(alice):
    hook = webhooks.webhook_create(user=alice, url="http://127.0.0.1:8009/")
    signed = webhooks.signature(hook.secret, b'{"step":1}')

    assert signed != webhooks.signature(hook.secret, b'{"step":2}')
    assert signed != webhooks.signature("another secret", b'{"step":1}')


def test_failed_deliveries_are_retried_with_exponential_backoff(alice, receiver, settings):
    settings.PLAY_WEBHOOK_BACKOFF_SECONDS = 60
    settings.PLAY_WEBHOOK_MAX_ATTEMPTS = 4
    receiver.codes = [500, 503]
    hook = webhooks.webhook_create(user=alice, url=receiver.url)
    first = timezone.now()
    delivery = WebhookDelivery.objects.create(
        webhook=hook, event_key="game.moved:1:1", event={"type": "game.moved", "step": 1},
        created_at=first, next_attempt_at=first)

    assert webhooks.delivery_attempt(delivery_id=delivery.pk, now=first) == 60
    delivery.refresh_from_db()
    assert (delivery.attempts, delivery.status, delivery.last_status_code) == (1, "pending", 500)

    sweep.sweep(now=first + timedelta(seconds=59))  # not due yet
    delivery.refresh_from_db()
    assert delivery.attempts == 1

    with patch_now(first + timedelta(seconds=61)):
        sweep.sweep(now=first + timedelta(seconds=61))
    delivery.refresh_from_db()
    assert (delivery.attempts, delivery.last_status_code) == (2, 503)
    assert delivery.next_attempt_at == first + timedelta(seconds=61 + 120)

    with patch_now(first + timedelta(seconds=200)):
        sweep.sweep(now=first + timedelta(seconds=200))
    delivery.refresh_from_db()
    assert (delivery.attempts, delivery.status) == (3, "delivered")
    bodies = {r["body"] for r in receiver.requests}
    assert len(bodies) == 1  # every attempt sent the same signed body (same delivery id)


def patch_now(when):
    """The delivery task reads the clock itself; pin it for the sweep's retries."""
    return mock.patch("games.play.webhooks.timezone.now", return_value=when)


def _closed_port() -> int:
    """A port of 127.0.0.1 nothing listens on: one the system just gave out, closed again."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_delivery_gives_up_after_the_last_attempt(alice, settings):
    settings.PLAY_WEBHOOK_MAX_ATTEMPTS = 2
    hook = webhooks.webhook_create(user=alice,
                                   url=f"http://127.0.0.1:{_closed_port()}/nothing-listens")
    now = timezone.now()
    delivery = WebhookDelivery.objects.create(
        webhook=hook, event_key="test:1", event={"type": "test"}, created_at=now,
        next_attempt_at=now)

    assert webhooks.delivery_attempt(delivery_id=delivery.pk, now=now) == 60
    assert webhooks.delivery_attempt(delivery_id=delivery.pk, now=now + timedelta(minutes=2)) \
        is None

    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == ("failed", 2) and delivery.last_error


def test_an_error_of_ours_in_an_attempt_is_recorded_and_ends_failed(alice, settings,
                                                                     monkeypatch):
    """A URL the sender could not encode raised in every attempt after it was counted:
    the delivery stayed pending, retried forever, with nothing in its log."""
    settings.PLAY_WEBHOOK_MAX_ATTEMPTS = 2
    hook = webhooks.webhook_create(user=alice, url=f"http://127.0.0.1:{_closed_port()}/x")
    now = timezone.now()
    delivery = WebhookDelivery.objects.create(
        webhook=hook, event_key="test:2", event={"type": "test"}, created_at=now,
        next_attempt_at=now)

    def broken(*args, **kwargs):
        raise ValueError("a bug")

    monkeypatch.setattr(webhooks.netguard, "post", broken)
    assert webhooks.delivery_attempt(delivery_id=delivery.pk, now=now) == 60
    delivery.refresh_from_db()
    assert delivery.status == "pending" and "error on our side (ValueError)" in \
        delivery.last_error
    webhooks.delivery_attempt(delivery_id=delivery.pk, now=now + timedelta(minutes=2))
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == ("failed", 2)


def test_the_same_event_is_delivered_once(start_game, alice, bob, receiver):
    hook = webhooks.webhook_create(user=alice, url=receiver.url)
    game = start_game([alice, bob])
    sent = len(receiver.requests)
    delivery = WebhookDelivery.objects.get(webhook=hook,
                                           event_key=f"game_moved:{game.pk}:0@{game.revision}")

    assert webhooks.delivery_attempt(delivery_id=delivery.pk) is None
    assert len(receiver.requests) == sent


def test_the_settings_page_adds_webhooks_and_shows_the_delivery_log(start_game, alice, bob,
                                                                   client, receiver):
    client.force_login(alice)
    client.post(reverse("play:webhook_add"), {"url": receiver.url})
    game = start_game([alice, bob])

    page = client.get(reverse("play:settings")).content.decode()

    assert receiver.url in page
    assert f"game_moved:{game.pk}:0@{game.revision}" in page and "delivered" in page


def test_the_steps_played_again_after_an_undo_are_sent_again(start_game, alice, bob, receiver,
                                                             committed):
    """An undo takes the game back to a step it has seen, and reopens the same decision ids:
    a bot driven by its webhook must hear of the undo and of every move after it."""
    from games import services
    from games.models import Game

    webhooks.webhook_create(user=alice, url=receiver.url)
    game = start_game([alice, bob])

    def play(moves: int) -> None:
        for _ in range(moves):
            fresh = Game.objects.get(pk=game.pk)
            decision = fresh.decisions[0]
            answer = {"end": True} if decision["kind"] == "BuyPhase" else []
            with committed():
                services.decision_submit(game_id=game.pk, seat=decision["seat"],
                                         decision_id=decision["id"], answer=answer,
                                         step=fresh.step)

    def moved() -> list[int]:
        return [event["step"] for event in map(json.loads, (r["body"] for r in receiver.requests))
                if event["type"] == "game_moved"]

    play(2)
    assert moved() == [0, 1, 2]
    with committed():
        services.game_rewind(game_id=game.pk, to_step=0, expected_step=2)
    play(2)
    assert moved() == [0, 1, 2, 0, 1, 2]
    opened = [json.loads(r["body"]) for r in receiver.requests]
    opened = [(e["step"], e["decision"]) for e in opened if e["type"] == "decision_opened"]
    assert len(opened) == 2 * len(set(opened)) > 0  # the same decisions, opened twice


def test_an_account_has_at_most_the_cap_of_webhooks(alice, bob, client, receiver, settings,
                                                    monkeypatch):
    """Each event is POSTed to each webhook: without a cap one account could make each of its
    moves any number of requests from the workers."""
    settings.PLAY_WEBHOOKS_PER_USER = 2
    for n in range(2):
        webhooks.webhook_create(user=alice, url=f"{receiver.url}/{n}")
    with pytest.raises(webhooks.TooManyWebhooks, match="2 webhooks"):
        webhooks.webhook_create(user=alice, url=f"{receiver.url}/2")
    webhooks.webhook_create(user=bob, url=receiver.url)  # per account
    # At the cap, a URL is not even looked up: saving again and again costs no lookups.
    def no_lookup(host: str, port: int) -> list[str]:
        raise AssertionError(f"{host} was looked up")

    monkeypatch.setattr(netguard, "resolve", no_lookup)
    with pytest.raises(webhooks.TooManyWebhooks):
        webhooks.webhook_create(user=alice, url="https://never-looked-up.invalid/")

    client.force_login(alice)
    page = client.post(reverse("play:webhook_add"), {"url": f"{receiver.url}/3"}, follow=True)

    assert "No webhook added: you have 2 webhooks" in page.content.decode()
    assert alice.webhooks.count() == 2


def test_saving_webhooks_is_rate_limited_per_account(alice, bob, client, receiver, settings):
    """Adding a webhook or a new secret counts in `webhook_save`; over it nothing is saved and
    the page says when to try again."""
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "webhook_save": "2/hour"}}
    client.force_login(alice)
    client.post(reverse("play:webhook_add"), {"url": f"{receiver.url}/0"})
    hook = alice.webhooks.get()
    client.post(reverse("play:webhook_rotate", args=[hook.pk]))
    secret = alice.webhooks.get().secret

    added = client.post(reverse("play:webhook_add"), {"url": f"{receiver.url}/1"}, follow=True)
    rotated = client.post(reverse("play:webhook_rotate", args=[hook.pk]), follow=True)

    for page in (added, rotated):
        assert "Nothing saved. You have saved webhooks as often as you may for now: try " \
               "again in 60 minutes." in page.content.decode()
    assert [(h.url, h.secret) for h in alice.webhooks.all()] == [(f"{receiver.url}/0", secret)]
    client.force_login(bob)  # per account
    client.post(reverse("play:webhook_add"), {"url": receiver.url})
    assert bob.webhooks.count() == 1


def test_a_deactivated_account_is_sent_nothing(start_game, alice, bob, receiver):
    """Staff ban an account by deactivating it: its sessions, sockets and tokens stop, and so
    do its webhooks, for new events and for deliveries still waiting for a retry."""
    hook = webhooks.webhook_create(user=alice, url=receiver.url)
    waiting = WebhookDelivery.objects.create(
        webhook=hook, event_key="test:waiting", event={"type": "test"},
        created_at=timezone.now(), next_attempt_at=timezone.now())
    alice.is_active = False
    alice.save()

    start_game([alice, bob])
    assert webhooks.delivery_attempt(delivery_id=waiting.pk) is None

    assert receiver.requests == []
    assert list(WebhookDelivery.objects.values_list("event_key", flat=True)) == ["test:waiting"]
    waiting.refresh_from_db()
    assert (waiting.status, waiting.attempts) == (WebhookDelivery.FAILED, 0)
