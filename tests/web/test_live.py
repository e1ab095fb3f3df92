"""Live updates: the broadcaster fans out in memory, drops repeated notices, and forgets a page
when it disconnects; the event stream of a real server delivers a change made elsewhere."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import httpx

from stammtisch.web.app import create_app
from stammtisch.web.background import BackgroundServer
from stammtisch.web.live import Broadcaster
from tests.support.club import bearer, club_app


def run(coroutine: Coroutine[Any, Any, None]) -> None:
    """``asyncio.run`` in a thread of its own, so no event loop of another test can be in the way."""
    failures: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(coroutine)
        except BaseException as error:  # re-raised in the test's thread
            failures.append(error)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(timeout=30)
    if failures:
        raise failures[0]


def test_publish_reaches_every_subscriber_once() -> None:
    async def scenario() -> None:
        broadcaster = Broadcaster()
        async with broadcaster.subscribe("m1") as first, broadcaster.subscribe("m1") as second:
            async with broadcaster.subscribe("m2") as other:
                broadcaster.publish("m1", 3)
                broadcaster.publish("m1", 3)  # the route and the service both publish one write
                notices = [await asyncio.wait_for(q.get(), 1) for q in (first, second)]
                assert [n.seq for n in notices] == [3, 3]
                await asyncio.sleep(0.01)
                assert first.empty() and second.empty() and other.empty()
            assert broadcaster.subscriber_count() == 2
        assert broadcaster.subscriber_count() == 0

    run(scenario())


def test_publish_from_another_thread() -> None:
    async def scenario() -> None:
        broadcaster = Broadcaster()
        async with broadcaster.subscribe("m") as queue:
            thread = threading.Thread(target=broadcaster.publish, args=("m", 7))
            thread.start()
            notice = await asyncio.wait_for(queue.get(), 1)
            thread.join()
            assert notice.seq == 7

    run(scenario())


def test_a_slow_page_keeps_only_the_newest_notices() -> None:
    async def scenario() -> None:
        broadcaster = Broadcaster()
        async with broadcaster.subscribe("m") as queue:
            for seq in range(1, 50):
                broadcaster.publish("m", seq)
            await asyncio.sleep(0.01)
            seqs = [queue.get_nowait().seq for _ in range(queue.qsize())]
            assert seqs[-1] == 49 and len(seqs) <= 8

    run(scenario())


def test_event_stream_delivers_a_change_and_cleans_up(tmp_path: Path) -> None:
    app = club_app(create_app(database_url=f"sqlite:///{tmp_path / 'live.sqlite3'}"))
    service = app.state.service
    snap = service.create(
        "kluempchen", ["A", "B", "C", "D"], options={"team_draw": "manual"}, setup={"teams": [[0, 1], [2, 3]]}
    )
    with BackgroundServer(app) as server:
        with httpx.Client(base_url=server.url, timeout=10, headers=bearer(app)) as http:
            with http.stream("GET", f"/m/{snap.match_id}/events") as stream:
                assert stream.headers["content-type"].startswith("text/event-stream")
                lines = stream.iter_lines()
                assert next(lines) == "retry: 250"  # a stream that ends is reconnected a quarter second later
                seen = []
                for line in lines:
                    if line.startswith("id: "):
                        seen.append(int(line[4:]))
                        if seen == [0]:  # the stream starts with the current seq; now another phone writes
                            response = http.post(
                                f"/m/{snap.match_id}/dice",
                                data={"seq": 0, "seat": "0", "notation": "throw", "faces": "111234"},
                                headers={"hx-request": "true"},
                            )
                            assert response.status_code == 200
                        else:
                            break
                assert seen == [0, 2]
                assert app.state.broadcaster.subscriber_count(snap.match_id) == 1
        # The page went away: within a couple of poll intervals the stream ends and unsubscribes.
        for _ in range(50):
            if app.state.broadcaster.subscriber_count() == 0:
                break
            threading.Event().wait(0.1)
        assert app.state.broadcaster.subscriber_count() == 0
