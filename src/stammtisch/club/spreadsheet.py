"""CSV that a spreadsheet opens without running anything (issue 31.4).

A cell whose text starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is read by
spreadsheet programs as a formula (``=HYPERLINK(…)`` typed as a player's name, a ledger note starting
with ``=``). Such a cell gets the usual spreadsheet-safe prefix, an apostrophe, which the spreadsheet
shows as text and does not run (the OWASP "CSV injection" advice). Numbers stay numbers: an ``int``
or ``float``, or a text that is only a number (``-2.00``), is written as it is. Every CSV the app
writes goes through ``write_rows``."""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Sequence
from typing import Any, TextIO

#: What a spreadsheet takes for the start of a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)?")


def safe_cell(value: Any) -> Any:
    """``value`` as a spreadsheet reads it harmlessly (module docstring)."""
    if not isinstance(value, str) or not value.startswith(FORMULA_STARTS) or _NUMBER.fullmatch(value):
        return value
    return "'" + value


def write_rows(handle: TextIO, rows: Iterable[Sequence[Any]]) -> None:
    """Writes ``rows`` as CSV to ``handle``, every cell neutralised."""
    writer = csv.writer(handle)
    for row in rows:
        writer.writerow([safe_cell(value) for value in row])
