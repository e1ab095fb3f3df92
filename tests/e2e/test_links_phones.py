"""Every link a scribe hands out opens on a phone without an account, under the default settings (issue 24,
points 1–3; docs/access.md LK-1…LK-6), in Chromium at 390×844, in German and English: the seat-link pages
of the three digital games (Preisrommé, Das Regeln Wir Schon!, Bier-Pong: one component with QR codes and
copy buttons), the table screen they hand out, the follow link of the three table games (Klümpchen,
Prömpeln, Bier-Pong) from "open this match on another phone", a withdrawn link's refusal, and the form's
question about a name the club does not know. Nothing is wider than the phone; each page is saved to
the screenshot folder (tests/support/shots.py, links) for a look by eye.
"""

from __future__ import annotations

from typing import Any

import pytest

from stammtisch.web.background import BackgroundServer
from tests.e2e.conftest import PHONE
from tests.e2e.names import submit_names
from tests.support.shots import shots_dir

SHOTS = shots_dir("links")
LOCALES = {"de": "de-DE", "en": "en-US"}
TABLE_GAMES = {
    "kluempchen": {
        "game": "kluempchen",
        "players": ["Anna", "Ben", "Carla", "Dieter"],
        "options": {"team_draw": "manual"},
        "setup": {"teams": [[0, 1], [2, 3]]},
    },
    "proempeln": {"game": "proempeln", "players": ["Anna", "Ben", "Carla"]},
    "bierpong": {
        "game": "bierpong",
        "players": ["Anna", "Ben", "Carla", "Dieter"],
        "setup": {"teams": [[0, 1], [2, 3]]},
    },
}


def _shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def _fits(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{page.url} is {width}px wide on a {PHONE['width']}px phone"


def _opens_without_sign_in(phone: Any, url: str, shown: str = "#board") -> None:
    """A phone without an account opens ``url`` and sees ``shown`` (a selector), not the sign-in page."""
    answer = phone.goto(url)
    assert answer is not None and answer.status == 200, (url, answer and answer.status)
    assert "/signin" not in phone.url and phone.locator("input[name='password']").count() == 0
    phone.locator(shown).first.wait_for()
    _fits(phone)


def _share_urls(page: Any) -> dict[str, str]:
    """Each share box's test id → its URL (the QR code beside it encodes the same)."""
    found = {}
    for box in page.locator("[data-share]").all():
        assert box.locator("svg[role=img]").count() == 1  # a QR code
        assert box.locator("button[data-copy]").count() == 1  # a copy button
        found[box.get_attribute("data-testid") or ""] = box.locator("[data-share-url]").get_attribute("href")
    return found


@pytest.fixture
def phones(browser: Any, server: BackgroundServer, request: pytest.FixtureRequest) -> Any:
    """The scribe's phone (signed in) and a phone without an account, in the test's language."""
    lang = request.node.callspec.params["lang"]
    scribe = browser.new_context(viewport=PHONE, locale=LOCALES[lang])
    guest = browser.new_context(viewport=PHONE, locale=LOCALES[lang], role=None)
    yield scribe.new_page(), guest.new_page()
    scribe.close()
    guest.close()


DIGITAL = {
    "preisromme": ("/preisromme/new", {}),
    "regeln": ("/regeln/new", {}),
    "bierpong": ("/bierpong/new", {"mode": "digital"}),
}


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_every_digital_game_hands_out_seat_and_table_screen_links(
    phones: Any, server: BackgroundServer, lang: str
) -> None:
    scribe, guest = phones
    for game, (path, choices) in DIGITAL.items():
        scribe.goto(f"{server.url}{path}")
        names = scribe.locator("input[name=player], input[name=team_a]")
        names.nth(0).fill("Anna")
        if game != "bierpong":
            names.nth(1).fill("Ben")
        for field, value in choices.items():
            scribe.check(f"input[name={field}][value={value}]")
        submit_names(scribe, scribe.locator("form button[type=submit]").last)
        scribe.get_by_test_id("link-0").wait_for()
        urls = _share_urls(scribe)
        _fits(scribe)
        _shot(scribe, f"{game}-seat-links-{lang}")
        assert urls["spectator"].startswith(f"{server.url}/screen/") and urls["link-0"].startswith(f"{server.url}/p/")
        _opens_without_sign_in(guest, urls["spectator"])
        _shot(guest, f"{game}-table-screen-{lang}")
        _opens_without_sign_in(guest, urls["link-0"])
        _shot(guest, f"{game}-seat-{lang}")
        # Later in the evening: the organiser shows the seat links again, and the table screen's link.
        again = scribe.get_by_test_id("seat-links-again").locator("a").get_attribute("href")
        scribe.goto(f"{server.url}{again}")
        assert _share_urls(scribe)["link-0"] == urls["link-0"]
        _fits(scribe)
        _shot(scribe, f"{game}-seat-links-again-{lang}")
        scribe.goto(f"{server.url}{again}/share")
        assert _share_urls(scribe)["shared-link"] == urls["spectator"]
        _fits(scribe)
        _shot(scribe, f"{game}-screen-hand-out-{lang}")


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_every_table_game_hands_out_a_follow_link(phones: Any, server: BackgroundServer, lang: str) -> None:
    scribe, guest = phones
    for game, body in TABLE_GAMES.items():
        match_id = server.app.state.service.create(
            body["game"], body["players"], options=body.get("options"), setup=body.get("setup"), mode="table"
        ).match_id
        scribe.goto(f"{server.url}/m/{match_id}")
        scribe.get_by_test_id("share-match").locator("summary").click()
        with scribe.expect_navigation():
            scribe.get_by_test_id("hand-out").click()
        urls = _share_urls(scribe)
        _fits(scribe)
        _shot(scribe, f"{game}-follow-hand-out-{lang}")
        follow = urls["shared-link"]
        assert follow.startswith(f"{server.url}/f/")
        _opens_without_sign_in(guest, follow, "[data-testid=follow-board]")
        assert "Anna" in guest.get_by_test_id("follow-board").inner_text()
        _shot(guest, f"{game}-follow-{lang}")
    # Withdrawn: the phone is told so in both languages, and the scribe makes a new one.
    with scribe.expect_navigation():
        scribe.get_by_test_id("revoke").click()
    answer = guest.goto(follow)
    assert answer is not None and answer.status == 410
    text = guest.locator("main").inner_text()
    assert "zurückgezogen" in text and "withdrawn" in text
    _fits(guest)
    _shot(guest, f"follow-withdrawn-{lang}")
    _shot(scribe, f"follow-none-{lang}")


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_a_name_the_club_does_not_know_is_asked_about(phones: Any, server: BackgroundServer, lang: str) -> None:
    scribe, _ = phones
    scribe.goto(f"{server.url}/proempeln/new")
    scribe.locator("input[name=player]").nth(0).fill("Sven Schreiber")  # a member
    scribe.locator("input[name=player]").nth(1).fill("Bennn")  # a typo, or a guest?
    with scribe.expect_navigation():
        scribe.locator("form button[type=submit]").last.click()
    asked = scribe.get_by_test_id("newcomers")
    asked.wait_for()
    assert asked.locator("[data-testid=newcomer]").count() == 1 and "Bennn" in asked.inner_text()
    _fits(scribe)
    asked.scroll_into_view_if_needed()
    _shot(scribe, f"names-question-{lang}")
    offered = scribe.locator("#club-members option")
    offered.first.wait_for(state="attached")  # the type-ahead came from the club
    assert "Sven Schreiber" in [option.get_attribute("value") for option in offered.all()]
