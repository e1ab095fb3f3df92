"""The service worker (issue 24, point 5): served at ``/sw.js`` (scope: the whole app) to anyone, it keeps
the app shell loading while the server is briefly unreachable, and it never keeps a page, a fragment, an
event stream or a write (a seat's page shows a hand; a phone may change hands)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from stammtisch.web.app import create_app
from stammtisch.web.background import BackgroundServer
from tests.e2e.conftest import PHONE, sign_in_context
from tests.support.club import setup_club

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_the_worker_is_served_at_the_root_to_anyone(server: BackgroundServer) -> None:
    answer = httpx.get(f"{server.url}/sw.js", timeout=10)  # no sign-in, no cookie
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.headers["service-worker-allowed"] == "/"
    assert answer.headers["cache-control"] == "no-cache"


def test_the_shell_loads_while_the_server_is_away_and_no_page_is_kept(browser: Any, tmp_path: Path) -> None:
    from stammtisch.club.members import Role

    app = create_app(database_url=f"sqlite:///{tmp_path / 'sw.sqlite3'}")
    setup_club(app)
    match_id = app.state.service.create("kluempchen", ["A", "B", "C", "D"], mode="table").match_id
    context = browser.browser.new_context(viewport=PHONE, locale="de-DE")
    with BackgroundServer(app) as server:
        sign_in_context(context, server, Role.SCRIBE)
        page = context.new_page()
        page.goto(f"{server.url}/m/{match_id}")
        page.wait_for_function(
            "() => navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=15_000
        )
        page.reload()
        page.wait_for_function("() => document.body.classList.contains('online')")
        kept = page.evaluate(
            """async () => { const out = [];
                 for (const name of await caches.keys()) {
                   const cache = await caches.open(name);
                   for (const request of await cache.keys()) out.push(new URL(request.url).pathname);
                 }
                 return out; }"""
        )
        assert kept and all(path.startswith("/static/") for path in kept), kept  # no page, fragment or stream
        url = f"{server.url}/m/{match_id}"
    # The server is gone: the page still loads, as the offline shell that says so in both languages.
    page.goto(url)
    page.wait_for_selector("text=Der Server ist gerade nicht erreichbar")
    assert "The server cannot be reached right now" in page.locator("main").inner_text()
    assert page.evaluate("() => getComputedStyle(document.querySelector('.connection')).position") == "sticky"
    context.close()
