"""``stammtisch serve``: prepare the database, then run the web app under uvicorn.

The data directory comes from ``STAMMTISCH_DATA_DIR`` (default: the per-user data directory), the
database from ``STAMMTISCH_DATABASE_URL`` when set (default: SQLite in the data directory); see
``store.config``. Preparing means opening the store, which creates and checks the data directory
and applies the migrations. Anything that goes wrong there is the user's environment, not a bug,
so it ends in one bilingual paragraph and exit code 2 instead of a traceback.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Annotated

import typer

from stammtisch.cli.console import USAGE_ERROR, fail, stdout
from stammtisch.core.text import Text

# The store (SQLAlchemy, Alembic) is imported inside the functions: the CLI starts without it.

#: The web app is built by uvicorn from this import string: ``web`` is a sibling layer of ``cli``
#: (import contract), so the CLI does not import it; ``create_app`` reads the same environment.
APP_FACTORY = "stammtisch.web.app:create_app"


class PreparationError(Exception):
    """The data directory or the database cannot be used; ``message`` says why in both languages."""

    def __init__(self, message: Text) -> None:
        super().__init__(f"{message.de}\n{message.en}")
        self.message = message


def prepare(env: Mapping[str, str]) -> str:
    """Everything ``serve`` does before starting the server: find the database, create and check the
    data directory, apply migrations. Returns the database URL; raises ``PreparationError``."""
    from stammtisch.store.config import database_url
    from stammtisch.store.database import open_store
    from stammtisch.store.errors import StoreError

    url = database_url(env)
    try:
        store = open_store(url)
    except StoreError as error:
        raise PreparationError(error.message) from error
    except Exception as error:  # any other driver or migration failure: still the user's database
        raise PreparationError(_unusable(url, error)) from error
    store.close()
    return store.url


def serve(
    host: Annotated[str, typer.Option("--host", help="Interface to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port to listen on.")] = 8000,
) -> None:
    """Apply database migrations and serve the web app."""
    from stammtisch.store.config import DATABASE_URL_VARIABLE

    try:
        url = prepare(os.environ)
    except PreparationError as error:
        fail(error.message, USAGE_ERROR)
    import uvicorn

    os.environ[DATABASE_URL_VARIABLE] = url
    stdout().print(f"Stammtisch: http://{host}:{port}  ({redact(url)})")
    uvicorn.run(APP_FACTORY, factory=True, host=host, port=port, timeout_graceful_shutdown=2)


def _unusable(url: str, error: Exception) -> Text:
    from stammtisch.store.config import DATABASE_URL_VARIABLE

    lines = str(error).strip().splitlines()
    why = lines[0] if lines else type(error).__name__
    return Text(
        f"Die Datenbank {redact(url)} lässt sich nicht öffnen oder einrichten ({why}). Ist die Datei beschädigt "
        f"oder der Server nicht erreichbar? Stelle eine Sicherung wieder her oder setze {DATABASE_URL_VARIABLE} "
        "auf eine andere Datenbank.",
        f"The database {redact(url)} cannot be opened or set up ({why}). Is the file damaged or the server "
        f"unreachable? Restore a backup or set {DATABASE_URL_VARIABLE} to another database.",
    )


def redact(url: str) -> str:
    """The URL without its password, fit to print."""
    scheme, sep, rest = url.partition("://")
    if sep and "@" in rest:
        credentials, _, host = rest.rpartition("@")
        user, has_password, _ = credentials.partition(":")
        return f"{scheme}://{user}:***@{host}" if has_password else url
    return url
