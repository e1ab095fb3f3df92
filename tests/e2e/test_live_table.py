"""Two phones at one table: the scribe taps the dice on one, the other sees the change at once,
without reloading (live updates over Server-Sent Events)."""

from __future__ import annotations

from typing import Any

import pytest

from stammtisch.web.background import BackgroundServer
from tests.e2e.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


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


def test_a_throw_on_one_phone_appears_on_the_other(browser: Any, server: BackgroundServer) -> None:
    match_id = _evening(server)
    scribe = browser.new_context(viewport=PHONE, locale="de-DE").new_page()
    watcher = browser.new_context(viewport=PHONE, locale="en-US").new_page()
    scribe.goto(f"{server.url}/m/{match_id}")
    watcher.goto(f"{server.url}/m/{match_id}")
    watcher.wait_for_function("() => document.body.classList.contains('online')")
    watcher.evaluate("window.__notReloaded = true")
    assert watcher.locator(".turn-banner .who").inner_text() == "Anna"

    # Tap six faces, correct one, and throw (throw + faces are one submission).
    _tap(scribe, [1, 1, 1, 2, 3, 5])
    scribe.locator(".pad-tray [data-face='5']").click()  # a typo: tap the die to remove it
    _tap(scribe, [4])
    assert scribe.locator(".pad-tray .die").count() == 6
    scribe.locator("[data-pad-go][data-notation='throw']").click()
    scribe.wait_for_selector("[data-testid='pending']:text-is('10')")

    # The other phone shows the three ones set aside and 10 points, without a reload.
    watcher.wait_for_selector("[data-testid='pending']:text-is('10')", timeout=5000)
    assert watcher.locator("[data-testid='kept'] .die").count() == 3
    assert watcher.locator(".pad-head h2").inner_text() == "throw 3 dice"
    assert watcher.evaluate("window.__notReloaded") is True

    # Throw 2 (mandatory) on the scribe's phone, then stop: the turn passes to Ben on both phones.
    _tap(scribe, [1, 5, 6])
    scribe.locator("[data-pad-go]").click()
    scribe.wait_for_selector("[data-testid='pending']:text-is('20')")
    scribe.locator("button[data-notation='stop']").click()
    scribe.wait_for_selector(".turn-banner .who:text-is('Ben')")
    watcher.wait_for_selector(".turn-banner .who:text-is('Ben')", timeout=5000)
    assert "Partner put up" in watcher.locator(".turn-banner").inner_text()
    assert watcher.evaluate("window.__notReloaded") is True
    scribe.context.close()
    watcher.context.close()


def test_undo_and_the_language_switch(browser: Any, server: BackgroundServer) -> None:
    match_id = _evening(server)
    page = browser.new_context(viewport=PHONE, locale="de-DE").new_page()
    page.goto(f"{server.url}/m/{match_id}")
    assert page.locator("html").get_attribute("lang") == "de"
    _tap(page, [2, 2, 2, 3, 4, 5])
    page.locator("[data-pad-go][data-notation='throw']").click()
    page.wait_for_selector("[data-testid='kept'] .die >> nth=2")
    page.locator("summary.undo").click()  # M-5a: the dice were seen, so undo asks first
    page.locator("button[name=confirm]").click()
    page.wait_for_selector("[data-testid='kept'] .die", state="detached")
    page.locator("a[hreflang='en']").click()
    page.wait_for_selector("html[lang='en']")
    assert "Enter the dice" in page.locator(".pad-head h2").inner_text()
    page.context.close()


def test_the_slower_phone_is_told_and_sees_the_fresh_state(browser: Any, server: BackgroundServer) -> None:
    """M-1: both phones enter the same throw; the one that did not get the update first loses,
    is told so in its language, and sees the table as it is now; nothing is doubled."""
    match_id = _evening(server)
    fast = browser.new_context(viewport=PHONE, locale="de-DE").new_page()
    slow = browser.new_context(viewport=PHONE, locale="de-DE").new_page()
    # This phone misses the live update. Its stream is its own (no SharedWorker, whose requests a page's
    # route does not see), and that stream is cut.
    slow.add_init_script("window.__stammtischNoSharedWorker = true")
    slow.route("**/events", lambda route: route.abort())
    fast.goto(f"{server.url}/m/{match_id}")
    slow.goto(f"{server.url}/m/{match_id}")
    _tap(fast, [1, 1, 1, 2, 3, 4])
    fast.locator("[data-pad-go][data-notation='throw']").click()
    fast.wait_for_selector("[data-testid='pending']:text-is('10')")
    _tap(slow, [2, 2, 2, 3, 4, 5])
    slow.locator("[data-pad-go][data-notation='throw']").click()
    slow.wait_for_selector(".alert.stale")
    assert "Jemand anderes war schneller" in slow.locator(".alert").inner_text()
    assert slow.locator("[data-testid='pending']").inner_text() == "10"
    assert server.app.state.service.snapshot(match_id).seq == 2
    fast.context.close()
    slow.context.close()


def test_digital_roll_button(browser: Any, server: BackgroundServer) -> None:
    service = server.app.state.service
    match_id = service.create(
        "kluempchen",
        ["Anna", "Ben", "Carl", "Dora"],
        options={"team_draw": "manual"},
        setup={"teams": [[0, 1], [2, 3]]},
        mode="digital",
    ).match_id
    roller = browser.new_context(viewport=PHONE, locale="en-US").new_page()
    watcher = browser.new_context(viewport=PHONE, locale="de-DE").new_page()
    roller.goto(f"{server.url}/m/{match_id}")
    watcher.goto(f"{server.url}/m/{match_id}")
    watcher.wait_for_function("() => document.body.classList.contains('online')")
    before = service.snapshot(match_id).seq
    roller.locator("button[data-notation='throw']").click()
    watcher.wait_for_function(f"() => parseInt(document.getElementById('board').dataset.seq) > {before}", timeout=5000)
    assert service.snapshot(match_id).seq > before + 1  # the throw and the dice the app rolled
    roller.context.close()
    watcher.context.close()
