"""Issue 15.4: the lab pages (Prömpeln, Preisrommé and the shared page with Klümpchen) on a 390x844
phone in Chromium, German and English: the variant choice and the button are on the first screen,
nothing is wider than the phone, the chart and every figure appear in the page's language
(screenshots in the screenshot folder (tests/support/shots.py, labs))."""

from __future__ import annotations

from typing import Any

import pytest

from stammtisch.web.background import BackgroundServer
from tests.e2e.conftest import PHONE, browser, server  # noqa: F401 - the Playwright fixtures
from tests.support.shots import shots_dir

SHOTS = shots_dir("labs")
CASES = (
    ("proempeln", "de", "pash7_zero_pairs=false", "Platz 1 (fängt an) gewinnt"),
    ("preisromme", "en", "opening_min_points=30", "first player goes out"),
    ("preisromme", "de", "jokers=2", "Rommé-Hand (in einem Zug aus)"),
    ("proempeln", "en", "specials_mandatory=false", "runs in rounds 1–6 with a special (L, K, P)"),
    ("kluempchen", "de", "third_throw_rule=keep_on_fail", "Sieg des beginnenden Teams"),
)


@pytest.mark.parametrize(("game", "lang", "variant", "label"), CASES)
def test_lab_page_on_a_phone(
    browser: Any,  # noqa: F811 - the e2e fixture imported above
    server: BackgroundServer,  # noqa: F811 - the e2e fixture imported above
    game: str,
    lang: str,
    variant: str,
    label: str,
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport=PHONE, locale=lang)
    page = context.new_page()
    page.goto(f"{server.url}/lab/{game}?lang={lang}")
    button = page.get_by_role("button")
    select = page.locator("#variant")
    assert button.last.bounding_box()["y"] + button.last.bounding_box()["height"] <= PHONE["height"]
    assert select.bounding_box()["y"] < PHONE["height"]
    page.screenshot(path=str(SHOTS / f"{game}-{lang}-form.png"))
    select.select_option(variant)
    page.fill("#rounds", "60")
    page.locator("[data-testid=lab-form] button").click()
    page.wait_for_selector("[data-testid=lab-table]", timeout=120_000)
    assert page.locator("[data-testid=lab-table]").inner_text().count(label) == 1
    assert page.locator("svg").count() >= 1
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], f"page is {width}px wide"
    page.screenshot(path=str(SHOTS / f"{game}-{lang}-result.png"), full_page=True)
    context.close()


def test_lab_refusal_on_a_phone(
    browser: Any,  # noqa: F811 - the e2e fixture imported above
    server: BackgroundServer,  # noqa: F811 - the e2e fixture imported above
) -> None:
    """A bad value typed into the address: the refusal in words on the first screen, no figures."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport=PHONE, locale="de")
    page = context.new_page()
    page.goto(f"{server.url}/lab/preisromme?lang=de&variant=jokers%3D9")
    alert = page.locator("[data-testid=lab-error]")
    assert "höchstens 6" in alert.inner_text() and alert.get_attribute("data-clause") == "RA-01"
    box = alert.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"]
    assert page.locator("[data-testid=lab-table]").count() == 0
    page.screenshot(path=str(SHOTS / "preisromme-de-refusal.png"))
    context.close()
