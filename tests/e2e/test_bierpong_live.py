"""Bier-Pong at a real table (issue 11): the scribe records a Bombe with Aufsetzer on one phone
(Art 20 + Art 14, BP-R05: cup 5 and three more) by toggling "Aufsetzer" and tapping cup 5, then
tapping cup 5 again, and picks the extra cups on the rack; a second phone shows the rack change
live, without reloading (Server-Sent Events). Screens are saved under the
screenshot folder (tests/support/shots.py, bierpong)."""

from __future__ import annotations

from typing import Any

import pytest

from stammtisch.web.background import BackgroundServer
from tests.e2e.conftest import PHONE
from tests.support.shots import shots_dir

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SHOTS = shots_dir("bierpong")


def _tap(page: Any, selector: str) -> None:
    seq = page.locator("#board").get_attribute("data-seq")
    page.locator(selector).first.click()
    page.wait_for_function(f"() => document.getElementById('board').getAttribute('data-seq') !== '{seq}'")


def test_bombe_with_aufsetzer_on_one_phone_shows_on_the_other(browser: Any, server: BackgroundServer) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    service = server.app.state.service
    match_id = service.create(
        "bierpong", ["Ana", "Cem", "Ben", "Dora"], setup={"teams": [[0, 1], [2, 3]]}, mode="table", title="Bier-Pong"
    ).match_id
    scribe = browser.new_context(viewport=PHONE, locale="de-DE").new_page()
    watcher = browser.new_context(viewport=PHONE, locale="en-US").new_page()
    scribe.goto(f"{server.url}/m/{match_id}")
    watcher.goto(f"{server.url}/m/{match_id}")
    watcher.wait_for_function("() => document.body.classList.contains('online')")
    watcher.evaluate("window.__notReloaded = true")

    _tap(scribe, "[data-outcome='duel A']")
    _tap(scribe, "[data-notation='begin A']")
    _tap(scribe, "[data-notation='side left']")
    scribe.screenshot(path=str(SHOTS / "e2e_throw.png"))
    scribe.locator("label.toggle:has([data-flag='bounce'])").click()  # tap 1: Aufsetzer
    _tap(scribe, "button.cup[data-cup='5']")  # tap 2: cup 5
    _tap(scribe, "button.cup[data-cup='5']")  # the partner's ball in the same cup: Bombe
    explain = scribe.locator("[data-testid='explain']").first.inner_text()
    assert "Bombe + Aufsetzer auf Becher 5: noch 3 Becher müssen weg; Team B wählt, Nachbarn zuerst" in explain
    scribe.screenshot(path=str(SHOTS / "e2e_bombe.png"))
    watcher.wait_for_selector("[data-testid='rack-B'] .cup.removed[data-cup='5']")
    for cup in (4, 8, 9):
        _tap(scribe, f"[data-notation='remove {cup}']")
    watcher.wait_for_selector("[data-testid='live-B']:text-is('6')")
    removed = watcher.locator("[data-testid='rack-B'] .cup.removed").evaluate_all(
        "cups => cups.map(c => c.dataset.cup).sort((a, b) => a - b)"
    )
    assert removed == ["4", "5", "8", "9"]
    watcher.screenshot(path=str(SHOTS / "e2e_watcher.png"))
    assert watcher.evaluate("window.__notReloaded") is True
