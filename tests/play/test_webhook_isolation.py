"""A slow webhook receiver never delays a bot: deliveries run on a queue of their own.

Embedded mode (thread): the delivery hangs in a receiver the test holds open while a whole
bot game is played on the bots' pool. Production (celery): the delivery task is routed to
the `webhooks` queue, bot moves to the default one.
"""

from __future__ import annotations

import time

import pytest
from django.utils import timezone

from dominion_site.celery import app
from games import background, services
from games.models import GameStatus
from games.play import webhooks
from games.play.models import WebhookDelivery
from games.play.tasks import play_sweep, webhook_deliver
from games.tasks import bot_move
from tests.play.helpers import BASE_KINGDOM
from tests.play.receiver import Receiver


def test_deliveries_and_bot_moves_are_on_different_celery_queues():
    def queue(task) -> str:
        return app.amqp.router.route({}, task.name)["queue"].name

    assert queue(webhook_deliver) == "webhooks"
    assert queue(bot_move) == "celery"


def test_embedded_mode_gives_deliveries_and_emails_their_own_pools():
    assert background.queue_of(webhook_deliver) == "webhooks"
    assert background.queue_of(play_sweep) == "mail"
    assert background.queue_of(bot_move) == background.DEFAULT_QUEUE


@pytest.mark.django_db(transaction=True)
def test_a_hanging_receiver_does_not_delay_a_bot_game(catalog, alice, settings):
    settings.BACKGROUND_MODE = "thread"
    settings.WEBHOOK_ALLOW_LOOPBACK = True
    # The deliveries wait on the receiver for as long as the bot game takes, however slow the
    # machine: their own deadline must not end them first.
    settings.PLAY_WEBHOOK_TIMEOUT_SECONDS = 300
    receiver = Receiver(hold_seconds=300)  # answers only when the test opens the gate
    try:
        hook = webhooks.webhook_create(user=alice, url=receiver.url)
        now = timezone.now()
        for step in range(3):
            delivery = WebhookDelivery.objects.create(
                webhook=hook, event_key=f"game_moved:0:{step}", event={"type": "game_moved"},
                created_at=now, next_attempt_at=now)
            background.schedule(webhook_deliver, delivery.pk)
        assert receiver.entered.wait(30), "the delivery never reached the receiver"

        game = services.game_create(creator=alice, seats=["bmu", "smithy"],
                                    kingdom=BASE_KINGDOM)
        services.game_start(game=game, user=alice)  # commits: the bots start playing
        give_up = time.monotonic() + 120
        while game.status != GameStatus.FINISHED and time.monotonic() < give_up:
            time.sleep(0.05)
            game.refresh_from_db()

        assert game.status == GameStatus.FINISHED
        assert not receiver.gate.is_set()  # every delivery was still waiting on the receiver
        assert not WebhookDelivery.objects.filter(status=WebhookDelivery.DELIVERED).exists()
    finally:
        receiver.gate.set()
        background.drain()
        receiver.close()
    assert WebhookDelivery.objects.filter(status=WebhookDelivery.DELIVERED).count() == 3
