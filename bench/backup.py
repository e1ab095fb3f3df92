"""Backup of a club's decade (issue 13.6, speed): ``stammtisch backup`` of a database with 10 years of
weekly evenings (about 500 Klümpchen evenings, 20 members; ``bench.season.build_decade``) under 10 s.

Measured: the backup of that SQLite database (online backup API, then the JSON-lines file), best of
``RUNS`` by CPU time (``time.process_time``: the machine is shared, so wall time is reported beside it,
with the load average); the file's size and rows; one restore into a fresh SQLite file (which replays
every match with full rule checks). With ``--postgres URL`` also: the restore into a fresh PostgreSQL
schema and the backup from there (``REPEATABLE READ``), best of ``RUNS``.

The club: ``bench.season.build_decade`` plays every evening by bots through the match service (about
8 minutes for ten years at load 13 on this 2-core machine). ``--built-years N`` builds only N years and
**repeats them, 364 days apart**, up to ``--years`` (``repeat_seasons``: the same logs under new match ids,
Fridays kept, the bank's evenings and bookings copied): the same number of rows in a minute or two.

With ``--pg-database URL`` only the backup of that (already filled) PostgreSQL database is measured, best of
``RUNS``: no decade is built and nothing restored (a restore of the decade takes minutes of wall time).

``python -m bench.backup [--database URL] [--years N] [--built-years N] [--postgres URL] [--runs N]``;
``python -m bench.backup --pg-database URL [--runs N]``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import create_engine, insert, make_url, select, text

from stammtisch.store.backup import make_backup
from stammtisch.store.backup_restore import restore

RUNS = 5
TARGET_SECONDS = 10.0
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Measured:
    label: str
    cpu_best_s: float
    wall_best_s: float
    runs: int


def load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def measure(label: str, runs: int, step: Callable[[], T]) -> tuple[Measured, T]:
    """Best of ``runs``: CPU seconds of this process and wall seconds (each its own best)."""
    cpu, wall = [], []
    result: Any = None
    for _ in range(runs):
        cpu0, wall0 = time.process_time(), time.perf_counter()
        result = step()
        cpu.append(time.process_time() - cpu0)
        wall.append(time.perf_counter() - wall0)
    return Measured(label, min(cpu), min(wall), runs), result


def _counts(url: str) -> dict[str, int]:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return {
                name: int(connection.execute(text(f"SELECT count(*) FROM {name}")).scalar_one())
                for name in ("members", "matches", "match_events", "ledger_bookings")
            }
    finally:
        engine.dispose()


def _fresh_schema(base: str) -> tuple[str, Callable[[], None]]:
    """A URL whose connections live in a new PostgreSQL schema, and how to drop it."""
    schema = f"bench_backup_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base)
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(False)

    def drop() -> None:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()

    return url, drop


def _shifted(row: Any, shift: timedelta, columns: tuple[str, ...]) -> dict[str, Any]:
    values = dict(row._mapping)
    for name in columns:
        if values.get(name) is not None:
            values[name] = values[name] + shift
    return values


def repeat_seasons(database: str, copies: int) -> None:
    """Copy every match (with its events and seats) and the bank's evenings and bookings ``copies`` times,
    each copy 364 days (52 weeks: Fridays stay Fridays) later under new match ids. Logs are copied as they
    are, so every copy replays like its original."""
    from stammtisch.store import open_store
    from stammtisch.store.ledger_tables import ledger_bookings, ledger_evenings
    from stammtisch.store.tables import match_events, match_seats, matches

    store = open_store(database)
    try:
        with store.engine.begin() as connection:
            originals = list(connection.execute(select(matches)))
            events = list(
                connection.execute(select(match_events).order_by(match_events.c.match_id, match_events.c.seq))
            )
            seats = list(connection.execute(select(match_seats)))
            evenings = list(connection.execute(select(ledger_evenings)))
            bookings = list(connection.execute(select(ledger_bookings).order_by(ledger_bookings.c.booking_id)))
            for copy in range(1, copies + 1):
                shift = timedelta(days=364 * copy)
                new_id = {row.match_id: f"{row.match_id[:48]}-{copy}" for row in originals}
                connection.execute(
                    insert(matches),
                    [{**_shifted(r, shift, ("created_at",)), "match_id": new_id[r.match_id]} for r in originals],
                )
                for start in range(0, len(events), 5000):
                    connection.execute(
                        insert(match_events),
                        [
                            {**_shifted(r, shift, ("at",)), "match_id": new_id[r.match_id]}
                            for r in events[start : start + 5000]
                        ],
                    )
                if seats:
                    connection.execute(
                        insert(match_seats), [{**dict(r._mapping), "match_id": new_id[r.match_id]} for r in seats]
                    )
                if evenings:
                    connection.execute(
                        insert(ledger_evenings),
                        [
                            {**_shifted(r, shift, ("day", "booked_at")), "match_id": new_id[r.match_id]}
                            for r in evenings
                        ],
                    )
                booking_id: dict[int, int] = {}
                for r in bookings:
                    values = _shifted(r, shift, ("day", "booked_at"))
                    values.pop("booking_id")
                    values["evening"] = new_id.get(r.evening, r.evening) if r.evening else r.evening
                    values["reverses"] = booking_id.get(r.reverses) if r.reverses is not None else None
                    key = connection.execute(insert(ledger_bookings).values(**values)).inserted_primary_key
                    assert key is not None
                    booking_id[r.booking_id] = int(key[0])
    finally:
        store.close()


def build_club(database: str, years: int, built_years: int) -> None:
    """The decade: ``built_years`` played by bots (``bench.season.build_decade``), repeated up to ``years``."""
    from bench.season import build_decade

    decade = build_decade(database, years=built_years, progress=True)
    print(f"built {len(decade.evenings)} evenings in {decade.seconds:.0f} s", file=sys.stderr)
    if years > built_years:
        repeat_seasons(database, years // built_years - 1)


def bench(database: str, scratch: Path, runs: int, postgres: str | None) -> list[str]:
    lines = [f"database: {database}", f"rows: {_counts(database)}"]
    file = scratch / "decade.backup"
    backed, summary = measure("backup sqlite", runs, lambda: make_backup(database, file))
    size = file.stat().st_size
    verdict = "met" if backed.cpu_best_s < TARGET_SECONDS else "MISSED"
    lines.append(
        f"backup (SQLite, online backup API + file): best CPU {backed.cpu_best_s:.2f} s, best wall "
        f"{backed.wall_best_s:.2f} s of {runs} (load {load()}); {summary.rows} rows in {summary.tables} tables, "
        f"{size / 1e6:.1f} MB; target under {TARGET_SECONDS:.0f} s: {verdict}"
    )
    target = f"sqlite:///{scratch / 'restored.sqlite3'}"
    restored, done = measure("restore sqlite", 1, lambda: restore(target, file))
    lines.append(
        f"restore into SQLite (replays {done.matches} matches with rule checks): CPU {restored.cpu_best_s:.2f} s, "
        f"wall {restored.wall_best_s:.2f} s (load {load()})"
    )
    if postgres:
        url, drop = _fresh_schema(postgres)
        try:
            into_pg, _ = measure("restore postgres", 1, lambda: restore(url, file))
            lines.append(
                f"restore into PostgreSQL: CPU {into_pg.cpu_best_s:.2f} s, wall {into_pg.wall_best_s:.2f} s "
                f"(load {load()})"
            )
            pg_file = scratch / "decade-pg.backup"
            from_pg, pg_summary = measure("backup postgres", runs, lambda: make_backup(url, pg_file))
            lines.append(
                f"backup (PostgreSQL, REPEATABLE READ): best CPU {from_pg.cpu_best_s:.2f} s, best wall "
                f"{from_pg.wall_best_s:.2f} s of {runs} (load {load()}); {pg_summary.rows} rows"
            )
        finally:
            drop()
    return lines


def bench_postgres(url: str, scratch: Path, runs: int) -> list[str]:
    """The backup of an existing PostgreSQL club (``REPEATABLE READ``, lines built by the server)."""
    lines = [f"database: {make_url(url).render_as_string()}", f"rows: {_counts(url)}"]
    file = scratch / "club-pg.backup"
    backed, summary = measure("backup postgres", runs, lambda: make_backup(url, file))
    verdict = "met" if backed.cpu_best_s < TARGET_SECONDS and backed.wall_best_s < TARGET_SECONDS else "MISSED"
    lines.append(
        f"backup (PostgreSQL, REPEATABLE READ, server-built lines): best CPU {backed.cpu_best_s:.2f} s, best wall "
        f"{backed.wall_best_s:.2f} s of {runs} (load {load()}); {summary.rows} rows in {summary.tables} tables, "
        f"{file.stat().st_size / 1e6:.1f} MB; target under {TARGET_SECONDS:.0f} s: {verdict}"
    )
    return lines


def run(quick: bool = False) -> list[tuple[str, float, str]]:
    """For ``python -m bench``: a one-year club when quick (the decade takes minutes to build)."""
    with tempfile.TemporaryDirectory(prefix="bench-backup-") as directory:
        scratch = Path(directory)
        database = f"sqlite:///{scratch / 'decade.sqlite3'}"
        build_club(database, 1 if quick else 10, 1)
        file = scratch / "club.backup"
        backed, _ = measure("backup", 3, lambda: make_backup(database, file))
    years = 1 if quick else 10
    return [(f"backup of a {years}-year club, CPU best of 3", backed.cpu_best_s * 1000, "ms")]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--database", help="an existing club database (default: build the decade first)")
    parser.add_argument("--save", type=Path, help="build the decade into this SQLite file and keep it")
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument("--built-years", type=int, default=10, help="years played by bots; the rest repeats them")
    parser.add_argument("--postgres", help="a PostgreSQL URL for the cross-backend figures")
    parser.add_argument("--pg-database", help="only the backup of this filled PostgreSQL database")
    parser.add_argument("--runs", type=int, default=RUNS)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-backup-") as directory:
        scratch = Path(directory)
        if args.pg_database:
            for line in bench_postgres(args.pg_database, scratch, args.runs):
                print(line, flush=True)
            return 0
        database = args.database
        if database is None:
            database = f"sqlite:///{(args.save or scratch / 'decade.sqlite3').resolve()}"
            build_club(database, args.years, args.built_years)
        for line in bench(database, scratch, args.runs, args.postgres):
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
