"""Webhooks as an attacker would use them: checked when saved and again when sent, connected
to the address that was checked, no redirects, secrets shown once and rotatable.

DNS is stubbed (a table of names) and connections are recorded: the only one a test may
open goes to its own 127.0.0.1 receiver, which only WEBHOOK_ALLOW_LOOPBACK lets through.
"""

from __future__ import annotations

import socket

import pytest
from django.urls import reverse
from django.utils import timezone

from games.play import netguard, webhooks
from games.play.models import Webhook, WebhookDelivery
from tests.play.receiver import Receiver

PUBLIC = "93.184.215.14"


@pytest.fixture
def network(monkeypatch):
    """DNS from a table; connections recorded, and refused anywhere but 127.0.0.1."""
    state = {"names": {"hooks.example.com": [PUBLIC]}, "lookups": [], "connections": []}
    real_connect = socket.create_connection

    def resolve(host: str, port: int) -> list[str]:
        state["lookups"].append(host)
        if host not in state["names"]:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return state["names"][host]

    def connect(address, *args, **kwargs):
        state["connections"].append(address)
        if address[0] != "127.0.0.1":
            raise AssertionError(f"a test tried to reach {address}")
        return real_connect(address, *args, **kwargs)

    monkeypatch.setattr(netguard, "resolve", resolve)
    monkeypatch.setattr(socket, "create_connection", connect)
    return state


@pytest.fixture
def receiver():
    server = Receiver()
    yield server
    server.close()


def _delivery(hook: Webhook) -> WebhookDelivery:
    now = timezone.now()
    return WebhookDelivery.objects.create(
        webhook=hook, event_key="game_moved:1:1", event={"type": "game_moved", "step": 1},
        created_at=now, next_attempt_at=now)


@pytest.mark.parametrize("url", [
    "http://127.0.0.1:6379/", "http://localhost:8000/hook", "http://[::1]/",
    "http://169.254.169.254/latest/meta-data/", "http://10.0.0.1/", "http://2130706433/",
    "http://0x7f000001/", "http://127.1/", "ftp://hooks.example.com/",
])
def test_the_settings_form_refuses_internal_urls_and_saves_nothing(url, client, alice,
                                                                   network):
    network["names"]["localhost"] = ["127.0.0.1"]
    client.force_login(alice)

    page = client.post(reverse("play:webhook_add"), {"url": url}, follow=True)

    assert not Webhook.objects.exists()
    text = page.content.decode()
    assert "cannot be used" in text or "Enter a valid URL" in text
    assert network["connections"] == []


@pytest.mark.parametrize("host", ["localhost", "sub.localhost", "LOCALHOST.", "printer.local",
                                  "db.internal", "nas.home.arpa", "box.localdomain", "pi.lan",
                                  # Unicode forms the resolver folds into local names: they
                                  # were looked up (found against a live server)
                                  "ｌｏｃａｌｈｏｓｔ", "ⓛｏｃａｌｈｏｓｔ", "printer。local",
                                  "ＤＢ.ＩＮＴＥＲＮＡＬ"])
def test_local_names_are_refused_without_a_lookup(alice, network, host):
    """Such names never name a public host, and looking one up asks the local resolver."""
    network["names"][host.lower().rstrip(".")] = [PUBLIC]  # (even if it resolved outside)
    with pytest.raises(netguard.Refused, match="private address"):
        webhooks.webhook_create(user=alice, url=f"http://{host}/hook")
    assert network["lookups"] == [] and network["connections"] == []


def test_the_service_refuses_what_the_form_refuses(alice, network):
    with pytest.raises(netguard.Refused, match="private address"):
        webhooks.webhook_create(user=alice, url="http://192.168.0.10/hook")
    with pytest.raises(netguard.Refused, match="non-standard"):
        webhooks.webhook_create(user=alice, url="http://0x7f.1/hook")

    assert not Webhook.objects.exists() and network["connections"] == []


def test_a_url_that_turned_private_is_refused_at_send_without_a_connection(alice, network,
                                                                          client):
    hook = webhooks.webhook_create(user=alice, url="http://hooks.example.com/in")
    network["names"]["hooks.example.com"] = ["10.20.30.40"]  # the owner's DNS changed since
    delivery = _delivery(hook)

    webhooks.delivery_attempt(delivery_id=delivery.pk)

    delivery.refresh_from_db()
    assert delivery.last_error == "refused: private address"
    assert delivery.last_status_code is None and delivery.status == WebhookDelivery.PENDING
    assert network["connections"] == []
    client.force_login(alice)
    assert "refused: private address" in client.get(reverse("play:settings")).content.decode()


def test_a_delivery_connects_to_the_address_it_checked_with_the_urls_host(
        alice, network, receiver, settings):
    settings.WEBHOOK_ALLOW_LOOPBACK = True
    network["names"]["hooks.example.com"] = ["127.0.0.1"]
    hook = webhooks.webhook_create(user=alice, url=f"http://hooks.example.com:{receiver.port}/in")
    network["lookups"].clear()

    webhooks.delivery_attempt(delivery_id=_delivery(hook).pk)

    assert network["lookups"] == ["hooks.example.com"]  # one lookup per attempt, no other
    assert network["connections"] == [("127.0.0.1", receiver.port)]
    (request,) = receiver.requests
    assert request["headers"]["Host"] == f"hooks.example.com:{receiver.port}"
    assert request["path"] == "/in"
    assert WebhookDelivery.objects.get(webhook=hook).status == WebhookDelivery.DELIVERED


def test_redirects_are_not_followed(alice, network, receiver, settings):
    settings.WEBHOOK_ALLOW_LOOPBACK = True
    receiver.answers = [(302, {"Location": f"http://127.0.0.1:{receiver.port}/elsewhere"})]
    hook = webhooks.webhook_create(user=alice, url=receiver.url)
    delivery = _delivery(hook)

    webhooks.delivery_attempt(delivery_id=delivery.pk)

    delivery.refresh_from_db()
    assert [r["path"] for r in receiver.requests] == ["/hook"]
    assert delivery.last_status_code == 302 and "not followed" in delivery.last_error
    assert delivery.status == WebhookDelivery.PENDING


def test_the_secret_is_shown_once_and_can_be_rotated(client, alice, bob, network):
    client.force_login(alice)
    settings_url = reverse("play:settings")

    created = client.post(reverse("play:webhook_add"), {"url": "https://hooks.example.com/in"},
                          follow=True).content.decode()
    hook = Webhook.objects.get(user=alice)
    assert hook.secret in created
    assert hook.secret not in client.get(settings_url).content.decode()  # not on a reload

    old = hook.secret
    rotated = client.post(reverse("play:webhook_rotate", args=[hook.pk]),
                          follow=True).content.decode()
    hook.refresh_from_db()
    assert hook.secret != old and hook.secret in rotated and old not in rotated
    assert hook.secret not in client.get(settings_url).content.decode()
    assert webhooks.signature(hook.secret, b"{}") != webhooks.signature(old, b"{}")

    current = hook.secret
    client.force_login(bob)
    assert client.post(reverse("play:webhook_rotate", args=[hook.pk])).status_code == 404
    hook.refresh_from_db()
    assert hook.secret == current
    assert network["connections"] == []


def test_a_path_in_other_letters_is_sent_percent_encoded(alice, client, network, receiver,
                                                         settings):
    """The form takes a URL whose path or query is not ASCII; the request line must be ASCII,
    and sending the raw path raised in the delivery task at every attempt (never logged)."""
    settings.WEBHOOK_ALLOW_LOOPBACK = True
    client.force_login(alice)
    client.post(reverse("play:webhook_add"),
                {"url": f"http://127.0.0.1:{receiver.port}/crème?équipe=rouge&x=%41"})
    hook = Webhook.objects.get(user=alice)
    delivery = _delivery(hook)

    webhooks.delivery_attempt(delivery_id=delivery.pk)

    delivery.refresh_from_db()
    assert [r["path"] for r in receiver.requests] == ["/cr%C3%A8me?%C3%A9quipe=rouge&x=%41"]
    assert delivery.status == WebhookDelivery.DELIVERED
