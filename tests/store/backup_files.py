"""Helpers for the backup tests: export a database through the CLI, compare export directories, and
rewrite a backup file (a changed row, a different header) with a checksum that fits again."""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from stammtisch.cli.app import app
from stammtisch.store.backup_key import backup_key, signature


def export(url: str, out: Path) -> dict[str, bytes]:
    """``stammtisch export`` (JSON and CSV) of the database at ``url``: file name -> bytes."""
    env = {"STAMMTISCH_DATABASE_URL": url}
    for form in ("json", "csv"):
        result = CliRunner().invoke(app, ["export", "--format", form, "--out", str(out)], env=env)
        assert result.exit_code == 0, result.output
    return {str(path.relative_to(out)): path.read_bytes() for path in sorted(out.rglob("*")) if path.is_file()}


def rewrite(
    source: Path,
    target: Path,
    row: Callable[[dict[str, Any], list[Any]], list[Any]] = lambda header, line: line,
    header: Callable[[dict[str, Any]], dict[str, Any]] = lambda data: data,
    sign: bool = True,
) -> None:
    """A copy of a backup with its header and rows changed, and a fresh (matching) checksum: a file
    that passes the checksum but says something else. ``sign``: signed with this server's backup key
    too (as if the server had written it: the other clauses' checks); without, an edited file (BU-9)."""
    lines = gzip.decompress(source.read_bytes()).decode("utf-8").splitlines()
    head = header(json.loads(lines[0]))
    body = [json.dumps(head)] + [json.dumps(row(head, json.loads(line))) for line in lines[1:-1]]
    text = "".join(line + "\n" for line in body)
    footer: dict[str, Any] = {"end": True, "rows": len(body) - 1, "sha256": hashlib.sha256(text.encode()).hexdigest()}
    if sign:
        footer["signature"] = signature(backup_key(), footer["sha256"], footer["rows"])
    target.write_bytes(gzip.compress((text + json.dumps(footer) + "\n").encode("utf-8")))
