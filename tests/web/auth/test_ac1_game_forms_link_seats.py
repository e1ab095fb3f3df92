"""AC-1: every game's new-match form links the seats to members (unknown names become guests; a
bot's seat stays unlinked), and a rematch keeps the same members."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.web.auth import club_service
from tests.web.conftest import start_evening


def test_ac1_the_kluempchen_evening_form_links_its_players(app: FastAPI, client: TestClient) -> None:
    match_id = start_evening(client, players=["Anna", "Ben", "Carl", "Dora"])
    club = club_service(app)
    seats = club.seats(match_id)
    assert sorted(seats) == [0, 1, 2, 3]
    assert {club.find(name).member_id for name in ("Anna", "Ben", "Carl", "Dora")} == set(seats.values())


def test_ac1_the_proempeln_form_links_its_players(app: FastAPI, client: TestClient) -> None:
    made = client.post(
        "/proempeln", data={"title": "Kapseln", "player": ["Anna", "Ben"], "mode": "table"}, follow_redirects=False
    )
    assert made.status_code == 303, made.text
    match_id = made.headers["location"].rsplit("/", 1)[-1]
    club = club_service(app)
    assert club.seats(match_id) == {0: club.find("Anna").member_id, 1: club.find("Ben").member_id}


def test_ac1_a_preisromme_table_links_people_not_bots(app: FastAPI, client: TestClient) -> None:
    made = client.post("/api/preisromme", json={"players": ["Anna", "", "Carl"], "bot": "random"})
    assert made.status_code == 201, made.text
    club = club_service(app)
    assert club.seats(made.json()["match_id"]) == {0: club.find("Anna").member_id, 2: club.find("Carl").member_id}


def test_ac1_a_rematch_keeps_the_same_members(app: FastAPI, client: TestClient) -> None:
    match_id = start_evening(client, players=["Anna", "Ben", "Carl", "Dora"])
    again = client.post(f"/m/{match_id}/rematch", data={"order": "same"}, follow_redirects=False)
    assert again.status_code == 303, again.text
    club = club_service(app)
    assert club.seats(again.headers["location"].rsplit("/", 1)[-1]) == club.seats(match_id)
