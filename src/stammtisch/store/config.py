"""Where the database is: ``STAMMTISCH_DATABASE_URL`` if set, else a SQLite file in the data directory
(``STAMMTISCH_DATA_DIR``, default: the platform's user data directory for "stammtisch"); and how long a
SQLite writer waits for another one (``STAMMTISCH_BUSY_TIMEOUT_MS``, default 5000)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import platformdirs

DATABASE_URL_VARIABLE = "STAMMTISCH_DATABASE_URL"
DATA_DIR_VARIABLE = "STAMMTISCH_DATA_DIR"
DATABASE_FILE = "stammtisch.sqlite3"
BUSY_TIMEOUT_VARIABLE = "STAMMTISCH_BUSY_TIMEOUT_MS"
#: A few seconds: long enough for a queue of ordinary writes, short enough that a page blocked by a
#: lock someone else holds answers "busy, try again" (503) instead of hanging.
DEFAULT_BUSY_TIMEOUT_MS = 5_000


def data_dir(env: Mapping[str, str] | None = None) -> Path:
    """The data directory (not created here: ``store.database.open_store`` creates and checks it)."""
    env = os.environ if env is None else env
    given = env.get(DATA_DIR_VARIABLE, "").strip()
    return Path(given).expanduser() if given else Path(platformdirs.user_data_dir("stammtisch"))


def normalize_url(url: str) -> str:
    """Plain ``postgresql://`` / ``postgres://`` URLs use psycopg 3, the driver we ship."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def database_url(env: Mapping[str, str] | None = None) -> str:
    """The SQLAlchemy URL of the database to use."""
    env = os.environ if env is None else env
    given = env.get(DATABASE_URL_VARIABLE, "").strip()
    if given:
        return normalize_url(given)
    return f"sqlite:///{data_dir(env).resolve() / DATABASE_FILE}"


def busy_timeout_ms(env: Mapping[str, str] | None = None) -> int:
    """How long (milliseconds) a SQLite writer waits for the write lock before the database counts as busy."""
    env = os.environ if env is None else env
    given = env.get(BUSY_TIMEOUT_VARIABLE, "").strip()
    if not given:
        return DEFAULT_BUSY_TIMEOUT_MS
    if not given.isdigit():
        raise ValueError(
            f"{BUSY_TIMEOUT_VARIABLE} muss eine ganze Zahl (Millisekunden) sein, nicht {given!r}. / "
            f"{BUSY_TIMEOUT_VARIABLE} must be a whole number of milliseconds, not {given!r}."
        )
    return int(given)
