"""Settings for the whole suite.

Hypothesis' default 200 ms deadline per example measures the machine, not the rules: on a busy
2-core CI box a correct example can take longer, and a timing failure there would be noise. Speed
is measured in bench/, so no test fails for being slow.
"""

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

# Every TestClient sends the CSRF token as our pages do (issue 10.5; tests/support/csrf.py).
from tests.support.csrf import _test_clients_send_the_csrf_token  # noqa: F401

settings.register_profile("stammtisch", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("stammtisch")


@pytest.fixture(autouse=True)
def _environment_restored() -> Iterator[None]:
    """Each test leaves ``os.environ`` as it found it: ``stammtisch serve`` writes its settings there
    for uvicorn's workers (the database URL, the LAN's public URL), and a test that ran it in-process
    must not point a later test in the same worker at its database."""
    saved = dict(os.environ)
    yield
    if os.environ != saved:
        os.environ.clear()
        os.environ.update(saved)
