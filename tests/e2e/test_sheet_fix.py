"""The score sheet you can fix (issue 25.2) on a 390x844 phone, German and English: a refused entry keeps
what was typed with the field marked in words; an entered game is corrected with a reason; the standings
fit the phone and give prizes only when every game is entered; the tie-break reads in words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from stammtisch.store.tournament_sheets import tournament_service
from stammtisch.web.background import BackgroundServer
from tests.e2e.conftest import PHONE
from tests.e2e.test_a11y import serious_violations

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def _wide(page: Any) -> int:
    return int(page.evaluate("() => document.documentElement.scrollWidth"))


@pytest.mark.parametrize("locale", ["de-DE", "en-US"])
def test_sheet_refusal_correction_and_standings_on_a_phone(
    browser: Any, server: BackgroundServer, shots: Path, locale: str
) -> None:
    lang = locale[:2]
    tournaments = tournament_service(server.app.state.service)
    record = tournaments.create("Herbst", tie_break=("second_pass", "games_won"), prizes=("Gans", "Wein", "Pralinen"))
    tid = record.tournament_id
    for name in ("Anna", "Berta", "Clara", "Dora"):
        tournaments.register(tid, name)
    sheet = tournaments.draw(tid, 1, seed="fix").match_ids[0]
    page = browser.new_context(viewport=PHONE, locale=locale).new_page()
    page.goto(f"{server.url}/sheet/{sheet}")
    page.wait_for_load_state("networkidle")

    # A count left out: the form comes back with the typed values and the field marked in words.
    entry = page.locator("form[action$='/game']")
    entry.locator("input[name=out][value='2']").check()
    entry.locator("input[name=romme]").check()
    points = entry.locator("input[name=points]")
    points.nth(0).fill("10")
    points.nth(3).fill("5")
    entry.locator("button[type=submit]").click()
    page.wait_for_selector("[data-testid=mark-2]")
    entry = page.locator("form[action$='/game']")
    entry.locator("[data-testid=mark-2]").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"sheet-refused-{lang}.png"))
    assert page.locator("#board").count() == 1 and page.locator("[data-testid=mark-2]").count() == 1
    assert entry.locator("input[name=points]").nth(0).input_value() == "10"
    assert entry.locator("input[name=points]").nth(3).input_value() == "5"
    assert entry.locator("input[name=out][value='2']").is_checked() and entry.locator("input[name=romme]").is_checked()
    third = server.app.state.service.snapshot(sheet).players[2]
    mark = page.locator("[data-testid=mark-2]").inner_text()
    assert mark == (f"Die Punkte von {third} fehlen." if lang == "de" else f"The points of {third} are missing.")
    assert _wide(page) <= PHONE["width"]
    assert not serious_violations(page)

    # Now right, then corrected: game 1's last count was 50, not 5.
    entry.locator("input[name=points]").nth(2).fill("30")
    entry.locator("button[type=submit]").click()
    page.wait_for_selector("[data-testid=sheet-fix]")
    page.locator("[data-testid=sheet-fix] > summary").click()
    page.locator("[data-testid=fix-1] > summary").click()
    form = page.locator("[data-testid=fix-1] form")
    assert form.locator("input[name=points]").nth(3).input_value() == "5"
    form.locator("input[name=points]").nth(3).fill("50")
    form.locator("[data-testid=fix-why-1]").fill("Tippfehler" if lang == "de" else "typo")
    form.locator("[data-testid=fix-why-1]").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"sheet-correcting-{lang}.png"))
    form.locator("[data-testid=fix-send-1]").click()
    page.wait_for_selector("[data-testid=corrected]")
    page.locator("[data-testid=corrected]").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"sheet-corrected-{lang}.png"))
    assert "100" in page.locator("tfoot").inner_text()  # 50 doubled after the Rommé-Hand
    history = server.app.state.service.snapshot(sheet).view["history"]
    assert history[0]["hand_points"][3] == 50
    assert _wide(page) <= PHONE["width"]
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    assert not serious_violations(page)

    # Standings: provisional, so no prize yet; nothing wider than the phone; the tie-break in words.
    page.goto(f"{server.url}/t/{tid}")
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(shots / f"tournament-standings-{lang}.png"), full_page=True)
    assert page.locator("[data-testid=prize]").count() == 0
    assert page.locator("[data-testid=prizes-open]").count() == 1
    tie = page.locator("[data-testid=tie-break]").inner_text()
    assert "second_pass" not in tie and "games_won" not in tie
    assert ("weniger Punkte" in tie) if lang == "de" else ("fewer points" in tie)
    table = page.locator("#standings .table-scroll")
    assert table.evaluate("e => e.scrollWidth <= e.clientWidth"), "the standings table is clipped or scrolls"
    assert _wide(page) <= PHONE["width"]
    assert not serious_violations(page)
