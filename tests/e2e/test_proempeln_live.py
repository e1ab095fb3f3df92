"""Prömpeln at a real table: the scorer taps seven stoppers on one phone, a second phone shows each
stopper and the recorded total live, without reloading (Server-Sent Events, as for Klümpchen)."""

from __future__ import annotations

from typing import Any

import pytest

from stammtisch.web.background import BackgroundServer
from tests.e2e.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_a_run_entered_on_one_phone_shows_on_the_other(browser: Any, server: BackgroundServer) -> None:
    service = server.app.state.service
    match_id = service.create("proempeln", ["Anna", "Ben"], mode="table", title="Prömpeln").match_id
    scorer = browser.new_context(viewport=PHONE, locale="de-DE").new_page()
    watcher = browser.new_context(viewport=PHONE, locale="en-US").new_page()
    scorer.goto(f"{server.url}/m/{match_id}")
    watcher.goto(f"{server.url}/m/{match_id}")
    watcher.wait_for_function("() => document.body.classList.contains('online')")
    watcher.evaluate("window.__notReloaded = true")
    scorer.wait_for_selector("[data-testid='advice-best']")  # the advisor card loads before the run

    scorer.locator("[data-notation='P']").click()
    for value in (1, 1, 1, 1, 2, 3, 0):
        scorer.wait_for_selector("[data-testid='cap-pad']")
        seq = scorer.locator("#board").get_attribute("data-seq")
        scorer.locator(f"[data-cap='{value}']").click()
        scorer.wait_for_function(f"() => document.getElementById('board').getAttribute('data-seq') !== '{seq}'")
    watcher.wait_for_selector("[data-testid='score-now']:text-is('20')")
    assert watcher.locator("[data-bottle='6'] strong").inner_text() == "3"

    scorer.locator("[data-notation='record']").click()
    watcher.wait_for_selector("[data-testid='total-0']:text-is('20')")
    assert watcher.locator(".turn-banner .who").inner_text() == "Ben"
    assert watcher.evaluate("window.__notReloaded") is True
