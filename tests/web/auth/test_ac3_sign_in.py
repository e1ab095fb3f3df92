"""AC-3 (docs/access.md): signing in and out. Name in any case and password; one message for a wrong
name or password (401, in the reader's language, the clause as data; the throttle after failures is
in test_ac3_throttle.py); the session cookie is HttpOnly, SameSite=Lax and
Secure over HTTPS; ``next`` only leads to pages of this site; signing out ends the session; a disabled
account's session ends at once."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.club.members import Role
from stammtisch.web.auth import club_service
from stammtisch.web.routes.auth import safe_next
from tests.support.club import NAMES, PASSWORD, sign_in

SVEN = NAMES[Role.SCRIBE]


def test_ac3_sign_in_with_the_name_in_any_case_leads_back_to_the_page(toy_app: FastAPI) -> None:
    with TestClient(toy_app) as client:
        assert client.get("/tournaments", follow_redirects=False).headers["location"] == "/signin?next=/tournaments"
        form = {"name": SVEN.upper(), "password": PASSWORD, "next": "/tournaments"}
        answer = client.post("/signin", data=form, follow_redirects=False)
        assert answer.status_code == 303 and answer.headers["location"] == "/tournaments"
        cookie = next(c for c in answer.headers.get_list("set-cookie") if c.startswith("stammtisch_session="))
        assert "httponly" in cookie.lower()
        assert "samesite=lax" in cookie.lower() and "secure" not in cookie.lower()
        assert client.get("/tournaments").status_code == 200
        assert SVEN in client.get("/account").text


def test_ac3_the_cookie_is_secure_over_https(toy_app: FastAPI) -> None:
    with TestClient(toy_app, base_url="https://testserver") as client:
        answer = client.post("/signin", data={"name": SVEN, "password": PASSWORD}, follow_redirects=False)
        assert answer.status_code == 303
        assert all("secure" in cookie.lower() for cookie in answer.headers.get_list("set-cookie"))


@pytest.mark.parametrize(
    ("lang", "words"), [("de", "Name oder Passwort stimmen nicht"), ("en", "name or the password is wrong")]
)
@pytest.mark.parametrize("name", [SVEN, "Niemand"])
def test_ac3_a_wrong_name_or_password_gets_one_message(toy_app: FastAPI, lang: str, words: str, name: str) -> None:
    with TestClient(toy_app, headers={"accept-language": lang}) as client:
        answer = client.post("/signin", data={"name": name, "password": "falsch-falsch"})
        assert answer.status_code == 401 and words in answer.text and 'data-clause="AC-3"' in answer.text
        assert "stammtisch_session" not in answer.headers.get("set-cookie", "")
        assert client.get("/", follow_redirects=False).status_code == 303


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_ac3_next_never_leaves_the_site(target: str) -> None:
    """Invariant: whatever ``next`` says, the redirect is a path of this site."""
    chosen = safe_next(target)
    assert chosen.startswith("/") and not chosen.startswith("//") and "\\" not in chosen


@pytest.mark.parametrize(
    "target", ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"]
)
def test_ac3_next_to_another_site_goes_home(toy_app: FastAPI, target: str) -> None:
    with TestClient(toy_app) as client:
        answer = client.post(
            "/signin", data={"name": SVEN, "password": PASSWORD, "next": target}, follow_redirects=False
        )
        assert answer.headers["location"] == "/"


def test_ac3_signing_out_ends_the_session(toy_app: FastAPI) -> None:
    with sign_in(TestClient(toy_app), Role.SCRIBE) as client:
        assert client.get("/").status_code == 200
        assert client.post("/signout", follow_redirects=False).headers["location"] == "/signin"
        assert client.get("/", follow_redirects=False).status_code == 303


def test_ac2_a_disabled_account_s_session_and_tokens_end_at_once(toy_app: FastAPI) -> None:
    with sign_in(TestClient(toy_app, headers={"accept-language": "en"}), Role.SCRIBE) as client:
        assert client.get("/").status_code == 200
        club_service(toy_app).set_disabled(toy_app.state.test_club_ids[Role.SCRIBE], True)
        assert client.get("/", follow_redirects=False).headers["location"] == "/signin"
        refused = client.post("/signin", data={"name": SVEN, "password": PASSWORD})
        assert refused.status_code == 401 and "disabled" in refused.text


def test_ac2_a_forged_or_stale_session_cookie_counts_for_nothing(toy_app: FastAPI) -> None:
    with sign_in(TestClient(toy_app), Role.ADMIN) as client:
        value = client.cookies.get("stammtisch_session")
        assert value
        held = next(cookie for cookie in client.cookies.jar if cookie.name == "stammtisch_session")
        forged = value[:-3] + ("AAA" if not value.endswith("AAA") else "BBB")
        client.cookies.set("stammtisch_session", forged, domain=held.domain, path=held.path)  # in its place
        assert client.cookies.get("stammtisch_session") == forged
        assert client.get("/members", follow_redirects=False).status_code == 303
