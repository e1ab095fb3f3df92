"""E-22 on the table page: players expected later are ticked on the form (and linked to members like
everybody, AC-1); between rounds the page offers "someone arrives / someone leaves" by name; a changed
table is drawn again, the last to arrive starting (K-2.1); each round is settled at its N (S-9, KA-28)."""

from __future__ import annotations

import re
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.web.conftest import HTMX, alert, start_evening, state

NAMES = ["Anna", "Ben", "Carl", "Dora", "Emil"]


def _end_round(client: TestClient, match_id: str) -> dict[str, Any]:
    """Score sheet: every turn scores 80, so each team goes out after one joint turn until one is left."""
    snap = state(client, match_id)
    while snap["view"]["phase"] == "play":
        seat = snap["turn"]["seats"][0]
        response = client.post(
            f"/m/{match_id}/score", data={"seq": snap["seq"], "seat": seat, "points": 80}, headers=HTMX
        )
        assert response.status_code == 200, response.text
        snap = state(client, match_id)
    return snap


def _act(client: TestClient, match_id: str, seat: int, notation: str, lang: str = "en") -> str:
    seq = state(client, match_id)["seq"]
    response = client.post(
        f"/m/{match_id}/act?lang={lang}", data={"seq": seq, "seat": seat, "notation": notation}, headers=HTMX
    )
    return response.text


def test_e22_form_ticks_a_later_player_and_links_every_seat(app: FastAPI, client: TestClient) -> None:
    """E-22, AC-1: Emil is expected later: his seat exists and is linked to a member from the start,
    but he is not at the table: N = 4, unit 200 cents."""
    page = client.get("/evenings/new?lang=en").text
    assert 'name="later"' in page and "later" in page
    match_id = start_evening(client, mode="scoresheet", players=NAMES, team=["1", "1", "2", "2", ""], later=["4"])
    view = state(client, match_id)["view"]
    assert view["not_seated"] == [4] and view["players"] == 4 and view["unit_cents"] == 200
    assert sorted(app.state.club.seats(match_id)) == [0, 1, 2, 3, 4]


def test_e22_between_rounds_the_page_offers_arrivals_and_leaves_by_name(client: TestClient) -> None:
    """E-22, K-2.1, S-9: after round 1 (N = 4) the page lists "Emil arrives" (names, never seat
    numbers); after it the table changed, the teams are drawn again with Emil entering them, and the
    settlement of round 2 counts 5 players."""
    match_id = start_evening(client, mode="scoresheet", players=NAMES, team=["1", "1", "2", "2", ""], later=["4"])
    _end_round(client, match_id)
    page = client.get(f"/m/{match_id}?lang=en").text
    assert 'data-testid="table-change"' in page and "Emil arrives" in page
    assert "Not at the table: Emil" in page
    assert not re.search(r"[Ss]eat \d", page.split('data-testid="table-change"')[1].split("</details>")[0])
    assert "Emil leaves" not in page and "Anna leaves" not in page  # K-1.1: only 4 at the table
    board = _act(client, match_id, 0, "arrive 4")
    assert "The table changed: the teams are drawn again, Emil starts." in board
    assert "Anna leaves" in board and "Emil leaves" in board
    assert 'data-notation="next"' not in board  # E-23: the old teams no longer hold everybody
    board = _act(client, match_id, 1, "redraw")
    assert "Enter the teams" in board
    board = _act(client, match_id, 4, "team 4 0")
    board = _act(client, match_id, 4, "team 1 2")
    snap = _end_round(client, match_id)
    assert [record["players"] for record in snap["view"]["rounds"]] == [4, 5]
    assert {p["cents"] // p["units"] for p in snap["view"]["rounds"][1]["payments"]} == {250}
    page = client.get(f"/m/{match_id}?lang=en").text
    assert "one unit = €2.50 (5 players)" in page


def test_e22_a_player_not_at_the_table_reports_himself_back(client: TestClient) -> None:
    """E-22: on his own page the absent player's one step is his arrival, as the main button."""
    match_id = start_evening(client, mode="scoresheet", players=NAMES, team=["1", "1", "2", "2", ""], later=["4"])
    _end_round(client, match_id)
    page = client.get(f"/m/{match_id}?lang=en&seat=4").text
    actions = page.split('data-testid="actions"')[1].split("</section>")[0]
    assert "Emil arrives" in actions and 'data-notation="arrive 4"' in actions


def test_e22_refusal_in_words_during_a_round(client: TestClient) -> None:
    """E-22: an arrival entered during a round is refused in plain words, nothing changes."""
    match_id = start_evening(client, mode="scoresheet", players=NAMES, team=["1", "1", "2", "2", ""], later=["4"])
    before = state(client, match_id)["seq"]
    response = client.post(
        f"/m/{match_id}/act?lang=en", data={"seq": before, "seat": 0, "notation": "arrive 4"}, headers=HTMX
    )
    assert "only between two rounds" in alert(response.text)
    assert state(client, match_id)["seq"] == before
