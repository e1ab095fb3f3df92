from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from stammtisch.games import GAMES
from stammtisch.matches import InMemoryRepository, MatchService
from tests.matches.toys import DEAL, OPEN, SKILL
from tests.support.toy import GAME as TOY

TEST_GAMES: dict[str, Any] = {"toy": TOY, "toy-open": OPEN, "toy-deal": DEAL, "toy-skill": SKILL}


class TickingClock:
    """A deterministic clock: every reading is one second after the previous one."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 21, 19, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def all_games() -> dict[str, Any]:
    return {**GAMES, **TEST_GAMES}


def make_service(repository: Any = None, **kwargs: Any) -> MatchService:
    kwargs.setdefault("games", all_games())
    kwargs.setdefault("clock", TickingClock())
    kwargs.setdefault("rng", lambda match_id: random.Random(match_id))
    return MatchService(repository if repository is not None else InMemoryRepository(), **kwargs)


@pytest.fixture
def service() -> MatchService:
    return make_service()
