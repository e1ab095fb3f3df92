"""PostgreSQL LISTEN/NOTIFY fan-out: a write in one worker reaches the listeners of all workers."""

from __future__ import annotations

import queue
import uuid

import pytest

from stammtisch.store.notify import PostgresNotifier
from tests.matches.conftest import make_service
from tests.store.conftest import postgres_base_url

pytestmark = pytest.mark.postgres


def test_publish_reaches_every_listener() -> None:
    url = postgres_base_url()
    channel = f"t_{uuid.uuid4().hex[:12]}"  # parallel test workers use their own channels
    sender, receiver = PostgresNotifier(url, channel), PostgresNotifier(url, channel)
    heard: queue.Queue[tuple[str, int]] = queue.Queue()
    listeners = [receiver.listen(lambda m, s: heard.put((m, s))), sender.listen(lambda m, s: heard.put((m, s)))]
    try:
        for listener in listeners:
            assert listener.ready.wait(10)
        sender.publish("abc123", 7)
        assert {heard.get(timeout=10), heard.get(timeout=10)} == {("abc123", 7)}
    finally:
        for listener in listeners:
            listener.stop()
        sender.close()
        receiver.close()


def test_service_publishes_through_postgres(pg_url: str) -> None:
    from stammtisch.store import open_store

    channel = f"t_{uuid.uuid4().hex[:12]}"
    notifier = PostgresNotifier(pg_url, channel)
    heard: queue.Queue[tuple[str, int]] = queue.Queue()
    listener = notifier.listen(lambda m, s: heard.put((m, s)))
    store = open_store(pg_url)
    try:
        assert listener.ready.wait(10)
        service = make_service(store.repository, notifier=notifier)
        match = service.create("toy-open", ["A", "B"], mode="table").match_id
        service.act(match, 0, "pick 1", 0)
        assert heard.get(timeout=10) == (match, 1)
    finally:
        listener.stop()
        notifier.close()
        store.close()
