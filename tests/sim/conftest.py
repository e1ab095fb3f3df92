"""The web fixtures (the real app on SQLite, a signed-in scribe) for the advice card's tests."""

from tests.web.conftest import app, client  # noqa: F401 - fixtures re-exported for tests/sim
