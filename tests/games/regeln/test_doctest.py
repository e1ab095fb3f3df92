"""The package's doctested walkthrough (set-up, a secret vote, a tie, the payment, the cover)."""

from __future__ import annotations

import doctest

import stammtisch.games.regeln as package


def test_walkthrough() -> None:
    failures, tried = doctest.testmod(package)
    assert tried > 10 and failures == 0
