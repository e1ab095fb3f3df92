"""PT-9 and PT-7 in a real browser on a phone-sized screen: the organiser deletes a tournament through
its confirmation page (a wrong title and a missing tick are refused in place, without a reload, and
nothing is lost), and replaces a player between the passes with the "Change players" form."""

from __future__ import annotations

import random
from typing import Any

import pytest

from stammtisch.store.tournament_sheets import tournament_service
from stammtisch.web.background import BackgroundServer
from tests.club.sheets import play_sheet
from tests.e2e.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_deleting_needs_the_title_and_the_tick(browser: Any, server: BackgroundServer) -> None:
    matches = server.app.state.service
    tournaments = tournament_service(matches)
    tid = tournaments.create("Probe Turnier").tournament_id
    tournaments.register_many(tid, ["Anna", "Berta", "Clara", "Dora"])
    sheet = tournaments.draw(tid, 1, seed="probe").match_ids[0]
    play_sheet(matches, sheet, random.Random(1), games=2)

    page = browser.new_context(viewport=PHONE, locale="en-US").new_page()
    page.goto(f"{server.url}/t/{tid}?lang=en")
    page.get_by_role("link", name="Delete tournament…").click()
    page.wait_for_url(f"**/t/{tid}/delete")
    assert page.locator("[data-count=games]").inner_text() == "2"
    page.evaluate("window.__notReloaded = true")

    page.locator("input[name=title]").fill("Probe")
    page.get_by_role("button", name="Delete for good").click()
    page.wait_for_selector("[role=alert]:has-text('To delete, type the tournament')")
    assert "(PT-9)" in page.locator("[role=alert]").inner_text()

    page.locator("input[name=title]").fill("probe turnier")
    page.get_by_role("button", name="Delete for good").click()
    page.wait_for_selector("[role=alert]:has-text('Confirm explicitly')")
    assert page.evaluate("window.__notReloaded") is True  # refusals were swapped in by htmx
    assert tournaments.get(tid).title == "Probe Turnier"
    assert matches.snapshot(sheet).seq > 0

    page.locator("input[name=scores_too]").check()
    page.get_by_role("button", name="Delete for good").click()
    page.wait_for_url("**/tournaments?deleted=1")
    assert "The tournament has been deleted." in page.locator("main").inner_text()
    assert "Probe Turnier" not in page.locator("main").inner_text()
    assert page.goto(f"{server.url}/t/{tid}").status == 404


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
