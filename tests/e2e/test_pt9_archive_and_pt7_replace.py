"""PT-9 and PT-7 in a real browser on a phone-sized screen: the organiser archives a tournament (its
"delete": nothing is deleted) and restores it from the archived list, and replaces a player between the
passes with the "Change players" form."""

from __future__ import annotations

import random
from typing import Any

import pytest

from stammtisch.store.tournament_sheets import tournament_service
from stammtisch.web.background import BackgroundServer
from tests.club.sheets import play_sheet
from tests.e2e.conftest import PHONE
from tests.support.shots import shots_dir

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


SHOTS = shots_dir("audit")


def keeper_page(browser: Any, server: BackgroundServer, lang: str = "en-US") -> Any:
    """A phone signed in as the treasurer (archiving and restoring are hers or the admin's), where the
    club's sign-in exists; otherwise a plain phone."""
    context = browser.new_context(viewport=PHONE, locale=lang)
    try:
        from stammtisch.web.auth import club_service
        from stammtisch.web.auth.session import session_cookie
        from tests.support.club import Role, setup_club
    except ImportError:  # before the club's members and roles
        return context.new_page()
    ids = setup_club(server.app)
    account = club_service(server.app).account(ids[Role.TREASURER])
    name, value = session_cookie(server.app, account)
    context.add_cookies([{"name": name, "value": value, "url": server.url}])
    return context.new_page()


def test_archiving_and_restoring_a_tournament(browser: Any, server: BackgroundServer) -> None:
    """PT-9: "Archive tournament…" says what is put away and that nothing is deleted; archiving lands on
    the list with a notice; the archived list restores it, with its games, as it was."""
    matches = server.app.state.service
    tournaments = tournament_service(matches)
    tid = tournaments.create("Probe Turnier").tournament_id
    tournaments.register_many(tid, ["Anna", "Berta", "Clara", "Dora"])
    sheet = tournaments.draw(tid, 1, seed="probe").match_ids[0]
    play_sheet(matches, sheet, random.Random(1), games=2)
    entries = matches.snapshot(sheet).seq
    SHOTS.mkdir(parents=True, exist_ok=True)

    page = keeper_page(browser, server)
    page.goto(f"{server.url}/t/{tid}?lang=en")
    page.get_by_role("link", name="Archive tournament…").click()
    page.wait_for_url(f"**/t/{tid}/archive")
    assert page.locator("[data-count=games]").inner_text() == "2"
    assert "Nothing is deleted" in page.locator("main").inner_text()
    page.screenshot(path=str(SHOTS / "archive-confirm.png"), full_page=True)
    page.get_by_role("button", name="Archive").click()
    page.wait_for_url("**/tournaments?archived=1")
    main = page.locator("main").inner_text()
    assert "The tournament has been archived" in main and "Probe Turnier" not in main
    page.screenshot(path=str(SHOTS / "archive-done-list.png"), full_page=True)

    page.get_by_role("link", name="Archived tournaments").click()
    page.wait_for_url("**/tournaments/archived")
    item = page.locator(f"li[data-tournament='{tid}']")
    assert "Probe Turnier" in item.inner_text()
    page.screenshot(path=str(SHOTS / "archived-list.png"), full_page=True)
    page.goto(f"{server.url}/t/{tid}")
    assert "Archived on" in page.locator("#archived-banner").inner_text()
    page.screenshot(path=str(SHOTS / "archived-tournament.png"), full_page=True)
    page.locator("#archived-banner").get_by_role("button", name="Restore").click()
    page.wait_for_url(f"**/t/{tid}?restored=1")
    assert "The tournament has been restored" in page.locator("main").inner_text()
    page.screenshot(path=str(SHOTS / "restored.png"), full_page=True)
    assert not tournaments.get(tid).archived and matches.snapshot(sheet).seq == entries


def test_replacing_a_player_between_the_passes(browser: Any, server: BackgroundServer) -> None:
    matches = server.app.state.service
    tournaments = tournament_service(matches)
    tid = tournaments.create("Herbst").tournament_id
    tournaments.register_many(tid, ["Anna", "Berta", "Clara", "Dora", "Erna"])
    for match_id in tournaments.draw(tid, 1, seed="eins").match_ids:
        play_sheet(matches, match_id, random.Random(2))

    page = browser.new_context(viewport=PHONE, locale="de-DE").new_page()
    page.goto(f"{server.url}/t/{tid}")
    form = page.locator("#change-players")
    assert "Spielerinnen ändern vor Durchgang 2" in form.inner_text()
    form.locator("select[name=leaving]").select_option(label="3. Clara")
    form.locator("input[name=joining]").fill("Frieda")
    form.get_by_role("button", name="Spielerinnen ändern").click()
    page.wait_for_selector("#changes li:has-text('Frieda ersetzt Clara')")
    assert "ersetzt durch Frieda" in page.locator("li[data-number='3']").inner_text()

    page.get_by_role("button", name="Durchgang 2 auslosen").click()
    page.wait_for_selector("#pass-2")
    tables = page.locator("#pass-2").inner_text()
    assert "Frieda" in tables and "Clara" not in tables
    assert "✓" in page.locator("#pass-2 .audit summary").inner_text()
    assert page.locator("#change-players").count() == 0  # pass 2 is drawn: no more changes
