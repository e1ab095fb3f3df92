"""Every bad input gets a clear 4xx, never a 500: unknown match (M-3), stale sequence (M-1) with the
fresh state, malformed JSON and forms, wrong types."""

from __future__ import annotations

import threading
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from stammtisch.web.app import create_app
from stammtisch.web.background import BackgroundServer
from tests.support.club import bearer, club_app
from tests.web.conftest import HTMX, alert, start_evening, state


def test_unknown_match_is_404_everywhere(client: TestClient) -> None:
    """M-3."""
    assert client.get("/m/nope").status_code == 404
    assert "nope" in alert(client.get("/m/nope").text)
    response = client.get("/api/matches/nope?lang=en")
    assert response.status_code == 404 and response.json()["error"]["code"] == "match/not_found"
    assert client.post("/m/nope/act", data={"seq": 0, "seat": "0", "notation": "throw"}).status_code == 404
    assert client.get("/m/nope/events").status_code == 404
    assert client.get("/no/such/page").status_code == 404


def test_stale_submission_shows_who_was_faster_and_the_fresh_state(client: TestClient) -> None:
    """M-1: two phones on the same turn; the second loses, sees the message and the new state,
    and nothing is lost or doubled."""
    match_id = start_evening(client)
    first = {"seq": 0, "seat": "0", "notation": "throw", "faces": "1 1 1 2 3 4"}
    assert client.post(f"/m/{match_id}/dice", data=first, headers=HTMX).status_code == 200
    second = {"seq": 0, "seat": "0", "notation": "throw", "faces": "2 2 2 3 4 5"}
    response = client.post(f"/m/{match_id}/dice?lang=de", data=second, headers=HTMX)
    assert response.status_code == 409
    assert "Jemand anderes war schneller" in alert(response.text)
    assert 'data-seq="2"' in response.text  # the fresh board
    snap = state(client, match_id)
    assert snap["seq"] == 2 and snap["view"]["turn"]["kept"] == [[1, 3]]
    api = client.post(f"/api/matches/{match_id}/actions?lang=en", json={"seq": 0, "seat": 0, "action": "throw"})
    assert api.status_code == 409
    body = api.json()
    assert body["error"]["code"] == "match/stale" and "Someone else was faster" in body["error"]["message"]
    assert body["snapshot"]["seq"] == 2


@pytest.mark.parametrize(
    "body",
    [
        b"{not json",
        b"[]",
        b'{"seq": "x", "seat": 0, "action": "throw"}',
        b'{"seat": 0, "action": "throw"}',
        b'{"seq": 0, "seat": 0}',
        b'{"seq": 0, "seat": 0, "action": "throw", "outcome": "1"}',
        b'{"seq": 0, "action": "throw"}',
        b'{"seq": 0, "seat": true, "action": "throw"}',
        b'{"seq": -1, "seat": 0, "action": "throw"}',
        b'{"seq": 0, "seat": 0, "action": 5}',
        b'{"seq": 0, "seat": 0, "action": {"type": "Nope"}}',
        b'{"seq": 0, "outcome": {"type": "DiceOutcome", "faces": "six"}}',
        b'{"seq": 0, "steps": []}',
        b'{"seq": 0, "extra": 1, "seat": 0, "action": "throw"}',
    ],
)
def test_malformed_json_is_a_readable_4xx(client: TestClient, body: bytes) -> None:
    match_id = start_evening(client)
    response = client.post(
        f"/api/matches/{match_id}/actions?lang=en", content=body, headers={"content-type": "application/json"}
    )
    assert 400 <= response.status_code < 500, response.text
    error = response.json()["error"]
    assert error["message"] and error["de"] and error["en"]


@pytest.mark.parametrize(
    "form",
    [
        {},
        {"seat": "0", "notation": "throw"},
        {"seq": "abc", "seat": "0", "notation": "throw"},
        {"seq": "0", "seat": "x", "notation": "throw"},
        {"seq": "0", "notation": "throw"},
        {"seq": "0", "seat": "0"},
        {"seq": "0", "seat": "0", "notation": "x" * 500},
    ],
)
def test_malformed_forms_are_a_readable_4xx(client: TestClient, form: dict) -> None:
    match_id = start_evening(client)
    response = client.post(f"/m/{match_id}/act?lang=en", data=form, headers=HTMX)
    assert 400 <= response.status_code < 500
    assert alert(response.text)
    assert client.post(f"/m/{match_id}/undo", data={"seq": "later"}).status_code == 422
    assert client.post(f"/m/{match_id}/score", data={"seq": "0", "seat": "0", "points": "-3"}).status_code == 422


def test_missing_field_names_the_field(client: TestClient) -> None:
    match_id = start_evening(client)
    response = client.post(f"/m/{match_id}/act?lang=de", data={"seat": "0", "notation": "throw"})
    assert response.status_code == 422 and "seq fehlt" in alert(response.text)
    response = client.post("/api/matches", json={"players": ["A"]}, headers={"accept-language": "en"})
    assert response.status_code == 422 and "game is missing" in response.json()["error"]["en"]


def test_wrong_method_is_not_a_500(client: TestClient) -> None:
    assert client.get("/evenings").status_code == 405
    assert client.delete("/api/matches").status_code == 405


def test_racing_phones_exactly_one_wins(tmp_path: Path) -> None:
    """M-1 under a real race: several phones send the same throw at the same moment against a real
    server and SQLite file; exactly one is written, every other one is told it was too slow."""
    app = club_app(create_app(database_url=f"sqlite:///{tmp_path / 'race.sqlite3'}"))
    signed = bearer(app)
    match_id = app.state.service.create(
        "kluempchen", ["A", "B", "C", "D"], options={"team_draw": "manual"}, setup={"teams": [[0, 1], [2, 3]]}
    ).match_id
    phones = 6
    barrier = threading.Barrier(phones)
    statuses: list[int] = []

    with BackgroundServer(app) as server:

        def phone(faces: str) -> None:
            with httpx.Client(base_url=server.url, timeout=30, headers=signed) as http:
                barrier.wait()
                body = {"seq": 0, "steps": [{"seat": 0, "action": "throw"}, {"outcome": faces}]}
                statuses.append(http.post(f"/api/matches/{match_id}/actions", json=body).status_code)

        threads = [threading.Thread(target=phone, args=(f"1 1 1 2 3 {4 + n % 3}",)) for n in range(phones)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert sorted(statuses) == [200] + [409] * (phones - 1)
    assert app.state.service.snapshot(match_id).seq == 2
