"""Fuzzing the JSON API (issue 10, item 5 and "Bad input and tests"): schemathesis generates requests
from the app's own OpenAPI document (``/api/openapi.json``) for every operation, valid and invalid
alike, and sends them to the ASGI app on a real SQLite file; no answer may be a server error (5xx).
The requests are signed in with a scribe's API token (``Authorization: Bearer``, which also needs no
CSRF token) where the club's sign-in exists, else anonymous with the CSRF cookie and header. A match
exists in the database. Only the JSON API's operations (``/api/…``) are fuzzed; the pages have their
own bad-input tests. Kept under about a minute."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from hypothesis import HealthCheck, Phase, settings
from schemathesis.checks import not_a_server_error

from stammtisch.web.app import create_app
from stammtisch.web.csrf import COOKIE, HEADER, new_token

#: Examples per operation: enough to reach the refusals of every field, small enough for the suite.
EXAMPLES = 40


def credentials(app: FastAPI) -> dict[str, str]:
    try:
        from tests.support.club import bearer
    except ImportError:  # before the club's members and roles: anonymous, with the CSRF token
        token = new_token()
        return {HEADER: token, "Cookie": f"{COOKIE}={token}"}
    return bearer(app)


#: The app under test, on a SQLite file of its own. Built when the module is collected, because
#: schemathesis reads the schema then (its lazy fixture loader does not work with this pytest).
APP = create_app(database_url=f"sqlite:///{Path(tempfile.mkdtemp(prefix='stammtisch-fuzz-')) / 'fuzz.sqlite3'}")
schema = schemathesis.openapi.from_asgi("/api/openapi.json", APP)


@pytest.fixture(scope="module")
def fuzzed_app() -> FastAPI:
    """The app with its club (where it exists), a signed-in scribe's headers and one match."""
    if not hasattr(APP.state, "fuzz_headers"):
        APP.state.fuzz_headers = credentials(APP)
        APP.state.service.create("kluempchen", ["Anna", "Ben", "Carl", "Dora"], mode="table")
    return APP


@schema.include(path_regex="^/api/").parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],  # no shrinking: a failure prints its request as it came
    suppress_health_check=list(HealthCheck),
)
def test_the_json_api_never_answers_with_a_server_error(case: Any, fuzzed_app: FastAPI) -> None:
    case.call_and_validate(checks=[not_a_server_error], headers=fuzzed_app.state.fuzz_headers)
