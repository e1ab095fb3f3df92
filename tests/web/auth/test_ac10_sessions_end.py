"""AC-10 (issue 29 point 1): sessions the server can end. Sign-out, "sign out everywhere", an admin
disabling a member, a role change and a password change end the affected sessions at once, also on
another worker: a cookie captured before counts for nothing afterwards."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.club.members import Role
from stammtisch.web.app import create_app
from tests.store.conftest import pg_url  # noqa: F401  (fixture: a fresh PostgreSQL schema per test)
from tests.support.club import PASSWORD, setup_club, sign_in

COOKIE = "stammtisch_session"


def signed_in(client: TestClient) -> bool:
    """The account page answers (a signed-out client is sent to the sign-in page)."""
    return client.get("/account", follow_redirects=False).status_code == 200


def replay(app: FastAPI, cookie: str) -> TestClient:
    """A fresh browser that presents a captured session cookie (as a thief would)."""
    client = TestClient(app, headers={"accept-language": "en"})
    client.cookies.set(COOKIE, cookie)
    return client


def captured(client: TestClient) -> str:
    value = client.cookies.get(COOKIE)
    assert value
    return value


def test_ac10_a_cookie_captured_before_sign_out_counts_for_nothing_after(toy_app: FastAPI) -> None:
    with sign_in(TestClient(toy_app), Role.SCRIBE) as client:
        cookie = captured(client)
        assert signed_in(replay(toy_app, cookie))
        assert client.post("/signout", follow_redirects=False).status_code == 303
        assert not signed_in(replay(toy_app, cookie))


def test_ac10_sign_out_everywhere_ends_every_session_of_the_member(toy_app: FastAPI) -> None:
    with (
        sign_in(TestClient(toy_app, headers={"accept-language": "en"}), Role.MEMBER) as phone,
        sign_in(TestClient(toy_app), Role.MEMBER) as laptop,
        sign_in(TestClient(toy_app), Role.SCRIBE) as other,
    ):
        page = phone.get("/account")
        assert "Sign out everywhere" in page.text and "signed in on 2 browsers" in page.text
        answer = phone.post("/account/signout-everywhere", follow_redirects=False)
        assert answer.status_code == 303 and answer.headers["location"] == "/signin?ended=everywhere"
        assert "signed out on every browser and phone" in phone.get(answer.headers["location"]).text
        assert not signed_in(phone) and not signed_in(laptop)
        assert signed_in(other)  # another member's session is untouched


def test_ac10_disabling_a_member_ends_her_sessions_for_good(toy_app: FastAPI) -> None:
    member_id = toy_app.state.test_club_ids[Role.MEMBER]
    with (
        sign_in(TestClient(toy_app), Role.MEMBER) as member,
        sign_in(TestClient(toy_app), Role.ADMIN) as admin,
    ):
        cookie = captured(member)
        assert admin.post(f"/members/{member_id}/disable", follow_redirects=False).status_code == 303
        assert not signed_in(member)
        assert admin.post(f"/members/{member_id}/enable", follow_redirects=False).status_code == 303
        assert not signed_in(replay(toy_app, cookie))  # enabled again: she signs in anew


def test_ac10_a_role_change_ends_the_members_sessions(toy_app: FastAPI) -> None:
    scribe_id = toy_app.state.test_club_ids[Role.SCRIBE]
    with (
        sign_in(TestClient(toy_app), Role.SCRIBE) as scribe,
        sign_in(TestClient(toy_app), Role.ADMIN) as admin,
    ):
        answer = admin.post(f"/members/{scribe_id}/role", data={"role": "member"}, follow_redirects=False)
        assert answer.status_code == 303
        assert not signed_in(scribe)
        assert signed_in(admin)


def test_ac10_a_new_password_ends_the_other_sessions_and_keeps_this_one(toy_app: FastAPI) -> None:
    with (
        sign_in(TestClient(toy_app), Role.TREASURER) as here,
        sign_in(TestClient(toy_app), Role.TREASURER) as elsewhere,
    ):
        old_cookie = captured(here)
        new = "ein-neues-passwort"
        answer = here.post("/account/password", data={"old": PASSWORD, "password": new, "repeat": new})
        assert answer.status_code == 200
        assert signed_in(here)
        assert not signed_in(elsewhere)
        assert not signed_in(replay(toy_app, old_cookie))  # this browser's old cookie is over too


@pytest.fixture
def two_workers(pg_url: str) -> Iterator[tuple[FastAPI, FastAPI]]:  # noqa: F811
    """Workers A and B: two apps on one PostgreSQL database, each with its own memory."""
    channel = f"t_{uuid.uuid4().hex[:12]}"
    apps = (
        create_app(database_url=pg_url, notify_channel=channel),
        create_app(database_url=pg_url, notify_channel=channel),
    )
    setup_club(apps[0])
    setup_club(apps[1])
    for app in apps:  # one signing key, as several workers share it (STAMMTISCH_SECRET_KEY)
        app.state.secret_key = apps[0].state.secret_key
    yield apps
    for app in apps:
        app.state.service.repository.engine.dispose()


def on(app: FastAPI, cookie: str) -> TestClient:
    return replay(app, cookie)


@pytest.mark.postgres
def test_ac10_sessions_end_at_once_on_the_other_worker(two_workers: tuple[FastAPI, FastAPI]) -> None:
    a, b = two_workers
    ids = a.state.test_club_ids
    with TestClient(a) as on_a, TestClient(b) as on_b:
        # sign-out through A: B refuses the cookie on its next request (it had just answered it)
        cookie = captured(sign_in(TestClient(a), Role.SCRIBE))
        assert signed_in(on(b, cookie))
        on(a, cookie).post("/signout")
        assert not signed_in(on(b, cookie))

        # an admin on A disables the member, changes a role; the sessions on B end at once
        member = captured(sign_in(TestClient(b), Role.MEMBER))
        scribe = captured(sign_in(TestClient(b), Role.SCRIBE))
        assert signed_in(on(b, member)) and signed_in(on(b, scribe))
        sign_in(on_a, Role.ADMIN)
        assert on_a.post(f"/members/{ids[Role.MEMBER]}/disable", follow_redirects=False).status_code == 303
        assert on_a.post(f"/members/{ids[Role.SCRIBE]}/role", data={"role": "member"}).status_code == 200
        assert not signed_in(on(b, member))
        assert not signed_in(on(b, scribe))

        # a new password through B ends the treasurer's session on A; "sign out everywhere" too
        kept = captured(sign_in(TestClient(a), Role.TREASURER))
        assert signed_in(on(a, kept))
        sign_in(on_b, Role.TREASURER)
        new = "ein-neues-passwort"
        assert on_b.post("/account/password", data={"old": PASSWORD, "password": new, "repeat": new}).status_code == 200
        assert not signed_in(on(a, kept))
        other = captured(sign_in(TestClient(a), Role.ADMIN))
        assert signed_in(on(a, other))
        assert on_b.get("/account").status_code == 200
        sign_in(on_b, Role.ADMIN)
        on_b.post("/account/signout-everywhere")
        assert not signed_in(on(a, other))
