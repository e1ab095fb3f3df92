"""The Klümpchen advice card on a phone (issue 15.2): off until asked for this evening, then each choice in
words with its expected points (and win probability with a stored solution); screenshots at 390x844."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from stammtisch.web.background import BackgroundServer
from tests.e2e.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SHOTS = Path(os.environ.get("STAMMTISCH_SHOTS", "the screenshot folder (tests/support/shots.py, solver)"))


def _evening(server: BackgroundServer) -> str:
    service = server.app.state.service
    snap = service.create(
        "kluempchen",
        ["Anna", "Ben", "Carl", "Dora"],
        options={"team_draw": "manual"},
        setup={"teams": [[0, 1], [2, 3]]},
        mode="table",
        title="Freitag",
    )
    return snap.match_id


def _tap(page: Any, faces: list[int]) -> None:
    for face in faces:
        page.locator(f"[data-pad-face='{face}']").click()


def _store_solution(directory: Path, monkeypatch: Any) -> None:
    """A whole-game solution in the server's data directory (every chance one half): the card then ranks."""
    import numpy as np

    from stammtisch.sim.games.kluempchen.game import GameSolution, solutions_dir, store_solution, turn_options
    from stammtisch.store.config import DATA_DIR_VARIABLE
    from stammtisch.web.games.kluempchen.advice import TARGET

    monkeypatch.setenv(DATA_DIR_VARIABLE, str(directory))
    t = TARGET
    solved = GameSolution(turn_options({}), t, np.full((t, t), 0.5), np.full((t, t, t + 1), 0.5), 1, 1, 0.0)
    store_solution(solved, solutions_dir(directory))


@pytest.mark.parametrize("locale", ["de-DE", "en-US"])
def test_advice_card_on_a_phone(
    browser: Any, server: BackgroundServer, locale: str, tmp_path: Path, monkeypatch: Any
) -> None:
    _store_solution(tmp_path / "data", monkeypatch)
    match_id = _evening(server)
    page = browser.new_context(viewport=PHONE, locale=locale).new_page()
    page.goto(f"{server.url}/m/{match_id}")
    _tap(page, [1, 1, 1, 2, 3, 4])
    page.locator("[data-pad-go][data-notation='throw']").click()
    page.wait_for_selector("[data-testid='pending']:text-is('10')")
    _tap(page, [1, 5, 6])
    page.locator("[data-pad-go]").click()
    page.wait_for_selector("[data-testid='pending']:text-is('20')")
    card = page.locator("[data-testid='advice']")
    card.locator("[data-testid='advice-on']").click()
    page.wait_for_selector("[data-testid='advice-choices'] li")
    items = page.locator("[data-testid='advice-choices'] li")
    assert items.count() == 2
    assert {items.nth(i).get_attribute("data-action") for i in range(2)} == {"stop", "throw"}
    # the main input (stop / 3rd throw) is still reachable without scrolling past the card
    stop = page.locator("button[data-notation='stop']").bounding_box()
    assert stop is not None and stop["y"] + stop["height"] <= PHONE["height"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"advice-{locale}.png"), full_page=False)
    card.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"advice-{locale}-card.png"), full_page=False)


@pytest.mark.parametrize("locale", ["de-DE", "en-US"])
def test_without_a_solution_the_card_is_silent_on_a_phone(
    browser: Any, server: BackgroundServer, locale: str, tmp_path: Path, monkeypatch: Any
) -> None:
    """Issue 25.4: no stored solution, the very first throw of two teams: the card ranks nothing (no joker
    first), says why in words and names no command; the stop and throw buttons stay on the first screen."""
    from stammtisch.store.config import DATA_DIR_VARIABLE

    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path / "empty"))
    match_id = _evening(server)
    page = browser.new_context(viewport=PHONE, locale=locale).new_page()
    page.goto(f"{server.url}/m/{match_id}")  # the evening's very first decision: throw, or the joker first
    card = page.locator("[data-testid='advice']")
    card.locator("[data-testid='advice-on']").click()
    silent = page.locator("[data-testid='advice-unsolved']")
    silent.wait_for()
    assert page.locator("[data-testid='advice-choices'] li").count() == 0
    assert "solve" not in card.inner_text().lower() and "stammtisch" not in card.inner_text().lower()
    SHOTS.mkdir(parents=True, exist_ok=True)
    card.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"advice-silent-{locale}.png"), full_page=False)


def test_lab_page_on_a_phone(browser: Any, server: BackgroundServer) -> None:
    """Issue 15.4: the lab page's form, chart and table on a phone."""
    page = browser.new_context(viewport=PHONE, locale="de-DE").new_page()
    page.goto(f"{server.url}/lab/kluempchen")
    page.select_option("#variant", "confirmation_budget=within_turn")
    page.fill("#rounds", "300")
    page.locator("[data-testid='lab-form'] button").click()
    page.wait_for_selector("[data-testid='lab-table']")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "lab-form.png"), full_page=False)
    page.locator("[data-testid='lab-result']").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "lab-result.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]  # nothing cut off sideways
