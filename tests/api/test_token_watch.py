"""The sockets' token re-check: one query per loop and interval for every socket's token."""

from __future__ import annotations

import asyncio

import pytest

from games.api import services, token_watch


class FakeSocket:
    def __init__(self) -> None:
        self.closed: list[int] = []

    async def close(self, code: int) -> None:
        self.closed.append(code)


@pytest.fixture
def queries(monkeypatch, settings):
    settings.API_WS_TOKEN_RECHECK_SECONDS = 0.01
    asked: list[list[int]] = []
    live = {1}

    def tokens_live(*, token_ids: list[int]) -> set[int]:
        asked.append(sorted(token_ids))
        return live & set(token_ids)

    monkeypatch.setattr(services, "tokens_live", tokens_live)
    return asked


def test_one_query_checks_every_socket_and_closes_those_of_dead_tokens(queries):
    a, b, c = FakeSocket(), FakeSocket(), FakeSocket()

    async def scenario() -> None:
        token_watch.watch(1, a)
        token_watch.watch(2, b)
        token_watch.watch(2, c)
        await token_watch.check_now(token_watch._watched[asyncio.get_running_loop()])

    asyncio.run(scenario())

    assert queries == [[1, 2]]
    assert a.closed == [] and b.closed == [4401] and c.closed == [4401]


def test_the_loop_checks_on_its_own_and_stops_when_no_socket_is_left(queries):
    live_one, dead_one = FakeSocket(), FakeSocket()

    async def scenario() -> None:
        token_watch.watch(1, live_one)
        token_watch.watch(3, dead_one)
        for _ in range(200):
            if dead_one.closed:
                break
            await asyncio.sleep(0.01)
        token_watch.unwatch(1, live_one)
        for _ in range(200):
            if asyncio.get_running_loop() not in token_watch._checkers:
                break
            await asyncio.sleep(0.01)
        assert asyncio.get_running_loop() not in token_watch._checkers

    asyncio.run(scenario())

    assert dead_one.closed == [4401] and live_one.closed == []
    assert all(sorted(ids) in ([1, 3], [1]) for ids in queries)


@pytest.mark.django_db
def test_tokens_live_reads_them_in_one_query(django_assert_num_queries, django_user_model):
    user = django_user_model.objects.create_user("tokens", password="x" * 12)
    live, _ = services.token_create(user=user, name="live")
    revoked, _ = services.token_create(user=user, name="revoked")
    services.token_revoke(user=user, token_id=revoked.pk)

    with django_assert_num_queries(1):
        found = services.tokens_live(token_ids=[live.pk, revoked.pk, 999999])

    assert found == {live.pk}


@pytest.mark.django_db
def test_a_token_that_lost_read_is_no_longer_live(django_user_model):
    """Staff may narrow a token's scopes in the admin: its open sockets close at the next
    re-check, as a ticket it made is refused (every socket and stream needs `read`)."""
    user = django_user_model.objects.create_user("narrowed", password="x" * 12)
    token, _ = services.token_create(user=user, name="bot")
    kept, _ = services.token_create(user=user, name="kept")
    token.scopes = ["play"]
    token.save(update_fields=["scopes"])

    assert services.tokens_live(token_ids=[token.pk, kept.pk]) == {kept.pk}


@pytest.mark.django_db
def test_an_oauth_token_that_lost_read_is_no_longer_live(django_user_model):
    from datetime import timedelta

    from django.utils import timezone
    from oauth2_provider.models import get_access_token_model

    user = django_user_model.objects.create_user("narrowed-app", password="x" * 12)
    model = get_access_token_model()
    later = timezone.now() + timedelta(hours=1)
    reading = model.objects.create(user=user, token="t-read", expires=later, scope="read play")
    playing = model.objects.create(user=user, token="t-play", expires=later, scope="play")

    assert services.oauth_tokens_live(token_ids=[reading.pk, playing.pk]) == {reading.pk}
