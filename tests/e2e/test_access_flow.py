"""Issue 10 in a browser (390x844 phones, Chromium): the scribe signs in on the sign-in page and
creates an evening; a member joins a digital table by its seat link on a second phone, without a
sign-in, and plays; the scribe cannot undo after the end (AC-5: a bilingual refusal above the board,
nothing written), the treasurer can, with a written reason that the log keeps (M-10).
Screenshots of each screen go to the screenshot folder (tests/support/shots.py, auth)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from stammtisch.club.members import Role
from stammtisch.store import open_store
from stammtisch.web.app import create_app
from stammtisch.web.background import BackgroundServer
from tests.e2e.conftest import PHONE
from tests.e2e.names import submit_names
from tests.matches.conftest import make_service
from tests.support.club import NAMES, PASSWORD, setup_club
from tests.support.shots import shots_dir

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SHOTS = shots_dir("auth")
REASON = "Würfel falsch abgelesen: es war eine 3"


@pytest.fixture
def club_server(tmp_path: Path, browser: Any) -> Iterator[BackgroundServer]:
    """The real app on SQLite whose service also knows the test games (toy-open: a short match)."""
    store = open_store(f"sqlite:///{tmp_path / 'flow.sqlite3'}")
    app = create_app(make_service(store.repository))
    setup_club(app)
    with BackgroundServer(app) as running:
        browser.server = running
        yield running
    store.close()


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_scribe_member_and_treasurer_at_one_table(browser: Any, club_server: BackgroundServer) -> None:
    url, app = club_server.url, club_server.app
    service = app.state.service

    # The scribe signs in on her phone: every page sends her to the sign-in page first.
    scribe = browser.new_context(viewport=PHONE, locale="de-DE", role=None).new_page()
    scribe.goto(f"{url}/evenings/new")
    assert "/signin?next=/evenings/new" in scribe.url
    shot(scribe, "01-signin")
    scribe.fill("input[name=name]", NAMES[Role.SCRIBE].lower())
    scribe.fill("input[name=password]", "falsch-falsch")
    scribe.click("button[type=submit]")
    assert "Name oder Passwort stimmen nicht" in scribe.locator("[role=alert]").inner_text()
    shot(scribe, "02-signin-refused")
    scribe.fill("input[name=password]", PASSWORD)
    scribe.click("button[type=submit]")
    scribe.wait_for_url(f"{url}/evenings/new")

    # She creates an evening with the form (back where she wanted to go).
    for index, name in enumerate(["Anna", "Ben", "Carl", "Dora"]):
        scribe.locator("input[name=player]").nth(index).fill(name)
    submit_names(scribe, scribe.locator("form[action='/evenings'] button[type=submit]").last)
    scribe.wait_for_url(f"{url}/m/*")
    evening = scribe.url.rsplit("/", 1)[-1]
    assert service.record(evening).game == "kluempchen"

    # A digital table with seat links (through the JSON API, with her session and the page's CSRF token).
    csrf = next(c["value"] for c in scribe.context.cookies() if c["name"] == "stammtisch_csrf")
    opened = scribe.request.post(
        f"{url}/api/tables",
        data={"game": "toy-open", "players": [NAMES[Role.MEMBER], NAMES[Role.SCRIBE]], "options": {"rounds": 1}},
        headers={"X-CSRF-Token": csrf},
    )
    assert opened.status == 201, opened.text()
    table = opened.json()
    # The member joins on a second phone by the seat link alone (no sign-in) and plays her seat.
    member = browser.new_context(viewport=PHONE, locale="de-DE", role=None).new_page()
    member.goto(f"{url}{table['links']['0']}")
    member.wait_for_url(f"{url}/seat/{table['match_id']}")
    assert member.locator("[data-testid=me]").inner_text() == NAMES[Role.MEMBER]
    member.click("button[data-notation='pick 2']")
    member.wait_for_selector("[data-testid=waiting]")
    scribe.goto(f"{url}{table['links']['1']}")
    scribe.click("button[data-notation='pick 3']")
    scribe.wait_for_selector("[data-testid=result]")  # her pick is in before the member looks again
    member.reload()
    member.wait_for_selector("[data-testid=result]")  # the die was rolled: the match is over
    shot(member, "03-member-seat-finished")
    actors = [(e.seat, e.actor) for e in service.events(table["match_id"]) if e.kind == "action"]
    assert actors == [(0, "seat:0"), (1, "seat:1")], actors  # a step through a seat link names the seat (M-11)

    # A scribe-kept match played to its end, then the scribe's undo is refused (AC-5).
    kept = service.create("toy-open", ["Anna", "Ben"], options={"rounds": 1}, mode="table", title="Am Tisch")
    kept = service.submit(kept.match_id, [(0, "pick 2"), (1, "pick 2")], kept.seq)
    kept = service.enter_outcome(kept.match_id, "4", kept.seq)
    assert kept.finished
    scribe.goto(f"{url}/m/{kept.match_id}")
    scribe.locator(".undo-row button[type=submit], .undo-row summary").first.click()
    if scribe.locator("[data-testid=undo-confirm] button.danger").count():
        scribe.locator("[data-testid=undo-confirm] button.danger").click()
    alert = scribe.locator("[role=alert]").first
    alert.wait_for()
    assert "Als Schreiber darfst du das nicht" in alert.inner_text()
    assert alert.get_attribute("data-clause") == "AC-5"
    shot(scribe, "04-scribe-undo-refused")
    assert service.snapshot(kept.match_id).seq == kept.seq  # nothing written

    # The treasurer corrects it with a written reason.
    treasurer = browser.new_context(viewport=PHONE, locale="de-DE", role=Role.TREASURER).new_page()
    treasurer.goto(f"{url}/m/{kept.match_id}/correct")
    shot(treasurer, "05-treasurer-correct")
    treasurer.fill("[data-testid=reason]", REASON)
    treasurer.check("input[name=confirm]")
    treasurer.click("form[action$='/undo'] button[type=submit]")
    treasurer.wait_for_url(f"{url}/m/{kept.match_id}")
    last = service.events(kept.match_id)[-1]
    assert last.kind == "undo" and last.reason == REASON
    assert last.actor == f"member:{app.state.test_club_ids[Role.TREASURER]}"
    shot(treasurer, "06-treasurer-corrected")
    for page in (scribe, member, treasurer):
        page.context.close()


def test_admin_pages_on_a_phone(browser: Any, club_server: BackgroundServer) -> None:
    """The admin's pages as they look at 390x844: members, a new member's invite QR, the account."""
    url = club_server.url
    admin = browser.new_context(viewport=PHONE, locale="de-DE", role=Role.ADMIN).new_page()
    admin.goto(f"{url}/members")
    shot(admin, "10-members")
    admin.fill("form[data-testid=add-member] input[name=name]", "Nora Neu")
    admin.select_option("form[data-testid=add-member] select[name=role]", "member")
    admin.click("form[data-testid=add-member] button[type=submit]")
    admin.wait_for_selector("[data-testid=invite-link] svg")
    invite = admin.locator("[data-testid=invite-url]").get_attribute("href")
    shot(admin, "11-invite")
    admin.goto(f"{url}/account")
    admin.fill("input[name=label]", "Würfelbot")
    admin.click("form[action='/account/tokens'] button[type=submit]")
    admin.wait_for_selector("[data-testid=new-token]")
    shot(admin, "12-account-token")
    nora = browser.new_context(viewport=PHONE, locale="de-DE", role=None).new_page()
    nora.goto(invite)
    shot(nora, "13-invite-set-password")
    nora.fill("input[name=password]", "nora-geheim")
    nora.fill("input[name=repeat]", "nora-geheim")
    nora.click("form[method=post] button[type=submit]")
    nora.wait_for_url(f"{url}/")
    nora.goto(f"{url}/members")
    assert "Als Mitglied darfst du das nicht" in nora.locator("[role=alert]").inner_text()
    shot(nora, "14-member-denied")
    for page in (admin, nora):
        page.context.close()
