"""Warnings for nonsense in the players' names, before anything is created (issue 14, point 9).

Names are how everybody is shown on every page ("Anna wins", "Ben throws"), so two players with the
same name (ignoring case and spaces) would be indistinguishable: the forms refuse them and say how to
tell them apart.
"""

from __future__ import annotations

from collections.abc import Iterable

from stammtisch.core.text import Text


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def duplicates(names: Iterable[str]) -> list[str]:
    """The names given more than once (first spelling, in order of first appearance)."""
    seen: dict[str, str] = {}
    repeated: list[str] = []
    for name in names:
        key = _key(name)
        if not key:
            continue
        if key in seen and seen[key] not in repeated:
            repeated.append(seen[key])
        seen.setdefault(key, name.strip())
    return repeated


def duplicate_warning(names: Iterable[str]) -> Text | None:
    """A refusal text if a name is given twice, else None."""
    repeated = duplicates(names)
    if not repeated:
        return None
    shown = ", ".join(f"„{name}“" for name in repeated)
    shown_en = ", ".join(f"'{name}'" for name in repeated)
    return Text(
        f"Zwei Spieler heißen gleich ({shown}). Gib ihnen verschiedene Namen, z. B. mit dem ersten Buchstaben "
        "des Nachnamens, sonst weiß keiner, wer gemeint ist.",
        f"Two players have the same name ({shown_en}). Give them different names, e.g. with the first letter of "
        "the surname, or nobody can tell who is meant.",
    )
