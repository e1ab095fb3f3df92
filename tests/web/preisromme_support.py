"""Helpers for the Preisrommé web tests: an app on an in-memory store with seeded cards and bots,
manual deadlines (time driven explicitly), seat links exchanged for the seat cookie, and the JSON
seat API with the token in the ``X-Seat-Token`` header."""

from __future__ import annotations

import random
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.matches import InMemoryRepository, MatchService
from stammtisch.matches.seat_links import InMemorySeatLinks
from stammtisch.matches.tables import DigitalTable
from stammtisch.web.app import create_app
from stammtisch.web.deadlines import ManualDeadlines

HTMX = {"hx-request": "true"}


def make_app(seed: int = 1) -> FastAPI:
    service = MatchService(InMemoryRepository(), rng=lambda match_id: random.Random(seed))
    app = create_app(service)
    table = DigitalTable(service, InMemorySeatLinks())
    app.state.table = table
    app.state.deadlines = ManualDeadlines(table)
    return app


def open_table(client: TestClient, players: list[str], **extra: Any) -> dict[str, Any]:
    response = client.post("/api/preisromme", json={"players": players, **extra})
    assert response.status_code == 201, response.text
    return response.json()


def token(links: dict[str, Any], seat: int) -> str:
    return str(links["links"][str(seat)]).removeprefix("/p/")


def headers(seat_token: str) -> dict[str, str]:
    return {"x-seat-token": seat_token}


def enter(client: TestClient, seat_token: str) -> str:
    """Open the seat link in ``client`` (its cookie now names that seat); returns the seat page's URL."""
    response = client.get(f"/p/{seat_token}", follow_redirects=False)
    assert response.status_code == 303, response.text
    return str(response.headers["location"])


def seat_state(client: TestClient, seat_token: str) -> dict[str, Any]:
    response = client.get("/api/seat", headers=headers(seat_token))
    assert response.status_code == 200, response.text
    return response.json()


def act(client: TestClient, seat_token: str, notation: str, seq: int | None = None) -> dict[str, Any]:
    if seq is None:
        seq = seat_state(client, seat_token)["seq"]
    response = client.post("/api/seat/actions", json={"seq": seq, "action": notation}, headers=headers(seat_token))
    assert response.status_code == 200, response.text
    return response.json()


def notations(snapshot: dict[str, Any]) -> list[str]:
    return [entry["notation"] for entry in snapshot["legal"]]
