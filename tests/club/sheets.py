"""Entering possible games on a score sheet, for the tournament tests."""

from __future__ import annotations

import random

from stammtisch.matches.service import MatchService


def play_sheet(matches: MatchService, match_id: str, rng: random.Random, games: int = 8) -> list[list[int]]:
    """Enter ``games`` possible games on a score sheet; the penalties booked per game."""
    booked = []
    for _ in range(games):
        snapshot = matches.snapshot(match_id, None)
        seats = len(snapshot.players)
        winner = rng.randrange(seats)
        romme = rng.random() < 0.1
        steps: list[tuple[int | None, str]] = [(0, f"out {winner + 1}"), (0, "romme yes" if romme else "romme no")]
        row = [0] * seats
        for seat in range(seats):
            if seat != winner:
                points = rng.randint(2, 120)
                row[seat] = points * (2 if romme else 1)
                steps.append((0, f"points {seat + 1} {points}"))
        matches.submit(match_id, steps, snapshot.seq)
        booked.append(row)
    return booked
