"""Issue 31.4: the server's log holds no secret. A whole evening is played against a real uvicorn with
its access log on: an invite opened and accepted, a digital table opened with its seat links, the
organiser's key and the table screen, the seats playing through their links, a Klümpchen evening
entered to its end through the JSON API with an API token (also sent, wrongly, in a query string).
Then the log is grepped: none of the secrets is in it, and the redaction mark is."""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from stammtisch.club.members import Role
from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.model import CloseEvening
from stammtisch.web.app import create_app
from stammtisch.web.auth import club_service
from stammtisch.web.background import free_port
from stammtisch.web.log_redaction import REDACTED, redact
from tests.support.club import NAMES, bearer, setup_club


class Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Any, Collect]]:
    app = create_app(database_url=f"sqlite:///{tmp_path / 'log.sqlite3'}")
    setup_club(app)
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="info", lifespan="off", access_log=True)
    server = uvicorn.Server(config)
    collect = Collect()
    collect.setFormatter(logging.Formatter("%(name)s %(message)s"))
    loggers = [logging.getLogger(name) for name in ("uvicorn.access", "uvicorn.error", "stammtisch")]
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    for logger in loggers:
        logger.addHandler(collect)
    try:
        yield f"http://127.0.0.1:{port}", app, collect
    finally:
        for logger in loggers:
            logger.removeHandler(collect)
        server.should_exit = True
        thread.join(5)


def test_the_log_of_a_whole_evening_holds_no_secret(served: tuple[str, Any, Collect]) -> None:
    url, app, collect = served
    secrets: list[str] = []
    headers = bearer(app, Role.SCRIBE)
    token = headers["Authorization"].split()[-1]
    secrets.append(token)
    with httpx.Client(base_url=url, headers=headers, follow_redirects=False, timeout=20) as scribe:
        # an invite (AC-7), opened and accepted by the new member
        clubs = club_service(app)
        member = clubs.add_user("Nora Neu", Role.MEMBER).member_id
        invite = clubs.invite(member)
        secrets.append(invite)
        with httpx.Client(base_url=url, timeout=20) as newcomer:
            page = newcomer.get(f"/invite/{invite}")
            assert page.status_code == 200
            csrf = newcomer.cookies.get("stammtisch_csrf") or ""
            newcomer.post(f"/invite/{invite}", data={"password": "ein-langes-passwort", "csrf_token": csrf})
        # a digital table with seat links, the organiser's key and the table screen (TS-1, TS-5, LK-2)
        opened = scribe.post("/api/tables", json={"game": "preisromme", "players": ["Anna", "Ben", ""]})
        assert opened.status_code == 201, opened.text
        table = opened.json()
        links = [str(link).rsplit("/", 1)[-1] for link in table["urls"].values()]
        secrets += links
        key = str(table.get("organiser_key") or "")
        if key:
            secrets.append(key)
            scribe.get(str(table["keep_url"]))
        for link in links:
            with httpx.Client(base_url=url, timeout=20) as phone:
                assert phone.get(f"/p/{link}").status_code == 303
                phone.get(f"/seat/{table['match_id']}")
                phone.get("/api/seat", headers={"X-Seat-Token": link})
        scribe.get(f"/api/matches?token={token}")  # a script that puts its token in the URL
        # a Klümpchen evening entered to its end through the API
        names = [NAMES[r] for r in (Role.ADMIN, Role.TREASURER, Role.SCRIBE, Role.MEMBER)]
        created = scribe.post(
            "/api/matches", json={"game": "kluempchen", "players": names, "options": {"mode": "digital"}}
        )
        assert created.status_code == 201, created.text
        match_id = created.json()["match_id"]
        rng = random.Random(3)
        service = app.state.service
        for _ in range(3000):
            state = service.state(match_id)
            turn = GAME.turn(state)
            if isinstance(turn, Finished):
                break
            seq = service.snapshot(match_id).seq
            if isinstance(turn, Chance):
                body: dict[str, Any] = {"seq": seq, "outcome": GAME.format_outcome(sample(turn.node, rng))}
            else:
                legal = GAME.legal_actions(state, turn.seats[0])
                action = CloseEvening() if CloseEvening() in legal and state.rounds else rng.choice(legal)
                body = {"seq": seq, "seat": turn.seats[0], "action": GAME.format_action(action)}
            assert scribe.post(f"/api/matches/{match_id}/actions", json=body).status_code == 200
        assert isinstance(GAME.turn(service.state(match_id)), Finished)
    log = "\n".join(collect.lines)
    assert "POST /api/matches/" in log and "GET /p/" in log  # the access log was on
    for secret in secrets:
        assert secret not in log, f"a secret is in the log: {secret[:6]}…"
    assert REDACTED in log


def test_redact_keeps_what_is_not_secret() -> None:
    line = '127.0.0.1:5 - "GET /p/abcDEF123?x=1&key=k3y&token=t0k HTTP/1.1" 303'
    assert redact(line) == f'127.0.0.1:5 - "GET /p/{REDACTED}?x=1&key={REDACTED}&token={REDACTED} HTTP/1.1" 303'
    assert redact("GET /m/abc123/board HTTP/1.1") == "GET /m/abc123/board HTTP/1.1"
    assert redact("Authorization: Bearer abc.def") == f"Authorization: Bearer {REDACTED}"
