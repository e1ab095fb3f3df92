"""A digital Preisrommé table with the search bot (issue 15.5) in the empty seats, opened from the
phone form: the form offers the bot in words, the links page names it, and the person's page plays on
while the bots decide (they see only their own seats' views, bots/games/preisromme/search.py)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from stammtisch.web.background import BackgroundServer
from stammtisch.web.deadlines import ManualDeadlines
from stammtisch.web.tables import table_for
from tests.e2e.conftest import PHONE
from tests.e2e.names import submit_names

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

#: Screenshots for a person to look at (set STAMMTISCH_SHOTS to a folder).
SHOTS = os.environ.get("STAMMTISCH_SHOTS")


def shot(page: Any, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def test_a_table_with_search_bots_opened_and_played_from_a_phone(browser: Any, server: BackgroundServer) -> None:
    server.app.state.deadlines = ManualDeadlines(table_for(server.app))
    page = browser.new_context(viewport=PHONE, locale="de-DE").new_page()
    page.goto(f"{server.url}/preisromme/new")
    options = page.locator("select[name='bot'] option")
    labels = [text.strip() for text in options.all_inner_texts()]
    assert any("stark" in label.lower() for label in labels), labels
    page.locator("input[name='player']").first.fill("Anna")
    page.locator("select[name='bot']").select_option("search")
    page.locator("input[name='games_per_pass']").fill("1")
    shot(page, "new-table-form")
    submit_names(page, page.locator("button[type='submit']"))
    page.wait_for_selector("text=/Bot – (Stark|Strong)/")  # the bot in words, not its code name
    shot(page, "links")
    page.locator("[data-testid='link-0'] a").first.click()
    page.wait_for_function("() => document.body.classList.contains('online')")
    # Until Anna's own turn: she declines every discard the bots throw (then she draws from the stock).
    for turn in range(12):
        shot(page, f"waiting-{turn}")
        page.wait_for_selector(
            "button[data-notation^='discard'], button[data-notation='pass']", state="attached", timeout=90000
        )
        if page.locator("button[data-notation^='discard']").count():
            break
        with page.expect_response(lambda response: response.url.endswith("/act"), timeout=60000):
            page.locator("button[data-notation='pass']").first.click()
    shot(page, "seat-with-search-bots")
    # As people do it: tap a card, then the discard button that appears for it.
    page.locator("[data-testid='hand'] [data-card]").first.click()
    shot(page, "card-selected")
    with page.expect_response(lambda response: response.url.endswith("/act"), timeout=60000):
        page.locator("button[data-notation^='discard']:visible").first.click()
    # Three search bots answer the window, play their turns and discard; Anna is asked again.
    page.wait_for_selector("button[data-notation='take'], button[data-notation='knock']", timeout=90000)
    shot(page, "after-the-bots")
    service = server.app.state.service
    (record,) = service.list_matches(game="preisromme")
    assert service.state(record.match_id).turn_no >= 2  # the bots played on after Anna's discard
    page.context.close()
