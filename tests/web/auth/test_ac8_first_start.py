"""AC-8 (docs/access.md): before the club exists every page leads to the set-up page and the API says
so (503); the set-up page makes the club and its admin, signs her in, and is never offered again. The
session key is kept in a file beside the database, readable by its owner only."""

from __future__ import annotations

import stat
from pathlib import Path

from fastapi.testclient import TestClient

from stammtisch.web.app import create_app
from stammtisch.web.auth import club_service


def test_ac8_the_first_page_is_the_set_up_and_it_runs_once(tmp_path: Path) -> None:
    app = create_app(database_url=f"sqlite:///{tmp_path / 'new.sqlite3'}")
    with TestClient(app, headers={"accept-language": "en"}) as client:
        for path in ("/", "/tournaments", "/members", "/signin"[:0] or "/evenings/new"):
            assert client.get(path, follow_redirects=False).headers["location"] == "/setup"
        api = client.get("/api/matches")
        assert api.status_code == 503 and api.json()["error"]["code"] == "club/missing"
        assert api.json()["error"]["clause"] == "AC-8"
        assert client.get("/static/app.css").status_code == 200
        page = client.get("/setup")
        assert page.status_code == 200 and "Set up the club" in page.text
        form = {"club": "Würfelfreunde", "name": "Anna", "password": "anna-geheim", "repeat": "anna-geheim"}
        differ = client.post("/setup", data={**form, "repeat": "something-else"})
        assert differ.status_code == 422 and "The two passwords differ" in differ.text
        assert club_service(app).club() is None  # nothing written
        short = client.post("/setup", data={**form, "password": "kurz", "repeat": "kurz"})
        assert short.status_code == 422 and "at least 8" in short.text and club_service(app).club() is None
        made = client.post("/setup", data=form, follow_redirects=False)
        assert made.status_code == 303 and made.headers["location"] == "/members"
        assert "Würfelfreunde" in client.get("/members").text  # signed in as the admin
        assert client.get("/setup", follow_redirects=False).headers["location"] == "/signin"
        again = client.post("/setup", data={**form, "club": "Zweiter"})
        assert again.status_code == 409 and "already set up" in again.text
        assert club_service(app).require_club().name == "Würfelfreunde"
    key = tmp_path / "secret_key"
    assert key.exists() and stat.S_IMODE(key.stat().st_mode) == 0o600
    again_app = create_app(database_url=f"sqlite:///{tmp_path / 'new.sqlite3'}")
    assert again_app.state.secret_key == app.state.secret_key  # sessions survive a restart
