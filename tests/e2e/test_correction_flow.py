"""Issue 31.1 in the browser at 390x844 (M-10, AC-5, KA-33): a Klümpchen evening is closed and booked;
the treasurer takes the close back on the correction page with a written reason, takes the last throw
back on the board (the reason field already filled), taps the corrected dice, closes the evening again,
and the bank shows the evening's new money, its history the reversal and the re-booking with who and
why. Screenshots go to the screenshot folder (tests/support/shots.py, correction)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from stammtisch.club.members import Role
from stammtisch.web.background import BackgroundServer
from tests.e2e.conftest import PHONE
from tests.support.shots import shots_dir
from tests.web.test_m10_correction_routes import CORRECTED, REASON, closed_evening

SHOTS = shots_dir("correction")


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def board_after(page: Any, seq: int) -> int:
    """Waits until the board shows a sequence number above ``seq``; returns it."""
    expect(page.locator("#board")).not_to_have_attribute("data-seq", str(seq))
    now = int(page.locator("#board").get_attribute("data-seq"))
    assert now > seq
    return now


def tap(page: Any, faces: str) -> None:
    seq = int(page.locator("#board").get_attribute("data-seq"))
    pad = page.get_by_test_id("pad")
    for face in faces.split():
        pad.locator(f"[data-pad-face='{face}']").click()
    pad.locator("[data-pad-go]").first.click()
    board_after(page, seq)


def test_close_correct_a_throw_and_see_the_new_money(server: BackgroundServer, browser: Any) -> None:
    app = server.app
    match_id = closed_evening(app)
    context = browser.new_context(role=Role.TREASURER, viewport=PHONE, locale="de-DE")
    page = context.new_page()
    page.goto(f"{server.url}/bank")
    assert page.get_by_test_id("bank-balance").inner_text().startswith("3,00")

    page.goto(f"{server.url}/m/{match_id}/correct")
    page.get_by_test_id("reason").fill(REASON)
    shot(page, "01-correction-form")
    page.get_by_test_id("correct").get_by_role("button").click()
    page.wait_for_url(f"**/m/{match_id}")
    field = page.get_by_test_id("correction-reason")
    assert field.input_value() == REASON  # the reason goes with every corrected step
    shot(page, "02-board-correcting")
    english = browser.new_context(role=Role.TREASURER, viewport=PHONE, locale="en-US")
    other = english.new_page()
    other.goto(f"{server.url}/m/{match_id}?lang=en")
    assert other.get_by_test_id("correction-reason").input_value() == REASON
    box = other.get_by_test_id("correction-reason").bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]  # nothing overflows 390 px
    shot(other, "02-board-correcting-en")
    english.close()
    seq = int(page.locator("#board").get_attribute("data-seq"))
    page.locator(".undo-row button.undo").click()  # the last throw
    board_after(page, seq)
    for faces in CORRECTED:
        tap(page, faces)
    seq = int(page.locator("#board").get_attribute("data-seq"))
    page.get_by_test_id("confirm-close").locator("summary").click()
    page.get_by_test_id("confirm-close").get_by_role("button").click()
    board_after(page, seq)
    assert page.get_by_test_id("correction").count() == 0  # ended again: no correction under way

    page.goto(f"{server.url}/bank")
    assert page.get_by_test_id("bank-balance").inner_text().startswith("4,50")
    shot(page, "03-bank-after-correction")
    members = {m.name: m.member_id for m in app.state.bank.club.members()}
    payer = next(b.member_id for b in app.state.bank.ledger.bookings() if REASON in b.note and b.member_id)
    page.goto(f"{server.url}/bank/members/{payer}")
    history = page.get_by_test_id("bookings").inner_text()
    assert REASON in history and "Storno" in history and "gebucht von Tina Kasse" in history
    assert payer in members.values()
    shot(page, "04-member-history")
    page.goto(f"{server.url}/bank?lang=en")
    assert page.get_by_test_id("bank-balance").inner_text() == "€4.50"
    shot(page, "05-bank-en")
    page.goto(f"{server.url}/m/{match_id}/correct?lang=en")
    shot(page, "06-correction-form-en")
    context.close()
