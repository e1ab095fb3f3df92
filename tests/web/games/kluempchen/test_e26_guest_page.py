"""E-26/M-12 on the table page: between rounds the fold "Someone arrives or leaves?" offers "Someone new"
with a name box (and the club's members not seated tonight); the new guest is linked like every seat
(AC-1), named everywhere, plays the next round; refusals (a name seated already, no name) are shown with
the shared refusal box in both languages; nothing is written then."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.club.members.model import Kind
from stammtisch.web.auth import club_service
from tests.web.conftest import HTMX, alert, start_evening, state

NAMES = ["Anna", "Ben", "Carl", "Dora"]


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


def _act(client: TestClient, match_id: str, seat: int, notation: str) -> str:
    seq = state(client, match_id)["seq"]
    response = client.post(
        f"/m/{match_id}/act?lang=en", data={"seq": seq, "seat": seat, "notation": notation}, headers=HTMX
    )
    assert response.status_code == 200, response.text
    return response.text


def _guest(client: TestClient, match_id: str, lang: str = "en", **form: Any) -> Any:
    data = {"seq": state(client, match_id)["seq"], "seat": 0, **form}
    return client.post(f"/m/{match_id}/guest?lang={lang}", data=data, headers=HTMX)


def test_e26_a_new_guest_sits_down_and_plays_the_next_round(app: FastAPI, client: TestClient) -> None:
    """E-26, M-12, AC-1: after round 1 (N = 4) the fold offers someone new; "Karl" becomes seat 5, a new
    guest member linked to it, named on the board and in the history; he starts the draw (E-24) and round
    2 is settled at N = 5 with his name in the settlement."""
    match_id = start_evening(client, mode="scoresheet", players=NAMES)
    page = client.get(f"/m/{match_id}?lang=en").text
    assert 'data-testid="new-seat"' not in page  # E-26: only between rounds
    _end_round(client, match_id)
    page = client.get(f"/m/{match_id}?lang=en").text
    fold = page.split('data-testid="table-change"')[1].split("</details>")[0]
    assert "Someone new" in fold and 'name="name"' in fold
    assert "Sits down and plays from the next round" in fold
    picker = client.get(f"/m/{match_id}/guest/members?lang=en").text
    assert "Mia Mitglied" in picker and ">Anna Admin<" in picker and ">Anna<" not in picker  # seated: left out
    response = _guest(client, match_id, name="  Karl  ")
    assert response.status_code == 200, response.text
    board = response.text
    assert "The table changed: the teams are drawn again, Karl starts." in board
    snap = state(client, match_id)
    assert snap["players"] == [*NAMES, "Karl"] and snap["view"]["seats"] == 5
    karl = club_service(app).seats(match_id)[4]
    member = club_service(app).member(karl)
    assert member.name == "Karl" and member.guest
    page = client.get(f"/m/{match_id}?lang=en").text
    assert "Karl" in page.split('data-testid="history"')[1]
    _act(client, match_id, 4, "redraw")
    _act(client, match_id, 4, "team 4 0")
    _act(client, match_id, 4, "team 1 2")
    snap = _end_round(client, match_id)
    assert [record["players"] for record in snap["view"]["rounds"]] == [4, 5]
    page = client.get(f"/m/{match_id}?lang=en").text
    settlement = page.split('data-testid="settlement"')[1].split("</section>")[0]
    assert "one unit = €2.50 (5 players)" in settlement and "<td>Karl" in settlement  # his row, by name


def test_e26_a_member_picked_from_the_list_keeps_his_member_and_kind(app: FastAPI, client: TestClient) -> None:
    """AC-1, C-4: a member picked from the list is linked as himself; an external member is external at
    the table (the box need not be ticked)."""
    club = club_service(app)
    ext = club.add_member("Xaver Extern", kind=Kind.EXTERNAL)
    match_id = start_evening(client, mode="scoresheet", players=NAMES)
    _end_round(client, match_id)
    picker = client.get(f"/m/{match_id}/guest/members?lang=en").text
    assert "Xaver Extern (external)" in picker
    assert _guest(client, match_id, member=str(ext.member_id)).status_code == 200
    snap = state(client, match_id)
    assert snap["players"][-1] == "Xaver Extern" and snap["view"]["externals"] == [4]
    assert club.seats(match_id)[4] == ext.member_id


def test_e26_refusals_in_both_languages_and_nothing_written(client: TestClient) -> None:
    """M-12 with the shared duplicate check (club.members.duplicates): a name seated already ("anna" is
    Anna) and an empty name are refused in the shared refusal box, German and English; during a round
    the engine's E-26 refusal shows. Nothing is written."""
    match_id = start_evening(client, mode="scoresheet", players=NAMES)
    seq = state(client, match_id)["seq"]
    during = _guest(client, match_id, name="Karl")
    assert during.status_code in (409, 422) and 'data-clause="E-26"' in during.text
    assert "only between two rounds" in alert(during.text)
    _end_round(client, match_id)
    seq = state(client, match_id)["seq"]
    for lang, words in (("en", "Two players have the same name"), ("de", "Zwei Spieler heißen gleich")):
        twice = _guest(client, match_id, lang, name="anna")
        assert 'data-clause="M-12"' in twice.text and words in alert(twice.text)
        assert 'data-testid="table-change" open' in twice.text  # the fold stays open to correct the name
    empty = _guest(client, match_id, "de", name="   ")
    assert "braucht einen Namen" in alert(empty.text)
    snap = state(client, match_id)
    assert snap["seq"] == seq and snap["players"] == NAMES


def test_e26_a_spectating_member_gets_no_member_list(member_client: TestClient, client: TestClient) -> None:
    """AC-4: the picker lists the club's members only to those who may enter steps."""
    match_id = start_evening(client, mode="scoresheet", players=NAMES)
    _end_round(client, match_id)
    assert "Mia Mitglied" in client.get(f"/m/{match_id}/guest/members").text
    assert member_client.get(f"/m/{match_id}/guest/members").text.strip() == ""
