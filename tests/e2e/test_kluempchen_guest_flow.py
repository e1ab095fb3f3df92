"""Issue 13.2 in the browser at 390x844 (E-26, M-12, KA-33): a running Friday evening, someone nobody
expected turns up; between rounds the scribe opens "Kommt jemand oder geht jemand?", types "Karl" under
"Neuer Gast" and adds him; Karl starts the new draw, plays round 2 (his result is entered on the page),
the evening is closed on the page and booked with his name on the bank page. A name seated already is
refused with the shared refusal box. Screenshots go to the screenshot folder (tests/support/shots.py, guests)."""

from __future__ import annotations

from typing import Any

import pytest

from stammtisch.club.members import Role
from stammtisch.web.auth import club_service
from stammtisch.web.background import BackgroundServer
from tests.e2e.conftest import PHONE
from tests.support.shots import shots_dir

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SHOTS = shots_dir("guests")
PLAYERS = ["Anna", "Ben", "Carla", "Dieter"]


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))
    page.screenshot(path=str(SHOTS / f"{name}-full.png"), full_page=True)


def _running_evening(server: BackgroundServer) -> str:
    """Round 1 of a score-sheet evening, written by the scribe: Anna and Ben win it."""
    service = server.app.state.service
    snap = service.create(
        "kluempchen", PLAYERS, {"team_draw": "manual"}, {"teams": [[0, 1], [2, 3]]}, mode="scoresheet"
    )
    club_service(server.app).link_seats(snap.match_id, PLAYERS)
    while snap.view["phase"] == "play":
        seat = snap.turn["seats"][0]
        snap = service.act(snap.match_id, seat, f"score {100 if seat < 2 else 10}", snap.seq)
    return str(snap.match_id)


def _board(page: Any) -> None:
    page.wait_for_load_state("networkidle")


def _act_and_wait(page: Any, button: Any) -> None:
    """Click an action of the board and wait until the board with the next sequence number replaced it
    (both team rows are on the board at once: a second click before the swap would carry the old one)."""
    seq = page.locator("#board input[name='seq']").first.get_attribute("value")
    assert seq is not None
    button.click()
    page.wait_for_function(
        "seq => { const i = document.querySelector(\"#board input[name='seq']\"); return !i || i.value !== seq; }",
        arg=seq,
    )


def test_a_new_guest_joins_plays_and_is_booked(server: BackgroundServer, browser: Any) -> None:
    app = server.app
    service = app.state.service
    match_id = _running_evening(server)
    context = browser.new_context(role=Role.SCRIBE, viewport=PHONE, locale="de-DE")
    page = context.new_page()
    page.goto(f"{server.url}/m/{match_id}")
    _board(page)
    shot(page, "00-between-rounds")
    page.locator("[data-testid='table-change'] summary").click()
    form = page.get_by_test_id("new-seat")
    form.scroll_into_view_if_needed()
    assert "Neuer Gast" in page.get_by_test_id("table-change").inner_text()
    page.get_by_test_id("new-seat-member").wait_for()  # the member picker loaded into the form
    shot(page, "01-fold-open")

    page.get_by_test_id("new-seat-name").fill("anna")  # seated already: refused, nothing written
    page.get_by_test_id("new-seat-add").click()
    page.get_by_test_id("error").wait_for()
    assert "Zwei Spieler heißen gleich" in page.get_by_test_id("error").inner_text()
    assert page.get_by_test_id("error").get_attribute("data-clause") == "M-12"
    shot(page, "02-refused")
    assert service.players(match_id) == PLAYERS

    assert page.get_by_test_id("new-seat-name").is_visible()  # the fold stays open to correct the name
    page.get_by_test_id("new-seat-name").fill("Karl")
    page.get_by_test_id("new-seat-add").click()
    page.get_by_test_id("table-changed").wait_for()
    _board(page)
    assert "Karl" in page.get_by_test_id("table-changed").inner_text()
    shot(page, "03-karl-sits-down")
    assert service.players(match_id) == [*PLAYERS, "Karl"]

    page.locator("[data-notation='redraw']").first.click()  # Karl came last: he enters the teams (K-2.1)
    page.get_by_test_id("team-choices").wait_for()
    _board(page)
    shot(page, "04-karl-draws")
    _act_and_wait(page, page.locator("[data-testid='team-choices'] [data-notation='team 4 0']"))
    _act_and_wait(page, page.locator("[data-testid='team-choices'] [data-notation='team 1 2']"))
    _board(page)
    snap = service.snapshot(match_id)
    assert snap.view["phase"] == "play" and snap.turn["seats"] == [4]  # Karl's team starts (K-17.4)
    assert "Karl" in page.locator("form[action*='/score']").inner_text()
    page.locator("input[name='points']").fill("100")
    page.locator("form[action*='/score'] button[type='submit']").click()
    _board(page)
    shot(page, "05-karl-played")
    assert service.state(match_id).round.sheet == () and service.state(match_id).round.first_result == 100

    snap = service.snapshot(match_id)  # the rest of round 2 as the scribe writes it
    while snap.view["phase"] == "play":
        seat = snap.turn["seats"][0]
        snap = service.act(match_id, seat, f"score {100 if seat in (4, 0) else 10}", snap.seq)
    page.reload()
    _board(page)
    assert "Karl" in page.get_by_test_id("settlement").inner_text()
    page.get_by_test_id("confirm-close").locator("summary").click()  # closing asks again first
    page.get_by_test_id("confirm-close").locator("[data-notation='close']").click()
    _board(page)
    shot(page, "06-closed")
    assert service.snapshot(match_id).closed
    assert app.state.bank.ledger.is_booked(match_id)
    karl = club_service(app).seats(match_id)[4]
    assert any(b.member_id == karl for b in app.state.bank.ledger.bookings())
    context.close()

    treasurer = browser.new_context(role=Role.TREASURER, viewport=PHONE, locale="de-DE")
    page = treasurer.new_page()
    page.goto(f"{server.url}/bank")
    _board(page)
    assert "Karl" in page.get_by_test_id("balances").inner_text()
    shot(page, "07-bank-with-karl")
    treasurer.close()
