"""A dropped connection on plain HTTP (issue 14, point 8): the page says so, reconnects by itself, and a
write sent meanwhile arrives exactly once or is clearly reported as not sent: never lost, never doubled.

The browser is cut off (Playwright's offline emulation: the live stream drops, new requests fail), the
scribe enters a throw, the connection comes back: the throw is sent once (its sequence number makes
the retry safe). When the first try did reach the server and only the answer was lost, the retry is not
sent and the page says so."""

from __future__ import annotations

from typing import Any

import pytest

from stammtisch.web.background import BackgroundServer
from tests.e2e.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

TEAMS = {"options": {"team_draw": "manual"}, "setup": {"teams": [[0, 1], [2, 3]]}}


def _evening(server: BackgroundServer) -> str:
    snap = server.app.state.service.create("kluempchen", ["Anna", "Ben", "Carla", "Dieter"], mode="table", **TEAMS)
    return snap.match_id


def _enter_throw(page: Any, faces: list[int]) -> None:
    for face in faces:
        page.locator(f"[data-pad-face='{face}']").click()
    page.locator("[data-pad-go][data-notation='throw']").click()


def test_an_entry_made_offline_arrives_once_when_the_connection_is_back(browser: Any, server: BackgroundServer) -> None:
    match_id = _evening(server)
    service = server.app.state.service
    context = browser.new_context(viewport=PHONE, locale="en-US")
    page = context.new_page()
    page.goto(f"{server.url}/m/{match_id}")
    page.wait_for_function("() => document.body.classList.contains('online')")
    before = service.snapshot(match_id).seq

    context.set_offline(True)
    page.wait_for_selector("#connection:not([hidden])", timeout=10_000)
    assert "No connection" in page.locator("#connection").inner_text()
    _enter_throw(page, [1, 1, 1, 2, 3, 4])
    page.wait_for_selector("#connection:has-text('Not sent yet')", timeout=10_000)
    assert service.snapshot(match_id).seq == before  # nothing arrived while offline
    assert page.locator("#connection [data-connection-cancel]").is_visible()

    context.set_offline(False)
    page.wait_for_selector("#connection.done", timeout=15_000)
    assert "was sent" in page.locator("#connection").inner_text()
    after = service.snapshot(match_id).seq
    assert after == before + 2  # the throw and its dice, once
    page.wait_for_selector("[data-testid='pending']:text-is('10')")
    page.wait_for_timeout(4_000)  # the probe has run again meanwhile: nothing sent twice
    assert service.snapshot(match_id).seq == after
    context.close()


def test_an_entry_whose_answer_was_lost_is_not_sent_again(browser: Any, server: BackgroundServer) -> None:
    """The write reached the server, only the answer was lost: the board's seq has moved on, so the
    page does not send it again and says so (the board shows what happened)."""
    match_id = _evening(server)
    service = server.app.state.service
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    page = context.new_page()
    page.goto(f"{server.url}/m/{match_id}")
    page.wait_for_function("() => document.body.classList.contains('online')")
    before = service.snapshot(match_id).seq

    def lose_the_answer(route: Any) -> None:
        route.fetch()  # the server gets and applies the write ...
        route.abort()  # ... but the phone never hears back

    page.route("**/dice*", lose_the_answer)
    _enter_throw(page, [2, 2, 2, 3, 4, 5])
    page.wait_for_selector("#connection:has-text('Noch nicht gesendet')", timeout=10_000)
    page.unroute("**/dice*")
    page.wait_for_selector("#connection.failed", timeout=15_000)
    assert "Nicht noch einmal gesendet" in page.locator("#connection").inner_text()
    page.wait_for_timeout(4_000)
    assert service.snapshot(match_id).seq == before + 2  # applied once, never twice
    page.wait_for_selector("[data-testid='kept'] .die >> nth=2")  # the board shows the throw (three 2s aside)
    context.close()


def test_an_entry_can_be_dropped_while_offline(browser: Any, server: BackgroundServer) -> None:
    match_id = _evening(server)
    service = server.app.state.service
    context = browser.new_context(viewport=PHONE, locale="en-US")
    page = context.new_page()
    page.goto(f"{server.url}/m/{match_id}")
    page.wait_for_function("() => document.body.classList.contains('online')")
    before = service.snapshot(match_id).seq
    context.set_offline(True)
    _enter_throw(page, [1, 1, 1, 2, 3, 4])
    page.locator("#connection [data-connection-cancel]").click()
    assert "Not sent" in page.locator("#connection").inner_text()
    context.set_offline(False)
    page.wait_for_function("() => document.body.classList.contains('online')", timeout=15_000)
    page.wait_for_timeout(4_000)
    assert service.snapshot(match_id).seq == before
    context.close()
