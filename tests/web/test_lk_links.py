"""LK-1…LK-6 (docs/access.md): what the seat, table-screen and follow links admit to, under the club's
default settings (no public spectators), on every route concerned, on SQLite and PostgreSQL.

Cells: a seat of this match, a seat of another match, a withdrawn seat, the table screen, the follow link,
anonymous. Routes: the seat's page, board, stream and action; the public table's page, board and stream;
the match page, board, stream and action; the follow page, board and stream; the JSON seat API.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, make_url, text

from stammtisch.club.members import Role
from stammtisch.web.app import create_app
from stammtisch.web.background import BackgroundServer
from stammtisch.web.links import SCREEN_COOKIE
from stammtisch.web.routes.tables import SEAT_COOKIE
from stammtisch.web.tables import table_for
from tests.store.conftest import postgres_base_url
from tests.support.club import setup_club, sign_in

KLUEMPCHEN = {
    "game": "kluempchen",
    "players": ["A", "B", "C", "D"],
    "options": {"team_draw": "manual"},
    "setup": {"teams": [[0, 1], [2, 3]]},
}


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[FastAPI]:
    """The app with the test club on a fresh SQLite file or a fresh PostgreSQL schema."""
    if request.param == "sqlite":
        app = create_app(database_url=f"sqlite:///{tmp_path / 'links.sqlite3'}")
        setup_club(app)
        yield app
        return
    base = postgres_base_url()
    schema = f"t_{uuid.uuid4().hex[:16]}"
    admin = create_engine(base)
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        app = create_app(database_url=url.render_as_string(hide_password=False))
        setup_club(app)
        yield app
        app.state.service.repository.engine.dispose()
    finally:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture
def scribe(store_app: FastAPI) -> Iterator[TestClient]:
    with TestClient(store_app, headers={"accept-language": "de"}) as client:
        sign_in(client, Role.SCRIBE)
        yield client


@pytest.fixture
def nobody(store_app: FastAPI) -> Iterator[TestClient]:
    """A phone without an account (German)."""
    with TestClient(store_app, headers={"accept-language": "de"}) as client:
        yield client


def _table(scribe: TestClient) -> dict[str, Any]:
    opened = scribe.post("/api/tables", json={"game": "preisromme", "players": ["Anna", "Ben", ""]})
    assert opened.status_code == 201, opened.text
    return opened.json()


def _as(client: TestClient, name: str, token: str) -> dict[str, str]:
    """A request carrying ``token`` as the cookie ``name`` whatever its path (a forged or stray cookie)."""
    return {"cookie": f"{name}={token}"}


def _refused(answer: httpx.Response, status: int, clause: str, de: str, en: str) -> None:
    """LK-6: the status, the clause, and the plain sentence in both languages on the page."""
    assert answer.status_code == status, answer.text[:400]
    assert de in answer.text and en in answer.text, answer.text[:800]
    assert clause in answer.text


# --- LK-1: a seat link ---------------------------------------------------------------------------
def test_lk1_a_seat_link_admits_to_its_seat_page_board_and_action_without_an_account(
    scribe: TestClient, nobody: TestClient
) -> None:
    table = _table(scribe)
    match_id = table["match_id"]
    opened = nobody.get(table["links"]["0"], follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"] == f"/seat/{match_id}"
    assert f"Path=/seat/{match_id}" in opened.headers["set-cookie"]
    page = nobody.get(f"/seat/{match_id}")
    assert page.status_code == 200 and f'data-events="/seat/{match_id}/events"' in page.text
    assert nobody.get(f"/seat/{match_id}/board").status_code == 200
    # ... and nothing else: the match page, its stream and its writes want a sign-in or are refused.
    token = table["links"]["0"].rsplit("/", 1)[-1]
    cookie = _as(nobody, SEAT_COOKIE, token)
    assert nobody.get(f"/m/{match_id}", headers=cookie, follow_redirects=False).status_code == 303
    assert nobody.get(f"/m/{match_id}/board", headers=cookie, follow_redirects=False).status_code in (303, 401)
    assert nobody.get(f"/w/{match_id}", headers=cookie, follow_redirects=False).status_code == 303
    written = nobody.post(f"/m/{match_id}/act", data={"seq": 0, "seat": 0, "notation": "x"}, headers=cookie)
    assert written.status_code in (401, 403)
    assert nobody.get("/", follow_redirects=False).status_code == 303


def test_lk1_lk6_a_seat_link_of_another_match_is_refused_in_plain_words(scribe: TestClient, nobody: TestClient) -> None:
    first, second = _table(scribe), _table(scribe)
    token = first["links"]["0"].rsplit("/", 1)[-1]
    for path in (f"/seat/{second['match_id']}", f"/seat/{second['match_id']}/board"):
        _refused(
            nobody.get(path, headers=_as(nobody, SEAT_COOKIE, token)),
            403,
            "LK-6",
            "Dieser Platz-Link gehört zu einem anderen Spiel",
            "This seat link belongs to another game",
        )
    acted = nobody.post(
        f"/seat/{second['match_id']}/act", data={"seq": 0, "notation": "x"}, headers=_as(nobody, SEAT_COOKIE, token)
    )
    assert acted.status_code == 403
    # Without any seat cookie: the seat page says how a seat is played.
    assert nobody.get(f"/seat/{second['match_id']}").status_code == 403


def test_lk4_a_withdrawn_seat_link_is_refused_and_the_new_one_admits(scribe: TestClient, nobody: TestClient) -> None:
    table = _table(scribe)
    match_id = table["match_id"]
    old = table["links"]["1"].rsplit("/", 1)[-1]
    assert nobody.get(table["links"]["1"]).status_code == 200  # Ben's phone is at his seat
    renewed = scribe.post(f"/links/{match_id}/seats/1/renew")
    assert renewed.status_code == 200, renewed.text  # the organiser's links page again, with the new link
    new = [path for seat, path in _seat_paths(scribe, match_id).items() if seat == 1][0]
    assert new.rsplit("/", 1)[-1] != old
    words = ("Dieser Platz-Link wurde von der Spielleitung zurückgezogen", "This seat link was withdrawn")
    _refused(nobody.get(f"/seat/{match_id}"), 410, "LK-4", *words)  # the cookie he holds
    _refused(nobody.get(f"/p/{old}"), 410, "LK-4", *words)
    assert nobody.get(f"/seat/{match_id}/board").status_code == 410
    api = nobody.get("/api/seat", headers={"X-Seat-Token": old})
    assert api.status_code == 410 and api.json()["error"]["clause"] == "LK-4"
    assert nobody.get(new).status_code == 200  # the new link: his seat again


def test_lk4_only_the_organiser_renews_a_seat_link(store_app: FastAPI, scribe: TestClient) -> None:
    table = _table(scribe)
    with TestClient(store_app) as other:
        sign_in(other, Role.SCRIBE)  # a scribe, but not the browser that opened the table (TS-5)
        assert other.post(f"/links/{table['match_id']}/seats/0/renew").status_code == 403
    with TestClient(store_app) as nobody:
        assert nobody.post(f"/links/{table['match_id']}/seats/0/renew", follow_redirects=False).status_code in (
            303,
            401,
            403,
        )


def _seat_paths(scribe: TestClient, match_id: str) -> dict[int, str]:
    import re

    page = scribe.get(f"/links/{match_id}").text
    found = re.findall(r'data-testid="link-(\d)".*?data-copy="https?://[^/"]+(/p/[^"]+)"', page, re.S)
    return {int(seat): path for seat, path in found}


# --- LK-2: the table screen ----------------------------------------------------------------------
def test_lk2_the_table_screen_link_admits_to_the_public_table_only(scribe: TestClient, nobody: TestClient) -> None:
    table = _table(scribe)
    match_id = table["match_id"]
    assert table["screen"].startswith("/screen/")
    assert nobody.get(f"/w/{match_id}", follow_redirects=False).status_code == 303  # the default: sign in
    opened = nobody.get(table["screen"], follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"] == f"/w/{match_id}"
    assert f"Path=/w/{match_id}" in opened.headers["set-cookie"] and "HttpOnly" in opened.headers["set-cookie"]
    page = nobody.get(f"/w/{match_id}")
    assert page.status_code == 200 and f'data-events="/w/{match_id}/events"' in page.text
    assert nobody.get(f"/w/{match_id}/board").status_code == 200
    token = table["screen"].rsplit("/", 1)[-1]
    screen = _as(nobody, SCREEN_COOKIE, token)
    # ... and nothing else: no seat, no match page, no writes.
    assert nobody.get(f"/seat/{match_id}", headers=screen).status_code == 403
    assert nobody.get(f"/m/{match_id}", headers=screen, follow_redirects=False).status_code == 303
    assert nobody.post(f"/seat/{match_id}/act", data={"seq": 0, "notation": "x"}, headers=screen).status_code == 403
    other = _table(scribe)
    _refused(
        nobody.get(f"/w/{other['match_id']}", headers=screen),
        403,
        "LK-6",
        "Dieser Link für den Tisch-Bildschirm gehört zu einem anderen Spiel",
        "This table-screen link belongs to another game",
    )


def test_lk2_lk4_the_scribe_withdraws_the_table_screen_link(scribe: TestClient, nobody: TestClient) -> None:
    table = _table(scribe)
    match_id = table["match_id"]
    assert nobody.get(table["screen"]).status_code == 200
    page = scribe.get(f"/links/{match_id}/share")
    assert page.status_code == 200 and table["screen"] in page.text
    assert scribe.post(f"/links/{match_id}/share/screen/revoke").status_code == 200
    words = ("Dieser Link für den Tisch-Bildschirm wurde", "This table-screen link was withdrawn")
    _refused(nobody.get(f"/w/{match_id}"), 410, "LK-4", *words)
    _refused(nobody.get(table["screen"]), 410, "LK-4", *words)
    made = scribe.post(f"/links/{match_id}/share/screen")  # a new one, shown at once
    assert made.status_code == 200 and "/screen/" in made.text and table["screen"] not in made.text


# --- LK-3: following a game ----------------------------------------------------------------------
def _follow(scribe: TestClient) -> tuple[str, str]:
    created = scribe.post("/api/matches", json=KLUEMPCHEN)
    assert created.status_code == 201, created.text
    match_id = created.json()["match_id"]
    shown = scribe.post(f"/links/{match_id}/share/follow")
    assert shown.status_code == 200, shown.text
    import re

    path = re.search(r'data-copy="https?://[^/"]+(/f/[^"]+)"', shown.text)
    assert path is not None
    return match_id, path.group(1)


def test_lk3_the_follow_link_shows_names_and_scores_without_an_account(scribe: TestClient, nobody: TestClient) -> None:
    match_id, path = _follow(scribe)
    page = nobody.get(path)
    assert page.status_code == 200
    assert all(name in page.text for name in ("A", "B", "C", "D")) and 'data-testid="follow-board"' in page.text
    assert f'data-events="{path}/events"' in page.text
    assert nobody.get(f"{path}/board").status_code == 200
    assert "<form" not in page.text.split('id="board"', 1)[1]  # read-only: nothing to enter
    # ... and nothing else.
    assert nobody.get(f"/m/{match_id}", follow_redirects=False).status_code == 303
    assert nobody.post(f"/m/{match_id}/act", data={"seq": 0, "seat": 0, "notation": "x"}).status_code in (401, 403)
    again = scribe.post(f"/links/{match_id}/share/follow")  # "show again": the same link
    assert path in again.text


def test_lk3_lk4_lk5_a_withdrawn_or_ended_follow_link_is_refused(
    store_app: FastAPI, scribe: TestClient, nobody: TestClient
) -> None:
    match_id, path = _follow(scribe)
    table = table_for(store_app)
    now = table.clock()
    table.clock = lambda: now + timedelta(hours=12, seconds=1)  # LK-5: 12 hours after it was made
    _refused(nobody.get(path), 410, "LK-5", "Dieser Link zum Mitverfolgen gilt nicht mehr", "is no longer valid")
    table.clock = lambda: now
    assert nobody.get(path).status_code == 200
    scribe.post(f"/links/{match_id}/share/follow/revoke")
    words = ("Dieser Link zum Mitverfolgen wurde von der Spielleitung zurückgezogen", "This follow link was withdrawn")
    _refused(nobody.get(path), 410, "LK-4", *words)
    _refused(nobody.get(f"{path}/board"), 410, "LK-4", *words)
    _refused(nobody.get("/f/no-such-link"), 404, "LK-6", "ist unbekannt", "is not known")
    _refused(nobody.get("/screen/no-such-link"), 404, "LK-6", "ist unbekannt", "is not known")


def test_lk3_only_those_who_keep_games_hand_out_links(store_app: FastAPI, scribe: TestClient) -> None:
    match_id, _ = _follow(scribe)
    with TestClient(store_app) as member:
        sign_in(member, Role.MEMBER)
        assert member.get(f"/links/{match_id}/share").status_code == 403
        assert member.post(f"/links/{match_id}/share/follow/revoke").status_code == 403


# --- the live streams (SSE) ----------------------------------------------------------------------
def _first_event(base: str, path: str, cookie: str | None) -> int:
    headers = {"accept": "text/event-stream"}
    if cookie:
        headers["cookie"] = cookie
    with httpx.Client(base_url=base, timeout=10, headers=headers) as http, http.stream("GET", path) as stream:
        if stream.status_code != 200:
            stream.read()
            return stream.status_code
        for line in stream.iter_lines():
            if line.startswith("event: changed"):
                return 200
    return 0


def test_lk1_lk2_lk3_every_link_s_live_stream_and_no_other(store_app: FastAPI, scribe: TestClient) -> None:
    """The seat's, the table screen's and the follow link's streams open without an account (the default
    settings); the match's own stream stays for signed-in members; withdrawn and foreign links are refused."""
    table, other = _table(scribe), _table(scribe)
    match_id = table["match_id"]
    seat = f"{SEAT_COOKIE}={table['links']['0'].rsplit('/', 1)[-1]}"
    screen = f"{SCREEN_COOKIE}={table['screen'].rsplit('/', 1)[-1]}"
    followed, follow = _follow(scribe)
    with BackgroundServer(store_app) as server:
        assert _first_event(server.url, f"/seat/{match_id}/events", seat) == 200
        assert _first_event(server.url, f"/w/{match_id}/events", screen) == 200
        assert _first_event(server.url, f"{follow}/events", None) == 200
        assert _first_event(server.url, f"/m/{match_id}/events", seat) == 401  # a seat is no spectator
        assert _first_event(server.url, f"/m/{match_id}/events", screen) == 401
        assert _first_event(server.url, f"/m/{followed}/events", None) == 401  # anonymous
        assert _first_event(server.url, f"/seat/{match_id}/events", None) == 403
        assert _first_event(server.url, f"/w/{match_id}/events", None) == 401
        assert _first_event(server.url, f"/seat/{other['match_id']}/events", seat) == 403  # another match
        assert _first_event(server.url, f"/w/{other['match_id']}/events", screen) == 403
        scribe.post(f"/links/{match_id}/seats/0/renew")
        assert _first_event(server.url, f"/seat/{match_id}/events", seat) == 410  # withdrawn


TABLE_GAMES = {
    "kluempchen": (KLUEMPCHEN, ["A &amp; B", "C &amp; D"], ["0", "0"]),
    "proempeln": ({"game": "proempeln", "players": ["Anna", "Ben", "Cem"]}, ["Anna", "Ben", "Cem"], ["0", "0", "0"]),
    "bierpong": (
        {"game": "bierpong", "players": ["Anna", "Ben", "Cem", "Dora"], "setup": {"teams": [[0, 1], [2, 3]]}},
        ["Team A: Anna, Ben", "Team B: Cem, Dora"],
        ["10 Becher", "10 Becher"],
    ),
}


@pytest.mark.parametrize("game", sorted(TABLE_GAMES))
def test_lk3_each_table_game_is_followed_with_names_and_scores(
    game: str, scribe: TestClient, nobody: TestClient
) -> None:
    """LK-3: names and scores only (each game's ``scoreboard``), in the reader's language."""
    import re

    body, names, scores = TABLE_GAMES[game]
    created = scribe.post("/api/matches", json=body)
    assert created.status_code == 201, created.text
    match_id = created.json()["match_id"]
    shown = scribe.post(f"/links/{match_id}/share/follow")
    path = re.search(r'data-copy="https?://[^/"]+(/f/[^"]+)"', shown.text)
    assert path is not None
    page = nobody.get(path.group(1))
    rows = re.findall(
        r'<tr[^>]*><td>(.*?)(?: <span class="hint">[^<]*</span>)?</td><td class="num">(.*?)</td>', page.text
    )
    assert rows == list(zip(names, scores, strict=True))
