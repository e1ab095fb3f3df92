"""E-1 on the board: one digital "Würfeln" tap brings throw 1 and the mandatory throw 2; the page shows
both in order (set-aside dice highlighted) and, after the turn passed, the previous turn."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from stammtisch.matches import InMemoryRepository, MatchService
from stammtisch.web.app import create_app
from tests.support.club import signed_in
from tests.web.conftest import HTMX, start_evening, state

THROW = re.compile(r'<li class="throw[^"]*" data-testid="throw">(.*?)</li>', re.S)
DIE = re.compile(r'<svg class="die ([a-z]*) *"[^>]*data-face="(\d)"')


@pytest.fixture
def seeded() -> Iterator[TestClient]:
    """Digital dice from a fixed seed: the first throw is 1 3 4 4 4 5, the second 3 4 4."""
    service = MatchService(InMemoryRepository(), rng=lambda match_id: random.Random(0))
    with signed_in(TestClient(create_app(service), headers={"accept-language": "de"})) as client:
        yield client


def _block(page: str, testid: str) -> str:
    found = re.search(rf'data-testid="{testid}">(.*?)</ol>', page, re.S)
    assert found, f"no {testid} on the page"
    return found.group(1)


def _throws(block: str) -> list[list[tuple[int, bool]]]:
    return [[(int(face), cls == "kept") for cls, face in DIE.findall(item)] for item in THROW.findall(block)]


def test_e1_one_tap_shows_both_throws(seeded: TestClient) -> None:
    match_id = start_evening(seeded, mode="digital")
    seq = state(seeded, match_id)["seq"]
    page = seeded.post(f"/m/{match_id}/act?lang=de", data={"seq": seq, "seat": "0", "notation": "throw"}, headers=HTMX)
    assert page.status_code == 200
    sampled = [e["notation"] for e in state(seeded, match_id)["last_events"] if e.get("sampled")]
    assert sampled == ["1 3 4 4 4 5", "3 4 4"]  # throw 1 and the mandatory throw 2 (E-1)
    shown = _throws(_block(page.text, "throws"))
    assert shown == [
        [(1, False), (3, False), (4, True), (4, True), (4, True), (5, False)],  # KA-05: the triple is set aside
        [(3, False), (4, True), (4, True)],  # KA-06 (i): the fours join the group
    ]
    assert "Bisherige Würfe" in page.text
    assert shown == _throws(_block(seeded.get(f"/m/{match_id}?lang=en").text, "throws"))  # the full page too


def test_previous_turn_stays_readable(seeded: TestClient) -> None:
    match_id = start_evening(seeded, mode="digital")
    seq = state(seeded, match_id)["seq"]
    seeded.post(f"/m/{match_id}/act", data={"seq": seq, "seat": "0", "notation": "throw"}, headers=HTMX)
    seq = state(seeded, match_id)["seq"]
    seeded.post(f"/m/{match_id}/act", data={"seq": seq, "seat": "0", "notation": "stop"}, headers=HTMX)
    page = seeded.get(f"/m/{match_id}?lang=en").text
    assert 'data-testid="previous-turn"' in page and "Previous turn: Anna" in page
    assert "Stopped with 16 points" in page  # 4444 = 16 (S-2)
    assert len(_throws(_block(page, "previous-throws"))) == 2
    assert 'data-testid="throws"' not in page  # Ben has not thrown yet
    german = seeded.get(f"/m/{match_id}?lang=de").text
    assert "Zuletzt: Anna" in german and "Aufgehört mit 16 Punkten" in german
