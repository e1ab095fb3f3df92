"""Cross-site request forgery (issue 10, item 5): every state-changing route refuses a request whose
Origin (or, without it, Referer) names another site, with a readable 403; nothing is written."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.web.csrf import same_origin
from tests.web.conftest import start_evening
from tests.web.security_support import fill, routes

FOREIGN = "http://evil.example"


def state_changing(app: FastAPI) -> list[tuple[str, str]]:
    found = sorted(
        {(method, template) for method, template in routes(app) if method in ("POST", "PUT", "PATCH", "DELETE")}
    )
    assert ("POST", "/m/{match_id}/undo") in found and ("POST", "/t/{tournament_id}/archive") in found
    return found


def test_every_state_changing_route_refuses_a_foreign_origin(client: TestClient, app: FastAPI) -> None:
    match_id = start_evening(client)
    before = client.get(f"/api/matches/{match_id}").json()
    matches_before = client.get("/api/matches").json()
    tournaments_before = client.get("/tournaments").text
    for method, template in state_changing(app):
        path = fill(template, match_id)
        for headers in ({"origin": FOREIGN}, {"referer": FOREIGN + "/attack.html"}, {"origin": "null"}):
            response = client.request(method, path, headers=headers, data={"seq": "0", "notation": "throw"})
            assert response.status_code == 403, (method, path, headers, response.status_code)
            assert "evil.example" in response.text or headers.get("origin") == "null"
        api = client.request(method, path, headers={"origin": FOREIGN, "accept": "application/json"}, json={})
        assert api.status_code == 403 and api.json()["error"]["code"] == "request/cross_site"
    assert client.get(f"/api/matches/{match_id}").json() == before
    assert client.get("/api/matches").json() == matches_before
    assert client.get("/tournaments").text == tournaments_before


@pytest.mark.parametrize(("lang", "words"), [("de", "anderen Seite"), ("en", "another site")])
def test_the_refusal_is_readable_in_the_reader_s_language(client: TestClient, lang: str, words: str) -> None:
    page = client.post("/tournaments", data={"title": "Fake"}, headers={"origin": FOREIGN, "accept-language": lang})
    assert page.status_code == 403 and words in page.text
    assert "Fake" not in client.get("/tournaments").text


def test_our_own_pages_and_programs_pass(client: TestClient) -> None:
    created = client.post("/tournaments", data={"title": "Echt"}, headers={"origin": "http://testserver"})
    assert created.status_code in (200, 303), created.text
    by_referer = client.post(
        "/tournaments", data={"title": "Auch"}, headers={"referer": "http://testserver/tournaments"}
    )
    assert by_referer.status_code in (200, 303)
    # No Origin and no Referer: not a web page (a script, a bot); allowed until the API has its own sign-in.
    assert client.post("/api/matches", json={"game": "nope", "players": ["A"]}).status_code != 403


def test_same_origin() -> None:
    assert same_origin("http://127.0.0.1:8000", "127.0.0.1:8000")
    assert same_origin("https://club.example.org", "club.example.org")
    assert same_origin("https://club.example.org:443", "club.example.org")
    assert same_origin("http://club.example.org/some/page?x=1", "club.example.org:80")
    assert same_origin("http://[::1]:8000", "[::1]:8000")
    assert not same_origin("http://127.0.0.1:9000", "127.0.0.1:8000")
    assert not same_origin("http://club.example.org.evil.example", "club.example.org")
    assert not same_origin("http://club.example.org@evil.example", "club.example.org")
    assert not same_origin("null", "club.example.org")
    assert not same_origin("file:///tmp/x.html", "club.example.org")
    assert not same_origin("http://club.example.org", None)
