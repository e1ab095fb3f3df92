"""Issue 31.4, on SQLite and PostgreSQL: ``export`` carries every record the backup carries: each table of
the backup is exported (``tables/<table>.jsonl``) or left out on purpose with its reason (secrets, read
models), and a club's tournaments, Bier-Pong evenings, seat-to-member links and reminder dates are in
the files; no password or token hash is."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from pathlib import Path

from stammtisch.club.games.bierpong.evening import Team
from stammtisch.club.members import Role
from stammtisch.club.members.service import ClubService
from stammtisch.matches.service import MatchService
from stammtisch.store import Store
from stammtisch.store.backup import data_tables
from stammtisch.store.export import LEFT_OUT, LEFT_OUT_COLUMNS, export_tables
from stammtisch.store.games.bierpong import SqlEveningRepository
from stammtisch.store.members import SqlClub
from stammtisch.store.reminders import SqlReminders
from stammtisch.store.tournament_sheets import tournament_service

NOW = datetime(2026, 5, 8, 18, tzinfo=UTC)


def lines(out: Path, table: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in (out / f"{table}.jsonl").read_text(encoding="utf-8").splitlines()]


def test_the_export_carries_what_the_backup_carries(store: Store, tmp_path: Path) -> None:
    club = ClubService(SqlClub(store.engine), clock=lambda: NOW)
    club.init_club("Testverein", "Anna Admin", "test-passwort-1")
    anna = club.find("Anna Admin").member_id
    club.add_user("Ben Bank", Role.TREASURER, "test-passwort-2")
    club.invite(anna)
    club.create_token(anna, "Skript")
    reminders = SqlReminders(store.engine)
    reminders.set_birthday(anna, date(1970, 3, 4))
    reminders.add_club_date("Vereinsgründung", 6, 1, 1980)
    service = MatchService(store.repository, clock=lambda: NOW)
    evening = service.create("kluempchen", ["Anna Admin", "Ben Bank", "Carl", "Dora"], {"mode": "digital"})
    club.link_seats(evening.match_id, list(evening.players))
    tournaments = tournament_service(service)
    record = tournaments.create("Herbstturnier")
    tournaments.register_many(record.tournament_id, [f"Spielerin {i}" for i in range(8)])
    tournaments.draw(record.tournament_id, 1, "s")
    SqlEveningRepository(store.engine).create("Bier-Pong", "knockout", (Team(1, ("A", "B")), Team(2, ("C", "D"))), 1)

    out = tmp_path / "tables"
    written = export_tables(store.engine, out)
    with store.engine.connect() as connection:
        tables = {table.name for table in data_tables(connection)}
    assert {name.removesuffix(".jsonl") for name in written} == tables - set(LEFT_OUT)
    assert set(LEFT_OUT) <= tables | {"match_state_snapshots", "match_summaries", "read_model_versions"}
    assert all(reason.strip() for reason in LEFT_OUT.values())

    assert [t["title"] for t in lines(out, "tournaments")] == ["Herbstturnier"]
    assert len(lines(out, "tournament_players")) == 8 and len(lines(out, "tournament_draws")) == 1
    assert [e["title"] for e in lines(out, "bierpong_evenings")] == ["Bier-Pong"]
    seats = lines(out, "match_seats")
    assert {(s["match_id"], s["seat"]) for s in seats} >= {(evening.match_id, 0), (evening.match_id, 1)}
    assert lines(out, "member_dates")[0]["birthday"] == "1970-03-04"
    assert lines(out, "club_dates")[0]["label"] == "Vereinsgründung"
    accounts = lines(out, "accounts")
    assert accounts and all(set(LEFT_OUT_COLUMNS["accounts"]).isdisjoint(a) for a in accounts)
    everything = "".join(path.read_text(encoding="utf-8") for path in out.iterdir())
    assert "argon2" not in everything and "token_hash" not in everything
