"""Helpers for the Preisrommé web tests: an app on an in-memory store with seeded cards and bots,
manual knock-window timers (time driven explicitly), and a client per seat link."""

from __future__ import annotations

import random
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.matches import InMemoryRepository, MatchService
from stammtisch.matches.preisromme_table import PreisrommeTable
from stammtisch.matches.seat_links import InMemorySeatLinks
from stammtisch.web.app import create_app
from stammtisch.web.preisromme_timer import ManualTimers

HTMX = {"hx-request": "true"}


def make_app(seed: int = 1) -> FastAPI:
    service = MatchService(InMemoryRepository(), rng=lambda match_id: random.Random(seed))
    app = create_app(service)
    table = PreisrommeTable(service, InMemorySeatLinks(), rng=lambda match_id: random.Random(seed + 1))
    app.state.preisromme_table = table
    app.state.preisromme_timers = ManualTimers(table)
    return app


def open_table(client: TestClient, players: list[str], **extra: Any) -> dict[str, Any]:
    response = client.post("/api/preisromme", json={"players": players, **extra})
    assert response.status_code == 201, response.text
    return response.json()


def token(links: dict[str, Any], seat: int) -> str:
    return links["links"][str(seat)].removeprefix("/p/")


def seat_state(client: TestClient, seat_token: str) -> dict[str, Any]:
    response = client.get(f"/api/p/{seat_token}")
    assert response.status_code == 200, response.text
    return response.json()


def act(client: TestClient, seat_token: str, notation: str, seq: int | None = None) -> dict[str, Any]:
    if seq is None:
        seq = seat_state(client, seat_token)["seq"]
    response = client.post(f"/api/p/{seat_token}/actions", json={"seq": seq, "action": notation})
    assert response.status_code == 200, response.text
    return response.json()


def notations(snapshot: dict[str, Any]) -> list[str]:
    return [entry["notation"] for entry in snapshot["legal"]]
