"""Handing out links on a phone (issue 10.4), in Chromium at 390×844: the organiser opens a Preisrommé
table, every seat link is a QR code with its URL wrapped inside the screen and a copy button that
says it copied; the organiser finds the seat links again later from the table's page (TS-5), and
another phone cannot. Screenshots go to the screenshot folder (tests/support/shots.py, lan) for a look by eye.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from stammtisch.web.background import BackgroundServer
from tests.e2e.conftest import PHONE
from tests.e2e.names import submit_names
from tests.support.shots import shots_dir

SHOTS = shots_dir("lan")


def _shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def _fits(page: Any) -> None:
    """Nothing is wider than the phone (a long URL would push the page sideways)."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide on a {PHONE['width']}px phone"


@pytest.fixture
def organiser(browser: Any, server: BackgroundServer) -> Any:
    context = browser.new_context(viewport=PHONE, locale="de-DE")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    yield context.new_page()
    context.close()


def test_the_organiser_hands_out_seat_links_and_finds_them_again(
    browser: Any, server: BackgroundServer, organiser: Any
) -> None:
    page = organiser
    page.goto(f"{server.url}/preisromme/new")
    names = page.locator("input[name=player]")
    names.nth(0).fill("Anna")
    names.nth(1).fill("Ben")
    submit_names(page, page.get_by_role("button", name="Tisch eröffnen"))
    first = page.get_by_test_id("link-0")
    first.wait_for()
    assert first.locator("svg[role=img]").count() == 1
    url = first.locator("[data-share-url]").get_attribute("href")
    assert url.startswith(f"{server.url}/p/")
    _fits(page)
    _shot(page, "01-seat-links-after-opening")

    first.get_by_role("button", name="Link kopieren").click()
    status = first.locator(".share-status")
    status.wait_for(state="visible")
    assert "Kopiert" in status.inner_text()
    assert page.evaluate("navigator.clipboard.readText()") == url
    _shot(page, "02-copied")

    # Later: the table's page (here the spectator's) shows her the way back to the links (TS-5).
    page.goto(page.get_by_test_id("spectator").locator("[data-share-url]").get_attribute("href"))
    page.get_by_test_id("share-spectator").locator("summary").click()
    _fits(page)
    _shot(page, "03-table-page-with-spectator-link")
    page.get_by_test_id("organiser-link").click()
    again = page.get_by_test_id("link-0")
    again.wait_for()
    assert again.locator("[data-share-url]").get_attribute("href") == url  # the same link as before
    _fits(page)
    _shot(page, "04-seat-links-again")

    # Another phone (Ben's) gets a readable refusal, and no link.
    other = browser.new_context(viewport=PHONE, locale="en-GB")
    try:
        ben = other.new_page()
        answer = ben.goto(page.url)
        assert answer is not None and answer.status == 403
        assert "Only whoever opened this table" in ben.content()
        assert "/p/" not in ben.content()
        _shot(ben, "05-someone-else-refused")
    finally:
        other.close()


def test_the_match_page_hands_out_its_follow_link(server: BackgroundServer, organiser: Any) -> None:
    """Issue 24.3: "open this match on another phone" gives the follow link, which needs no account."""
    page = organiser
    page.goto(f"{server.url}/")  # the page sets the CSRF cookie; the request sends it back like csrf.js
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "stammtisch_csrf")
    body = {
        "game": "kluempchen",
        "players": ["Anna", "Ben", "Carl", "Dora"],
        "options": {"team_draw": "manual"},
        "setup": {"teams": [[0, 1], [2, 3]]},
    }
    created = page.request.post(f"{server.url}/api/matches", data=body, headers={"X-CSRF-Token": token})
    assert created.status == 201, created.text()
    match_id = created.json()["match_id"]
    page.goto(f"{server.url}/m/{match_id}")
    panel = page.get_by_test_id("share-match")
    panel.locator("summary").click()
    with page.expect_navigation():
        panel.get_by_test_id("hand-out").click()
    assert page.locator("[data-share-url]").get_attribute("href").startswith(f"{server.url}/f/")
    _fits(page)
    _shot(page, "06-match-page-share")


def test_on_the_lan_over_plain_http_the_copy_button_falls_back(browser: Any, tmp_path: Path) -> None:
    """Phones reach the laptop by its LAN address over http: no secure context, so no clipboard API.
    The button then copies the selected URL the old way, or leaves it selected and says so."""
    from stammtisch.cli.lan import lan_addresses
    from stammtisch.club.members import Role
    from stammtisch.web.app import create_app
    from tests.e2e.conftest import sign_in_context
    from tests.support.club import setup_club

    addresses = lan_addresses()
    if not addresses:
        pytest.skip("no LAN address on this machine")
    app = create_app(database_url=f"sqlite:///{tmp_path / 'lan.sqlite3'}")
    setup_club(app)
    with BackgroundServer(app, host=addresses[0]) as lan:
        context = browser.browser.new_context(viewport=PHONE, locale="de-DE")
        try:
            sign_in_context(context, lan, Role.SCRIBE)
            page = context.new_page()
            page.goto(f"{lan.url}/preisromme/new")
            assert page.evaluate("window.isSecureContext") is False
            names = page.locator("input[name=player]")
            names.nth(0).fill("Anna")
            submit_names(page, page.get_by_role("button", name="Tisch eröffnen"))
            first = page.get_by_test_id("link-0")
            first.wait_for()
            url = first.locator("[data-share-url]").get_attribute("href")
            assert url.startswith(f"{lan.url}/p/")  # the LAN address, as the phone asked
            first.get_by_role("button", name="Link kopieren").click()
            status = first.locator(".share-status")
            status.wait_for(state="visible")
            said = status.inner_text()
            if "Kopiert" not in said:  # the old copy command refused: the URL is selected for a manual copy
                assert "von Hand" in said
                assert page.evaluate("window.getSelection().toString()") == url
            _shot(page, "07-lan-http-copy-fallback")
        finally:
            context.close()
