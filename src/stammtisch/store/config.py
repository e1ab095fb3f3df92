"""Where the database is: ``STAMMTISCH_DATABASE_URL`` if set, else a SQLite file in the data directory
(``STAMMTISCH_DATA_DIR``, default: the platform's user data directory for "stammtisch")."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import platformdirs

DATABASE_URL_VARIABLE = "STAMMTISCH_DATABASE_URL"
DATA_DIR_VARIABLE = "STAMMTISCH_DATA_DIR"
DATABASE_FILE = "stammtisch.sqlite3"


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
