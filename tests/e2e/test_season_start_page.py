"""SE-2 in the browser at 390x844: the treasurer opens the season start page from the season report,
a day that not every year has is refused in words with the clause as a rule link, then 1 August is
saved and the page says from when it applies and which short season bridges to it. Screenshots go to
the screenshot folder (tests/support/shots.py, season)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from stammtisch.club.bank.model import Reason, booking
from stammtisch.club.members import Role
from stammtisch.store.settings import SqlSettings
from stammtisch.web.background import BackgroundServer
from tests.e2e.conftest import PHONE
from tests.support.club import NAMES
from tests.support.shots import shots_dir

SHOTS = shots_dir("season")


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_se2_the_treasurer_moves_the_season_start(server: BackgroundServer, browser: Any) -> None:
    app = server.app
    members = {m.name: m.member_id for m in app.state.bank.club.members()}
    app.state.bank.ledger.append(
        [booking(members[NAMES[Role.MEMBER]], Reason.CASH_IN, 500, date(2026, 6, 1), datetime.now(UTC))]
    )
    treasurer = browser.new_context(role=Role.TREASURER, viewport=PHONE, locale="de-DE")
    page = treasurer.new_page()
    page.goto(f"{server.url}/bank/season")
    page.get_by_test_id("season-start-link").click()
    page.wait_for_url("**/bank/season/start")
    assert "Die Saison beginnt am 1. Mai." in page.get_by_test_id("start-now").inner_text()
    button = page.get_by_test_id("season-start-form").get_by_role("button")
    box = button.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"]  # the form fits the first screen
    shot(page, "01-season-start")
    page.select_option("[data-testid=start-day]", "31")
    page.select_option("[data-testid=start-month]", "2")
    button.click()
    error = page.get_by_test_id("error")
    assert "Saisonbeginn" in error.inner_text() and error.get_attribute("data-clause") == "KA-32"
    assert page.locator("[data-testid=error] .rule-link").is_visible()
    shot(page, "02-refused")
    page.select_option("[data-testid=start-day]", "1")
    page.select_option("[data-testid=start-month]", "8")
    page.get_by_test_id("season-start-form").get_by_role("button").click()
    page.wait_for_url("**/bank/season/start?done=1")
    pending = page.get_by_test_id("pending").inner_text()
    assert "beginnt die Saison am 1. August" in pending and "kurze Saison" in pending
    shot(page, "03-decided")
    assert SqlSettings(app.state.bank.ledger.engine).season_calendar().latest_start == (8, 1)
    english = browser.new_context(role=Role.TREASURER, viewport=PHONE, locale="en-GB")
    other = english.new_page()
    other.goto(f"{server.url}/bank/season/start?lang=en")
    assert "the season starts on 1 August" in other.get_by_test_id("pending").inner_text()
    shot(other, "04-decided-en")
