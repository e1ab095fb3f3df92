"""M-1 under contention (bench/hammer.py): one write per match at a time in a process; a submission
that a write ahead of it made stale is answered from memory with the fresh snapshot, and the store
sees exactly one append per sequence number."""

from __future__ import annotations

import asyncio
import gc
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from stammtisch.web import collector
from stammtisch.web.write_gate import WriteGate
from tests.web.conftest import PLAYERS


def _new_match(app: FastAPI) -> str:
    snapshot = app.state.service.create(
        "kluempchen", PLAYERS, {"team_draw": "manual"}, {"teams": [[0, 1], [2, 3]]}, mode="table"
    )
    return str(snapshot.match_id)


async def _race(app: FastAPI, match_id: str, clients: int) -> list[httpx.Response]:
    transport = httpx.ASGITransport(app=app)
    token = app.state.test_token
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
        body = {"seq": 0, "seat": 0, "action": "throw"}
        headers = {"Authorization": f"Bearer {token}"}
        return list(
            await asyncio.gather(
                *(client.post(f"/api/matches/{match_id}/actions", json=body, headers=headers) for _ in range(clients))
            )
        )


@pytest.fixture
def token_app(app: FastAPI) -> FastAPI:
    from stammtisch.club.members import Role
    from stammtisch.web.auth.identity import club_service

    service = club_service(app)
    scribe = service.add_user("Gate Scribe", Role.SCRIBE, "a-long-enough-password-1")
    _, app.state.test_token = service.create_token(scribe.member_id, "gate")
    return app


def test_racing_submissions_one_wins_the_others_get_the_fresh_snapshot(token_app: FastAPI) -> None:
    app = token_app
    match_id = _new_match(app)
    repository = app.state.service.repository
    appends: list[int] = []
    original = repository.append

    def counting_append(match: str, events: Any) -> None:
        appends.append(len(events))
        original(match, events)

    repository.append = counting_append
    answers = asyncio.run(_race(app, match_id, 5))
    statuses = sorted(answer.status_code for answer in answers)
    assert statuses == [200, 409, 409, 409, 409]
    assert appends == [1]  # the losers never reached the store
    for answer in answers:
        snapshot = answer.json() if answer.status_code == 200 else answer.json()["snapshot"]
        assert snapshot["seq"] == 1
    losers = [answer.json()["error"] for answer in answers if answer.status_code == 409]
    assert all(error["code"] == "match/stale" and error["de"] and error["en"] for error in losers)
    assert app.state.write_gate.busy() == 0  # no lock is kept for a match nobody writes to


def test_the_gate_orders_writers_of_one_match_and_not_of_others() -> None:
    gate = WriteGate()
    order: list[str] = []

    async def writer(match_id: str, name: str, pause: float) -> None:
        async with gate.turn(match_id):
            order.append(f"{name} in")
            await asyncio.sleep(pause)
            order.append(f"{name} out")

    async def main() -> None:
        await asyncio.gather(writer("m1", "a", 0.02), writer("m1", "b", 0), writer("m2", "c", 0))

    asyncio.run(main())
    assert order.index("a out") < order.index("b in")  # one match: one after the other
    assert order.index("c in") < order.index("a out")  # another match does not wait
    assert gate.busy() == 0


def test_serving_freezes_the_start_up_heap_and_spaces_young_collections(monkeypatch: pytest.MonkeyPatch) -> None:
    threshold = gc.get_threshold()
    monkeypatch.setattr(collector, "_tuned", False)
    try:
        collector.tune_for_serving()
        assert gc.get_threshold()[0] == collector.YOUNG and gc.get_freeze_count() > 0
        collector.tune_for_serving()  # once per process
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
