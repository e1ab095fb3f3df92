"""Klümpchen's decision pages on a 390x844 phone (issue 25.3): the common choice of each decision kind lies in
the first screen, measured with its bounding box, in German and English; screenshots of each page.

Decision kinds: the first thrower's dice (the pad), the second thrower's stop-or-risk (stop and the pad),
the joker announced (its submit once opened), and in digital play with the advice open the choice of dice
to keep, with the dice just thrown in view."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from stammtisch.web.background import BackgroundServer
from tests.e2e.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PLAYERS = ["Anna", "Ben", "Carla", "Dieter"]
TEAMS = {"options": {"team_draw": "manual"}, "setup": {"teams": [[0, 1], [2, 3]]}}


def _lang(page: Any) -> str:
    return "de" if "de" in page.evaluate("navigator.language") else "en"


def _open(page: Any, server: BackgroundServer, path: str) -> None:
    page.goto(f"{server.url}{path}")
    page.wait_for_load_state("networkidle")


def in_first_screen(page: Any, selector: str, what: str) -> None:
    """The whole of ``selector`` (its first match) lies inside the first 390x844 screen."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{what}: nothing matches {selector}"
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (
        f"{what}: {selector} is at y={box['y']:.0f}..{box['y'] + box['height']:.0f} of {PHONE['height']}"
    )
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], f"{what}: {selector} is cut off sideways"


def test_second_thrower_stop_and_pad_in_the_first_screen(phones: Any, server: BackgroundServer, shots: Path) -> None:
    service = server.app.state.service
    snap = service.create("kluempchen", PLAYERS, mode="table", **TEAMS)
    snap = service.submit(snap.match_id, [(0, "throw"), (None, "1 1 1 2 3 4")], snap.seq)
    snap = service.submit(snap.match_id, [(None, "1 5 6")], snap.seq)
    snap = service.act(snap.match_id, 0, "stop", snap.seq)
    second = int(snap.turn["seats"][0])
    snap = service.submit(snap.match_id, [(second, "throw"), (None, "1 1 1 2 3 4")], snap.seq)
    snap = service.submit(snap.match_id, [(None, "1 5 6")], snap.seq)
    assert any(e["notation"] == "stop" for e in snap.legal)
    for page in phones:
        lang = _lang(page)
        _open(page, server, f"/m/{snap.match_id}")
        page.screenshot(path=str(shots / f"kluempchen-second-thrower-{lang}.png"))
        in_first_screen(page, "button[data-notation='stop']", "stop and keep the points")
        in_first_screen(page, "[data-testid='pad'] [data-pad-go]", "the next throw's dice")


def test_joker_submit_in_the_first_screen_once_opened(phones: Any, server: BackgroundServer, shots: Path) -> None:
    service = server.app.state.service
    snap = service.create("kluempchen", PLAYERS, mode="table", **TEAMS)
    for page in phones:
        lang = _lang(page)
        _open(page, server, f"/m/{snap.match_id}")
        page.locator("[data-testid='joker'] summary").click()
        page.screenshot(path=str(shots / f"kluempchen-joker-{lang}.png"))
        in_first_screen(page, "[data-testid='joker'] button[data-notation='joker']", "the joker's submit")
        in_first_screen(page, "[data-testid='pad'] .pad-faces", "the dice faces")


def test_digital_keep_choice_with_the_advice_open_shows_the_dice(
    phones: Any, server: BackgroundServer, shots: Path
) -> None:
    service = server.app.state.service
    snap = service.create("kluempchen", PLAYERS, mode="digital", **TEAMS)
    for _ in range(60):  # the app rolls: play on (throw, else the first choice) until a pair is to be picked
        if any(e["notation"].startswith("keep") for e in snap.legal):
            break
        legal = snap.legal or service.snapshot(snap.match_id).legal
        entry = next((e for e in legal if e["notation"] == "throw"), legal[0])
        snap = service.act(snap.match_id, entry["seat"], entry["notation"], snap.seq)
    else:
        pytest.fail("no pair to pick came up")
    for page in phones:
        lang = _lang(page)
        _open(page, server, f"/m/{snap.match_id}")
        page.locator("[data-testid='advice-on']").click()  # the advice opened for this evening on this phone
        page.wait_for_selector("[data-testid='advice-choices'], [data-testid='advice-unsolved']")
        page.screenshot(path=str(shots / f"kluempchen-digital-advice-{lang}.png"))
        in_first_screen(page, "[data-testid='just-thrown']", "the dice just thrown")
        in_first_screen(page, "[data-testid='actions'] button[data-notation^='keep']", "the pair to set aside")
