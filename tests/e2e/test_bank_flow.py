"""Issue 13 in the browser at 390x844 (KA-30, KA-33, KA-32): an evening is closed and booked, the
treasurer books a late arrival's fine and records a payment, the member sees her balance, and the
season report renders (phone and A4). Screenshots go to the screenshot folder (tests/support/shots.py, bank)."""

from __future__ import annotations

from typing import Any

from stammtisch.club.members import Role
from stammtisch.web.background import BackgroundServer
from tests.e2e.conftest import PHONE
from tests.support.club import NAMES
from tests.support.shots import shots_dir
from tests.web.test_bank_ka33_pages import play_to_the_end

SHOTS = shots_dir("bank")


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_evening_fine_payment_balance_and_report(server: BackgroundServer, browser: Any) -> None:
    app = server.app
    service = app.state.service
    names = [NAMES[r] for r in (Role.ADMIN, Role.TREASURER, Role.SCRIBE, Role.MEMBER)]
    match_id = service.create("kluempchen", names, {"mode": "digital"}, {"externals": [0]}).match_id
    play_to_the_end(app, match_id, 9)
    assert app.state.bank.ledger.is_booked(match_id)
    members = {m.name: m.member_id for m in app.state.bank.club.members()}
    mia = members[NAMES[Role.MEMBER]]

    treasurer = browser.new_context(role=Role.TREASURER, viewport=PHONE, locale="de-DE")
    page = treasurer.new_page()
    page.goto(f"{server.url}/bank")
    assert page.get_by_test_id("payment-amount").is_visible()  # the main input without scrolling
    box = page.get_by_test_id("payment-amount").bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"]
    shot(page, "01-bank")
    page.select_option(f"select[name=mark-{mia}]", "late")
    page.get_by_test_id("fines").get_by_role("button").click()
    page.wait_for_url("**/bank?done=fines")
    page.select_option("[data-testid=payment-member]", str(mia))
    page.get_by_test_id("payment-amount").fill("-5")
    page.get_by_test_id("payment").get_by_role("button").click()
    assert "positiver Betrag" in page.get_by_test_id("error").inner_text()
    shot(page, "02-refused")
    page.select_option("[data-testid=payment-member]", str(mia))
    page.get_by_test_id("payment-amount").fill("5,00")
    page.get_by_test_id("payment").get_by_role("button").click()
    page.wait_for_url("**/bank?done=payment")
    assert page.get_by_test_id("done").is_visible()
    shot(page, "03-booked")
    page.goto(f"{server.url}/bank/season")
    assert page.get_by_test_id("season-figures").is_visible()
    shot(page, "04-season")
    page.goto(f"{server.url}/bank/season?print=1")
    page.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    shot(page, "05-season-a4")
    page.set_viewport_size(PHONE)
    page.goto(f"{server.url}/bank?lang=en")
    assert page.get_by_role("heading", name="Record a payment").is_visible()
    shot(page, "07-bank-en")
    treasurer.close()

    member = browser.new_context(role=Role.MEMBER, viewport=PHONE, locale="de-DE")
    page = member.new_page()
    page.goto(f"{server.url}/me/bank")
    expected = sum(b.member_cents for b in app.state.bank.ledger.bookings(mia))
    text = page.get_by_test_id("member-balance").inner_text()
    assert f"{abs(expected) // 100},{abs(expected) % 100:02d}" in text
    assert "zu spät" in page.get_by_test_id("bookings").inner_text()
    shot(page, "06-member")
    member.close()
