"""``stammtisch backup FILE`` and ``stammtisch restore FILE [--replace]`` (issue 13.6; docs/backup.md).

Both work on the configured database (``STAMMTISCH_DATABASE_URL`` or the data directory) while the
server runs. Refusals print German then English and write nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from stammtisch.cli.console import fail, stdout
from stammtisch.core.text import Text


def say(message: Text) -> None:
    """German, then English, each on one line (never wrapped: scripts read these)."""
    console = stdout()
    console.print(message.de, markup=False, soft_wrap=True)
    console.print(message.en, markup=False, soft_wrap=True)


def backup(file: Annotated[Path, typer.Argument(help="the backup file to write")]) -> None:
    """Write a consistent snapshot of the whole database into FILE (the server may keep running)."""
    from stammtisch.cli.progress import bar, wanted
    from stammtisch.core.errors import RuleViolation
    from stammtisch.store.backup import make_backup
    from stammtisch.store.config import database_url
    from stammtisch.store.errors import StoreError

    try:
        with bar("Sichern / backing up", None, "Tabellen / tables", shown=wanted()) as shown:
            summary = make_backup(database_url(), file, progress=shown.update)
    except (RuleViolation, StoreError) as error:
        fail(error.message)
    except OSError as error:
        fail(Text(f"{file} lässt sich nicht schreiben: {error.strerror}", f"Cannot write {file}: {error.strerror}"))
    say(
        Text(
            f"{summary.path}: {summary.rows} Zeilen aus {summary.tables} Tabellen gesichert "
            f"(Datenbankstand {summary.revision}, {summary.source}).",
            f"{summary.path}: {summary.rows} rows from {summary.tables} tables backed up "
            f"(schema {summary.revision}, {summary.source}).",
        )
    )


def restore(
    file: Annotated[Path, typer.Argument(help="a file written by `stammtisch backup`")],
    replace: Annotated[
        bool, typer.Option("--replace", "--force", help="replace everything in a database that is not empty")
    ] = False,
    trust_unsigned: Annotated[
        bool,
        typer.Option(
            "--trust-unsigned",
            help="restore a whole backup this server did not sign (its key lost with the old machine, or made "
            "before backups were signed): only a file you know is yours (docs/backup.md, BU-10)",
        ),
    ] = False,
) -> None:
    """Restore FILE into the database: every match is replayed first; all or nothing."""
    from stammtisch.cli.progress import bar, wanted
    from stammtisch.core.errors import RuleViolation
    from stammtisch.store.backup_restore import restore as run_restore
    from stammtisch.store.config import database_url
    from stammtisch.store.errors import StoreError

    try:
        with bar("Wiederherstellen / restoring", None, "Schritte / steps", shown=wanted()) as shown:
            summary = run_restore(
                database_url(), file, replace=replace, progress=shown.update, trust_unsigned=trust_unsigned
            )
    except (RuleViolation, StoreError) as error:
        fail(error.message)
    replaced = Text(
        f" {summary.replaced} alte Zeilen wurden ersetzt." if summary.replaced else "",
        f" {summary.replaced} old rows were replaced." if summary.replaced else "",
    )
    say(
        Text(
            f"Wiederhergestellt: {summary.rows} Zeilen, {summary.matches} Partien nachgespielt "
            f"(Datenbankstand {summary.revision}).{replaced.de}",
            f"Restored: {summary.rows} rows, {summary.matches} matches replayed "
            f"(schema {summary.revision}).{replaced.en}",
        )
    )
