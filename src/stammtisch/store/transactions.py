"""Write transactions that wait for their turn on SQLite.

SQLite allows one writer at a time. A transaction that *reads before it writes* starts as a
reader; when it then wants to write while another writer has moved on, SQLite refuses at once
("database is locked") instead of waiting out the busy timeout. ``write_transaction`` takes the
write lock at ``BEGIN`` (``BEGIN IMMEDIATE``), so it waits like any other writer. On PostgreSQL it
is ``engine.begin()``; lock rows explicitly there (``SELECT … FOR UPDATE``) where a read decides a write.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Connection, Engine


@contextmanager
def write_transaction(engine: Engine) -> Iterator[Connection]:
    with engine.begin() as connection:
        if connection.dialect.name == "sqlite":
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        yield connection
