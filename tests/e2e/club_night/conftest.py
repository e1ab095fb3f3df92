"""The club night's one fresh server (the defaults, nothing set; the club created on the first page) and
the scribe's phone, shared by every test of the suite (a package fixture: one server, one browser)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from stammtisch.web.app import create_app
from stammtisch.web.auth import club_service
from stammtisch.web.background import BackgroundServer
from tests.e2e.club_night.phones import new_phone
from tests.e2e.conftest import ARGS, CHROMIUM

CLUB = "Kegelfreunde Nord"
SCRIBE = "Sabine Schreiber"
PASSWORD = "ein-langes-passwort"
#: Steps after which a game that has not ended fails the test (each game here ends far below it).
LIMIT = 400

JSON_POST = """
async ([path, body]) => {
  const found = document.cookie.match(/(?:^|;\\s*)stammtisch_csrf=([A-Za-z0-9_-]+)/);
  const response = await fetch(path, {
    method: "POST",
    body: JSON.stringify(body),
    headers: {"Content-Type": "application/json", "X-CSRF-Token": found ? found[1] : ""},
  });
  return [response.status, await response.json()];
}
"""


class Night:
    """The evening's server, browser and the scribe's phone (signed in through the first page)."""

    def __init__(self, server: BackgroundServer, browser: Any) -> None:
        self.server = server
        self.browser = browser
        self.url = server.url
        self.service = server.app.state.service
        self.scribe = new_phone(browser, "scribe")

    def create(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        """Open a game from the scribe's phone (her session, her CSRF token)."""
        status, answer = self.scribe.page.evaluate(JSON_POST, [path, body])
        assert status == 201 or status == 200, (status, answer)
        return dict(answer)

    def member_streams(self) -> int:
        member = club_service(self.server.app).repository.member_by_key(SCRIBE.casefold())
        assert member is not None
        return int(self.server.app.state.stream_limits.open_streams(f"member:{member.member_id}"))


@pytest.fixture(scope="package")
def night(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Night]:
    if not CHROMIUM.exists():
        pytest.skip("browser tests need Debian's Chromium at /usr/bin/chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    folder = tmp_path_factory.mktemp("club-night")
    app = create_app(database_url=f"sqlite:///{folder / 'stammtisch.sqlite3'}")  # the defaults, nothing set
    with BackgroundServer(app) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        evening = Night(server, browser)
        _club_on_the_first_page(evening)
        yield evening
        browser.close()


def _club_on_the_first_page(night: Night) -> None:
    """A new club's first visit: the first page is the set-up; it makes the club and signs the scribe in."""
    page = night.scribe.page
    page.goto(f"{night.url}/")
    page.locator("input[name='club']").fill(CLUB)
    page.locator("input[name='name']").fill(SCRIBE)
    page.locator("input[name='password']").fill(PASSWORD)
    page.locator("input[name='repeat']").fill(PASSWORD)
    page.locator("form button[type='submit']").last.click()
    page.wait_for_url("**/members")
    assert SCRIBE in page.locator("header").inner_text()
