"""The key that signs backups (issue 31.5, BU-9): ``STAMMTISCH_BACKUP_KEY``, else a random key made once
into ``<data dir>/backup_key`` (mode 0600) and kept there.

A backup's checksum shows that its bytes came through whole; anybody can recompute it after changing a
ledger amount or a role. The signature (HMAC-SHA256 over the checksum and the row count, with this key,
which never leaves the server) shows that this server wrote the file: an edited backup is refused in
words. Restoring on another machine needs the same key there (copy the file or set the variable:
docs/backup.md)."""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from collections.abc import Mapping
from pathlib import Path

from stammtisch.store.config import data_dir

KEY_VARIABLE = "STAMMTISCH_BACKUP_KEY"
KEY_FILE = "backup_key"
MIN_LENGTH = 32


def backup_key(env: Mapping[str, str] | None = None) -> bytes:
    """The server's backup key (made on first use)."""
    env = os.environ if env is None else env
    given = env.get(KEY_VARIABLE, "").strip()
    if given:
        if len(given) < MIN_LENGTH:
            raise ValueError(
                f"{KEY_VARIABLE} ist zu kurz: mindestens {MIN_LENGTH} Zeichen (z. B. 'openssl rand -hex 32'). / "
                f"{KEY_VARIABLE} is too short: at least {MIN_LENGTH} characters (e.g. 'openssl rand -hex 32')."
            )
        return given.encode("utf-8")
    return _file_key(data_dir(env) / KEY_FILE).encode("utf-8")


def _file_key(path: Path) -> str:
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    try:  # O_EXCL: of two commands starting at once, one writes, the other reads its key
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text().strip()
    key = secrets.token_hex(32)
    with os.fdopen(descriptor, "w") as file:
        file.write(key)
    return key


def signature(key: bytes, sha256: str, rows: int) -> str:
    """The backup's signature: HMAC-SHA256 over its checksum and row count."""
    return hmac.new(key, f"{sha256}:{rows}".encode("ascii"), hashlib.sha256).hexdigest()


def signed_by(key: bytes, sha256: str, rows: int, given: object) -> bool:
    return isinstance(given, str) and hmac.compare_digest(signature(key, sha256, rows), given)
