"""Issue 25.5: the seconds of a table's clock (a vote, a knock window) count down live on the page,
instead of the length of the window standing still ("(8 s)")."""

from __future__ import annotations

from typing import Any

import pytest

from stammtisch.web.background import BackgroundServer
from stammtisch.web.tables import table_for
from tests.e2e.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


@pytest.mark.parametrize("seat", [0, 1])
def test_the_vote_clock_counts_down_on_the_seat_phone(browser: Any, server: BackgroundServer, seat: int) -> None:
    """Both phones: the one whose turn it is ("your time") and the one waiting (who, and how long)."""
    opened = table_for(server.app).open("bierpong", ["Anna", "Ben"], deadline_seconds=120, title="Uhr")
    context = browser.new_context(viewport=PHONE, role=None)
    page = context.new_page()
    page.goto(f"{server.url}/p/{opened.tokens[seat]}")
    number = page.locator("[data-countdown-number]").first
    number.wait_for()
    first = int(number.inner_text())
    assert 0 < first <= 120
    page.wait_for_function(
        "(first) => Number(document.querySelector('[data-countdown-number]').textContent) < first", arg=first
    )
    context.close()


def test_the_knock_window_counts_down_on_a_preisromme_seat(browser: Any, server: BackgroundServer) -> None:
    """The up-card opens a knock window at once: its seconds tick down on the seat's phone."""
    opened = table_for(server.app).open("preisromme", ["Anna", "Ben", "Carl", "Dora"], deadline_seconds=60)
    context = browser.new_context(viewport=PHONE, role=None)
    page = context.new_page()
    page.goto(f"{server.url}/p/{opened.tokens[2]}")
    number = page.locator("[data-testid='window'] [data-countdown-number]")
    number.wait_for()
    first = int(number.inner_text())
    assert 0 < first <= 60
    page.wait_for_function(
        "(first) => Number(document.querySelector(\"[data-testid='window'] [data-countdown-number]\").textContent)"
        " < first",
        arg=first,
    )
    context.close()
