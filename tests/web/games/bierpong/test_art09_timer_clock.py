"""Art 9.2 / BP-R16 with the server-side clock (H9): when a match's time limit is up the server
enters ``timeup`` itself (actor "timer") at a throw node; level racks go to sudden death; a match
without a running timer is left alone; the page shows the minutes left."""

from __future__ import annotations

from datetime import UTC, datetime

from fastapi.testclient import TestClient

from stammtisch.web.games.bierpong import clock
from tests.web.conftest import state
from tests.web.games.bierpong.helpers import opened, start


def test_time_up_is_entered_by_the_server(client: TestClient) -> None:
    match_id = start(client, timer_minutes="30")
    opened(client, match_id)
    page = client.get(f"/m/{match_id}?lang=en").text
    assert 'data-testid="timer"' in page and ("30 min left" in page or "29 min left" in page)
    client.portal.call(clock._run, client.app, match_id, datetime.now(UTC))  # type: ignore[union-attr]
    data = state(client, match_id)
    assert data["view"]["timer"] == "sudden"  # 10 cups each: the next hit wins (Art 9.2)
    last = data["last_events"][-1]
    assert last["notation"] == "timeup" and last["actor"] == "timer"
    assert "Sudden death: the next hit wins." in client.get(f"/m/{match_id}?lang=en").text


def test_a_match_without_a_running_timer_is_left_alone(client: TestClient) -> None:
    match_id = start(client)
    opened(client, match_id)
    seq = state(client, match_id)["seq"]
    client.portal.call(clock._run, client.app, match_id, datetime.now(UTC))  # type: ignore[union-attr]
    assert state(client, match_id)["seq"] == seq
