"""``stammtisch serve``: prepare the database, then run the web app under uvicorn.

The data directory comes from ``STAMMTISCH_DATA_DIR`` (default: the per-user data directory), the
database from ``STAMMTISCH_DATABASE_URL`` when set (default: SQLite in the data directory).
Preparing means creating the data directory if needed and applying migrations; anything that goes
wrong there is the user's environment, not a bug, so it ends in one bilingual paragraph and exit
code 2 instead of a traceback.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import platformdirs
import typer

from stammtisch.cli.console import USAGE_ERROR, fail, stdout
from stammtisch.core.text import Text

DATA_DIR_ENV = "STAMMTISCH_DATA_DIR"
DATABASE_URL_ENV = "STAMMTISCH_DATABASE_URL"


class PreparationError(Exception):
    """The data directory or the database cannot be used; ``message`` says why in both languages."""

    def __init__(self, message: Text) -> None:
        super().__init__(message.en)
        self.message = message


@dataclass(frozen=True, slots=True)
class Prepared:
    data_dir: Path
    database_url: str


def data_dir(env: Mapping[str, str]) -> Path:
    """``STAMMTISCH_DATA_DIR`` or the per-user data directory."""
    given = env.get(DATA_DIR_ENV, "").strip()
    return Path(given).expanduser() if given else Path(platformdirs.user_data_dir("stammtisch"))


def ensure_data_dir(path: Path) -> Path:
    """Create ``path`` if needed and check that it is a writable directory."""
    where = Text(
        f"Das Datenverzeichnis {path} ist nicht nutzbar",
        f"The data directory {path} cannot be used",
    )
    hint = Text(
        f"Lege es an oder setze {DATA_DIR_ENV} auf ein beschreibbares Verzeichnis.",
        f"Create it or set {DATA_DIR_ENV} to a writable directory.",
    )
    if path.exists() and not path.is_dir():
        raise PreparationError(_join(where, Text("es ist eine Datei, kein Verzeichnis", "it is a file"), hint))
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        reason = error.strerror or str(error)
        raise PreparationError(_join(where, Text(reason, reason), hint)) from error
    if not os.access(path, os.W_OK | os.X_OK):
        raise PreparationError(_join(where, Text("keine Schreibrechte", "it is not writable"), hint))
    return path


def prepare(env: Mapping[str, str]) -> Prepared:
    """Everything ``serve`` does before starting the server: data directory, database URL, migrations."""
    # Imported here so that `stammtisch --version`, `rules` and `play` start without loading SQLAlchemy.
    from stammtisch.store.config import database_url
    from stammtisch.store.database import open_store
    from stammtisch.store.errors import StoreError

    directory = data_dir(env)
    explicit = env.get(DATABASE_URL_ENV, "").strip()
    if not explicit or explicit.startswith("sqlite"):
        ensure_data_dir(directory)
    settings = {**env, DATA_DIR_ENV: str(directory)}
    url = explicit or database_url(settings)
    try:
        store = open_store(url)
    except StoreError as error:
        raise PreparationError(_store_message(url, error)) from error
    except Exception as error:  # noqa: BLE001 - any driver error here means an unusable database
        raise PreparationError(_store_message(url, error)) from error
    dispose = getattr(store, "dispose", None) or getattr(store, "close", None)
    if callable(dispose):
        dispose()
    return Prepared(directory, url)


def serve(
    host: Annotated[str, typer.Option("--host", help="Interface to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port to listen on.")] = 8000,
) -> None:
    """Apply database migrations and serve the web app."""
    try:
        prepared = prepare(os.environ)
    except PreparationError as error:
        fail(error.message, USAGE_ERROR)
    import uvicorn

    # The web layer is a sibling of the CLI (import contract), so uvicorn builds the app from its
    # import string; create_app reads the prepared database URL from the environment.
    os.environ[DATA_DIR_ENV] = str(prepared.data_dir)
    os.environ[DATABASE_URL_ENV] = prepared.database_url
    stdout().print(f"Stammtisch: http://{host}:{port}  ({_redact(prepared.database_url)})")
    uvicorn.run("stammtisch.web.app:create_app", factory=True, host=host, port=port)


def _join(where: Text, why: Text, hint: Text) -> Text:
    return Text(f"{where.de}: {why.de}. {hint.de}", f"{where.en}: {why.en}. {hint.en}")


def _store_message(url: str, error: Exception) -> Text:
    detail = getattr(error, "message", None)
    if isinstance(detail, Text):
        why = detail
    else:
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        why = Text(first, first)
    return Text(
        f"Die Datenbank {_redact(url)} lässt sich nicht öffnen: {why.de}. Ist die Datei beschädigt oder der Server "
        f"nicht erreichbar? Stelle eine Sicherung wieder her oder setze {DATABASE_URL_ENV} auf eine andere Datenbank.",
        f"The database {_redact(url)} cannot be opened: {why.en}. Is the file damaged or the server unreachable? "
        f"Restore a backup or set {DATABASE_URL_ENV} to another database.",
    )


def _redact(url: str) -> str:
    """The URL without a password, fit to print."""
    scheme, sep, rest = url.partition("://")
    if sep and "@" in rest:
        credentials, _, host = rest.rpartition("@")
        user = credentials.split(":", 1)[0]
        return f"{scheme}://{user}:***@{host}" if ":" in credentials else url
    return url
