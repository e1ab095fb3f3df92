"""Sending a game or evening form whose names the club may not know yet (issue 24.6, AC-1): the form comes
back asking "guest tonight or new member?" for each such name; ``submit_names`` answers and sends again."""

from __future__ import annotations

from typing import Any


def submit_names(page: Any, button: Any, answer: str = "guest") -> None:
    """Click the form's ``button``; if the form asks about newcomers, answer each with ``answer`` and send it."""
    with page.expect_navigation():
        button.click()
    asked = page.locator("[data-testid=newcomers]")
    if not asked.count():
        return
    for radio in asked.locator(f"input[type=radio][value={answer}]").all():
        radio.check()
    with page.expect_navigation():
        asked.locator("xpath=ancestor::form").locator("button[type=submit]").last.click()
