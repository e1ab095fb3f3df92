"""PB-12 (R-1.2, R-1.3, RA-24, PT-4): the bench counts a tournament the way the rules rank it.

A player's result is the sum of her booked points over both Durchgänge (RA-24), the seats drawn anew before
the second (R-1.3); the bot's share of the first place is 1 alone, 1/k when k players share the best total,
and 0 for a tournament cut short (``bench/preisromme_bot.py``, whose figure is the report's).
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest
from bench import preisromme_bot as bench
from bench.preisromme_bot import Setup, Tally, first_share, play_game


@pytest.mark.parametrize(
    ("totals", "player", "complete", "share"),
    [
        ((-10, -20, -30, -40), 0, True, 1.0),
        ((-10, -10, -30, -40), 1, True, 0.5),
        ((-10, -10, -10, -10), 3, True, 0.25),
        ((-20, -10, -30, -40), 0, True, 0.0),
        ((-10, -20, -30, -40), 0, False, 0.0),
    ],
)
def test_pt4_ties_share_the_first_place(totals: tuple[int, ...], player: int, complete: bool, share: float) -> None:
    assert first_share(totals, player, complete) == share


def _scripted_passes(monkeypatch: pytest.MonkeyPatch, bot_penalties: list[int], other_penalty: int) -> list[int]:
    """Replace the played Durchgänge by sheets where the bot's seat books ``bot_penalties[pass]`` and every
    other seat ``other_penalty``; returns the bot's seat of each pass, as the tournament seated it."""
    seats: list[int] = []

    def play_pass(setup: Setup, bot_seat: int, rng: random.Random, tally: Tally) -> Any:
        penalties = [other_penalty] * 4
        penalties[bot_seat] = bot_penalties[len(seats)]
        seats.append(bot_seat)
        tally.passes += 1
        return SimpleNamespace(history=[None] * setup.deals, credits=(0,) * 4, penalties=tuple(penalties))

    monkeypatch.setattr(bench, "play_pass", play_pass)
    return seats


@pytest.mark.parametrize(
    ("bot_penalties", "other_penalty", "share"),
    [([10, 10], 30, 1.0), ([0, 80], 30, 0.0), ([0, 60], 30, 0.25), ([50, 0], 30, 1.0)],
)
def test_ra24_the_result_is_the_sum_over_both_durchgaenge(
    monkeypatch: pytest.MonkeyPatch, bot_penalties: list[int], other_penalty: int, share: float
) -> None:
    """Ahead after the first Durchgang is not enough: the total over both decides (0 + 60 ties 30 + 30)."""
    seats = _scripted_passes(monkeypatch, bot_penalties, other_penalty)
    tally = play_game(5, 2026, Setup(bot="durchgang", deals=8, passes=2))
    assert seats[0] == 5 % 4  # the first pass seats the bot as a single Durchgang would
    assert (tally.passes, tally.tournaments, tally.tournament_first) == (2, 1, share)


def test_r13_the_seats_are_drawn_anew_before_the_second_durchgang() -> None:
    """Over many tournaments the bot sits in every seat in the second Durchgang, whatever its first seat."""
    second_seats: set[int] = set()
    for number in range(0, 160, 4):  # always seat 0 in the first Durchgang
        patch = pytest.MonkeyPatch()
        try:
            seats = _scripted_passes(patch, [0, 0], 10)
            play_game(number, 2026, Setup(bot="durchgang", deals=1, passes=2))
        finally:
            patch.undo()
        assert seats[0] == 0
        second_seats.add(seats[1])
    assert second_seats == {0, 1, 2, 3}


def test_a_played_tournament_counts_both_durchgaenge() -> None:
    """The engine's own deals, not a script: two Durchgänge of one deal each, the bot's share a valid one."""
    tally = play_game(3, 2026, Setup(bot="durchgang", deals=1, passes=2))
    assert tally.games == 2 and tally.tournaments == 1
    assert tally.search_wins + tally.heuristic_wins + tally.no_winner == 2
    assert tally.tournament_first in (0.0, 0.25, 1 / 3, 0.5, 1.0)
