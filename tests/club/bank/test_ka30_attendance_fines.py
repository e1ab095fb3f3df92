"""C-1, KA-30: attendance fines per member per dice day, one clause at a time."""

from __future__ import annotations

from datetime import time

import pytest

from stammtisch.club.bank.attendance import Attendance, fine, parse_window
from stammtisch.club.bank.errors import BookingRefused
from stammtisch.club.bank.model import Reason

WINDOW = parse_window("20:00-22:00")


def test_whole_window_no_fine() -> None:
    assert fine(Attendance(1, present=True), WINDOW) is None
    assert fine(Attendance(1, present=True, arrived=time(20, 0), left=time(22, 0)), WINDOW) is None


def test_late_arrival_300() -> None:
    assert fine(Attendance(1, present=True, arrived=time(20, 1)), WINDOW) == (Reason.LATE, 300)


def test_leaving_early_300() -> None:
    assert fine(Attendance(1, present=True, left=time(21, 30)), WINDOW) == (Reason.LATE, 300)


def test_late_and_early_is_still_one_fine() -> None:
    assert fine(Attendance(1, present=True, arrived=time(21), left=time(21, 30)), WINDOW) == (Reason.LATE, 300)


def test_absent_800_never_both() -> None:
    assert fine(Attendance(1, present=False), WINDOW) == (Reason.ABSENT, 800)
    assert fine(Attendance(1, present=True, playing=False, arrived=time(21)), WINDOW) == (Reason.ABSENT, 800)


def test_sick_note_or_credible_illness_exempt() -> None:
    assert fine(Attendance(1, present=False, excused=True), WINDOW) is None
    assert fine(Attendance(1, present=True, arrived=time(21), excused=True), WINDOW) is None


def test_externals_exempt() -> None:
    assert fine(Attendance(1, present=False, external=True), WINDOW) is None


def test_configured_amounts_and_window() -> None:
    window = parse_window("19:30-23:00")
    assert fine(Attendance(1, present=True, arrived=time(20)), window, 500, 1000) == (Reason.LATE, 500)
    assert fine(Attendance(1, present=False), window, 500, 0) is None


@pytest.mark.parametrize("text", ["22:00-20:00", "abends", "20:00-20:00", "25:00-26:00"])
def test_a_bad_window_is_refused(text: str) -> None:
    with pytest.raises(BookingRefused) as refused:
        parse_window(text)
    assert refused.value.clause == "KA-30" and "20:00-22:00" in refused.value.message.en
