"""Three players of Das Regeln Wir Schon! on three phones (RG-3.2, RG-R01): the vote is a secret tile
picker; each phone shows who has voted, never how, until the last vote arrives; then the reveal
reaches all three phones at once, without a reload (Server-Sent Events).

With ``STAMMTISCH_SHOTS=<folder>`` the test also saves screenshots at 390x844 (a phone) and of the
shared table screen."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from stammtisch.matches.tables import DigitalTable
from stammtisch.web.background import BackgroundServer
from stammtisch.web.deadlines import ManualDeadlines
from stammtisch.web.tables import table_for
from tests.e2e.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SHOTS = os.environ.get("STAMMTISCH_SHOTS")


def _shot(page: Any, name: str, full: bool = False) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=full)


def _until_vote(table: DigitalTable, match_id: str, tokens: dict[int, str]) -> None:
    """Set-up through the table as the phones would answer: predictions, starting chips, one card."""
    service = table.service
    for _ in range(200):
        public = service.snapshot(match_id, None)
        if public.view["phase"] == "vote":
            return
        seat = int(public.turn["seats"][0])
        mine = service.snapshot(match_id, seat)
        notation = mine.legal[0]["notation"]
        table.act(tokens[seat], notation, mine.seq)
    raise AssertionError("no vote reached")


def test_three_phones_vote_in_secret_and_see_the_reveal_together(browser: Any, server: BackgroundServer) -> None:
    table = table_for(server.app)
    server.app.state.deadlines = ManualDeadlines(table)
    opened = table.open("regeln", ["Anna", "Ben", "Cem"], title="Freitag")
    match_id = opened.snapshot.match_id
    pages = []
    for seat, locale in enumerate(("de-DE", "en-US", "de-DE")):
        page = browser.new_context(viewport=PHONE, locale=locale).new_page()
        page.goto(f"{server.url}/p/{opened.tokens[seat]}")
        page.wait_for_function("() => document.body.classList.contains('online')")
        pages.append(page)
    _shot(pages[0], "01_predict")
    pages[0].locator("[data-testid='predict'] button").first.click()
    pages[0].wait_for_selector("[data-testid='waiting']")
    _until_vote(table, match_id, dict(enumerate(opened.tokens[s] for s in range(3))))
    for page in pages:
        page.wait_for_selector("[data-testid='vote-picker']", timeout=5000)
        page.evaluate("window.__notReloaded = true")
    _shot(pages[0], "02_vote_picker")
    raw = server.app.state.service.state(match_id)
    tiles = raw.tiles

    # Anna votes Ja with her most tiles, Ben Nein with one: their phones and Cem's show only who voted.
    pages[0].locator(f"button[data-notation='vote yes {tiles[0]}']").click()
    pages[1].locator("button[data-notation='vote no 1']").click()
    for page in pages:
        page.wait_for_selector("[data-testid='voted-1']:has-text('✓')", timeout=5000)
        page.wait_for_selector("[data-testid='voted-0']:has-text('✓')", timeout=5000)
        assert page.locator("[data-testid='reveal']").count() == 0
    _shot(pages[2], "03_two_voted")
    shown = pages[2].locator("#board").inner_text()
    assert "×" not in shown and "Ja ×" not in shown  # no vote (side × tiles) is on Cem's phone yet
    own = pages[1].locator("[data-testid='waiting']").inner_text()
    assert "No × 1" in own or "Nein × 1" in own, own  # Ben sees his own vote, and only his

    # Cem's is the last vote: the reveal appears on all three phones, without a reload.
    pages[2].locator("button[data-notation='vote yes 1']").click()
    for page in pages:
        page.wait_for_selector("[data-testid='reveal']", timeout=5000)
        revealed = page.locator("[data-testid='reveal']").inner_text()
        assert "Anna" in revealed and "Ben" in revealed and "Cem" in revealed
        assert page.evaluate("window.__notReloaded") is True
    _shot(pages[1], "04_reveal_en")
    _shot(pages[0], "05_after_vote_full", full=True)

    screen = browser.new_context(viewport={"width": 1280, "height": 800}, locale="de-DE").new_page()
    screen.goto(f"{server.url}/w/{match_id}")
    assert screen.locator("[data-testid='reveal']").count() == 1
    assert screen.locator("[data-testid='mats'] .rg-card").count() == 8
    _shot(screen, "06_table_screen", full=True)
    phone_screen = browser.new_context(viewport=PHONE, locale="de-DE").new_page()
    phone_screen.goto(f"{server.url}/w/{match_id}")
    _shot(phone_screen, "07_table_screen_phone", full=True)
    for page in (*pages, screen, phone_screen):
        page.context.close()
