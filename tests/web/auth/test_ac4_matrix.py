"""AC-4 (docs/access.md): the authorization matrix, cell by cell, through the HTML forms, HTMX, the
JSON API (session and Bearer token) and the live-update stream (SSE). Every denied write leaves the
match (or the club) as it was; anonymous readers of pages are sent to the sign-in page, anonymous
API and stream requests get 401, signed-in members without the role 403 with a readable message.
AC-5 (closed means closed) is the ``undo after the end`` row."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.club.members import Permission, Role
from stammtisch.matches.snapshot import MatchSnapshot
from stammtisch.web.auth import club_service
from stammtisch.web.auth.policy import OPEN, app_routes, classify, route_table
from stammtisch.web.background import BackgroundServer
from tests.support.club import bearer, sign_in
from tests.web.auth.conftest import ROLES

A, T, S, M = Role.ADMIN, Role.TREASURER, Role.SCRIBE, Role.MEMBER
SIGNED_IN = {A, T, S, M}
KEEPERS = {A, T, S}  # who keeps a table: the scribe, and those above her
CLOSERS = {A, T}  # who may change what is closed, delete, keep the money
HTMX = {"hx-request": "true"}
REASON = "Wurf falsch abgelesen"


# --- matches in the states a cell needs (made through the service, not through a role) ----------
def new_match(app: FastAPI) -> MatchSnapshot:
    snap: MatchSnapshot = app.state.service.create("toy-open", ["Anna", "Ben"], options={"rounds": 1}, mode="table")
    return snap


def picked(app: FastAPI) -> MatchSnapshot:
    snap = new_match(app)
    out: MatchSnapshot = app.state.service.act(snap.match_id, 0, "pick 2", snap.seq)
    return out


def at_chance(app: FastAPI) -> MatchSnapshot:
    snap = new_match(app)
    out: MatchSnapshot = app.state.service.submit(snap.match_id, [(0, "pick 2"), (1, "pick 2")], snap.seq)
    return out


def ended(app: FastAPI) -> MatchSnapshot:
    snap = at_chance(app)
    out: MatchSnapshot = app.state.service.enter_outcome(snap.match_id, "4", snap.seq)
    assert out.finished
    return out


Cell = Callable[[TestClient, FastAPI], tuple[httpx.Response, Callable[[], bool]]]


def _unchanged(app: FastAPI, snap: MatchSnapshot) -> Callable[[], bool]:
    return lambda: app.state.service.snapshot(snap.match_id).seq == snap.seq


def create_api(client: TestClient, app: FastAPI) -> tuple[httpx.Response, Callable[[], bool]]:
    before = len(app.state.service.list_matches(500))
    body = {"game": "toy-open", "players": ["Anna", "Ben"], "options": {"rounds": 1}}
    return client.post("/api/matches", json=body), lambda: len(app.state.service.list_matches(500)) == before


def create_tournament(client: TestClient, app: FastAPI) -> tuple[httpx.Response, Callable[[], bool]]:
    before = client_count(app)
    answer = client.post("/tournaments", data={"title": "Herbstturnier"}, follow_redirects=False)
    return answer, lambda: client_count(app) == before


def client_count(app: FastAPI) -> int:
    from sqlalchemy import text

    with app.state.service.repository.engine.connect() as connection:
        return int(connection.execute(text("SELECT count(*) FROM tournaments")).scalar_one())


def act_form(client: TestClient, app: FastAPI) -> tuple[httpx.Response, Callable[[], bool]]:
    snap = new_match(app)
    form = {"seq": str(snap.seq), "seat": "0", "notation": "pick 2"}
    return client.post(f"/m/{snap.match_id}/act", data=form, follow_redirects=False), _unchanged(app, snap)


def act_htmx(client: TestClient, app: FastAPI) -> tuple[httpx.Response, Callable[[], bool]]:
    snap = new_match(app)
    form = {"seq": str(snap.seq), "seat": "0", "notation": "pick 2"}
    return client.post(f"/m/{snap.match_id}/act", data=form, headers=HTMX), _unchanged(app, snap)


def act_api(client: TestClient, app: FastAPI) -> tuple[httpx.Response, Callable[[], bool]]:
    snap = new_match(app)
    body = {"seq": snap.seq, "seat": 0, "action": "pick 2"}
    return client.post(f"/api/matches/{snap.match_id}/actions", json=body), _unchanged(app, snap)


def outcome_form(client: TestClient, app: FastAPI) -> tuple[httpx.Response, Callable[[], bool]]:
    snap = at_chance(app)
    form = {"seq": str(snap.seq), "outcome": "4"}
    return client.post(f"/m/{snap.match_id}/outcome", data=form, follow_redirects=False), _unchanged(app, snap)


def outcome_api(client: TestClient, app: FastAPI) -> tuple[httpx.Response, Callable[[], bool]]:
    snap = at_chance(app)
    return client.post(f"/api/matches/{snap.match_id}/actions", json={"seq": snap.seq, "outcome": "4"}), _unchanged(
        app, snap
    )


def undo_form(client: TestClient, app: FastAPI) -> tuple[httpx.Response, Callable[[], bool]]:
    snap = picked(app)
    return client.post(f"/m/{snap.match_id}/undo", data={"seq": str(snap.seq)}, follow_redirects=False), _unchanged(
        app, snap
    )


def undo_api(client: TestClient, app: FastAPI) -> tuple[httpx.Response, Callable[[], bool]]:
    snap = picked(app)
    return client.post(f"/api/matches/{snap.match_id}/undo", json={"seq": snap.seq}), _unchanged(app, snap)


def undo_ended_form(client: TestClient, app: FastAPI) -> tuple[httpx.Response, Callable[[], bool]]:
    snap = ended(app)
    form = {"seq": str(snap.seq), "reason": REASON, "confirm": "true"}
    return client.post(f"/m/{snap.match_id}/undo", data=form, follow_redirects=False), _unchanged(app, snap)


def undo_ended_api(client: TestClient, app: FastAPI) -> tuple[httpx.Response, Callable[[], bool]]:
    snap = ended(app)
    body = {"seq": snap.seq, "reason": REASON, "confirm": True}
    return client.post(f"/api/matches/{snap.match_id}/undo", json=body), _unchanged(app, snap)


def correct_page(client: TestClient, app: FastAPI) -> tuple[httpx.Response, Callable[[], bool]]:
    snap = ended(app)
    return client.get(f"/m/{snap.match_id}/correct", follow_redirects=False), _unchanged(app, snap)


def see_hand(client: TestClient, app: FastAPI) -> tuple[httpx.Response, Callable[[], bool]]:
    snap = picked(app)
    return client.get(f"/m/{snap.match_id}?seat=1", follow_redirects=False), _unchanged(app, snap)


def view_match(client: TestClient, app: FastAPI) -> tuple[httpx.Response, Callable[[], bool]]:
    snap = picked(app)
    return client.get(f"/m/{snap.match_id}", follow_redirects=False), _unchanged(app, snap)


def view_match_api(client: TestClient, app: FastAPI) -> tuple[httpx.Response, Callable[[], bool]]:
    snap = picked(app)
    return client.get(f"/api/matches/{snap.match_id}"), _unchanged(app, snap)


def home(client: TestClient, app: FastAPI) -> tuple[httpx.Response, Callable[[], bool]]:
    return client.get("/", follow_redirects=False), lambda: True


def list_api(client: TestClient, app: FastAPI) -> tuple[httpx.Response, Callable[[], bool]]:
    return client.get("/api/matches"), lambda: True


def delete_tournament(client: TestClient, app: FastAPI) -> tuple[httpx.Response, Callable[[], bool]]:
    """PT-9: deleting a tournament (archiving it, where the app archives instead of deleting)."""
    archive = any(route.path.endswith("/archive") for route in app_routes(app))
    with sign_in(TestClient(app), Role.SCRIBE) as scribe:
        made = scribe.post("/tournaments", data={"title": "Weg damit"}, follow_redirects=False)
        assert made.status_code == 303, made.text
        form = {} if archive else {"title": "Weg damit", "confirm_games": "true"}
        answer = client.post(
            f"{made.headers['location']}/{'archive' if archive else 'delete'}", data=form, follow_redirects=False
        )
        listed = "Weg damit" in scribe.get("/tournaments").text
    return answer, lambda: listed


def members_page(client: TestClient, app: FastAPI) -> tuple[httpx.Response, Callable[[], bool]]:
    return client.get("/members", follow_redirects=False), lambda: True


def add_member(client: TestClient, app: FastAPI) -> tuple[httpx.Response, Callable[[], bool]]:
    before = len(club_service(app).members())
    answer = client.post("/members", data={"name": "Neue Nora", "kind": "member"}, follow_redirects=False)
    return answer, lambda: len(club_service(app).members()) == before


def give_role(client: TestClient, app: FastAPI) -> tuple[httpx.Response, Callable[[], bool]]:
    mia = club_service(app).find("Mia Mitglied")
    answer = client.post(f"/members/{mia.member_id}/role", data={"role": "treasurer"}, follow_redirects=False)
    return answer, lambda: club_service(app).account(mia.member_id).role is Role.MEMBER  # type: ignore[union-attr]


def club_settings(client: TestClient, app: FastAPI) -> tuple[httpx.Response, Callable[[], bool]]:
    answer = client.post("/settings", data={"public_spectators": "true"}, follow_redirects=False)
    return answer, lambda: not club_service(app).require_club().public_spectators


def own_tokens(client: TestClient, app: FastAPI) -> tuple[httpx.Response, Callable[[], bool]]:
    return client.get("/account/tokens", follow_redirects=False), lambda: True


#: (cell, the roles it is allowed to, is it a page a browser opens by GET)
CELLS: dict[str, tuple[Cell, set[Role], bool]] = {
    "create match (API)": (create_api, KEEPERS, False),
    "create tournament (form)": (create_tournament, KEEPERS, False),
    "act (form)": (act_form, KEEPERS, False),
    "act (HTMX)": (act_htmx, KEEPERS, False),
    "act (API)": (act_api, KEEPERS, False),
    "enter outcome (form)": (outcome_form, KEEPERS, False),
    "enter outcome (API)": (outcome_api, KEEPERS, False),
    "undo while running (form)": (undo_form, KEEPERS, False),
    "undo while running (API)": (undo_api, KEEPERS, False),
    "undo after the end, with a reason (form)": (undo_ended_form, CLOSERS, False),
    "undo after the end, with a reason (API)": (undo_ended_api, CLOSERS, False),
    "correction page": (correct_page, CLOSERS, True),
    "see a hand (?seat=)": (see_hand, KEEPERS, True),
    "view a match": (view_match, SIGNED_IN, True),
    "view a match (API)": (view_match_api, SIGNED_IN, False),
    "home": (home, SIGNED_IN, True),
    "list matches (API)": (list_api, SIGNED_IN, False),
    "delete a tournament": (delete_tournament, CLOSERS, False),
    "members page": (members_page, {A}, True),
    "add a member": (add_member, {A}, False),
    "give a role": (give_role, {A}, False),
    "club settings": (club_settings, {A}, False),
    "own tokens": (own_tokens, SIGNED_IN, True),
}


@pytest.mark.parametrize("cell", list(CELLS))
@pytest.mark.parametrize("role", ROLES, ids=lambda role: role.value if role else "anonymous")
def test_ac4_matrix_cell(
    clients: dict[Role | None, TestClient], toy_app: FastAPI, cell: str, role: Role | None
) -> None:
    run, allowed_roles, page = CELLS[cell]
    answer, unchanged = run(clients[role], toy_app)
    if role in allowed_roles:
        assert answer.status_code < 400, (cell, role, answer.status_code, answer.text[:300])
        return
    assert unchanged(), f"{cell}: a refusal wrote something"
    if role is None and page:
        location = answer.headers["location"]
        assert answer.status_code == 303 and (location == "/signin" or location.startswith("/signin?next=/"))
    elif role is None:
        assert answer.status_code == 401, (cell, answer.status_code, answer.text[:300])
    else:
        assert answer.status_code == 403, (cell, role, answer.status_code, answer.text[:300])
        assert "may not" in answer.text or "only" in answer.text
    if answer.headers.get("content-type", "").startswith("application/json"):
        error = answer.json()["error"]
        assert error["clause"] in ("AC-4", "AC-5") and error["de"] and error["en"]
        assert error["clause"] not in error["message"]  # the clause is data, not part of the sentence


def test_ac4_anonymous_htmx_gets_401_with_a_redirect_to_the_sign_in(
    clients: dict[Role | None, TestClient], toy_app: FastAPI
) -> None:
    snap = new_match(toy_app)
    answer = clients[None].get(f"/m/{snap.match_id}/board", headers=HTMX)
    assert answer.status_code == 401 and answer.headers["hx-redirect"] == f"/signin?next=/m/{snap.match_id}/board"


def test_ac4_a_denied_page_says_who_may_in_both_languages(
    clients: dict[Role | None, TestClient], toy_app: FastAPI
) -> None:
    member = clients[Role.MEMBER]
    english = member.get("/members")
    assert english.status_code == 403
    assert "As member you may not do this: only admin may manage members." in english.text
    assert 'data-clause="AC-4"' in english.text
    german = member.get("/members", headers={"accept-language": "de"})
    assert "Als Mitglied darfst du das nicht: Mitglieder verwalten dürfen nur Admin." in german.text


def test_ac6_api_tokens_act_with_their_member_s_role(toy_app: FastAPI) -> None:
    """AC-6: Bearer tokens on the JSON API, without session or CSRF token; a member's token reads but
    cannot start a match; a revoked or made-up token is 401."""
    with TestClient(toy_app) as plain:
        body = {"game": "toy-open", "players": ["Anna", "Ben"], "options": {"rounds": 1}}
        scribe = bearer(toy_app, Role.SCRIBE)
        assert plain.post("/api/matches", json=body, headers=scribe).status_code == 201
        member = bearer(toy_app, Role.MEMBER)
        assert plain.get("/api/matches", headers=member).status_code == 200
        refused = plain.post("/api/matches", json=body, headers=member)
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "auth/forbidden"
        assert plain.get("/api/matches", headers={"Authorization": "Bearer st_made-up"}).status_code == 401
        ids = toy_app.state.test_club_ids
        club = club_service(toy_app)
        token = club.tokens(ids[Role.MEMBER])[-1]
        club.revoke_token(ids[Role.MEMBER], token.token_id)
        assert plain.get("/api/matches", headers=member).status_code == 401


# --- the live-update stream (SSE) ---------------------------------------------------------------
def _first_event(base: str, path: str, headers: dict[str, str]) -> tuple[int, str]:
    headers = {**headers, "accept": "text/event-stream"}  # as a browser's EventSource asks
    with httpx.Client(base_url=base, timeout=10, headers=headers) as http, http.stream("GET", path) as stream:
        if stream.status_code != 200:
            stream.read()
            return stream.status_code, stream.text
        for line in stream.iter_lines():
            if line.startswith("event: "):
                return 200, line
    return 0, ""


@pytest.mark.parametrize("role", ROLES, ids=lambda role: role.value if role else "anonymous")
def test_ac4_ac9_the_live_stream_is_for_members_and_public_spectators_only(toy_app: FastAPI, role: Role | None) -> None:
    snap = new_match(toy_app)
    headers = bearer(toy_app, role) if role is not None else {}
    path = f"/m/{snap.match_id}/events"
    with BackgroundServer(toy_app) as server:
        status, text = _first_event(server.url, path, headers)
        if role is None:
            assert status == 401 and "sign in" in text.lower()
            club_service(toy_app).set_public_spectators(True)  # AC-9: the admin allows public spectators
            status, text = _first_event(server.url, path, headers)
        assert (status, text) == (200, "event: changed")


def test_ac9_public_spectators_see_the_table_but_nothing_more(
    clients: dict[Role | None, TestClient], toy_app: FastAPI
) -> None:
    snap = picked(toy_app)
    anonymous = clients[None]
    assert anonymous.get(f"/m/{snap.match_id}", follow_redirects=False).status_code == 303
    club_service(toy_app).set_public_spectators(True)
    assert anonymous.get(f"/m/{snap.match_id}").status_code == 200
    assert anonymous.get(f"/api/matches/{snap.match_id}").status_code == 200
    assert anonymous.get(f"/m/{snap.match_id}?seat=0", follow_redirects=False).status_code == 303  # no hands
    assert anonymous.get("/", follow_redirects=False).status_code == 303  # lists stay for members
    refused = anonymous.post(f"/m/{snap.match_id}/act", data={"seq": str(snap.seq), "seat": "1", "notation": "pick 1"})
    assert refused.status_code == 401 and toy_app.state.service.snapshot(snap.match_id).seq == snap.seq


# --- every route has its permission --------------------------------------------------------------
EXPECTED: dict[tuple[str, str], Permission | str] = {
    ("GET", "/"): Permission.VIEW,
    ("GET", "/m/{match_id}"): Permission.SPECTATE,
    ("GET", "/m/{match_id}/board"): Permission.SPECTATE,
    ("GET", "/m/{match_id}/events"): Permission.SPECTATE,
    ("GET", "/api/matches/{match_id}"): Permission.SPECTATE,
    ("GET", "/api/matches"): Permission.VIEW,
    ("POST", "/api/matches"): Permission.CREATE,
    ("POST", "/api/tables"): Permission.CREATE,
    ("POST", "/tournaments"): Permission.CREATE,
    ("POST", "/m/{match_id}/act"): Permission.ACT,
    ("POST", "/m/{match_id}/dice"): Permission.ACT,
    ("POST", "/m/{match_id}/outcome"): Permission.ACT,
    ("POST", "/api/matches/{match_id}/actions"): Permission.ACT,
    ("POST", "/m/{match_id}/undo"): Permission.UNDO,
    ("POST", "/api/matches/{match_id}/undo"): Permission.UNDO,
    ("GET", "/m/{match_id}/correct"): Permission.CHANGE_CLOSED,
    ("POST", "/t/{tournament_id}/delete"): Permission.DELETE,
    ("GET", "/t/{tournament_id}/delete"): Permission.DELETE,
    ("POST", "/sheet/{sheet_id}/game"): Permission.ACT,
    ("GET", "/members"): Permission.MEMBERS,
    ("POST", "/members/{member_id}/role"): Permission.ROLES,
    ("POST", "/settings"): Permission.SETTINGS,
    ("GET", "/account/tokens"): Permission.OWN_TOKENS,
    ("GET", "/p/{token}"): OPEN,
    ("GET", "/seat/{table}"): OPEN,
    ("POST", "/seat/{table}/act"): OPEN,
    ("POST", "/api/seat/actions"): OPEN,
    ("POST", "/signin"): OPEN,
    ("GET", "/setup"): OPEN,
    ("GET", "/invite/{secret}"): OPEN,
    ("POST", "/bank/payments"): Permission.MONEY,
    ("GET", "/bank/season/start"): Permission.MONEY,  # the season start (SE-2): admin, treasurer
    ("POST", "/bank/season/start"): Permission.MONEY,
    ("POST", "/m/{match_id}/reopen"): Permission.CHANGE_CLOSED,
    ("POST", "/m/{match_id}/close"): Permission.CLOSE,
}


@pytest.mark.parametrize(("method", "path"), list(EXPECTED))
def test_ac4_routes_are_classified_as_written_in_docs_access(method: str, path: str) -> None:
    assert classify(method, path).permission == EXPECTED[(method, path)]


def test_ac4_every_route_of_the_app_needs_a_permission_or_is_deliberately_open(toy_app: FastAPI) -> None:
    """No route escapes the policy: the app-wide dependency is on every route, and the only open ones
    are the sign-in, set-up, invite and seat-link routes (their own checks inside)."""
    routes = app_routes(toy_app)
    assert len(routes) > 40
    for route in routes:
        names = [getattr(d.call, "__name__", "") for d in route.dependant.dependencies]
        assert "authorize" in names, route.path
    open_paths = {path for _, path, permission in route_table(toy_app) if permission == OPEN}
    allowed_open = (
        *("/signin", "/signout", "/setup", "/invite/", "/p/", "/seat/", "/api/seat", "/api/openapi.json"),
        *("/screen/", "/f/", "/fe/"),  # the table-screen, follow and evening links (LK-2, LK-3, LK-7): tokens
    )
    assert all(path.startswith(allowed_open) for path in open_paths), sorted(open_paths)


SEGMENTS = st.sampled_from(
    [
        "m",
        "{match_id}",
        "api",
        "matches",
        "t",
        "{tournament_id}",
        "sheet",
        "{sheet_id}",
        "undo",
        "act",
        "board",
        "events",
        "delete",
        "members",
        "{member_id}",
        "role",
        "bank",
        "seat",
        "p",
        "{token}",
        "new",
        "x",
    ]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(SEGMENTS, min_size=1, max_size=5), st.sampled_from(["GET", "POST", "PUT", "DELETE"]))
def test_ac4_no_write_is_ever_classified_as_a_read(segments: list[str], method: str) -> None:
    """Invariant: any write route needs a write permission (or is one of the deliberately open ones);
    reading never needs less than spectating."""
    path = "/" + "/".join(segments)
    permission = classify(method, path).permission
    reads = {Permission.SPECTATE, Permission.VIEW}
    if method != "GET":
        assert permission not in reads, path
    assert permission == OPEN or isinstance(permission, Permission)
