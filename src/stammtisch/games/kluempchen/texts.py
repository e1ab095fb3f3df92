"""Bilingual messages and labels used by the rules, the view and describe_action."""

from __future__ import annotations

from stammtisch.core.errors import IllegalAction
from stammtisch.core.text import Text


def illegal(clause: str, de: str, en: str) -> IllegalAction:
    """An ``IllegalAction`` citing ``clause``."""
    return IllegalAction(clause, Text(de, en))


def roll_label(count: int) -> Text:
    if count == 1:
        return Text("1 Würfel werfen", "throw 1 die")
    return Text(f"{count} Würfel werfen", f"throw {count} dice")


DRAW_LABEL = Text("Auswürfeln der Paare: ein Würfel", "team draw: one die")
