"""The CSRF token (issue 10, item 5): the double-submit cookie ``stammtisch_csrf`` checked against the
``X-CSRF-Token`` header or the ``csrf_token`` form field on every state-changing request; a missing or
wrong token is a readable 403 in the reader's language and nothing is written; requests authenticated
only by ``Authorization: Bearer`` need none."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from httpx import Response

from stammtisch.web.csrf import COOKIE, FIELD, HEADER, new_token, valid_token
from tests.support.csrf import without_csrf_token
from tests.web.conftest import start_evening
from tests.web.security_support import fill, routes

FORM = {"title": "Gefälscht"}


def issued(response: Response) -> str | None:
    """The ``Set-Cookie`` value of our cookie in ``response``, if it sets one."""
    return next((c for c in response.headers.get_list("set-cookie") if c.startswith(f"{COOKIE}=")), None)


def test_every_state_changing_route_refuses_a_missing_or_wrong_token(client: TestClient, app: FastAPI) -> None:
    match_id = start_evening(client)
    before = client.get(f"/api/matches/{match_id}").json()
    tournaments_before = client.get("/tournaments").text
    token = new_token()
    posts = sorted({(m, t) for m, t in routes(app) if m in ("POST", "PUT", "PATCH", "DELETE")})
    assert ("POST", "/m/{match_id}/undo") in posts and ("POST", "/api/matches") in posts
    with without_csrf_token(TestClient(app, cookies=dict(client.cookies))) as other:  # signed in, no token
        for method, template in posts:
            path = fill(template, match_id)
            for cookies, headers in (
                ({}, {}),  # no cookie, no token
                ({COOKIE: token}, {}),  # the cookie alone (what another site can make a browser send)
                ({COOKIE: token}, {HEADER: new_token()}),  # a token that is not the cookie's
                ({}, {HEADER: token}),  # a token without its cookie
            ):
                other.cookies.delete(COOKIE)
                for name, value in cookies.items():
                    other.cookies.set(name, value)
                answer = other.request(method, path, headers=headers, data={"seq": "0", FIELD: "x" * 43})
                assert answer.status_code == 403, (method, path, cookies, headers, answer.status_code)
                assert "Sicherheitsschlüssel" in answer.text or "security token" in answer.text
            api = other.request(method, path, headers={"accept": "application/json"}, json={})
            assert api.status_code == 403 and api.json()["error"]["code"] == "request/csrf_token"
    assert client.get(f"/api/matches/{match_id}").json() == before
    assert client.get("/tournaments").text == tournaments_before


@pytest.mark.parametrize(("lang", "words"), [("de", "Sicherheitsschlüssel"), ("en", "security token")])
def test_the_refusal_is_readable_in_the_reader_s_language(client: TestClient, lang: str, words: str) -> None:
    without_csrf_token(client)
    page = client.post("/tournaments", data=FORM, headers={"accept-language": lang})
    assert page.status_code == 403 and words in page.text and "request/csrf_token" not in page.text
    api = client.post("/api/matches", json={"game": "kluempchen"}, headers={"accept-language": lang})
    error = api.json()["error"]
    assert api.status_code == 403 and words in error["message"] and error["de"] and error["en"]
    assert "Gefälscht" not in client.get("/tournaments").text


def test_the_token_in_the_header_or_the_form_field_passes(client: TestClient) -> None:
    without_csrf_token(client)
    client.cookies.delete(COOKIE)
    client.get("/tournaments")  # an answer to a browser without the cookie sets it
    token = client.cookies[COOKIE]
    assert valid_token(token)
    by_field = client.post("/tournaments", data={"title": "Feld", FIELD: token}, follow_redirects=False)
    assert by_field.status_code == 303, by_field.text
    by_header = client.post("/tournaments", data={"title": "Kopf"}, headers={HEADER: token}, follow_redirects=False)
    assert by_header.status_code == 303
    multipart = client.post(
        "/tournaments", data={"title": "Multi", FIELD: token}, files={"x": ("x.txt", b"x")}, follow_redirects=False
    )
    assert multipart.status_code == 303, multipart.text
    listing = client.get("/tournaments")
    assert "Feld" in listing.text and "Kopf" in listing.text and "Multi" in listing.text
    assert issued(listing) is None and client.cookies[COOKIE] == token  # a valid cookie is kept


def test_the_cookie_is_random_lax_readable_by_our_script_and_secure_over_https(app: FastAPI) -> None:
    with TestClient(app) as first, TestClient(app) as second:
        one = issued(first.get("/static/app.css"))
        two = issued(second.get("/static/app.css"))
    assert one is not None and two is not None and one != two
    attributes = [part.strip().lower() for part in one.split(";")]
    assert "samesite=lax" in attributes and "path=/" in attributes and "httponly" not in attributes
    assert "secure" not in attributes
    with TestClient(app, base_url="https://testserver") as https:
        secure = issued(https.get("/static/app.css"))
    assert secure is not None and "secure" in [part.strip().lower() for part in secure.split(";")]


def test_a_malformed_cookie_is_replaced_and_refused(client: TestClient) -> None:
    without_csrf_token(client)
    client.cookies.set(COOKIE, "short")
    answer = client.post("/tournaments", data=FORM, headers={HEADER: "short"})
    assert answer.status_code == 403
    fresh = issued(answer)
    assert fresh is not None and valid_token(fresh.split(";")[0].split("=", 1)[1])  # reloading makes it work


def test_a_bearer_request_needs_no_token(app: FastAPI) -> None:
    """The JSON API's tokens come in a header that no other site can make a browser send."""
    with without_csrf_token(TestClient(app)) as script:
        answer = script.post(
            "/api/matches", json={"game": "nope", "players": ["A"]}, headers={"authorization": "Bearer abc"}
        )
        assert answer.json()["error"]["code"] != "request/csrf_token"
        basic = script.post("/api/matches", json={"game": "nope"}, headers={"authorization": "Basic abc"})
        assert basic.status_code == 403 and basic.json()["error"]["code"] == "request/csrf_token"


def test_reading_needs_no_token(client: TestClient) -> None:
    without_csrf_token(client)
    for path in ("/", "/tournaments", "/static/csrf.js"):
        assert client.get(path).status_code == 200
