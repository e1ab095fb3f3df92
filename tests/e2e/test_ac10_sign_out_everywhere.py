"""AC-10 and AC-3 in the browser (issue 29): a member on her phone signs out everywhere with the button
on her own page, and her other phone's session ends; a burst of wrong passwords gets a page that says
why and how long to wait. Screenshots at 390x844 in German and English go to ``STAMMTISCH_SHOTS`` when
that variable names a directory (for looking at them; the test asserts what matters)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from stammtisch.club.members import Role
from stammtisch.web.background import BackgroundServer
from tests.e2e.conftest import PHONE
from tests.support.club import NAMES


def shot(page: Any, name: str) -> None:
    directory = os.environ.get("STAMMTISCH_SHOTS")
    if directory:
        page.screenshot(path=str(Path(directory) / f"{name}.png"), full_page=True)


@pytest.mark.parametrize(
    ("lang", "button", "gone"), [("de", "Überall abmelden", "abgemeldet"), ("en", "Sign out everywhere", "signed out")]
)
def test_ac10_sign_out_everywhere_from_the_phone(
    browser: Any, server: BackgroundServer, lang: str, button: str, gone: str
) -> None:
    phone = browser.new_context(
        role=Role.MEMBER, viewport=PHONE, locale=lang, extra_http_headers={"accept-language": lang}
    )
    other = browser.new_context(role=Role.MEMBER, viewport=PHONE)
    page, elsewhere = phone.new_page(), other.new_page()
    elsewhere.goto(f"{server.url}/account")
    assert elsewhere.url.endswith("/account")
    page.goto(f"{server.url}/account")
    everywhere = page.get_by_test_id("signout-everywhere")
    assert everywhere.inner_text() == button
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    everywhere.scroll_into_view_if_needed()
    shot(page, f"account-sessions-{lang}")
    everywhere.click()
    page.wait_for_url("**/signin?ended=everywhere")
    assert gone in page.locator("p.warning[role=status]").inner_text()
    shot(page, f"signed-out-everywhere-{lang}")
    elsewhere.goto(f"{server.url}/account")
    assert "/signin" in elsewhere.url  # the other phone's session ended too
    phone.close()
    other.close()


@pytest.mark.parametrize(("lang", "words"), [("de", "Warte 1 Sekunde"), ("en", "Wait 1 second")])
def test_ac3_a_burst_is_told_why_and_how_long(browser: Any, server: BackgroundServer, lang: str, words: str) -> None:
    context = browser.new_context(role=None, viewport=PHONE, extra_http_headers={"accept-language": lang})
    page = context.new_page()
    for _ in range(4):
        page.goto(f"{server.url}/signin")
        page.fill("input[name=name]", NAMES[Role.TREASURER])
        page.fill("input[name=password]", "falsch-geraten")
        page.click("button[type=submit]")
    assert words in page.content()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, f"signin-throttled-{lang}")
    context.close()
