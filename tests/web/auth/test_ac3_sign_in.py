"""AC-3 (docs/access.md): signing in and out. Name in any case and password; one message for a wrong
name or password (401, in the reader's language, the clause as data); 5 failures per address or per
name within 15 minutes, then 429 with Retry-After; the session cookie is HttpOnly, SameSite=Lax and
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
from stammtisch.web.auth.ratelimit import LIMIT, WINDOW_SECONDS, SignInLimiter, keys
from stammtisch.web.routes.auth import safe_next
from tests.support.club import NAMES, PASSWORD, sign_in

SVEN = NAMES[Role.SCRIBE]


def test_ac3_sign_in_with_the_name_in_any_case_leads_back_to_the_page(toy_app: FastAPI) -> None:
    with TestClient(toy_app) as client:
        assert client.get("/tournaments", follow_redirects=False).headers["location"] == "/signin?next=/tournaments"
        form = {"name": SVEN.upper(), "password": PASSWORD, "next": "/tournaments"}
        answer = client.post("/signin", data=form, follow_redirects=False)
        assert answer.status_code == 303 and answer.headers["location"] == "/tournaments"
        cookie = answer.headers["set-cookie"]
        assert cookie.startswith("stammtisch_session=") and "httponly" in cookie.lower()
        assert "samesite=lax" in cookie.lower() and "secure" not in cookie.lower()
        assert client.get("/tournaments").status_code == 200
        assert SVEN in client.get("/account").text


def test_ac3_the_cookie_is_secure_over_https(toy_app: FastAPI) -> None:
    with TestClient(toy_app, base_url="https://testserver") as client:
        answer = client.post("/signin", data={"name": SVEN, "password": PASSWORD}, follow_redirects=False)
        assert answer.status_code == 303 and "secure" in answer.headers["set-cookie"].lower()


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


def test_ac3_five_failures_per_name_then_429_with_retry_after(toy_app: FastAPI) -> None:
    with TestClient(toy_app, headers={"accept-language": "en"}) as client:
        for _ in range(LIMIT):
            assert client.post("/signin", data={"name": SVEN, "password": "wrong-guess"}).status_code == 401
        blocked = client.post("/signin", data={"name": SVEN, "password": PASSWORD})  # even the right one
        assert blocked.status_code == 429 and 0 < int(blocked.headers["retry-after"]) <= WINDOW_SECONDS
        assert "Too many failed sign-in attempts" in blocked.text
        assert "stammtisch_session" not in blocked.headers.get("set-cookie", "")
    with TestClient(toy_app, headers={"accept-language": "de"}) as other:  # same address: also blocked
        german = other.post("/signin", data={"name": NAMES[Role.MEMBER], "password": PASSWORD})
        assert german.status_code == 429 and "Zu viele falsche Anmeldeversuche" in german.text


def test_ac3_the_limit_counts_per_name_and_per_address() -> None:
    now = [1000.0]
    limiter = SignInLimiter(clock=lambda: now[0])
    by_ip, by_name = keys("10.0.0.1", " Sven  Schreiber ")
    assert by_name == keys("10.0.0.2", "sven schreiber")[1]
    for _ in range(LIMIT - 1):
        limiter.failed(by_ip, by_name)
    assert limiter.retry_after(by_ip, by_name) == 0
    limiter.failed(by_ip, by_name)
    assert limiter.retry_after(by_name) == WINDOW_SECONDS
    assert limiter.retry_after(keys("10.0.0.9", "Mia")[0]) == 0  # another phone, another name
    now[0] += WINDOW_SECONDS - 60
    assert limiter.retry_after(by_ip) == 60
    now[0] += 61
    assert limiter.retry_after(by_ip, by_name) == 0
    limiter.failed(by_ip, by_name)
    limiter.succeeded(by_name)
    assert limiter.retry_after(by_name) == 0


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
