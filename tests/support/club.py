"""The club in tests: a club with one account per role, signed-in test clients, cheap argon2.

* ``quick_argon2(monkeypatch)``: argon2id with the smallest cost parameters (same code, tiny work);
* ``setup_club(app)``: the club "Testverein" with admin Anna, treasurer Tina, scribe Sven, member
  Mia (password ``PASSWORD`` each) in the app's store; idempotent;
* ``sign_in(client, role)``: the client signs in as that role's account through the sign-in form
  (cheap: the accounts' argon2 hashes have the smallest cost);
  ``sign_out(client)``: anonymous again.
"""

from __future__ import annotations

from typing import Any

import pytest
from argon2 import PasswordHasher

from stammtisch.club.members import Role
from stammtisch.club.members import passwords as password_module

PASSWORD = "test-passwort"
CLUB = "Testverein"
NAMES = {
    Role.ADMIN: "Anna Admin",
    Role.TREASURER: "Tina Kasse",
    Role.SCRIBE: "Sven Schreiber",
    Role.MEMBER: "Mia Mitglied",
}
_QUICK = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


def quick_argon2(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(password_module, "_HASHER", _QUICK)
    monkeypatch.setattr(password_module, "_DUMMY", _QUICK.hash("dummy-password"))


def setup_club(app: Any) -> dict[Role, int]:
    """The test club with one account per role; returns role -> member id."""
    from stammtisch.club.members.model import Kind
    from stammtisch.web.auth import club_service

    service = club_service(app)
    ids: dict[Role, int] = {}
    hashed = _QUICK.hash(PASSWORD)
    if service.club() is None:
        admin = service.repository.create_club(CLUB, NAMES[Role.ADMIN], hashed, service.clock())
        ids[Role.ADMIN] = admin.member_id
    for role in (Role.TREASURER, Role.SCRIBE, Role.MEMBER):
        existing = service.repository.member_by_key(NAMES[role].casefold())
        if existing is None:
            member = service.repository.add_member(
                NAMES[role], NAMES[role].casefold(), NAMES[role].split()[0], Kind.MEMBER, False, service.clock()
            )
            service.repository.put_account(member.member_id, role, hashed, service.clock())
            existing = member
        ids[role] = existing.member_id
    if Role.ADMIN not in ids:
        found = service.repository.member_by_key(NAMES[Role.ADMIN].casefold())
        assert found is not None
        ids[Role.ADMIN] = found.member_id
    app.state.test_club_ids = ids
    return ids


def sign_in(client: Any, role: Role | str | None = Role.SCRIBE) -> Any:
    """Make ``client`` (a TestClient on an app) signed in as ``role`` (None: anonymous), through the
    sign-in form like a browser (cheap: the test accounts' argon2 hashes have the smallest cost)."""
    if role is None:
        return sign_out(client)
    role = Role(role)
    app = client.app
    if getattr(app.state, "test_club_ids", None) is None:
        setup_club(app)
    answer = client.post("/signin", data={"name": NAMES[role], "password": PASSWORD}, follow_redirects=False)
    assert answer.status_code == 303, f"sign-in as {role.value} failed: {answer.status_code} {answer.text[:300]}"
    return client


def sign_out(client: Any) -> Any:
    client.post("/signout", follow_redirects=False)
    client.cookies.clear()
    return client


def signed_in(client: Any, role: Role | str | None = Role.SCRIBE) -> Any:
    """``client`` (a TestClient, before or inside its ``with``) on a set-up club, signed in as ``role``."""
    return sign_in(client, role)


def club_app(app: Any) -> Any:
    """``app`` with the test club set up (for tests that build their own app)."""
    setup_club(app)
    return app


def bearer(app: Any, role: Role | str = Role.SCRIBE) -> dict[str, str]:
    """Headers with a fresh API token of ``role``'s account (for plain HTTP clients against a server)."""
    from stammtisch.web.auth import club_service

    ids = getattr(app.state, "test_club_ids", None) or setup_club(app)
    _, secret = club_service(app).create_token(ids[Role(role)], "test")
    return {"Authorization": f"Bearer {secret}"}


def bearer_for_url(database_url: str, role: Role | str = Role.SCRIBE) -> dict[str, str]:
    """The same for a server in another process, through its database."""
    from stammtisch.club.members.service import ClubService
    from stammtisch.store import open_store
    from stammtisch.store.members import SqlClub

    store = open_store(database_url)
    try:
        service = ClubService(SqlClub(store.engine))
        hashed = _QUICK.hash(PASSWORD)
        if service.club() is None:
            store_club = service.repository
            store_club.create_club(CLUB, NAMES[Role.ADMIN], hashed, service.clock())
        member = service.repository.member_by_key(NAMES[Role(role)].casefold())
        if member is None:
            from stammtisch.club.members.model import Kind

            member = service.repository.add_member(
                NAMES[Role(role)], NAMES[Role(role)].casefold(), "", Kind.MEMBER, False, service.clock()
            )
            service.repository.put_account(member.member_id, Role(role), hashed, service.clock())
        _, secret = service.create_token(member.member_id, "test")
    finally:
        store.close()
    return {"Authorization": f"Bearer {secret}"}
