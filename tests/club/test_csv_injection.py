"""Issue 31.4: a CSV cell that a spreadsheet would run as a formula (text starting with ``=``, ``+``,
``-``, ``@``, tab or carriage return) is written with the spreadsheet-safe prefix; numbers, also
negative ones and numbers given as text, stay as they are (club.spreadsheet)."""

from __future__ import annotations

import csv
import io

from hypothesis import given
from hypothesis import strategies as st

from stammtisch.club.spreadsheet import FORMULA_STARTS, safe_cell, write_rows


@given(st.lists(st.lists(st.one_of(st.text(max_size=12), st.integers(), st.floats(allow_nan=False)), max_size=5)))
def test_no_written_cell_starts_a_formula_and_nothing_is_lost(rows: list[list[object]]) -> None:
    out = io.StringIO()
    write_rows(out, rows)
    read = list(csv.reader(io.StringIO(out.getvalue())))
    cells = [(cell, got) for row, back in zip(rows, read, strict=False) for cell, got in zip(row, back, strict=False)]
    for cell, got in cells:
        if isinstance(cell, str) and cell.startswith(FORMULA_STARTS) and safe_cell(cell) != cell:
            assert got.startswith("'")
        elif not isinstance(cell, str):
            assert got == str(cell)


def test_the_usual_attacks_are_neutralised_and_amounts_kept() -> None:
    for attack in ('=HYPERLINK("http://e.vil","klick")', "+1+1", "-1+cmd|' /C calc'!A0", "@SUM(A1)", "\t=1", "\r=1"):
        assert safe_cell(attack) == "'" + attack
    for kept in ("-2.00", "-200", "+3", "12,50", -200, 0, "Anna", "", None):
        assert safe_cell(kept) == kept
