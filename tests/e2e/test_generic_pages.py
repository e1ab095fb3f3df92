"""A game without a web plug-in in a phone's browser (issue 27.1): Pig (tests/support/pig.py), registered
with its one registry line, is started from the home page through the generic new-match form and played
at the table through the generic board's dice pad, in German and English at 390x844, nothing wider than
the screen. Screenshots under ``$STAMMTISCH_SHOTS_DIR`` or the test's tmp dir."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from stammtisch.games import GAMES
from tests.e2e.conftest import PHONE
from tests.e2e.names import submit_names
from tests.support.pig import GAME as PIG


@pytest.fixture(autouse=True)
def pig(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "pig", PIG)


def _fits(page: Any) -> None:
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.parametrize("locale", ["de-DE", "en-US"])
def test_pig_starts_and_rolls_through_the_generic_pages_on_a_phone(
    browser: Any, server: Any, tmp_path: Path, locale: str
) -> None:
    shots = Path(os.environ.get("STAMMTISCH_SHOTS_DIR") or tmp_path / "shots")
    shots.mkdir(parents=True, exist_ok=True)
    lang = locale[:2]
    context = browser.new_context(viewport=PHONE, locale=locale)
    page = context.new_page()
    page.goto(f"{server.url}/")
    page.click('a[href="/games/pig/new"]')
    page.wait_for_selector('[data-testid="generic-new"]')
    _fits(page)
    page.screenshot(path=str(shots / f"generic-new-{lang}.png"), full_page=True)
    page.fill('input[name="player"] >> nth=0', "Anna")
    page.fill('input[name="player"] >> nth=1', "Ben")
    submit_names(page, page.locator('button[type="submit"].primary'))
    page.click('button[data-notation="roll"]')
    page.wait_for_selector('[data-pad="dice"]')
    _fits(page)
    page.screenshot(path=str(shots / f"generic-dice-pad-{lang}.png"), full_page=True)
    page.click('button[data-face="5"]')
    page.wait_for_selector('button[data-notation="hold"]')  # five points in the turn: now she may hold
    _fits(page)
    context.close()
