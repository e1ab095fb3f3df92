"""The server's warm-up (``web/warm_up.py``): each game's ``warm_up`` runs once per process in a daemon
thread after start-up; one that fails is logged and the others still run."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from stammtisch.web import warm_up
from stammtisch.web.plugin import WebGame


def test_warm_ups_run_once_in_the_background_and_a_failure_is_only_logged(
    monkeypatch: Any, caplog: pytest.LogCaptureFixture
) -> None:
    done: list[str] = []

    def broken() -> None:
        raise OSError("the solution file is unreadable")

    games = (
        WebGame(slug="first", warm_up=broken),
        WebGame(slug="plain"),
        WebGame(slug="second", warm_up=lambda: done.append("second")),
    )
    monkeypatch.setattr(warm_up, "web_games", lambda: games)
    monkeypatch.setattr(warm_up, "_started", False)
    with caplog.at_level(logging.ERROR, logger="stammtisch.web.warm_up"):
        thread = warm_up.warm_up_games()
        assert thread is not None and thread.daemon
        thread.join(5)
    assert done == ["second"]
    assert "the solution file is unreadable" in caplog.text
    assert warm_up.warm_up_games() is None  # once per process
    assert done == ["second"]


def test_no_game_to_warm_up_starts_no_thread(monkeypatch: Any) -> None:
    monkeypatch.setattr(warm_up, "web_games", lambda: (WebGame(slug="plain"),))
    monkeypatch.setattr(warm_up, "_started", False)
    assert warm_up.warm_up_games() is None
