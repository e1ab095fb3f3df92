"""Opening the database: engine settings, checks with clear errors, and migrations to head.

SQLite (the embedded default) runs in WAL mode with foreign keys on and a busy timeout
(``STAMMTISCH_BUSY_TIMEOUT_MS``), so several threads and processes can read while one writes.
PostgreSQL is selected by URL. Migrations are Alembic revisions shipped in ``store/migrations`` and run
programmatically.

Trouble gets a clear answer: a SQLite file whose write lock another connection holds longer than the
busy timeout, a PostgreSQL row or table lock held longer than the lock timeout, a statement over the
statement timeout, a full connection pool, or a server connection lost while running, raises
``StoreUnavailable`` (the web answers 503 with ``Retry-After``, docs/deploy.md); at start,
``PRAGMA quick_check`` refuses a damaged SQLite file like one that is truncated or not SQLite at all,
saying how to restore a backup.

A serving engine (``serving=True``: the web server's) bounds every wait so that a request is answered
within about two seconds whatever another process holds: SQLite's busy wait (``SERVING_BUSY_TIMEOUT_MS``
unless ``STAMMTISCH_BUSY_TIMEOUT_MS`` says otherwise), PostgreSQL's ``lock_timeout`` and
``statement_timeout``, and the wait for a free pooled connection. Commands (backup, restore, a bank
booking from the shell) keep the longer defaults: a person at a terminal would rather wait a few seconds.
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, make_url, pool, text
from sqlalchemy.engine import ExceptionContext
from sqlalchemy.exc import DatabaseError, DBAPIError, DisconnectionError, OperationalError

from stammtisch.core.text import Text
from stammtisch.store.config import (
    BUSY_TIMEOUT_VARIABLE,
    DEFAULT_BUSY_TIMEOUT_MS,
    busy_timeout_ms,
    database_url,
    normalize_url,
)
from stammtisch.store.errors import StoreError
from stammtisch.store.repository import SqlMatchRepository
from stammtisch.store.write_lock import bound_busy_waits, set_busy_wait

MIGRATIONS = Path(__file__).parent / "migrations"
#: How long a SQLite writer waits for another writer before giving up (milliseconds), unless
#: ``STAMMTISCH_BUSY_TIMEOUT_MS`` says otherwise.
BUSY_TIMEOUT_MS = DEFAULT_BUSY_TIMEOUT_MS
#: Seconds a client is asked to wait before trying again when the database is busy.
RETRY_AFTER_SECONDS = 3
#: A serving engine's bounds (milliseconds): together below the two seconds a request may take.
SERVING_BUSY_TIMEOUT_MS = 1_500
LOCK_TIMEOUT_MS = 1_000
STATEMENT_TIMEOUT_MS = 1_500
#: Seconds a serving engine's request waits for a pooled connection before it answers "busy".
SERVING_POOL_TIMEOUT = 1.5
#: PostgreSQL's SQLSTATEs of a passing fault: lock or statement timeout, deadlock, serialization
#: failure, too many connections, the server shutting down or starting.
PASSING_SQLSTATES = frozenset({"55P03", "57014", "40P01", "40001", "53300", "57P01", "57P03"})
SQLITE_HEADER = b"SQLite format 3\x00"
#: SQLite connections kept open per process, and how many more may be opened at a peak.
SQLITE_POOL_SIZE = 40
SQLITE_POOL_OVERFLOW = 20
#: PostgreSQL connections kept per worker process, and how many more at a peak (two workers stay far
#: below the server's default limit of 100 connections).
SERVER_POOL_SIZE = 20
SERVER_POOL_OVERFLOW = 5

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Store:
    """An open database: its engine and the match repository on it."""

    url: str
    engine: Engine
    repository: SqlMatchRepository

    def close(self) -> None:
        self.engine.dispose()


class StoreUnavailable(StoreError):
    """The database is busy (another connection holds a lock longer than the store waits for it) or
    the connection to the server is lost: nothing was written (the transaction was rolled back); the
    same request may be sent again."""

    retry_after = RETRY_AFTER_SECONDS

    def __init__(self, detail: str, *, connecting: bool = False) -> None:
        super().__init__(
            "store/unavailable",
            Text(
                "Die Datenbank ist gerade belegt oder nicht erreichbar. Dein Eintrag wurde nicht gespeichert, "
                f"nichts davon. Sende ihn in {RETRY_AFTER_SECONDS} Sekunden noch einmal; "
                "bleibt es dabei, sag dem Betreiber des Servers Bescheid.",
                "The database is busy or unavailable right now. Your entry was not saved, no part of it. "
                f"Send it again in {RETRY_AFTER_SECONDS} seconds; if this keeps happening, tell whoever runs "
                "the server.",
            ),
            detail,
        )
        #: The error came while opening a connection (at start: the server cannot be reached).
        self.connecting = connecting


def _busy(message: str) -> bool:
    message = message.lower()
    return "database is locked" in message or "database is busy" in message or "database table is locked" in message


def _store_trouble(context: ExceptionContext) -> BaseException | None:
    """SQLAlchemy's ``handle_error`` hook: busy files and lost connections become ``StoreUnavailable``
    for every repository alike; any other error is left as it is."""
    error = context.sqlalchemy_exception
    if context.is_pre_ping or not isinstance(error, DBAPIError):
        return None  # a failed pre-ping is SQLAlchemy's cue to reconnect, not ours to answer
    message = str(error.orig) if error.orig is not None else str(error)
    if getattr(error.orig, "sqlstate", None) in PASSING_SQLSTATES:
        return StoreUnavailable(message)
    if not isinstance(error, OperationalError):
        return None
    if _busy(message):
        return StoreUnavailable(message)
    if context.dialect is not None and context.dialect.name == "sqlite":
        return None  # a file that cannot be opened is explained by ``translate_errors``
    if context.is_disconnect or context.connection is None:
        return StoreUnavailable(message, connecting=context.connection is None)
    return None


def _sqlite_file(url: str) -> Path | None:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return None
    database = parsed.database or ""
    if database in ("", ":memory:") or database.startswith("file:"):
        return None
    return Path(database)


def check_sqlite_file(path: Path) -> None:
    """The data directory exists (created if missing) and is writable; an existing file is SQLite."""
    directory = path.parent
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreError(
            "store/data_dir_missing",
            Text(
                f"Das Datenverzeichnis {directory} fehlt und lässt sich nicht anlegen ({error.strerror}). "
                "Lege es an oder setze STAMMTISCH_DATA_DIR auf ein anderes Verzeichnis.",
                f"The data directory {directory} is missing and cannot be created ({error.strerror}). "
                "Create it or set STAMMTISCH_DATA_DIR to another directory.",
            ),
            str(error),
        ) from None
    if not directory.is_dir():
        raise StoreError(
            "store/data_dir_missing",
            Text(
                f"{directory} ist kein Verzeichnis. Setze STAMMTISCH_DATA_DIR auf ein Verzeichnis.",
                f"{directory} is not a directory. Set STAMMTISCH_DATA_DIR to a directory.",
            ),
        )
    try:  # a real probe: permission bits say nothing for root or on read-only mounts
        with tempfile.TemporaryFile(dir=directory):
            pass
    except OSError as error:
        raise StoreError(
            "store/data_dir_not_writable",
            Text(
                f"Im Datenverzeichnis {directory} darf nicht geschrieben werden. "
                "Gib Schreibrechte oder setze STAMMTISCH_DATA_DIR auf ein anderes Verzeichnis.",
                f"The data directory {directory} is not writable. "
                "Grant write permission or set STAMMTISCH_DATA_DIR to another directory.",
            ),
            str(error),
        ) from None
    if path.is_dir():
        raise _corrupt(path, "a directory where the database file should be")
    if path.exists() and not os.access(path, os.W_OK):
        raise StoreError(
            "store/data_dir_not_writable",
            Text(
                f"Die Datenbankdatei {path} ist schreibgeschützt. Gib Schreibrechte darauf.",
                f"The database file {path} is read-only. Grant write permission on it.",
            ),
        )
    if path.exists() and path.stat().st_size > 0:
        try:
            with path.open("rb") as file:
                header = file.read(len(SQLITE_HEADER))
        except OSError as error:
            raise _corrupt(path, str(error)) from None
        if header != SQLITE_HEADER:
            raise _corrupt(path, "no SQLite header")


def _corrupt(path: Path | str, detail: str) -> StoreError:
    return StoreError(
        "store/corrupt",
        Text(
            f"Die Datenbankdatei {path} ist beschädigt oder keine SQLite-Datenbank. "
            "Stelle eine Sicherung wieder her: Server anhalten, die Sicherungsdatei an die Stelle von "
            f"{path} kopieren (und {path}-wal und {path}-shm löschen, falls vorhanden), Server starten. "
            "Ohne Sicherung: verschiebe die Datei, dann wird eine neue, leere angelegt.",
            f"The database file {path} is damaged or not a SQLite database. "
            "Restore a backup: stop the server, copy the backup file to "
            f"{path} (and delete {path}-wal and {path}-shm if they exist), start the server. "
            "Without a backup: move the file away, and a new, empty one is started.",
        ),
        detail,
    )


def check_sqlite_integrity(path: Path, timeout_ms: int = BUSY_TIMEOUT_MS) -> None:
    """``PRAGMA quick_check`` on an existing SQLite file: damaged pages are refused at start (like a
    truncated file), not discovered as errors on every page later."""
    if not path.exists() or path.stat().st_size == 0:
        return
    try:
        connection = sqlite3.connect(path, timeout=timeout_ms / 1000)
        try:
            rows = connection.execute("PRAGMA quick_check").fetchall()
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        if _busy(str(error)):
            raise StoreUnavailable(str(error)) from None
        raise _corrupt(path, str(error)) from None
    findings = [str(row[0]) for row in rows]
    if findings != ["ok"]:
        raise _corrupt(path, "; ".join(findings[:5]))


def _unreachable(url: str, detail: str) -> StoreError:
    shown = make_url(url).render_as_string(hide_password=True)
    return StoreError(
        "store/unreachable",
        Text(
            f"Die Datenbank {shown} ist nicht erreichbar. Läuft der Server, stimmen Adresse und Zugangsdaten "
            "(STAMMTISCH_DATABASE_URL)?",
            f"The database {shown} cannot be reached. Is the server running, are address and credentials "
            "(STAMMTISCH_DATABASE_URL) right?",
        ),
        detail,
    )


@contextmanager
def translate_errors(url: str) -> Iterator[None]:
    """Turn driver errors on opening/migrating into ``StoreError``s people can act on."""
    try:
        yield
    except StoreUnavailable as error:
        if error.connecting:
            raise _unreachable(url, error.detail) from None
        raise
    except StoreError:
        raise
    except DatabaseError as error:
        path = _sqlite_file(url)
        message = str(error.orig) if error.orig is not None else str(error)
        if path is not None or make_url(url).get_backend_name() == "sqlite":
            if "not a database" in message or "malformed" in message or "corrupt" in message:
                raise _corrupt(path or url, message) from None
            if "readonly" in message or "unable to open" in message:
                raise StoreError(
                    "store/data_dir_not_writable",
                    Text(
                        f"Die Datenbank {path} lässt sich nicht zum Schreiben öffnen.",
                        f"The database {path} cannot be opened for writing.",
                    ),
                    message,
                ) from None
            raise
        if isinstance(error, OperationalError):
            raise _unreachable(url, message) from None
        raise


def _sqlite_pragmas(timeout_ms: int) -> Callable[[Any, Any], None]:
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(f"PRAGMA busy_timeout = {int(timeout_ms)}")
            cursor.execute("PRAGMA synchronous = NORMAL")
            cursor.execute("PRAGMA foreign_keys = ON")
            if cursor.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                _switch_to_wal(cursor, timeout_ms)
        finally:
            cursor.close()

    return on_connect


def _switch_to_wal(cursor: Any, timeout_ms: int) -> None:
    """WAL is a property of the file, set once by the first connection. Switching needs a moment
    alone with the file, and SQLite does not wait for that (no busy handler): retry briefly when
    several workers open a new database at the same moment."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        try:
            cursor.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


#: A kept connection unused for longer than this is pinged before it is handed out again.
IDLE_PING_SECONDS = 10.0


def _ping_when_idle(engine: Engine) -> None:
    """SQLAlchemy's ``pool_pre_ping``, but only for connections that sat idle: a connection the server
    closed (a restart, an idle timeout) is replaced before a request gets it, while a busy table's
    requests skip the extra round trip each (about 0.25 ms of CPU per request, bench/hammer.py)."""

    @event.listens_for(engine, "checkout")
    def checkout(dbapi_connection: Any, record: Any, proxy: Any) -> None:
        now = time.monotonic()
        if now - record.info.get("checked_in_at", now) > IDLE_PING_SECONDS:
            try:
                alive = engine.dialect.do_ping(dbapi_connection)
            except Exception:
                alive = False
            if not alive:
                raise DisconnectionError("a kept connection was closed by the server")  # the pool reconnects

    @event.listens_for(engine, "checkin")
    def checkin(dbapi_connection: Any, record: Any) -> None:
        record.info["checked_in_at"] = time.monotonic()


def _serving_busy_timeout_ms(env: Mapping[str, str] | None) -> int:
    """The operator's ``STAMMTISCH_BUSY_TIMEOUT_MS`` if set, else the serving bound."""
    given = (os.environ if env is None else env).get(BUSY_TIMEOUT_VARIABLE, "").strip()
    return busy_timeout_ms(env) if given else SERVING_BUSY_TIMEOUT_MS


def _postgres_timeouts(lock_ms: int, statement_ms: int) -> Callable[[Any, Any], None]:
    """Each new server connection gets the bounds as session settings (the URL's own ``options``, e.g. a
    ``search_path``, stay untouched); a transaction may lift them with ``SET LOCAL`` (migrations do)."""

    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        with dbapi_connection.cursor() as cursor:
            cursor.execute(f"SET lock_timeout = {int(lock_ms)}")
            cursor.execute(f"SET statement_timeout = {int(statement_ms)}")
        dbapi_connection.commit()

    return on_connect


def create_store_engine(url: str, env: Mapping[str, str] | None = None, *, serving: bool = False) -> Engine:
    """An engine with the settings this application relies on (no connection is made yet). ``serving``:
    every wait is bounded for a web server's requests (the module's docstring)."""
    url = normalize_url(url)
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        timeout_ms = _serving_busy_timeout_ms(env) if serving else busy_timeout_ms(env)
        kwargs: dict[str, Any] = {"connect_args": {"timeout": timeout_ms / 1000, "check_same_thread": False}}
        if _sqlite_file(url) is None:
            kwargs["poolclass"] = pool.StaticPool  # one shared in-memory database
        else:
            # Keep a connection for every thread the web server may run at once (anyio: 40): a connection
            # beyond the pool is opened and closed per request, and opening one (file, WAL index, pragmas)
            # was a third of a write's time under load (bench/hammer.py). An idle SQLite connection costs
            # a file handle and its page cache, nothing on the server side.
            # Last in, first out: the event loop's writes, one after the other, keep getting the same
            # connection, whose short busy wait (store.write_lock) then need not be set again.
            kwargs.update(pool_size=SQLITE_POOL_SIZE, max_overflow=SQLITE_POOL_OVERFLOW, pool_use_lifo=True)
            if serving:
                kwargs["pool_timeout"] = SERVING_POOL_TIMEOUT
        engine = create_engine(url, **kwargs)
        event.listen(engine, "connect", _sqlite_pragmas(timeout_ms))
        if _sqlite_file(url) is not None:
            bound_busy_waits(engine, timeout_ms)
    else:
        connect_args: dict[str, Any] = {}
        if parsed.get_backend_name() == "postgresql":
            connect_args["connect_timeout"] = 2 if serving else 5  # a server that is gone answers "unavailable"
        # Connections are kept rather than opened per request: opening one costs a PostgreSQL server
        # process and ~50 ms here, which the default pool (5 kept) paid on most requests of a busy table.
        extra: dict[str, Any] = {"pool_timeout": SERVING_POOL_TIMEOUT} if serving else {}
        engine = create_engine(
            url,
            connect_args=connect_args,
            pool_size=SERVER_POOL_SIZE,
            max_overflow=SERVER_POOL_OVERFLOW,
            **extra,
        )
        if serving and parsed.get_backend_name() == "postgresql":
            event.listen(engine, "connect", _postgres_timeouts(LOCK_TIMEOUT_MS, STATEMENT_TIMEOUT_MS))
        _ping_when_idle(engine)
    event.listen(engine, "handle_error", _store_trouble)
    return engine


def alembic_config(url: str | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if url is not None:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


#: Key of the PostgreSQL advisory lock held while migrating (any constant; "stammtisch" in hex-ish).
MIGRATION_LOCK = 0x5354414D


#: How long (milliseconds) a SQLite migration waits for the file's write lock (another worker migrating).
MIGRATION_WAIT_MS = 60_000

#: Alembic keeps its migration context in module globals: one command at a time per process.
_alembic_lock = threading.Lock()


def _with_connection(engine: Engine, run: Callable[[Config], T]) -> T:
    """Run an Alembic command in one transaction that holds the database's migration lock, so
    several workers starting at once migrate one after the other (the later ones find nothing to do)."""
    with (
        _alembic_lock,
        translate_errors(engine.url.render_as_string(hide_password=False)),
        engine.begin() as connection,
    ):
        if connection.dialect.name == "sqlite":
            # A serving engine's short busy wait is for requests; a worker starting while another one
            # migrates waits for it to finish (the pool restores the connection's own wait on check-in).
            set_busy_wait(connection, MIGRATION_WAIT_MS)
            connection.exec_driver_sql("BEGIN IMMEDIATE")  # the write lock, and transactional DDL
        elif connection.dialect.name == "postgresql":
            # A long migration (building a read model) is not a request: no serving bounds here.
            connection.exec_driver_sql("SET LOCAL lock_timeout = 0")
            connection.exec_driver_sql("SET LOCAL statement_timeout = 0")
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config = alembic_config()
        config.attributes["connection"] = connection
        return run(config)


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Migrate the database behind ``engine`` up to ``revision``."""
    _with_connection(engine, lambda config: command.upgrade(config, revision))


def downgrade(engine: Engine, revision: str = "base") -> None:
    """Migrate the database behind ``engine`` down to ``revision`` (``base``: empty)."""
    _with_connection(engine, lambda config: command.downgrade(config, revision))


def head_revision() -> str:
    """The newest revision shipped with this version of the application."""
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def current_revision(engine: Engine) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def prepare(url: str) -> str:
    """The normalized URL, after checking a SQLite file's directory, header and pages."""
    url = normalize_url(url)
    path = _sqlite_file(url)
    if path is not None:
        check_sqlite_file(path)
        check_sqlite_integrity(path, busy_timeout_ms())
    return url


def migrate(url: str) -> None:
    """Bring the database at ``url`` to the newest schema."""
    url = prepare(url)
    engine = create_store_engine(url)
    try:
        upgrade(engine)
    finally:
        engine.dispose()


def open_store(
    url: str | None = None, *, migrate: bool = True, env: Mapping[str, str] | None = None, serving: bool = False
) -> Store:
    """Open the database at ``url`` (default: ``config.database_url(env)``), migrated to head.
    Problems a person can fix raise ``StoreError`` with a German and English explanation. ``serving``:
    a web server's store, every wait bounded (the module's docstring)."""
    url = prepare(url if url is not None else database_url(env))
    engine = create_store_engine(url, env, serving=serving)
    try:
        with translate_errors(url), engine.connect():
            pass
        if migrate:
            upgrade(engine)
    except BaseException:
        engine.dispose()
        raise
    return Store(url, engine, SqlMatchRepository(engine))
