"""Backup of a club's decade (issue 13.6, speed): ``stammtisch backup`` of a database with 10 years of
weekly evenings (about 500 Klümpchen evenings, 20 members; ``bench.season.build_decade``) under 10 s.

Measured: the backup of that SQLite database (online backup API, then the JSON-lines file), best of
``RUNS`` by CPU time (``time.process_time``: the machine is shared, so wall time is reported beside it,
with the load average); the file's size and rows; one restore into a fresh SQLite file (which replays
every match with full rule checks). With ``--postgres URL`` also: the restore into a fresh PostgreSQL
schema and the backup from there (``REPEATABLE READ``), best of ``RUNS``.

``python -m bench.backup [--database URL] [--years N] [--postgres URL] [--runs N]``. Without
``--database`` the decade is built first (minutes: every evening is played by bots through the service).
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
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import create_engine, make_url, text

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


def run(quick: bool = False) -> list[tuple[str, float, str]]:
    """For ``python -m bench``: a one-year club when quick (the decade takes minutes to build)."""
    from bench.season import build_decade

    with tempfile.TemporaryDirectory(prefix="bench-backup-") as directory:
        scratch = Path(directory)
        database = f"sqlite:///{scratch / 'decade.sqlite3'}"
        build_decade(database, years=1 if quick else 10)
        file = scratch / "club.backup"
        backed, _ = measure("backup", 3, lambda: make_backup(database, file))
    years = 1 if quick else 10
    return [(f"backup of a {years}-year club, CPU best of 3", backed.cpu_best_s * 1000, "ms")]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--database", help="an existing club database (default: build the decade first)")
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument("--postgres", help="a PostgreSQL URL for the cross-backend figures")
    parser.add_argument("--runs", type=int, default=RUNS)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-backup-") as directory:
        scratch = Path(directory)
        database = args.database
        if database is None:
            from bench.season import build_decade

            database = f"sqlite:///{scratch / 'decade.sqlite3'}"
            decade = build_decade(database, years=args.years, progress=True)
            print(f"built {len(decade.evenings)} evenings in {decade.seconds:.0f} s", file=sys.stderr)
        for line in bench(database, scratch, args.runs, args.postgres):
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
