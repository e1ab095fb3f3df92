"""Sentences for people from the engines' texts: seat numbers become the players' names, and clause
codes in brackets are left out (pages offer them behind a "rule" link; the terminal names them in the
refusal's data). Shared by the web pages and the terminal, so both say "Anna throws", not "seat 1".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

#: "Seat 3 (Carl)" / "Platz 3 (Carl)": the engines' and the log's way to name a seat, with the name.
_SEAT_WITH_NAME = re.compile(r"\b(?:[Ss]eat|Platz|Sitz) (\d{1,2}) \((?!player|Spieler|role|Rolle)([^()]+)\)")
#: "seat 3" / "Platz 3": a seat number alone (1-based, as the engines write it for people).
_SEAT = re.compile(r"\b(?:[Ss]eats?|Plätze|Platz|Sitz) (\d{1,2}(?:, \d{1,2})*)\b")
#: A clause code in brackets inside a sentence: "(KA-36)", "(K-6.5, KA-11)"; it belongs behind the rule link.
_CLAUSE_IN_TEXT = re.compile(r"\s*\((?:[A-Z]{1,3}-[A-Z]?\d+(?:\.\d+)*[a-z]?(?:[,;/]\s*|\s+(?=[A-Z]{1,3}-))?)+\)")


def plain(text: str, players: Sequence[str]) -> str:
    """A sentence for people: seat numbers become the players' names, clause codes are left out (the
    page offers them behind a "rule" link)."""
    text = _SEAT_WITH_NAME.sub(lambda found: found.group(2), text)

    def name(found: re.Match[str]) -> str:
        numbers = [int(part) for part in found.group(1).split(", ")]
        if not all(1 <= number <= len(players) for number in numbers):
            return found.group(0)
        return ", ".join(players[number - 1] for number in numbers)

    return _CLAUSE_IN_TEXT.sub("", _SEAT.sub(name, text))


def named(value: Any, players: Sequence[str]) -> Any:
    """``value`` (a view: dicts, lists, strings) with ``plain`` applied to every string in it."""
    if isinstance(value, str):
        return plain(value, players)
    if isinstance(value, dict):
        return {key: named(item, players) for key, item in value.items()}
    if isinstance(value, list):
        return [named(item, players) for item in value]
    if isinstance(value, tuple):
        return tuple(named(item, players) for item in value)
    return value
