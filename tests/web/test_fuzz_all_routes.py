"""No 500 for any input (issue 31.5), on SQLite and PostgreSQL: schemathesis generates requests from the
app's OpenAPI document for **every** operation (the pages' forms and parameters too, not only the JSON
API: ``test_fuzz_api.py`` goes deeper there), signed in as the admin with an API token (which needs no
CSRF token). No answer may be a server error, and nothing may be logged with a traceback. Bounded: a few
examples per operation, no shrinking; on PostgreSQL the operations that take input."""

from __future__ import annotations

import atexit
import logging
import os
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from hypothesis import HealthCheck, Phase, settings
from schemathesis.checks import not_a_server_error
from sqlalchemy import create_engine, make_url, text

from stammtisch.club.members import Role
from stammtisch.web.app import create_app
from tests.store.conftest import PG_VARIABLE
from tests.support.club import bearer, setup_club

EXAMPLES = 2


def _postgres_url() -> str | None:
    """A fresh schema for this module's PostgreSQL app (dropped at exit), or None without PostgreSQL."""
    base = os.environ.get(PG_VARIABLE, "").strip()
    if not base:
        return None
    schema = f"t_fuzz_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base)
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))

    def drop() -> None:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()

    atexit.register(drop)
    return make_url(base).update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(False)


def _app(url: str) -> FastAPI:
    app = create_app(database_url=url)
    setup_club(app)
    app.state.fuzz_headers = bearer(app, Role.ADMIN)
    names = ["Anna Admin", "Tina Kasse", "Sven Schreiber", "Mia Mitglied"]
    app.state.service.create("kluempchen", names, {"mode": "digital"}, mode="table")
    return app


#: Built when the module is collected: schemathesis reads the schema then.
SQLITE_APP = _app(f"sqlite:///{Path(tempfile.mkdtemp(prefix='stammtisch-fuzz-all-')) / 'fuzz.sqlite3'}")
_PG = _postgres_url()
POSTGRES_APP = _app(_PG) if _PG else None
sqlite_schema = schemathesis.openapi.from_asgi("/api/openapi.json", SQLITE_APP)


def _takes_input(ctx: Any) -> bool:
    """Operations with parameters or a body: on PostgreSQL only these can send it something odd."""
    raw = ctx.operation.definition.raw
    return bool(raw.get("parameters") or raw.get("requestBody"))


postgres_schema = schemathesis.openapi.from_asgi("/api/openapi.json", POSTGRES_APP or SQLITE_APP).include(_takes_input)

FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)


class Tracebacks(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info or "Traceback" in record.getMessage():
            self.records.append(record)


@pytest.fixture
def no_traceback() -> Iterator[Tracebacks]:
    handler = Tracebacks()
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield handler
    finally:
        root.removeHandler(handler)
    assert not handler.records, [r.getMessage() for r in handler.records]


def _call(case: Any, app: FastAPI) -> None:
    case.call_and_validate(checks=[not_a_server_error], headers=app.state.fuzz_headers)


@sqlite_schema.parametrize()
@FUZZ
def test_no_route_answers_a_server_error_on_sqlite(case: Any, no_traceback: Tracebacks) -> None:
    _call(case, SQLITE_APP)


@postgres_schema.parametrize()
@FUZZ
@pytest.mark.postgres
def test_no_route_answers_a_server_error_on_postgresql(case: Any, no_traceback: Tracebacks) -> None:
    if POSTGRES_APP is None:
        pytest.skip(f"PostgreSQL tests need {PG_VARIABLE}")
    _call(case, POSTGRES_APP)
