"""BU-9 (issue 31.5), on SQLite and PostgreSQL: a backup is signed with the server's backup key, so a
file whose ledger amount or role was edited and its checksum recomputed is refused in words and nothing
is written; the same file signed by this server restores; a file signed with another key is refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from stammtisch.store.backup import make_backup
from stammtisch.store.backup_errors import DamagedBackup, UnsignedBackup
from stammtisch.store.backup_key import KEY_VARIABLE
from stammtisch.store.backup_restore import restore
from tests.store.backup_files import rewrite
from tests.store.test_backup_bu1_bu7 import fill_club, rows_in


def edit(column_table: str, column: str, value: Any) -> Any:
    """A row rewriter setting ``column`` of every row of ``column_table`` to ``value``."""

    def change(header: dict[str, Any], line: list[Any]) -> list[Any]:
        names = [t["name"] for t in header["tables"]]
        index = names.index(column_table)
        if line[0] == index:
            line[1 + header["tables"][index]["columns"].index(column)] = value
        return line

    return change


@pytest.mark.parametrize(
    ("table", "column", "value"), [("ledger_bookings", "member_cents", 99_999), ("accounts", "role", "admin")]
)
def test_bu9_an_edited_backup_is_refused_in_words(
    sql_url: str, tmp_path: Path, table: str, column: str, value: Any
) -> None:
    fill_club(sql_url)
    file = tmp_path / "club.backup"
    make_backup(sql_url, file)
    edited = tmp_path / "edited.backup"
    rewrite(file, edited, row=edit(table, column, value), sign=False)  # the checksum fits again
    target = f"sqlite:///{tmp_path / 'target.sqlite3'}"
    with pytest.raises(UnsignedBackup) as refused:
        restore(target, edited)
    assert refused.value.clause == "BU-9"
    assert "Unterschrift" in refused.value.message.de and "signature" in refused.value.message.en
    assert rows_in(target) == 0
    restore(target, file)  # the server's own file restores
    assert rows_in(target) > 0


def test_bu9_a_backup_signed_with_another_key_is_refused(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fill_club(sqlite_url)
    file = tmp_path / "club.backup"
    monkeypatch.setenv(KEY_VARIABLE, "a" * 64)
    make_backup(sqlite_url, file)
    monkeypatch.setenv(KEY_VARIABLE, "b" * 64)
    target = f"sqlite:///{tmp_path / 'target.sqlite3'}"
    with pytest.raises(UnsignedBackup):
        restore(target, file)
    monkeypatch.setenv(KEY_VARIABLE, "a" * 64)  # the other server's key given to this one
    restore(target, file)
    assert rows_in(target) > 0


def test_bu10_the_operator_may_restore_a_whole_backup_whose_key_is_lost(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """BU-10: the old machine died with its key; the file is whole. The refusal names the way out, and
    ``trust_unsigned`` restores it; a cut-short file stays refused even then."""
    fill_club(sqlite_url)
    file = tmp_path / "club.backup"
    monkeypatch.setenv(KEY_VARIABLE, "a" * 64)
    make_backup(sqlite_url, file)
    monkeypatch.setenv(KEY_VARIABLE, "c" * 64)  # the new machine: another key
    target = f"sqlite:///{tmp_path / 'target.sqlite3'}"
    with pytest.raises(UnsignedBackup) as refused:
        restore(target, file)
    assert "--trust-unsigned" in refused.value.message.de and "--trust-unsigned" in refused.value.message.en
    cut = tmp_path / "cut.backup"
    cut.write_bytes(b"".join(file.read_bytes().splitlines(keepends=True)[:-1]))
    with pytest.raises(DamagedBackup):
        restore(target, cut, trust_unsigned=True)
    assert rows_in(target) == 0
    restore(target, file, trust_unsigned=True)
    assert rows_in(target) > 0
