"""ST-6 in a real Chromium on a 390×844 phone: the statistics pages of a small club, axe-clean in
German and English, no sideways scrolling of the page (wide tables scroll inside their own box), the
season picker works by tapping; screenshots in the screenshot folder (tests/support/shots.py, stats)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from stammtisch.club.members import Role
from stammtisch.core.replay import ActionStep
from stammtisch.store.members import SqlClub
from stammtisch.web.background import BackgroundServer
from tests.club.stats.small_club import OPTIONS, SETUP, sheet_steps
from tests.e2e.conftest import PHONE
from tests.e2e.test_a11y import serious_violations
from tests.support.club import NAMES, setup_club
from tests.support.shots import shots_dir

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SHOTS = shots_dir("stats")
ROLES = [Role.ADMIN, Role.TREASURER, Role.SCRIBE, Role.MEMBER]


def _club_games(server: BackgroundServer) -> dict[Role, int]:
    """The hand-computed Klümpchen evening and a Prömpeln game won by a King move, seats linked."""
    app = server.app
    ids = getattr(app.state, "test_club_ids", None) or setup_club(app)
    service = app.state.service
    club = SqlClub(service.repository.engine)
    names = [NAMES[role] for role in ROLES]
    evening = service.create("kluempchen", names, dict(OPTIONS), dict(SETUP), mode="scoresheet")
    club.set_seats(evening.match_id, [(seat, ids[role]) for seat, role in enumerate(ROLES)])
    steps = sheet_steps()
    service.submit(evening.match_id, [(s.seat, s.action) for s in steps if isinstance(s, ActionStep)], 0)
    caps = service.create("proempeln", names[:2], mode="table", title="Kronkorken")
    club.set_seats(caps.match_id, [(0, ids[Role.ADMIN]), (1, ids[Role.TREASURER])])
    snap = service.act(caps.match_id, 0, "none", caps.seq)
    for bottle in range(1, 8):
        snap = service.enter_outcome(caps.match_id, f"s0 b{bottle} 3", snap.seq)
    service.act(caps.match_id, 0, "record king", snap.seq)
    return ids


@pytest.fixture
def phones(browser: Any, server: BackgroundServer) -> Iterator[dict[str, Any]]:
    contexts = {
        lang: browser.new_context(viewport=PHONE, locale="de-DE" if lang == "de" else "en-US", role=Role.MEMBER)
        for lang in ("de", "en")
    }
    yield contexts
    for context in contexts.values():
        context.close()


def _no_sideways_scrolling(page: Any) -> None:
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways: {width} px"


def test_st6_statistics_pages_on_a_phone(phones: dict[str, Any], server: BackgroundServer) -> None:
    ids = _club_games(server)
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    for lang, context in phones.items():
        page = context.new_page()
        for label, path in (("overview", "/stats"), ("member", f"/stats/member/{ids[Role.ADMIN]}")):
            page.goto(f"{server.url}{path}?lang={lang}")
            page.wait_for_load_state("networkidle")
            _no_sideways_scrolling(page)
            assert page.locator("svg[role=img]").first.is_visible()
            assert "Platz 1" not in page.content() and "seat 1" not in page.content()
            problems.extend(f"[{lang}] {label}: {line}" for line in serious_violations(page))
            page.screenshot(path=str(SHOTS / f"{label}-{lang}.png"))
            page.screenshot(path=str(SHOTS / f"{label}-{lang}-full.png"), full_page=True)
        page.close()
    assert not problems, "axe-core found serious or critical violations:\n" + "\n".join(problems)


def test_st2_the_season_picker_by_tapping(phones: dict[str, Any], server: BackgroundServer) -> None:
    ids = _club_games(server)
    page = phones["en"].new_page()
    page.goto(f"{server.url}/stats/member/{ids[Role.MEMBER]}?lang=en")
    assert page.get_by_role("heading", name=NAMES[Role.MEMBER]).is_visible()
    page.get_by_label("Season", exact=True).select_option("all")
    page.get_by_role("button", name="Show").click()
    page.wait_for_url("**season=all**")
    assert page.get_by_text("All seasons").first.is_visible()
    # Prömpeln's own statistics page is linked from her page, not copied.
    page.goto(f"{server.url}/stats/member/{ids[Role.ADMIN]}?lang=en&season=all")
    assert page.get_by_test_id("skill-words").is_visible()
    page.get_by_role("link", name="Prömpeln statistics →").click()
    page.wait_for_url("**/proempeln/stats**")
    page.close()
