"""Helpers for the tournament tests: a tournament service on in-memory storage and a real match service."""

from __future__ import annotations

import pytest

from stammtisch.club.tournament import InMemoryTournaments, TournamentService
from stammtisch.matches import InMemoryRepository
from stammtisch.matches.service import MatchService
from stammtisch.store.tournament_sheets import MatchSheets


@pytest.fixture
def matches() -> MatchService:
    return MatchService(InMemoryRepository())


@pytest.fixture
def tournaments(matches: MatchService) -> TournamentService:
    seeds = iter(f"seed-{i}" for i in range(1000))
    return TournamentService(InMemoryTournaments(), MatchSheets(matches), seeds=lambda: next(seeds))
