"""Problems a person can fix are StoreErrors in German and English: the data directory cannot be
created or written, the database file is not SQLite, PostgreSQL cannot be reached."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from stammtisch.store import StoreError, database_url, open_store
from stammtisch.store.config import data_dir


def _check(error: StoreError, code: str, words: tuple[str, str]) -> None:
    assert error.code == code
    assert words[0] in error.message.de and words[1] in error.message.en
    assert error.message.de in str(error) and error.message.en in str(error)
    assert error.to_json()["code"] == code


def test_data_dir_that_cannot_be_created(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    env = {"STAMMTISCH_DATA_DIR": str(blocker / "data")}
    with pytest.raises(StoreError) as caught:
        open_store(env=env)
    _check(caught.value, "store/data_dir_missing", ("Datenverzeichnis", "data directory"))


def test_missing_data_dir_is_created(tmp_path: Path) -> None:
    env = {"STAMMTISCH_DATA_DIR": str(tmp_path / "new" / "deeper")}
    store = open_store(env=env)
    store.close()
    assert (tmp_path / "new" / "deeper" / "stammtisch.sqlite3").exists()


def test_data_dir_not_writable(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        directory = Path("/proc")  # root may write anywhere except where the kernel forbids it
    else:
        directory = tmp_path / "locked"
        directory.mkdir()
        directory.chmod(0o500)
    try:
        with pytest.raises(StoreError) as caught:
            open_store(env={"STAMMTISCH_DATA_DIR": str(directory)})
        _check(caught.value, "store/data_dir_not_writable", ("nicht geschrieben", "not writable"))
    finally:
        if directory != Path("/proc"):
            directory.chmod(0o700)


def test_file_that_is_not_sqlite(tmp_path: Path) -> None:
    (tmp_path / "stammtisch.sqlite3").write_text("Kassenbuch 2025: 12,50 EUR\n" * 100)
    with pytest.raises(StoreError) as caught:
        open_store(env={"STAMMTISCH_DATA_DIR": str(tmp_path)})
    _check(caught.value, "store/corrupt", ("beschädigt", "damaged"))


def test_sqlite_file_with_a_damaged_body(tmp_path: Path) -> None:
    path = tmp_path / "stammtisch.sqlite3"
    path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    with pytest.raises(StoreError) as caught:
        open_store(f"sqlite:///{path}")
    _check(caught.value, "store/corrupt", ("beschädigt", "damaged"))


def test_postgres_unreachable() -> None:
    with pytest.raises(StoreError) as caught:
        open_store("postgresql://stammtisch@127.0.0.1:1/none")
    _check(caught.value, "store/unreachable", ("nicht erreichbar", "cannot be reached"))


def test_database_url_from_the_environment(tmp_path: Path) -> None:
    assert database_url({"STAMMTISCH_DATABASE_URL": "postgresql://u@h/db"}) == "postgresql+psycopg://u@h/db"
    assert database_url({"STAMMTISCH_DATABASE_URL": "sqlite:////x/y.db", "STAMMTISCH_DATA_DIR": "/z"}) == (
        "sqlite:////x/y.db"
    )
    assert database_url({"STAMMTISCH_DATA_DIR": str(tmp_path)}) == f"sqlite:///{tmp_path}/stammtisch.sqlite3"
    default = database_url({})
    assert default.startswith("sqlite:///") and default.endswith("stammtisch.sqlite3")
    assert "stammtisch" in str(data_dir({}))


def test_database_gone_at_runtime() -> None:
    """A server that goes away after opening: every repository call says so in both languages."""
    from stammtisch.store import SqlMatchRepository, create_store_engine

    repository = SqlMatchRepository(create_store_engine("postgresql://stammtisch@127.0.0.1:1/none"))
    for call in (lambda: repository.get("m1"), lambda: repository.events("m1"), lambda: repository.list_matches(5)):
        with pytest.raises(StoreError) as caught:
            call()
        _check(caught.value, "store/unavailable", ("nicht erreichbar", "unavailable"))


def test_a_directory_where_the_file_should_be(tmp_path: Path) -> None:
    (tmp_path / "stammtisch.sqlite3").mkdir()
    with pytest.raises(StoreError) as caught:
        open_store(env={"STAMMTISCH_DATA_DIR": str(tmp_path)})
    _check(caught.value, "store/corrupt", ("beschädigt", "damaged"))


def test_read_then_write_transactions_wait_for_each_other(tmp_path: Path) -> None:
    """``write_transaction``: on SQLite, transactions that read before they write queue up instead
    of failing with "database is locked"."""
    import threading

    from sqlalchemy import text

    from stammtisch.store.transactions import write_transaction

    store = open_store(f"sqlite:///{tmp_path}/db.sqlite3")
    with store.engine.begin() as connection:
        connection.execute(text("CREATE TABLE counter (n INTEGER)"))
        connection.execute(text("INSERT INTO counter VALUES (0)"))
    barrier = threading.Barrier(4)
    errors: list[BaseException] = []

    def bump() -> None:
        barrier.wait()
        try:
            for _ in range(10):
                with write_transaction(store.engine) as connection:
                    n = connection.execute(text("SELECT n FROM counter")).scalar_one()
                    connection.execute(text("UPDATE counter SET n = :n"), {"n": n + 1})
        except BaseException as error:  # noqa: BLE001 - collected for the assertion below
            errors.append(error)

    threads = [threading.Thread(target=bump) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    with store.engine.connect() as connection:
        assert connection.execute(text("SELECT n FROM counter")).scalar_one() == 40
    store.close()
    assert errors == []
