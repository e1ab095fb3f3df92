"""Issue 29.3 (AC-9, docs/deploy.md "Under faults"): the seat guard asks the store whether a match's
seats are private before any route runs; when the store cannot answer, the request is neither let
through (that would skip the guard) nor answered with a bare 500, but refused with the readable 503 of
a busy store, ``Retry-After`` included, in the reader's language."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.store.database import RETRY_AFTER_SECONDS, StoreUnavailable
from stammtisch.web.seat_guard import SeatGuard


def _busy_store(app: Any, match_id: str) -> bool:
    raise StoreUnavailable("lock timeout on seat_links")


def _client() -> TestClient:
    app = FastAPI()

    @app.get("/m/{match_id}")
    def page(match_id: str) -> dict[str, str]:  # never reached while the store is busy
        return {"match": match_id}

    app.add_middleware(SeatGuard, linked=_busy_store, known=lambda app, match_id: None)
    return TestClient(app, raise_server_exceptions=False)


def test_a_busy_store_in_the_seat_guard_is_a_readable_503_with_retry_after() -> None:
    answer = _client().get("/m/abc?seat=1", headers={"accept-language": "de"})
    assert answer.status_code == 503
    assert answer.headers["retry-after"] == str(RETRY_AFTER_SECONDS)
    assert "Datenbank ist gerade belegt" in answer.text


def test_a_program_gets_the_store_fault_as_json_in_english() -> None:
    answer = _client().get("/m/abc?seat=1", headers={"accept": "application/json", "accept-language": "en"})
    assert answer.status_code == 503
    error = answer.json()["error"]
    assert error["code"] == "store/unavailable"
    assert "The database is busy" in error["message"]
