"""The key that signs session cookies: ``STAMMTISCH_SECRET_KEY``, else a random key generated once into
``<data dir>/secret_key`` (mode 0600) and kept there, so sessions survive restarts and several workers
on one machine share it. Several hosts need the variable (docs/deploy.md)."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path

from stammtisch.store.key_files import configured_key, file_key

SECRET_VARIABLE = "STAMMTISCH_SECRET_KEY"
SECRET_FILE = "secret_key"


def secret_key(env: Mapping[str, str] | None = None) -> str:
    return configured_key(SECRET_VARIABLE, SECRET_FILE, env)


def key_for_database(url: str | None, env: Mapping[str, str] | None = None) -> str:
    """The session key of an app on the database at ``url``: the variable, else the key file beside a
    SQLite database file, else in the data directory; no database or an in-memory one: a random key
    for this process only."""
    env = os.environ if env is None else env
    if env.get(SECRET_VARIABLE, "").strip():
        return secret_key(env)
    if url is None:
        return secrets.token_hex(32)
    from sqlalchemy import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if not parsed.database or parsed.database == ":memory:" or parsed.database.startswith("file:"):
            return secrets.token_hex(32)
        return file_key(Path(parsed.database).resolve().parent / SECRET_FILE)
    return secret_key(env)
