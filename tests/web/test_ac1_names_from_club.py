"""AC-1 (issue 24.6): names come from the club. Every game and evening form offers the members as type-ahead
(the regulars of that game first); a typed name that matches no member is asked about, "guest tonight or
new member?", and nothing is written until it is answered; a guest stays a guest."""

from __future__ import annotations

import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.web.auth import club_service

FORMS = {
    "kluempchen": "/evenings/new",
    "preisromme": "/preisromme/new",
    "proempeln": "/proempeln/new",
    "regeln": "/regeln/new",
    "bierpong": "/bierpong/new",
}


@pytest.mark.parametrize("game", sorted(FORMS))
def test_ac1_every_form_offers_the_club_s_names(client: TestClient, game: str) -> None:
    page = client.get(FORMS[game])
    assert page.status_code == 200
    assert f'hx-get="/names/members?game={game}"' in page.text and 'id="club-members"' in page.text
    assert 'list="club-members"' in page.text and 'name="names_from_club" value="1"' in page.text
    assert 'data-testid="newcomers"' not in page.text  # nobody to ask about yet


def _options(client: TestClient, game: str) -> list[str]:
    answer = client.get(f"/names/members?game={game}")
    assert answer.status_code == 200
    return re.findall(r'<option value="([^"]+)">', answer.text)


def test_ac1_the_regulars_of_a_game_come_first(app: FastAPI, client: TestClient) -> None:
    club = club_service(app)
    for name in ("Zora", "Yann", "Xaver"):
        club.add_member(name)
    for players in (["Zora", "Xaver"], ["Xaver", "Zora"], ["Zora", "Yann"]):
        assert client.post("/api/matches", json={"game": "proempeln", "players": players}).status_code == 201
    offered = _options(client, "proempeln")
    assert offered[:3] == ["Zora", "Xaver", "Yann"]  # three matches, two, one
    rest = offered[3:]
    assert rest == sorted(rest, key=str.casefold) and "Sven Schreiber" in rest
    assert _options(client, "kluempchen")[:3] != ["Zora", "Xaver", "Yann"]  # another game: by name


def _prompeln(client: TestClient, names: list[str], **answers: str) -> object:
    form = {"title": "Freitag", "player": names, "mode": "table", "names_from_club": "1", **answers}
    return client.post("/proempeln", data=form, follow_redirects=False)


def test_ac1_an_unknown_name_is_asked_about_and_nothing_is_written(app: FastAPI, client: TestClient) -> None:
    club = club_service(app)
    club.add_member("Anna")
    members_before = len(club.members())
    matches_before = len(app.state.service.list_matches(100))
    answer = _prompeln(client, ["anna", "Bennn", "Carla"])  # "anna" is Anna (any case); a typo; a newcomer
    assert answer.status_code == 422  # type: ignore[attr-defined]
    text = answer.text  # type: ignore[attr-defined]
    assert "Nicht im Verein: Bennn, Carla. Gast heute Abend oder neues Mitglied?" in text
    assert 'data-testid="newcomers"' in text and 'name="newcomer:bennn"' in text and 'name="newcomer:carla"' in text
    assert 'name="newcomer:anna"' not in text
    assert 'value="Bennn"' in text  # the form comes back as typed
    assert len(club.members()) == members_before and len(app.state.service.list_matches(100)) == matches_before


def test_ac1_a_guest_stays_a_guest_and_a_new_member_is_a_member(app: FastAPI, client: TestClient) -> None:
    club = club_service(app)
    answer = _prompeln(client, ["Gustav", "Nora"], **{"newcomer:gustav": "guest", "newcomer:nora": "member"})
    assert answer.status_code == 303, answer.text[:500]  # type: ignore[attr-defined]
    assert club.find("Gustav").guest is True
    assert club.find("Nora").guest is False
    match_id = answer.headers["location"].rsplit("/", 1)[-1]  # type: ignore[attr-defined]
    assert set(club.seats(match_id).values()) == {club.find("Gustav").member_id, club.find("Nora").member_id}


def test_ac1_a_partly_answered_form_asks_again_for_the_rest(client: TestClient, app: FastAPI) -> None:
    answer = _prompeln(client, ["Gustav", "Nora", "Olaf"], **{"newcomer:gustav": "guest"})
    assert answer.status_code == 422  # type: ignore[attr-defined]
    assert "Nicht im Verein: Nora, Olaf." in answer.text  # type: ignore[attr-defined]
    assert club_service(app).repository.member_by_key("gustav") is None  # nothing written yet


def test_ac1_programs_without_the_question_get_guests(app: FastAPI, client: TestClient) -> None:
    """The JSON API (no form, no question) keeps the rule of AC-1: an unknown name is a guest, never a member."""
    assert client.post("/api/matches", json={"game": "proempeln", "players": ["Quentin", "Rita"]}).status_code == 201
    assert club_service(app).find("Quentin").guest is True


def test_ac1_the_names_are_for_signed_in_members_only(anonymous_client: TestClient) -> None:
    assert anonymous_client.get("/names/members?game=proempeln", follow_redirects=False).status_code == 303


def test_ac1_a_bierpong_evening_asks_about_its_newcomers_too(app: FastAPI, client: TestClient) -> None:
    """The evening form (teams typed as lines) asks before it writes the evening or anybody new."""
    form = {"title": "Freitag", "format": "knockout", "how": "entered", "teams": "Ana, Cem\nBen, Dora"}
    asked = client.post("/bierpong/evenings", data={**form, "names_from_club": "1"}, follow_redirects=False)
    assert asked.status_code == 422 and "Nicht im Verein: Ana, Cem, Ben, Dora." in asked.text
    assert 'name="newcomer:dora"' in asked.text
    answers = {f"newcomer:{key}": "guest" for key in ("ana", "cem", "ben", "dora")}
    made = client.post("/bierpong/evenings", data={**form, "names_from_club": "1", **answers}, follow_redirects=False)
    assert made.status_code == 303, made.text[:400]
    assert club_service(app).find("Dora").guest is True
