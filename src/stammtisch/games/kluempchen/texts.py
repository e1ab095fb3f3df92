"""Bilingual messages and labels used by the rules, the view and describe_action."""

from __future__ import annotations

from stammtisch.core.text import Text


def roll_label(count: int) -> Text:
    if count == 1:
        return Text("1 Würfel werfen", "throw 1 die")
    return Text(f"{count} Würfel werfen", f"throw {count} dice")


DRAW_LABEL = Text("Auswürfeln der Paare: ein Würfel", "team draw: one die")
