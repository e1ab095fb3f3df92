"""Browser tests: the app served by uvicorn on a free loopback port with a temporary SQLite file,
driven through Playwright in Debian's Chromium. Skipped (with the reason) without /usr/bin/chromium."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from stammtisch.web.app import create_app
from stammtisch.web.background import BackgroundServer

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
def browser() -> Iterator[object]:
    """One Chromium per test module. Not per session: Playwright's sync API keeps an event loop
    running in this thread while it is open, which would break ``asyncio.run`` in later tests."""
    if not CHROMIUM.exists():
        pytest.skip("browser tests need Debian's Chromium at /usr/bin/chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[BackgroundServer]:
    app = create_app(database_url=f"sqlite:///{tmp_path / 'e2e.sqlite3'}")
    with BackgroundServer(app) as running:
        yield running
