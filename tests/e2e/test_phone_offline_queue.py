"""Taps made while the connection is down (issue 24, point 5): every tap is queued in the order it was
made, with the seq it was made on, and shown as pending on the pad, which stays usable; back online the
queue goes out in order. If someone else entered something meanwhile, the queue is held and shown to the
scribe, who sends it on the table as it is now or drops it: never applied blindly, never replaced.

Prömpeln's cap pad: each tap is one stopper (a chance outcome entered at the table), so three taps made
offline are three stoppers, in order."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from stammtisch.web.background import BackgroundServer
from tests.e2e.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

#: Where the screenshots go when ``STAMMTISCH_SCREENSHOTS`` names a directory (looked at by a person).
SHOTS = os.environ.get("STAMMTISCH_SCREENSHOTS")


def _shot(page: Any, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=False)


def _table(server: BackgroundServer) -> str:
    service = server.app.state.service
    return str(service.create("proempeln", ["Anna", "Ben"], mode="table", title="Prömpeln").match_id)


def _phone(browser: Any, server: BackgroundServer, match_id: str, locale: str) -> tuple[Any, Any]:
    context = browser.new_context(viewport=PHONE, locale=locale)
    page = context.new_page()
    page.goto(f"{server.url}/m/{match_id}")
    page.wait_for_function("() => document.body.classList.contains('online')")
    return context, page


def _start_run(page: Any) -> None:
    page.locator("[data-notation='P']").click()
    page.wait_for_selector("[data-testid='cap-pad']")


def _board_at(page: Any, seq: int) -> None:
    page.wait_for_function(
        f"() => document.getElementById('board').getAttribute('data-seq') === '{seq}'", timeout=15_000
    )


def _tap(page: Any, value: int) -> None:
    page.locator(f"[data-cap='{value}']").click()


@pytest.mark.parametrize("locale", ["de-DE", "en-US"])
def test_taps_made_offline_are_queued_in_order_and_sent_in_order(
    browser: Any, server: BackgroundServer, locale: str
) -> None:
    match_id = _table(server)
    service = server.app.state.service
    context, page = _phone(browser, server, match_id, locale)
    _start_run(page)
    before = service.snapshot(match_id).seq

    context.set_offline(True)
    for value in (1, 2, 3):
        _tap(page, value)
        assert page.locator("[data-testid='cap-pad'] [data-cap='0']").is_enabled()  # the pad stays usable
    page.wait_for_selector("[data-testid='pending-tap'] >> nth=2")
    pending = page.locator("[data-testid='pending-tap'] .pending-what").all_inner_texts()
    assert [text.strip() for text in pending] == ["1", "2", "3"]  # in the order tapped, none replaced
    assert service.snapshot(match_id).seq == before  # nothing arrived, nothing replaced
    _shot(page, f"pending-taps-{locale[:2]}")

    context.set_offline(False)
    page.wait_for_selector("#connection.done", timeout=15_000)
    _board_at(page, before + 3)
    assert service.snapshot(match_id).seq == before + 3  # all three, once each
    assert page.locator("#pending-taps").count() == 0
    page.wait_for_timeout(3_500)  # the probe has run again meanwhile: nothing sent twice
    assert service.snapshot(match_id).seq == before + 3
    bottles = [page.locator(f"[data-bottle='{n}'] strong").inner_text() for n in (1, 2, 3)]
    assert bottles == ["1", "2", "3"]  # one stopper per bottle, in the order tapped
    context.close()


@pytest.mark.parametrize("locale", ["de-DE", "en-US"])
def test_a_queue_overtaken_by_another_phone_is_held_for_the_scribe(
    browser: Any, server: BackgroundServer, locale: str
) -> None:
    match_id = _table(server)
    service = server.app.state.service
    context, page = _phone(browser, server, match_id, locale)
    other_context, other = _phone(browser, server, match_id, "de-DE")
    _start_run(page)
    other.wait_for_selector("[data-testid='cap-pad']")

    context.set_offline(True)
    _tap(page, 2)
    _tap(page, 3)
    page.wait_for_selector("[data-testid='pending-tap'] >> nth=1")
    seq = other.locator("#board").get_attribute("data-seq")
    _tap(other, 1)  # meanwhile someone else enters a stopper
    other.wait_for_function(f"() => document.getElementById('board').getAttribute('data-seq') !== '{seq}'")
    moved = service.snapshot(match_id).seq

    context.set_offline(False)
    page.wait_for_selector("#pending-taps.held [data-queue-send]", timeout=15_000)
    page.wait_for_selector("#connection.failed")
    assert page.locator("[data-testid='pending-tap']").count() == 2
    page.wait_for_timeout(3_500)
    assert service.snapshot(match_id).seq == moved  # held: nothing sent without the scribe
    _shot(page, f"pending-conflict-{locale[:2]}")

    page.locator("[data-queue-send]").click()  # the scribe confirms: both go out, in order, now
    _board_at(page, moved + 2)
    assert service.snapshot(match_id).seq == moved + 2
    assert page.locator("#pending-taps").count() == 0
    context.close()
    other_context.close()


def test_a_held_queue_can_be_dropped(browser: Any, server: BackgroundServer) -> None:
    match_id = _table(server)
    service = server.app.state.service
    context, page = _phone(browser, server, match_id, "en-US")
    other_context, other = _phone(browser, server, match_id, "en-US")
    _start_run(page)
    other.wait_for_selector("[data-testid='cap-pad']")
    context.set_offline(True)
    _tap(page, 2)
    _tap(page, 3)
    seq = other.locator("#board").get_attribute("data-seq")
    _tap(other, 1)
    other.wait_for_function(f"() => document.getElementById('board').getAttribute('data-seq') !== '{seq}'")
    moved = service.snapshot(match_id).seq
    context.set_offline(False)
    page.wait_for_selector("#pending-taps.held [data-queue-drop='1']", timeout=15_000)
    page.locator("[data-queue-drop='1']").click()  # one entry dropped: one left
    assert page.locator("[data-testid='pending-tap']").count() == 1
    page.locator("[data-queue-drop-all]").click()
    page.wait_for_selector("#pending-taps", state="detached")
    assert "Not sent" in page.locator("#connection").inner_text()
    page.wait_for_timeout(3_500)
    assert service.snapshot(match_id).seq == moved
    context.close()
    other_context.close()
