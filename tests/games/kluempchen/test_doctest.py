"""The walkthrough in the package docstring runs (K-6.5, KA-06, KA-03)."""

from __future__ import annotations

import doctest

import stammtisch.games.kluempchen as package


def test_package_walkthrough() -> None:
    failures, tried = doctest.testmod(package)
    assert tried > 0 and failures == 0
