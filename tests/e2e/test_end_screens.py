"""Every end screen in the game's own terms (issue 25.1), at 390x844 in German and English.

Klümpchen's closed evening says who pays what in euros and who pays least, with no winner, no chart of cents
and no rematch; Bier-Pong names the winning team, its cups left and each player's drinks; Prömpeln names the
king with the totals; a Preisrommé game that ends shows who went out and what each hand counted before the
next game goes on, beside the running sheet with names. A standalone game's way back says where it goes.
Screenshots under ``$STAMMTISCH_SHOTS_DIR`` or the test's tmp dir.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from stammtisch.games import GAMES
from stammtisch.web.background import BackgroundServer
from stammtisch.web.deadlines import ManualDeadlines
from stammtisch.web.tables import table_for
from tests.e2e.conftest import PHONE
from tests.e2e.test_a11y import serious_violations
from tests.games.preisromme.support import greedy_choice
from tests.web.games.kluempchen.test_settlement import play_round

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

RAW = ("-250", "-750", "Revanche", "Rematch", "Nächste Runde", "Next round", " gewinnt!", " wins!")


def _lang(page: Any) -> str:
    return "de" if "de" in page.evaluate("navigator.language") else "en"


def _open(page: Any, server: BackgroundServer, path: str) -> None:
    page.goto(f"{server.url}{path}")
    page.wait_for_load_state("networkidle")


def _fits(page: Any, selector: str) -> None:
    """Nothing in ``selector`` is wider than the phone."""
    width = page.evaluate(f"() => document.querySelector({selector!r}).scrollWidth")
    assert width <= PHONE["width"], f"{selector} is {width} px wide"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]


def test_kluempchen_closed_evening_says_who_pays_what_in_euros(
    phones: Any, server: BackgroundServer, shots: Path
) -> None:
    service = server.app.state.service
    snap = service.create(
        "kluempchen",
        ["Anna", "Ben", "Carl", "Dora", "Emil"],
        options={"team_draw": "manual"},
        setup={"teams": [[0, 1], [2, 3], [4]]},
    )
    play_round(service, snap.match_id)
    round_end = service.snapshot(snap.match_id)
    for page in phones:
        _open(page, server, f"/m/{snap.match_id}")
        page.screenshot(path=str(shots / f"end-kluempchen-round-{_lang(page)}.png"))
        heading = page.locator("[data-testid='settlement'] h2").bounding_box()
        assert heading is not None and heading["y"] + heading["height"] <= PHONE["height"]  # who pays: first screen
        least = page.locator("[data-testid='pays-least']").inner_text()
        assert ("2,50\xa0€" if _lang(page) == "de" else "€2.50") in least and "Emil" not in least
    closed = service.act(snap.match_id, 0, "close", round_end.seq)
    assert closed.turn["kind"] == "finished"
    for page in phones:
        lang = _lang(page)
        _open(page, server, f"/m/{snap.match_id}")
        page.screenshot(path=str(shots / f"end-kluempchen-evening-{lang}.png"))
        finale = page.locator("[data-testid='finale']")
        text = finale.inner_text()
        euro = "7,50\xa0€" if lang == "de" else "€7.50"
        assert euro in text and ("Der Abend ist beendet" in text if lang == "de" else "The evening is closed" in text)
        assert ("am wenigsten" in text) if lang == "de" else ("Pay least" in text)
        assert not [word for word in RAW if word in text], text
        assert page.locator("[data-testid='finale-chart']").count() == 0
        assert page.locator("[data-testid='rematch'], [data-testid='next-round']").count() == 0
        back = page.locator("[data-testid='back-to-evening']")
        assert back.inner_text() == ("Zur Startseite" if lang == "de" else "To the start page")
        _fits(page, "[data-testid='finale']")
        assert not serious_violations(page)


def _bierpong_won(server: BackgroundServer) -> str:
    """Team A (Anna) clears Ben's ten cups with a throw each; Ben misses every throw and his Konter."""
    service = server.app.state.service
    snap = service.create("bierpong", ["Anna", "Ben"], mode="table")
    match_id = snap.match_id
    snap = service.enter_outcome(match_id, "duel A", snap.seq)
    snap = service.act(match_id, 0, "begin A", snap.seq)
    snap = service.act(match_id, 1, "side left", snap.seq)
    for _ in range(200):
        if snap.view["winner"] is not None:
            return str(match_id)
        asked = [e for e in snap.legal if e["notation"] in ("no-call", "throw") or e["notation"].startswith("remove")]
        if asked:
            snap = service.act(match_id, asked[0]["seat"], asked[0]["notation"], snap.seq)
        elif snap.view["throw"]["target"] == "A" or snap.view["phase"] == "konter":
            snap = service.enter_outcome(match_id, "miss", snap.seq)
        else:
            cup = snap.view["teams"][1]["cups"].index("live") + 1
            snap = service.enter_outcome(match_id, f"hit {cup}", snap.seq)
    raise AssertionError("the game did not end")


def test_bierpong_end_names_the_winner_cups_left_and_drinks(phones: Any, server: BackgroundServer, shots: Path) -> None:
    match_id = _bierpong_won(server)
    for page in phones:
        lang = _lang(page)
        _open(page, server, f"/m/{match_id}")
        page.screenshot(path=str(shots / f"end-bierpong-{lang}.png"))
        text = page.locator("[data-testid='finale']").inner_text()
        assert ("Team A gewinnt: Anna" if lang == "de" else "Team A wins: Anna") in text
        assert ("10 von 10 Bechern" if lang == "de" else "10 of 10 cups left") in text
        assert "10 × 1 Schluck" in text and "– -1" not in text and "1. Anna" not in text
        assert page.locator("[data-testid='finale-chart']").count() == 0
        _fits(page, "[data-testid='finale']")
        assert not serious_violations(page)


def test_proempeln_end_names_the_king_with_the_sheet(phones: Any, server: BackgroundServer, shots: Path) -> None:
    service = server.app.state.service
    snap = service.create("proempeln", ["Anna", "Ben", "Carla"], mode="table")
    snap = service.act(snap.match_id, 0, "none", snap.seq)
    for bottle in range(1, 8):
        snap = service.enter_outcome(snap.match_id, f"s0 b{bottle} 3", snap.seq)
    snap = service.act(snap.match_id, 0, "record king", snap.seq)
    for page in phones:
        lang = _lang(page)
        _open(page, server, f"/m/{snap.match_id}")
        page.screenshot(path=str(shots / f"end-proempeln-{lang}.png"))
        text = page.locator("[data-testid='finale']").inner_text()
        assert ("Anna ist König" in text) if lang == "de" else ("Anna is king" in text)
        assert "21" in text and page.locator("[data-testid='finale-chart']").count() == 0
        assert page.locator("[data-testid='sheet']").is_visible()
        _fits(page, "[data-testid='finale']")
        assert not serious_violations(page)


def _preisromme_first_game(server: BackgroundServer) -> tuple[str, list[str]]:
    """A digital table of four played by a greedy policy until its first game (Spiel) is over; its seat
    tokens."""
    table = table_for(server.app)
    server.app.state.deadlines = ManualDeadlines(table)
    opened = table.open("preisromme", ["Anna", "Ben", "Carla", "Dieter"], title="Freitag")
    service = server.app.state.service
    engine = GAMES["preisromme"]
    match_id, rng = opened.snapshot.match_id, random.Random(3)
    snap = service.snapshot(match_id)
    for _ in range(4000):
        if snap.view["history"]:
            return match_id, [opened.tokens[seat] for seat in sorted(opened.tokens)]
        seat = int(snap.turn["seats"][0])
        action = greedy_choice(service.state(match_id), seat, rng)
        snap = service.act(match_id, seat, engine.format_action(action), snap.seq)
    raise AssertionError("no game ended")


def test_preisromme_game_end_moment_before_the_next_game(phones: Any, server: BackgroundServer, shots: Path) -> None:
    match_id, tokens = _preisromme_first_game(server)
    snap = server.app.state.service.snapshot(match_id)
    record = snap.view["history"][0]
    out = snap.players[record["winner"]] if record["winner"] is not None else None
    for at, page in enumerate(phones):
        lang = _lang(page)
        _open(page, server, f"/p/{tokens[at]}")
        page.screenshot(path=str(shots / f"end-preisromme-game-{lang}.png"))
        page.screenshot(path=str(shots / f"end-preisromme-game-{lang}-full.png"), full_page=True)
        card = page.locator("[data-testid='deal-end']")
        text = card.inner_text()
        assert ("Spiel 1 ist aus" if lang == "de" else "Game 1 is over") in text
        if out:
            assert (f"{out} ist rausgegangen" if lang == "de" else f"{out} went out") in text
        else:
            assert ("Niemand ist rausgegangen" if lang == "de" else "Nobody went out") in text
        for name, counted in zip(snap.players, record["hand_points"], strict=True):
            assert name in text and str(counted) in text
        sheet = page.locator("[data-testid='prm-sheet']")
        assert all(name in (sheet.text_content() or "") for name in snap.players)
        _fits(page, "[data-testid='deal-end']")
        assert not serious_violations(page)
