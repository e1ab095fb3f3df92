"""A server key taken from an environment variable, else made once into a file of the data directory.

The session cookies' key (``web.auth.secret``) and the backups' signing key (``store.backup_key``) are
kept this way: a random key written once (mode 0600) survives restarts and is shared by the workers of
one machine; several hosts, or a move to another machine, set the variable (docs/deploy.md,
docs/backup.md)."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path

from stammtisch.store.config import data_dir

MIN_LENGTH = 32


def configured_key(variable: str, file_name: str, env: Mapping[str, str] | None = None) -> str:
    """The key in ``variable`` (at least ``MIN_LENGTH`` characters), else the one in ``<data dir>/file_name``."""
    env = os.environ if env is None else env
    given = env.get(variable, "").strip()
    if given:
        if len(given) < MIN_LENGTH:
            raise ValueError(
                f"{variable} ist zu kurz: mindestens {MIN_LENGTH} Zeichen (z. B. 'openssl rand -hex 32'). / "
                f"{variable} is too short: at least {MIN_LENGTH} characters (e.g. 'openssl rand -hex 32')."
            )
        return given
    return file_key(data_dir(env) / file_name)


def file_key(path: Path) -> str:
    """The key kept in ``path``, made (random, mode 0600) if the file does not exist yet."""
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    try:  # O_EXCL: of two processes starting at once, one writes, the other reads its key
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text().strip()
    key = secrets.token_hex(32)
    with os.fdopen(descriptor, "w") as file:
        file.write(key)
    return key
