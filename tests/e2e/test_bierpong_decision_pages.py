"""Every Bier-Pong decision page at 390x844 in German and English (issue 25 points 3 and 6, issue 26
points 8-10): the choice the page waits for is on the first screen and nothing is wider than the phone.
The states are entered through the match service (as the scribe's taps would), then each page is opened
and photographed under the screenshot folder (tests/support/shots.py, bierpong_decisions);
"both balls at once" is tapped on the page."""

from __future__ import annotations

from typing import Any

import pytest

from stammtisch.web.background import BackgroundServer
from tests.e2e.conftest import PHONE
from tests.support.shots import shots_dir

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SHOTS = shots_dir("bierpong_decisions")
OPEN = [(None, "duel A"), (0, "begin A"), (2, "side left")]
#: name: (rack, steps after the duel and the choices, the selector of the choice the page waits for)
SCENES: dict[str, tuple[int, list[tuple[int | None, str]], str]] = {
    "pair_first_throw": (10, [], "[data-testid='pair-choice'] input[checked] + span"),
    "call_toggle": (
        10,
        [(0, "pair 0 1"), (None, "hit 1"), (None, "miss"), (2, "pair 2 3"), (None, "miss"), (None, "miss")],
        "[data-call='heating-up'] + span",
    ),
    "island": (6, [(0, "pair 0 1"), (None, "hit 2"), (None, "hit 3")], "[data-notation='throw']"),
    "extra_cups": (10, [(0, "pair 0 1"), (None, "hit 5 bounce"), (None, "miss")], "[data-notation='remove 2']"),
    "fetch": (10, [(0, "pair 0 1"), (None, "back own")], "[data-notation='fetch 0']"),
    "konter_first_thrower": (
        6,
        [
            (0, "pair 0 1"),
            (None, "hit 1"),
            (None, "hit 2"),
            (None, "hit 3"),
            (0, "no-call"),
            (None, "hit 4"),
            (1, "no-call"),
            (None, "hit 5"),
            (0, "no-call"),
            (1, "throw"),
            (None, "hit 6"),
            (1, "no-call"),
        ],
        "[data-testid='pair-choice'] input[checked] + span",
    ),
    "konter_over": (
        6,
        [
            (0, "pair 0 1"),
            (None, "hit 1"),
            (None, "hit 2"),
            (None, "hit 3"),
            (0, "no-call"),
            (None, "hit 4"),
            (1, "no-call"),
            (None, "hit 5"),
            (0, "no-call"),
            (1, "throw"),
            (None, "hit 6"),
            (1, "no-call"),
            (2, "pair 2 3"),
            (None, "miss"),
        ],
        "[data-testid='konter-end']",
    ),
}


def _enter(service: Any, rack: int, steps: list[tuple[int | None, str]], names: list[str]) -> str:
    teams = [[0, 1], [2, 3]] if len(names) == 4 else [[0], [1]]
    snap = service.create("bierpong", names, options={"rack": rack}, setup={"teams": teams}, mode="table")
    for seat, notation in steps:
        if seat is None:
            snap = service.enter_outcome(snap.match_id, notation, snap.seq)
        else:
            snap = service.act(snap.match_id, seat, notation, snap.seq)
    return str(snap.match_id)


def _fits(page: Any, selector: str) -> None:
    """The choice is on the first screen, and nothing overflows the phone's width."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (selector, box)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_each_decision_page_has_its_choice_on_the_first_screen(
    browser: Any, server: BackgroundServer, lang: str
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    service = server.app.state.service
    page = browser.new_context(viewport=PHONE, locale="de-DE" if lang == "de" else "en-US").new_page()
    names = ["Ana", "Cem", "Ben", "Dora"]
    start = _enter(service, 10, [], names)
    page.goto(f"{server.url}/m/{start}?lang={lang}")
    _fits(page, "[data-outcome='duel A']")
    page.screenshot(path=str(SHOTS / f"duel_{lang}.png"))
    begin = _enter(service, 10, OPEN[:1], names)
    page.goto(f"{server.url}/m/{begin}?lang={lang}")
    assert page.locator("[data-testid='decide-begin'] button").count() == 2  # two teams, two buttons
    _fits(page, "[data-notation='begin B']")
    page.screenshot(path=str(SHOTS / f"begin_{lang}.png"))
    side = _enter(service, 10, OPEN[:2], names)
    page.goto(f"{server.url}/m/{side}?lang={lang}")
    assert page.locator("[data-testid='decide-side'] button").count() == 2
    _fits(page, "[data-notation='side right']")
    page.screenshot(path=str(SHOTS / f"side_{lang}.png"))
    for name, (rack, steps, selector) in SCENES.items():
        match_id = _enter(service, rack, OPEN + steps, names)
        page.goto(f"{server.url}/m/{match_id}?lang={lang}")
        _fits(page, selector)
        page.screenshot(path=str(SHOTS / f"{name}_{lang}.png"))


@pytest.mark.parametrize("lang", ["de", "en"])
def test_singles_both_balls_at_once_is_refused_on_the_page(browser: Any, server: BackgroundServer, lang: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    service = server.app.state.service
    match_id = _enter(service, 10, [(None, "duel A"), (0, "begin A"), (1, "side left")], ["Ana", "Ben"])
    page = browser.new_context(viewport=PHONE, locale="de-DE" if lang == "de" else "en-US").new_page()
    page.goto(f"{server.url}/m/{match_id}?lang={lang}")
    _fits(page, "button.cup[data-cup='1']")
    page.locator("[data-testid='pad'] details.more summary").click()
    page.locator("[data-outcome='both-at-once']").click()
    alert = page.locator("[role='alert']").first
    alert.wait_for()
    text = alert.inner_text()
    assert ("nicht beide Bälle gleichzeitig" in text) if lang == "de" else ("may not throw both balls" in text)
    alert.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"both_at_once_{lang}.png"))
