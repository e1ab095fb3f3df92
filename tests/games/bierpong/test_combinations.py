"""Specialwurfkombinationen (Kombi-1..3) / BP-R05: combinations add up."""

from __future__ import annotations

from .helpers import begin, cups, play, rack


def _removed(state_before: str, state_after: str) -> int:
    return sum(1 for a, b in zip(state_before, state_after, strict=True) if a == "o" and b == "x")


def test_kombi1_bombe_with_one_aufsetzer_removes_four() -> None:
    """Kombi-1: Bombe cup + 2 (Bombe) + 1 per Aufsetzer: one bounced ball → 4 cups."""
    state = play(begin(4), "hit 5 bounce", "hit 5")
    state = play(state, "1: remove 2", "1: remove 3", "1: remove 4")
    assert _removed("o" * 10, cups(state, 1)) == 4


def test_kombi1_bombe_with_two_aufsetzer_removes_five() -> None:
    """Kombi-1 / BP-R05: "je Aufsetzer" counts bounced balls: two → 5 cups."""
    state = play(begin(4), "hit 5 bounce", "hit 5 roller")
    state = play(state, "1: remove 2", "1: remove 3", "1: remove 4", "1: remove 6")
    assert _removed("o" * 10, cups(state, 1)) == 5


def test_kombi2_island_with_aufsetzer_removes_three() -> None:
    """Kombi-2: Island cup + 1 (Island) + 1 (Aufsetzer) = 3."""
    start = "o x x o o o x x x o"
    state = rack(begin(2), 1, start)
    state = play(state, "0: island 1", "hit 1 bounce", "miss")
    state = play(state, "1: remove 4", "1: remove 5")
    assert _removed(start.replace(" ", ""), cups(state, 1)) == 3


def test_kombi3_bombe_with_island_removes_four() -> None:
    """Kombi-3: Bombe/Island cup + 2 (Bombe) + 1 (Island) = 4."""
    start = "o x x o o o x x x o"
    state = rack(begin(4), 1, start)
    state = play(state, "0: island 1", "hit 1", "hit 1")
    state = play(state, "1: remove 4", "1: remove 5", "1: remove 6")
    assert _removed(start.replace(" ", ""), cups(state, 1)) == 4


def test_bombe_island_and_aufsetzer_removes_five() -> None:
    """BP-R05 (not listed in the text): Bombe + Island + one bounced ball = 5."""
    start = "o x x o o o o x x o"
    state = rack(begin(4), 1, start)
    state = play(state, "0: island 1", "hit 1 bounce", "hit 1")
    state = play(state, "1: remove 4", "1: remove 5", "1: remove 6", "1: remove 7")
    assert _removed(start.replace(" ", ""), cups(state, 1)) == 5


def test_more_extras_than_cups_takes_every_cup() -> None:
    """BP-R03: more required than live: every live cup goes (then the Konter, BP-R10)."""
    state = rack(begin(4), 1, "o o o x x x x x x x")
    state = play(state, "hit 1 bounce", "hit 1")
    assert cups(state, 1) == "xxx" + "x" * 7
    assert state.konter is not None
