"""Browser tests: the app served by uvicorn on a free loopback port with a temporary SQLite file,
driven through Playwright in Debian's Chromium. Skipped (with the reason) without /usr/bin/chromium."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from stammtisch.club.members import Role
from stammtisch.web.app import create_app
from stammtisch.web.auth import club_service
from stammtisch.web.auth.session import session_cookie
from stammtisch.web.background import BackgroundServer
from tests.support.club import setup_club

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium per test module. Not per session: Playwright's sync API keeps an event loop
    running in this thread while it is open, which would break ``asyncio.run`` in later tests."""
    if not CHROMIUM.exists():
        pytest.skip("browser tests need Debian's Chromium at /usr/bin/chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield SignedInBrowser(browser)
        browser.close()


class SignedInBrowser:
    """The browser, whose new contexts hold a signed-in scribe's session for the test's server (the
    pages need a sign-in since issue 10). ``new_context(role=None)`` is an anonymous visitor; any
    other ``Role`` signs in as that role's test account (tests.support.club)."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.server: BackgroundServer | None = None

    def new_context(self, *args: Any, role: Role | None = Role.SCRIBE, **kwargs: Any) -> Any:
        context = self.browser.new_context(*args, **kwargs)
        if role is not None and self.server is not None:
            sign_in_context(context, self.server, role)
        return context

    def __getattr__(self, name: str) -> Any:
        return getattr(self.browser, name)


def sign_in_context(context: Any, server: BackgroundServer, role: Role) -> None:
    """Put ``role``'s session cookie for ``server`` into a Playwright browser context."""
    app = server.app
    ids = getattr(app.state, "test_club_ids", None) or setup_club(app)
    account = club_service(app).account(ids[role])
    assert account is not None
    name, value = session_cookie(app, account)
    context.add_cookies([{"name": name, "value": value, "url": server.url}])


@pytest.fixture
def server(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[BackgroundServer]:
    """The app on a fresh SQLite file with the test club (an account per role); contexts made from
    ``browser`` in this test are signed in as the scribe."""
    app = create_app(database_url=f"sqlite:///{tmp_path / 'e2e.sqlite3'}")
    setup_club(app)
    with BackgroundServer(app) as running:
        if "browser" in request.fixturenames:
            signed: SignedInBrowser = request.getfixturevalue("browser")
            signed.server = running
        yield running


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where a test's 390x844 screenshots go: ``$STAMMTISCH_SHOTS_DIR``, else the test's own folder."""
    folder = Path(os.environ.get("STAMMTISCH_SHOTS_DIR") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def phones(browser: Any, server: BackgroundServer) -> Iterator[list[Any]]:
    """A German and an English phone, signed in as the scribe."""
    contexts = [browser.new_context(viewport=PHONE, locale=locale) for locale in ("de-DE", "en-US")]
    yield [context.new_page() for context in contexts]
    for context in contexts:
        context.close()
