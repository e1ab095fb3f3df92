"""The key that signs session cookies: ``STAMMTISCH_SECRET_KEY``, else a random key generated once into
``<data dir>/secret_key`` (mode 0600) and kept there, so sessions survive restarts and several workers
on one machine share it. Several hosts need the variable (docs/deploy.md)."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path

from stammtisch.store.config import data_dir

SECRET_VARIABLE = "STAMMTISCH_SECRET_KEY"
SECRET_FILE = "secret_key"
MIN_LENGTH = 32


def secret_key(env: Mapping[str, str] | None = None) -> str:
    env = os.environ if env is None else env
    given = env.get(SECRET_VARIABLE, "").strip()
    if given:
        if len(given) < MIN_LENGTH:
            raise ValueError(
                f"{SECRET_VARIABLE} ist zu kurz: mindestens {MIN_LENGTH} Zeichen (z. B. 'openssl rand -hex 32'). / "
                f"{SECRET_VARIABLE} is too short: at least {MIN_LENGTH} characters (e.g. 'openssl rand -hex 32')."
            )
        return given
    return _file_key(data_dir(env) / SECRET_FILE)


def _file_key(path: Path) -> str:
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_hex(32)
    try:  # O_EXCL: of two workers starting at once, one writes, the other reads its key
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text().strip()
    with os.fdopen(descriptor, "w") as file:
        file.write(key)
    return key


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
        return _file_key(Path(parsed.database).resolve().parent / SECRET_FILE)
    return secret_key(env)
