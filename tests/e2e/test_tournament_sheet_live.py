"""R-2.1 / RA-28 at a real table: seat 1 enters a game on her phone's score sheet; the other phones
show the new row and totals at once, without reloading (live updates over Server-Sent Events)."""

from __future__ import annotations

from typing import Any

import pytest

from stammtisch.store.tournament_sheets import tournament_service
from stammtisch.web.background import BackgroundServer
from tests.e2e.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_a_game_entered_on_seat_ones_phone_appears_on_the_others(browser: Any, server: BackgroundServer) -> None:
    tournaments = tournament_service(server.app.state.service)
    tid = tournaments.create("Herbst").tournament_id
    for name in ("Anna", "Berta", "Clara", "Dora"):
        tournaments.register(tid, name)
    stored = tournaments.draw(tid, 1, seed="live")
    sheet = stored.match_ids[0]
    scribe = browser.new_context(viewport=PHONE, locale="de-DE").new_page()
    watcher = browser.new_context(viewport=PHONE, locale="en-US").new_page()
    scribe.goto(f"{server.url}/sheet/{sheet}")
    watcher.goto(f"{server.url}/sheet/{sheet}")
    watcher.wait_for_function("() => document.body.classList.contains('online')")
    watcher.evaluate("window.__notReloaded = true")
    assert "Game 1 of 8" in watcher.locator(".turn-banner").inner_text()

    entry = scribe.locator("form[action$='/game']")  # the game entry, not the PT-10 form below it
    entry.locator("input[name=out][value='2']").check()
    points = entry.locator("input[name=points]")
    for index, value in ((0, "10"), (2, "30"), (3, "5")):
        points.nth(index).fill(value)
    entry.locator("button[type=submit]").click()
    scribe.wait_for_selector(".turn-banner:has-text('Spiel 2 von 8')")

    watcher.wait_for_selector(".turn-banner:has-text('Game 2 of 8')", timeout=5000)
    assert watcher.locator("tfoot th").all_inner_texts() == ["Σ", "10", "0", "30", "5"]
    assert watcher.evaluate("window.__notReloaded") is True

    # An impossible entry is refused on the scribe's phone with the clause; nothing changes elsewhere.
    entry = scribe.locator("form[action$='/game']")
    entry.locator("input[name=out][value='1']").check()
    points = entry.locator("input[name=points]")
    for index, value in ((1, "1"), (2, "3"), (3, "4")):
        points.nth(index).fill(value)
    entry.locator("button[type=submit]").click()
    scribe.wait_for_selector("[role=alert][data-clause='RA-23']")  # the clause behind the rule link
    assert "Game 2 of 8" in watcher.locator(".turn-banner").inner_text()
