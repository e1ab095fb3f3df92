"""The Klümpchen advice card on a phone (issue 15.2): off until asked for this evening, then each choice in
words with its expected points (and win probability with a stored solution); screenshots at 390x844."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from stammtisch.web.background import BackgroundServer
from tests.e2e.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SHOTS = Path(os.environ.get("STAMMTISCH_SHOTS", "/tmp/shots/solver"))


def _evening(server: BackgroundServer) -> str:
    service = server.app.state.service
    snap = service.create(
        "kluempchen",
        ["Anna", "Ben", "Carl", "Dora"],
        options={"team_draw": "manual"},
        setup={"teams": [[0, 1], [2, 3]]},
        mode="table",
        title="Freitag",
    )
    return snap.match_id


def _tap(page: Any, faces: list[int]) -> None:
    for face in faces:
        page.locator(f"[data-pad-face='{face}']").click()


@pytest.mark.parametrize("locale", ["de-DE", "en-US"])
def test_advice_card_on_a_phone(browser: Any, server: BackgroundServer, locale: str) -> None:
    match_id = _evening(server)
    page = browser.new_context(viewport=PHONE, locale=locale).new_page()
    page.goto(f"{server.url}/m/{match_id}")
    _tap(page, [1, 1, 1, 2, 3, 4])
    page.locator("[data-pad-go][data-notation='throw']").click()
    page.wait_for_selector("[data-testid='pending']:text-is('10')")
    _tap(page, [1, 5, 6])
    page.locator("[data-pad-go]").click()
    page.wait_for_selector("[data-testid='pending']:text-is('20')")
    card = page.locator("[data-testid='advice']")
    card.locator("[data-testid='advice-on']").click()
    page.wait_for_selector("[data-testid='advice-choices'] li")
    items = page.locator("[data-testid='advice-choices'] li")
    assert items.count() == 2
    assert items.first.get_attribute("data-action") == "stop"
    # the main input (stop / 3rd throw) is still reachable without scrolling past the card
    stop = page.locator("button[data-notation='stop']").bounding_box()
    assert stop is not None and stop["y"] + stop["height"] <= PHONE["height"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"advice-{locale}.png"), full_page=False)
    card.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"advice-{locale}-card.png"), full_page=False)


def test_lab_page_on_a_phone(browser: Any, server: BackgroundServer) -> None:
    """Issue 15.4: the lab page's form, chart and table on a phone."""
    page = browser.new_context(viewport=PHONE, locale="de-DE").new_page()
    page.goto(f"{server.url}/lab/kluempchen")
    page.select_option("#variant", "confirmation_budget=within_turn")
    page.fill("#rounds", "300")
    page.locator("[data-testid='lab-form'] button").click()
    page.wait_for_selector("[data-testid='lab-table']")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "lab-form.png"), full_page=False)
    page.locator("[data-testid='lab-result']").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "lab-result.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]  # nothing cut off sideways
