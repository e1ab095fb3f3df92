"""The Bier-Pong evening's follow link (LK-7) on the club night's server: the scribe makes the evening
through its form (teams entered, the guest-or-member question answered), shows the evening's follow link
(QR and link) and two phones without accounts, one German and one English, open it at 390x844 without a
sign-in. They follow the evening without a reload: the game started from the pairing shows as running,
a hit entered at the table shows as cups, and a withdrawn link is refused in plain words."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

import pytest

from tests.e2e.club_night.conftest import Night
from tests.e2e.club_night.phones import close_all, new_phone, shared_link
from tests.e2e.names import submit_names

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

#: The board fetches itself every 2 s: a change shows within that and the fetch's own time.
FOLLOW_SECONDS = 4.0
#: Where the 390x844 screenshots go (looked at by whoever changes the page).
SHOTS = Path(os.environ.get("STAMMTISCH_SHOTS") or tempfile.gettempdir()) / "shots" / "club_night"


def _hit_once(night: Night, match_id: str) -> None:
    """Enter the opening and the throws at the table until team A has hit one cup (the scribe's session;
    the same steps as the evening's web test)."""
    service = night.service

    def send(path: str, **values: object) -> None:
        status = night.scribe.write(f"/m/{match_id}/{path}", {"seq": service.snapshot(match_id).seq, **values})
        assert status == 200, (path, values, status)

    send("outcome", outcome="duel A")
    for wanted in ("begin A", "side left"):
        seat = next(e["seat"] for e in service.snapshot(match_id, None).legal if e["notation"] == wanted)
        send("act", seat=seat, notation=wanted)
    for _ in range(60):
        view = service.snapshot(match_id).view
        if int(view["rack"]) - view["teams"][1]["live"] >= 1:
            return
        legal = service.snapshot(match_id, None).legal
        asked = [e for e in legal if e["notation"] in ("no-call", "throw") or e["notation"].startswith("remove")]
        if view["throw"] is None and legal and not asked:  # who throws first (a pair's choice)
            asked = legal[:1]
        if asked:
            send("act", seat=asked[0]["seat"], notation=asked[0]["notation"])
        elif view["throw"]["target"] == "A" or view["phase"] == "konter":
            send("outcome", outcome="miss")
        else:
            send("bierpong/hit", cup=view["teams"][1]["cups"].index("live") + 1)
    raise AssertionError("no cup was hit")


def test_a_bierpong_evening_followed_on_one_link(night: Night) -> None:
    page = night.scribe.page
    page.goto(f"{night.url}/bierpong/evenings")
    page.locator("input[name='title']").fill("Pong-Freitag")
    page.locator("input[name='format'][value='round_robin']").check()
    page.locator("input[name='how'][value='entered']").check()
    page.locator("textarea[name='teams']").fill("Ana, Ben\nCem, Dora\nEda, Fritz")
    submit_names(page, page.locator("form button[type='submit']").last)
    assert "/bierpong/evenings/" in page.url, page.url
    evening_url = page.url
    page.locator("[data-testid='evening-follow-link']").click()
    page.wait_for_url("**/share")
    link = shared_link(night.scribe, page.url)
    assert "/fe/" in link, link

    phones = [new_phone(night.browser, "Ana", "de-DE"), new_phone(night.browser, "Cem", "en-US")]
    for phone in phones:
        phone.page.goto(link)
        assert "/signin" not in phone.page.url and phone.page.locator("input[name='password']").count() == 0
        phone.page.wait_for_selector("[data-testid='evening-follow']")
    loads = [phone.loads() for phone in phones]

    page.goto(evening_url)
    with page.expect_navigation():
        page.locator("[data-start]").first.click()
    match_id = page.url.rstrip("/").rsplit("/", 1)[-1]
    for phone in phones:
        phone.page.wait_for_selector("li[data-state='running']", timeout=FOLLOW_SECONDS * 1000)
    started = time.monotonic()
    _hit_once(night, match_id)
    for phone in phones:
        phone.page.wait_for_function(
            "() => /[1-9]\\d*:0/.test(document.querySelector(\"li[data-state='running'] .result\")?.textContent || '')",
            timeout=FOLLOW_SECONDS * 1000,
        )
    assert time.monotonic() - started < 30
    assert [phone.loads() for phone in phones] == loads  # followed without a reload
    assert all(phone.banners() == [] for phone in phones), [phone.banners()[:1] for phone in phones]
    for phone, lang in zip(phones, ("de", "en"), strict=True):
        text = phone.page.locator("main").inner_text()
        assert "Ana, Ben" in text and "Pong-Freitag" in text
        assert match_id not in phone.page.content()  # names and cups only: no way into the game
        width = phone.page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390, f"{lang}: the page is {width} px wide"
        SHOTS.mkdir(parents=True, exist_ok=True)
        phone.page.screenshot(path=str(SHOTS / f"evening_follow_{lang}.png"), full_page=True)

    # The scribe withdraws the link: the next look is refused in words (the page says why).
    page.goto(f"{evening_url}/share")
    with page.expect_navigation():
        page.locator("[data-testid='revoke']").click()
    refused = phones[0].page.goto(link)
    assert refused is not None and refused.status == 410
    assert "zurückgezogen" in phones[0].page.locator("body").inner_text()
    close_all(phones)
