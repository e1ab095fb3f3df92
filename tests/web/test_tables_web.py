"""The digital table over HTTP (docs/tables.md): a seat link is exchanged for a cookie on first open
(TS-3), the spectator link is read-only (TS-4), and a game without a web package (the toy secret
vote) is played on the generic table pages, with a deadline voting for the seats still due (D-2)."""

from __future__ import annotations

import random
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.games import GAMES
from stammtisch.matches import InMemoryRepository, MatchService
from stammtisch.matches.seat_links import InMemorySeatLinks
from stammtisch.matches.tables import DigitalTable
from stammtisch.web.app import create_app
from stammtisch.web.deadlines import ManualDeadlines
from tests.matches.toys import VOTE
from tests.support.club import signed_in
from tests.web.preisromme_support import enter, headers, make_app, open_table, seat_state, token


def test_s3_a_seat_link_is_exchanged_for_a_cookie_and_a_url_without_the_token() -> None:
    app = make_app()
    with signed_in(TestClient(app)) as client:
        links = open_table(client, ["Anna", "Ben", "", ""])
        anna, match_id = token(links, 0), links["match_id"]
        answer = client.get(f"/p/{anna}", follow_redirects=False)
        assert answer.status_code == 303
        assert answer.headers["location"] == f"/seat/{match_id}" and anna not in answer.headers["location"]
        cookie = answer.headers["set-cookie"]
        assert cookie.startswith(f"stammtisch_seat={anna};")
        assert "HttpOnly" in cookie and "SameSite=lax" in cookie and f"Path=/seat/{match_id}" in cookie
        assert "Secure" not in cookie  # plain HTTP in the test; over HTTPS the cookie is Secure
        assert answer.headers["referrer-policy"] == "no-referrer"
        page = client.get(f"/seat/{match_id}")
        assert page.status_code == 200 and anna not in page.text
        hand = seat_state(client, anna)["view"]["hand"]
        assert all(f'data-card="{code}"' in page.text for code in hand)
        assert anna not in client.get(f"/seat/{match_id}/board").text
        # Another browser (no cookie) gets nothing; a cookie opens only its own match.
        with signed_in(TestClient(app)) as stranger:
            assert stranger.get(f"/seat/{match_id}").status_code == 403
            other = open_table(stranger, ["Carl", "Dora"])
            enter(stranger, token(other, 0))
            assert stranger.get(f"/seat/{other['match_id']}").status_code == 200
            assert stranger.get(f"/seat/{match_id}").status_code == 403
            assert stranger.get(f"/seat/{match_id}/board").status_code == 403


def test_s3_opening_another_seats_link_replaces_the_cookie() -> None:
    """One browser, one seat per match: the last link opened is the seat the pages show."""
    with signed_in(TestClient(make_app())) as client:
        links = open_table(client, ["Anna", "Ben", "", ""])
        enter(client, token(links, 0))
        enter(client, token(links, 1))
        page = client.get(f"/seat/{links['match_id']}").text
        assert 'data-testid="me">Ben<' in page
        assert seat_state(client, token(links, 1))["seat"] == 1


def test_s4_the_spectator_link_is_read_only_and_only_for_digital_tables() -> None:
    app = make_app()
    with signed_in(TestClient(app)) as client:
        links = open_table(client, ["Anna", "Ben", "", ""])
        spectator = links["spectator"]
        page = client.get(spectator)
        assert page.status_code == 200 and 'data-testid="hand"' not in page.text
        assert client.post(f"{spectator}/act", data={"seq": "1", "notation": "pass"}).status_code in (404, 405)
        scribe = app.state.service.create("preisromme", ["A", "B"], mode="scoresheet")
        assert client.get(f"/w/{scribe.match_id}").status_code == 404


def _vote_app() -> FastAPI:
    service = MatchService(
        InMemoryRepository(), games={**GAMES, VOTE.slug: VOTE}, rng=lambda match_id: random.Random(7)
    )
    app = create_app(service)
    table = DigitalTable(service, InMemorySeatLinks())
    app.state.table = table
    app.state.deadlines = ManualDeadlines(table)
    return app


def test_a_game_without_a_web_package_plays_on_the_generic_table_pages() -> None:
    app = _vote_app()
    with signed_in(TestClient(app)) as client:
        created = client.post(
            "/api/tables", json={"game": VOTE.slug, "players": ["Anna", "Ben", "", ""], "deadline_seconds": 30}
        )
        assert created.status_code == 201, created.text
        links: dict[str, Any] = created.json()
        assert links["bots"] == [None, None, "random", "random"]
        match_id = links["match_id"]
        page = client.get(enter(client, token(links, 0)))
        assert page.status_code == 200 and 'data-notation="vote yes"' in page.text
        seq = seat_state(client, token(links, 0))["seq"]
        voted = client.post(f"/seat/{match_id}/act", data={"seq": str(seq), "notation": "vote yes"})
        assert voted.status_code == 200  # redirected to the seat page
        ben = seat_state(client, token(links, 1))
        assert ben["view"]["voted"] == [True, False, True, True] and ben["view"]["my_vote"] is None
        # Ben lets the deadline run out: the table votes "no" for him (the game's timeout_action).
        assert app.state.deadlines.fire(match_id) == 1
        public = client.get(f"/api/matches/{match_id}").json()
        assert public["view"]["round"] == 1 and public["view"]["last_votes"][:2] == [True, False]
        events = app.state.service.events(match_id)
        assert [(e.seat, e.actor) for e in events if e.actor == "timer"] == [(1, "timer")]
        assert client.get(links["spectator"]).status_code == 200
        refused = client.post("/api/seat/actions", json={"seq": 0, "action": "vote yes"}, headers=headers("nope"))
        assert refused.status_code == 404
