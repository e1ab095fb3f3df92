"""What Prömpeln's choices mean, in German and English: the names of the special moves and the
description of every action (buttons and help)."""

from __future__ import annotations

from typing import Any

from stammtisch.core.text import Text
from stammtisch.games.proempeln.model import Announce, Record, Replay, Slip

#: The special moves' short names by notation letter (narrow columns: the advisor's table, the
#: statistics, the terminal); ``MOVE_NAMES`` below says what each move does.
SHORT_MOVE_NAMES = {
    "none": Text("kein Spezialzug", "no special move"),
    "L": Text("Lampenlörer", "Lampenlörer"),
    "K": Text("Kniffel", "Kniffel"),
    "P": Text("Pash-7", "Pash-7"),
    "D": Text("Doppellörer", "Doppellörer"),
}

#: The special moves by their notation letter (``none``: no special move this round), with what
#: each does (buttons and help).
MOVE_NAMES = {
    "none": Text("kein Spezialzug", "no special move"),
    "L": Text("Lampenlörer: 0 zählt −3, 3 zählt 6", "Lampenlörer: 0 counts −3, 3 counts 6"),
    "K": Text("Kniffel: zwei Mal beliebige Prömpel nachspielen", "Kniffel: replay any stoppers twice"),
    "P": Text("Pash-7: 10 Punkte pro Pärchen", "Pash-7: 10 points per pair"),
    "D": Text("Doppellörer: Summe außen × Mitte", "Doppellörer: outer sum × middle"),
}


def describe_action(action: Any) -> Text:
    """What choosing ``action`` means, for buttons and help."""
    if isinstance(action, Announce):
        base = MOVE_NAMES.get(action.move, Text(action.move, action.move))
        if action.hand:
            base = Text(f"{base.de} ({action.hand})", f"{base.en} ({action.hand})")
        if not action.correct:
            base = Text(f"{base.de} – falsch angesagt", f"{base.en} – botched announcement")
        return base
    if isinstance(action, Replay):
        if not action.bottles:
            return Text("nicht mehr nachspielen", "stop replaying")
        listed = ", ".join(map(str, action.bottles))
        return Text(f"Flaschen {listed} nachspielen", f"replay bottles {listed}")
    if isinstance(action, Record):
        return {
            "meier": Text("„Es gibt immer noch Meier“ – notieren", "claim Meier and record"),
            "king": Text("„Ich bin König“ – Spiel gewonnen", "claim King: game won"),
        }.get(action.claim, Text("Punkte notieren", "record the points"))
    if isinstance(action, Slip):
        if action.points == 0:
            return Text(f"Prömpel {action.bottle} abgerutscht: 0", f"stopper {action.bottle} slipped off: 0")
        return Text(
            f"Prömpel {action.bottle} verrutscht, liegt jetzt als {action.points}",
            f"stopper {action.bottle} moved, now lies as a {action.points}",
        )
    return Text(repr(action), repr(action))
