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
from collections.abc import Mapping

from stammtisch.store.key_files import configured_key

KEY_VARIABLE = "STAMMTISCH_BACKUP_KEY"
KEY_FILE = "backup_key"


def backup_key(env: Mapping[str, str] | None = None) -> bytes:
    """The server's backup key (made on first use)."""
    return configured_key(KEY_VARIABLE, KEY_FILE, env).encode("utf-8")


def signature(key: bytes, sha256: str, rows: int) -> str:
    """The backup's signature: HMAC-SHA256 over its checksum and row count."""
    return hmac.new(key, f"{sha256}:{rows}".encode("ascii"), hashlib.sha256).hexdigest()


def signed_by(key: bytes, sha256: str, rows: int, given: object) -> bool:
    return isinstance(given, str) and hmac.compare_digest(signature(key, sha256, rows), given)
