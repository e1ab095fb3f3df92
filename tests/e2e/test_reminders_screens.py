"""C-2, KA-31 on a phone (390x844): the evening page of a Klümpchen table on Mia's birthday and in
Christmas week shows the reminder lines in words (names, no clause codes) and still has its main input on
the first screen; the reminders page and the member form with the birthday. Screenshots go to
the screenshot folder (tests/support/shots.py, backup)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from stammtisch.club.members import Role
from stammtisch.store.reminders import SqlReminders
from stammtisch.web.background import BackgroundServer
from stammtisch.web.routes.reminders import club_today
from tests.e2e.conftest import PHONE
from tests.support.shots import shots_dir

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PLAYERS = ["Anna", "Ben", "Carla", "Dieter"]
TEAMS = {"options": {"team_draw": "manual"}, "setup": {"teams": [[0, 1], [2, 3]]}}
CLAUSE = re.compile(r"\b[A-Z]{1,3}-[A-Z]?\d+(?:\.\d+)*[a-z]?\b")
SHOTS = shots_dir("backup")


def shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def test_c2_evening_page_shows_the_rounds_owed_on_a_phone(browser: Any, server: BackgroundServer) -> None:
    """C-2.1/C-2.2: the owed birthday round and the voluntary holiday round, in words, above the board; the
    tap pad (main input) stays on the first screen."""
    app = server.app
    today = club_today()
    reminders = SqlReminders(app.state.service.repository.engine)
    mia = app.state.test_club_ids[Role.MEMBER]
    reminders.set_birthday(mia, today.replace(year=1990) if (today.month, today.day) != (2, 29) else today)
    reminders.add_club_date("Vereinsfahrt nach Erfurt", today.month, today.day, None)
    service = app.state.service
    match = service.create("kluempchen", PLAYERS, mode="table", **TEAMS)
    for locale, birthday, voluntary in (
        ("de-DE", "Heute hat Mia Mitglied Geburtstag", "Eine Runde ist freiwillig"),
        ("en-US", "It's Mia Mitglied's birthday today", "A round is voluntary"),
    ):
        context = browser.new_context(viewport=PHONE, locale=locale, role=Role.SCRIBE)
        page = context.new_page()
        page.goto(f"{server.url}/m/{match.match_id}")
        page.wait_for_selector("[data-testid='reminder-birthday']")
        shoot(page, f"evening-reminders-{locale[:2]}")
        text = str(page.evaluate("() => document.querySelector('main').innerText"))
        assert birthday in text and voluntary in text
        assert not CLAUSE.findall(text.split("\n")[0] + text.split("\n")[1])
        box = page.locator("[data-testid='pad'] [data-pad-go]").first.bounding_box()
        assert box is not None and box["y"] + min(box["height"], 360) <= PHONE["height"]
        context.close()


def test_c2_reminders_page_and_member_birthday_on_a_phone(browser: Any, server: BackgroundServer) -> None:
    """RM-2/RM-4: the club's days and the birthday field read well on a phone."""
    app = server.app
    mia = app.state.test_club_ids[Role.MEMBER]
    SqlReminders(app.state.service.repository.engine).add_club_date("Weihnachten", 12, 24, None)
    context = browser.new_context(viewport=PHONE, locale="de-DE", role=Role.ADMIN)
    page = context.new_page()
    page.goto(f"{server.url}/reminders")
    shoot(page, "reminders-page-de")
    assert page.locator("[data-testid='club-date']").count() == 1
    page.goto(f"{server.url}/members/{mia}")
    page.fill("[data-testid='birthday']", "1990-03-12")
    shoot(page, "member-birthday-de")
    page.click("[data-testid='edit-member'] button[type=submit]")
    page.wait_for_load_state("networkidle")
    assert SqlReminders(app.state.service.repository.engine).birthday(mia) is not None
    context.close()


def test_c2_bank_dice_day_shows_the_reminder_on_a_phone(browser: Any, server: BackgroundServer) -> None:
    """C-2/KA-31: the treasurer's dice-day section names the birthday round owed today (words, no booking)."""
    app = server.app
    today = club_today()
    mia = app.state.test_club_ids[Role.MEMBER]
    SqlReminders(app.state.service.repository.engine).set_birthday(
        mia, today.replace(year=1985) if (today.month, today.day) != (2, 29) else today
    )
    context = browser.new_context(viewport=PHONE, locale="de-DE", role=Role.TREASURER)
    page = context.new_page()
    page.goto(f"{server.url}/bank")
    line = page.wait_for_selector("[data-testid='fines'] [data-testid='reminder-birthday']")
    line.scroll_into_view_if_needed()
    shoot(page, "bank-dice-day-reminder-de")
    assert "Heute hat Mia Mitglied Geburtstag" in line.inner_text()
    context.close()
