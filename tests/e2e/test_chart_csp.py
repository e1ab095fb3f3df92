"""Issue 31.6 in Chromium at 390x844: the statistics pages with their charts load under the app's own
Content-Security-Policy without a single violation (pygal wrote an inline script into every chart,
which the policy blocked), and the charts are drawn."""

from __future__ import annotations

from typing import Any

import pytest

from stammtisch.club.members import Role
from stammtisch.web.background import BackgroundServer
from stammtisch.web.routes.stats_charts import bars, columns
from tests.e2e.conftest import PHONE
from tests.e2e.test_stats_pages import _club_games

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_the_charts_carry_no_inline_script() -> None:
    drawn = [bars("Punkte", [("Anna", 3.0), ("Ben", 2.5)], 1, "de"), columns("Abende", [("2025/26", 4.0)], 0, "en")]
    for svg in drawn:
        assert svg is not None and "<script" not in str(svg) and 'role="img"' in str(svg)


def test_the_statistics_pages_load_without_a_policy_violation(browser: Any, server: BackgroundServer) -> None:
    ids = _club_games(server)
    context = browser.new_context(viewport=PHONE, locale="de-DE", role=Role.MEMBER)
    page = context.new_page()
    violations: list[str] = []
    page.on(
        "console",
        lambda message: violations.append(message.text) if "Content Security Policy" in message.text else None,
    )
    for path in ("/stats", f"/stats/member/{ids[Role.ADMIN]}"):
        page.goto(f"{server.url}{path}")
        page.wait_for_load_state("networkidle")
        assert page.locator("svg[role=img]").first.is_visible()
    context.close()
    assert not violations, violations
