"""PT-9 (issue 31.2) on SQLite and PostgreSQL: an archived tournament is frozen. Every write route on
the tournament, on its score sheets and on the sheets as matches (page forms, JSON API, undo, a
correction with a written reason) is refused for every role, in plain German and English, and
nothing is written; the sweep also covers any write route added later under these paths. A backup of
the archived tournament restores it archived and frozen; restoring the tournament (PT-9) thaws it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.club.members import Role
from stammtisch.web.auth.policy import app_routes
from tests.web.records_support import signed_in, store_app_fixture, store_url_fixture  # noqa: F401  (fixtures)
from tests.web.test_tournament_pages import create, draw, enter

ROLES = (Role.ADMIN, Role.TREASURER, Role.SCRIBE, Role.MEMBER)
PREFIXES = ("/t/{tournament_id}", "/sheet/{sheet_id}", "/m/{match_id}", "/api/matches/{match_id}")


def archived_tournament(app: FastAPI) -> tuple[str, str]:
    """A tournament of 8 players, its first pass drawn and one game entered; archived. (id, a sheet)"""
    with signed_in(app, Role.TREASURER) as keeper:
        url = create(keeper, 8)
        sheet = draw(keeper, url, 1, "s")[0]
        assert enter(keeper, sheet, "1", ["", "10", "20", "30"]).status_code == 303
        assert keeper.post(f"{url}/archive", follow_redirects=False).status_code == 303
    return url.rsplit("/", 1)[-1], sheet


def written(app: FastAPI, tournament_id: str, sheet: str) -> tuple[Any, ...]:
    """Everything the writes could change: the sheet's log, the players, draws and changes."""
    tournaments = app.state.tournaments if hasattr(app.state, "tournaments") else None
    service = app.state.service
    seq = service.repository.last_seq(sheet)
    if tournaments is None:
        return (seq,)
    return (seq, tuple(tournaments.repository.players(tournament_id)), len(tournaments.repository.draws(tournament_id)))


def requests(tournament_id: str, sheet: str, seq: int) -> list[tuple[str, dict[str, Any], str]]:
    """(path, body, "form"|"json"): every write a scribe or the treasurer could send, with valid bodies."""
    t, s = f"/t/{tournament_id}", sheet
    reason = {"reason": "Nachtrag"}
    return [
        (f"{t}/players", {"name": "Zacharias"}, "form"),
        (f"{t}/draw", {"pass_no": "2", "seed": ""}, "form"),
        (f"{t}/change", {"leaving": "3", "joining": "Zacharias"}, "form"),
        (f"{t}/archive", {}, "form"),
        (f"/sheet/{s}/game", {"seq": str(seq), "out": "2", "points": ["5", "", "20", "30"]}, "form"),
        (f"/sheet/{s}/absent", {"seq": str(seq), "absent": "2", "out": "1", "counts": ["", "", "20", "30"]}, "form"),
        (f"/m/{s}/act", {"seq": str(seq), "seat": "0", "notation": "out 2"}, "form"),
        (f"/m/{s}/act", {"seq": str(seq), "seat": "0", "notation": "out 2", **reason}, "form"),
        (f"/m/{s}/undo", {"seq": str(seq)}, "form"),
        (f"/m/{s}/undo", {"seq": str(seq), **reason}, "form"),
        (f"/api/matches/{s}/actions", {"seq": seq, "seat": 0, "action": "out 2"}, "json"),
        (f"/api/matches/{s}/actions", {"seq": seq, "seat": 0, "action": "out 2", **reason}, "json"),
        (f"/api/matches/{s}/undo", {"seq": seq}, "json"),
        (f"/api/matches/{s}/undo", {"seq": seq, **reason}, "json"),
    ]


def send(client: TestClient, path: str, body: dict[str, Any], kind: str, lang: str) -> Any:
    if kind == "json":
        return client.post(f"{path}?lang={lang}", json=body, headers={"accept-language": lang})
    return client.post(f"{path}?lang={lang}", data=body, follow_redirects=False)


WORDS = {"de": ("archiviert", "darfst du das nicht"), "en": ("archived", "you may not")}


@pytest.mark.parametrize("role", ROLES, ids=lambda r: r.value)
def test_every_write_on_an_archived_tournament_is_refused_in_words(store_app: FastAPI, role: Role) -> None:
    app = store_app
    tournament_id, sheet = archived_tournament(app)
    before = written(app, tournament_id, sheet)
    seq = before[0]
    with signed_in(app, role) as client:
        for lang in ("de", "en"):
            for path, body, kind in requests(tournament_id, sheet, seq):
                answer = send(client, path, body, kind, lang)
                assert 400 <= answer.status_code < 500, (role, path, answer.status_code)
                text = answer.text if kind == "form" else answer.json()["error"]["message"]
                assert any(word in text for word in WORDS[lang]), (role, lang, path, text[:300])
                assert "Traceback" not in answer.text
    assert written(app, tournament_id, sheet) == before  # nothing written


def test_a_sweep_of_all_write_routes_under_the_tournament_writes_nothing(store_app: FastAPI) -> None:
    """Any POST route under a tournament, sheet or match path, with a minimal body: never a success."""
    app = store_app
    tournament_id, sheet = archived_tournament(app)
    before = written(app, tournament_id, sheet)
    ids = {"tournament_id": tournament_id, "sheet_id": sheet, "match_id": sheet}
    seen = 0
    with signed_in(app, Role.ADMIN) as admin:
        for route in app_routes(app):
            if "POST" not in route.methods or not route.path.startswith(PREFIXES) or route.path.endswith("/restore"):
                continue
            path = re.sub(r"\{(\w+)\}", lambda m: ids.get(m.group(1), "x"), route.path)
            seen += 1
            body = {"seq": str(before[0]), "reason": "Nachtrag"}
            if path.startswith("/api/"):
                answer = admin.post(path, json={"seq": before[0], "reason": "Nachtrag"})
            else:
                answer = admin.post(path, data=body, follow_redirects=False)
            # A rematch starts a new match from this one's players: the archived sheet stays as it is.
            assert answer.status_code >= 400 or path.endswith("/rematch"), (route.path, answer.status_code)
        assert seen > 10  # e.g. /m/{id}/outcome: a sheet has no chance, its own refusal may come first
        assert written(app, tournament_id, sheet) == before
        # PT-9: restoring brings it back in use, thawed: the sheet takes an entry again.
        assert admin.post(f"/t/{tournament_id}/restore", follow_redirects=False).status_code == 303
        assert app.state.service.repository.frozen_by(sheet) is None
        answer = admin.post(f"/api/matches/{sheet}/actions", json={"seq": before[0], "seat": 0, "action": "out 2"})
        assert answer.status_code == 200, answer.text


def test_a_restored_backup_keeps_the_tournament_archived_and_frozen(store_app: FastAPI, tmp_path: Path) -> None:
    from stammtisch.store.backup import make_backup
    from stammtisch.store.backup_restore import restore
    from stammtisch.web.app import create_app

    app = store_app
    tournament_id, sheet = archived_tournament(app)
    url = str(app.state.service.repository.engine.url.render_as_string(hide_password=False))
    path = tmp_path / "club.stammtisch-backup"
    make_backup(url, path)
    target = f"sqlite:///{tmp_path / 'restored.sqlite3'}"
    restore(target, path)
    restored = create_app(database_url=target)
    with signed_in(restored, Role.ADMIN) as admin:
        seq = restored.state.service.repository.last_seq(sheet)
        answer = admin.post(f"/api/matches/{sheet}/undo?lang=en", json={"seq": seq, "reason": "Nachtrag"})
        assert answer.status_code == 422 and "archived tournament" in answer.json()["error"]["en"]
        assert restored.state.service.repository.last_seq(sheet) == seq
