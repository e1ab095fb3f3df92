"""E-22 on a 390×844 phone: the page between rounds with "someone arrives / someone leaves" by name.

After round 1 the K-17 choice stays in the first screen and the arrivals fold sits below it; tapping
"Emil arrives" says the table changed and who starts the new draw, in names (no seat numbers, no
clause codes in the sentences). Screenshots go to ``$STAMMTISCH_SHOTS_DIR`` (or the test's tmp dir).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from stammtisch.web.auth import club_service
from stammtisch.web.background import BackgroundServer
from tests.e2e.conftest import PHONE
from tests.e2e.names import submit_names
from tests.e2e.test_phone_screens import check_screen

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PLAYERS = ["Anna", "Ben", "Carla", "Dieter", "Emil"]


def _evening_after_round_one(server: BackgroundServer) -> str:
    service = server.app.state.service
    snap = service.create(
        "kluempchen",
        PLAYERS,
        options={"team_draw": "manual"},
        setup={"teams": [[0, 1], [2, 3]], "later": [4]},
        mode="scoresheet",
        title="Freitag",
    )
    club_service(server.app).link_seats(snap.match_id, PLAYERS)
    while snap.view["phase"] == "play":
        snap = service.act(snap.match_id, snap.turn["seats"][0], "score 80", snap.seq)
    return str(snap.match_id)


@pytest.mark.parametrize("locale", ["de-DE", "en-US"])
def test_e22_between_rounds_on_the_phone(browser: Any, server: BackgroundServer, shots: Path, locale: str) -> None:
    match_id = _evening_after_round_one(server)
    lang = locale[:2]
    context = browser.new_context(viewport=PHONE, locale=locale)
    page = context.new_page()
    page.goto(f"{server.url}/m/{match_id}")
    page.wait_for_load_state("networkidle")
    check_screen(page, "[data-notation='next']", shots, f"kluempchen-between-rounds-{lang}", PLAYERS)
    page.locator("[data-testid='table-change'] summary").click()
    page.screenshot(path=str(shots / f"kluempchen-arrivals-open-{lang}.png"), full_page=True)
    arrive = page.locator("[data-notation='arrive 4']")
    assert ("Emil kommt" if lang == "de" else "Emil arrives") in arrive.inner_text()
    arrive.click()
    page.wait_for_selector("[data-testid='table-changed']")
    page.wait_for_load_state("networkidle")
    expect(page.locator("[data-notation='redraw']")).to_be_in_viewport()  # the new board's top is brought into view
    page.wait_for_function("() => window.scrollY === 0")
    check_screen(page, "[data-notation='redraw']", shots, f"kluempchen-table-changed-{lang}", PLAYERS)
    changed = page.locator("[data-testid='table-changed']").inner_text()
    assert "Emil" in changed
    assert "5" in page.locator("[data-testid='at-table']").inner_text()
    assert page.locator("[data-testid='not-at-table']").count() == 0  # everybody is at the table now
    context.close()


def test_e22_the_form_ticks_players_expected_later(browser: Any, server: BackgroundServer, shots: Path) -> None:
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    page = context.new_page()
    page.goto(f"{server.url}/evenings/new")
    page.wait_for_load_state("networkidle")
    for index, name in enumerate(PLAYERS):
        page.locator("input[name='player']").nth(index).fill(name)
    page.locator("input[name='later'][value='4']").check()
    page.screenshot(path=str(shots / "kluempchen-new-evening-later-de.png"))
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the form scrolls sideways ({width} px)"
    submit_names(page, page.locator("button[type='submit']").last)
    page.wait_for_load_state("networkidle")
    assert "/m/" in page.url
    page.screenshot(path=str(shots / "kluempchen-evening-started-later-de.png"))
    assert "Emil" not in page.locator("[data-testid='turn']").inner_text()
    context.close()
