"""Text notation of Prömpeln actions and outcomes; ``parse(format(x)) == x`` for every value.

Actions (the seat is recorded beside the action, not in it):

* ``none``, ``L``, ``K``, ``P``: the announcement before a run; ``L void`` etc. a botched one (PR-R10)
* ``D links``, ``D rechts``: the Doppellörer with the hand for the middle bottle (PR-4.4)
* ``replay 2 5``: Kniffel, replay bottles 2 and 5; ``stop``: no (further) replay (PR-R04)
* ``record``, ``record meier``, ``record king``: write the score down with the claim (PR-2.5)
* ``slip 3``: the stopper on bottle 3 slipped off before the end of the turn (PR-3.3);
  ``slip 3 1``: it moved and finally lies as a 1 (any final position 0-3, reading E4)

Outcomes: ``s1 b4 3`` is seat 1 (engine seat index), bottle 4, 3 points; ``s1 b4 x`` an invalid
attempt (PR-R13); bottle ``0`` is the tie-break stopper (``s1 b0 2``).
"""

from __future__ import annotations

from stammtisch.core.errors import InvalidNotation
from stammtisch.core.text import Text
from stammtisch.games.proempeln.model import Action, Announce, Landing, Record, Replay, Slip

CLAUSE = "PR-notation"


def _bad(text: str, hint_de: str, hint_en: str) -> InvalidNotation:
    return InvalidNotation(CLAUSE, Text(f"Unlesbar: {text!r} ({hint_de}).", f"Cannot read {text!r} ({hint_en})."))


def format_action(action: Action) -> str:
    if isinstance(action, Announce):
        parts = [action.move]
        if action.hand:
            parts.append(action.hand)
        if not action.correct:
            parts.append("void")
        return " ".join(parts)
    if isinstance(action, Replay):
        return "replay " + " ".join(map(str, action.bottles)) if action.bottles else "stop"
    if isinstance(action, Record):
        return "record" if action.claim == "none" else f"record {action.claim}"
    if isinstance(action, Slip):
        return f"slip {action.bottle}" if action.points == 0 else f"slip {action.bottle} {action.points}"
    raise TypeError(f"not a Prömpeln action: {action!r}")


def _ints(text: str, words: list[str]) -> tuple[int, ...]:
    try:
        return tuple(int(word) for word in words)
    except ValueError:
        raise _bad(text, "Flaschennummern erwartet", "expected bottle numbers") from None


def parse_action(text: str) -> Action:
    words = text.split()
    if not words:
        raise _bad(text, "leer", "empty")
    head, rest = words[0], words[1:]
    if head == "stop" and not rest:
        return Replay(())
    if head == "replay":
        return Replay(_ints(text, rest))
    if head == "slip" and len(rest) in (1, 2):
        numbers = _ints(text, rest)
        return Slip(numbers[0], numbers[1] if len(numbers) == 2 else 0)
    if head == "record" and len(rest) <= 1:
        return Record(rest[0] if rest else "none")
    if head in ("replay", "slip", "record") or not head.isalnum():
        raise _bad(
            text, "z. B. „replay 2 5“, „slip 3 1“, „record meier“", "e.g. 'replay 2 5', 'slip 3 1', 'record meier'"
        )
    correct = True
    if rest and rest[-1] == "void":
        correct, rest = False, rest[:-1]
    if len(rest) > 1 or (rest and not rest[0].isalpha()):
        raise _bad(text, "z. B. „L“, „K void“, „D links“", "e.g. 'L', 'K void', 'D links'")
    return Announce(head, rest[0] if rest else "", correct)


def format_outcome(outcome: Landing) -> str:
    points = "x" if outcome.invalid else str(outcome.points)
    return f"s{outcome.seat} b{outcome.bottle} {points}"


def parse_outcome(text: str) -> Landing:
    words = text.split()
    if len(words) != 3 or not words[0].startswith("s") or not words[1].startswith("b"):
        raise _bad(text, "z. B. „s1 b4 3“", "e.g. 's1 b4 3'")
    try:
        seat, bottle = int(words[0][1:]), int(words[1][1:])
        if words[2] == "x":
            return Landing(seat, bottle, 0, True)
        return Landing(seat, bottle, int(words[2]))
    except ValueError:
        raise _bad(text, "z. B. „s1 b4 3“", "e.g. 's1 b4 3'") from None
