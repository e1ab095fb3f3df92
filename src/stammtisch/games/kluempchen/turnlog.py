"""The throws of one player turn as the table watched them (E-1: mandatory throws follow by themselves,
so one tap may show two throws): a small record kept in ``PlayerTurn.log`` and its bilingual reading.

An entry is ``(faces, added, events, number)``: the faces thrown (``()`` for a void throw: Turm, cocked
dice, foul), ``added`` how many dice of each face 1..6 were set aside from this throw (joined a group, a
new group or the forced pair; all six go back after a combination), ``events`` a tuple of
``(code, a, b)`` and ``number`` the throw's number in its Würfelfolge. The engine only appends these
cheap tuples; the words are made here, when somebody looks (view.py, K-6..K-9, S-3..S-8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stammtisch.core.text import Text
from stammtisch.games.kluempchen.model import FOUL_KINDS, LogEntry, LogEvent, Previous

if TYPE_CHECKING:
    from stammtisch.games.kluempchen.view import PreviousTurnView, ThrowView

Event = LogEvent
Entry = LogEntry

# Combinations that send all six dice back (a = points).
STRASSE, VOLL, VOLL_STAR_A, ANSCHLUSS, SIX_OVER = range(5)
# 15 Voll* option b (a = face of the four), six equal in one throw (a = face), confirmation (a = points).
VOLL_STAR_B, SIX_EQUAL, CONFIRMED = 5, 6, 7
# The end of a Würfelfolge after its 3rd throw (KA-03) and "all dice set aside" (KA-02): a, b = points.
RAISED, FAILED, FREE_COUNTED, FREE_FAILED, THIRD, ALL_KEPT = 8, 9, 10, 11, 12, 13
# Void throws: Turm (a = towers in a row, b = 1 if that ended the turn), cocked dice, foul (a = kind).
TOWER, COCKED, FOUL = 14, 15, 16

#: Events after which all six dice go back: the next throw starts a new Würfelfolge.
COMBINATIONS = frozenset((STRASSE, VOLL, VOLL_STAR_A, ANSCHLUSS, SIX_OVER))

_FOULS_DE = {
    "missing_die": "ein Würfel fehlt",
    "wrong_packing": "falsch gepackt",
    "fell_out": "Würfel aus dem Becher gefallen",
    "off_table": "Würfel vom Tisch gefallen",
    "conduct": "Verstoß gegen die Tischregeln",
}
_FOULS_EN = {
    "missing_die": "a die is missing",
    "wrong_packing": "packed wrongly",
    "fell_out": "a die fell out of the cup",
    "off_table": "a die fell off the table",
    "conduct": "conduct violation",
}


def event_text(event: Event) -> Text:
    """One event in words (S-3..S-8 combinations, KA-02/03/08 ends and confirmations, K-4/K-7/K-9)."""
    code, a, b = event
    if code == STRASSE:
        return Text(f"Straße: {a} stehen zur Bestätigung", f"Straße: {a} await confirmation")
    if code == VOLL:
        return Text(f"15 Voll: {a} stehen zur Bestätigung", f"15 Voll: {a} await confirmation")
    if code == VOLL_STAR_A:
        return Text(f"15 Voll* (a): {a} stehen zur Bestätigung", f"15 Voll* (a): {a} await confirmation")
    if code == VOLL_STAR_B:
        return Text(f"15 Voll* (b): die vier {a}er bleiben liegen", f"15 Voll* (b): the four {a}s stay aside")
    if code == ANSCHLUSS:
        return Text(f"Anschluss: {a} stehen zur Bestätigung", f"Anschluss: {a} await confirmation")
    if code == SIX_OVER:
        return Text(f"6 Gleiche in mehreren Würfen: {a} zur Bestätigung", f"six equal over throws: {a} to confirm")
    if code == SIX_EQUAL:
        return Text(f"6 Gleiche ({a}) mit einem Wurf: Runde vorbei", f"six equal ({a}s) in one throw: the round ends")
    if code == CONFIRMED:
        return Text(f"bestätigt: {a} zählen", f"confirmed: {a} count")
    if code == RAISED:
        return Text(f"Risikowurf gelungen: {a} → {b}", f"risk throw raised: {a} → {b}")
    if code == FAILED:
        return Text(f"Risikowurf verloren ({b} statt mehr als {a}): 0", f"risk throw failed ({b}, not above {a}): 0")
    if code == FREE_COUNTED:
        return Text(f"Freiwurf zählt: {a}", f"free throw counts: {a}")
    if code == FREE_FAILED:
        return Text("Freiwurf ohne Zählbares: 0", "free throw brought nothing countable: 0")
    if code == THIRD:
        return Text(f"3. Wurf: {a} Punkte", f"3rd throw: {a} points")
    if code == ALL_KEPT:
        return Text(f"alle Würfel liegen: {a} Punkte", f"all dice set aside: {a} points")
    if code == TOWER:
        if b:
            return Text(f"Turm ({a}. in Folge): der Wurf endet", f"Turm ({a} in a row): the turn ends")
        return Text(f"Turm ({a}.): noch einmal werfen", f"Turm (no. {a}): throw again")
    if code == COCKED:
        return Text("Würfel brennen: noch einmal werfen", "dice cocked: throw again")
    kind = FOUL_KINDS[a]
    return Text(f"Foul: {_FOULS_DE[kind]} – der Wurf endet", f"foul: {_FOULS_EN[kind]} – the turn ends")


def events_text(events: tuple[Event, ...]) -> Text | None:
    if not events:
        return None
    texts = [event_text(e) for e in events]
    return Text("; ".join(t.de for t in texts), "; ".join(t.en for t in texts))


def throws_view(log: tuple[Entry, ...]) -> list[ThrowView]:
    """The turn's throws in order, JSON-ready; ``sequence`` counts the Würfelfolgen of the turn."""
    shown: list[ThrowView] = []
    sequence = 1
    for faces, added, events, number in log:
        text = events_text(events)
        shown.append(
            {
                "faces": list(faces),
                "kept": [face for face, n in enumerate(added, start=1) for _ in range(n)],
                "event": text.to_json() if text is not None else None,
                "sequence": sequence,
                "number": number,
                "void": not faces,
            }
        )
        if any(code in COMBINATIONS for code, _a, _b in events):
            sequence += 1
    return shown


def result_text(seat: int, points: int, joker: bool, how: str) -> Text:
    """How a finished player turn ended, one line (seat counted from 1 like the hints)."""
    doubled_de = " (Joker: doppelt)" if joker and points else ""
    doubled_en = " (joker: doubled)" if joker and points else ""
    if how == "forfeit":
        return Text(f"Platz {seat} fehlte, keiner warf: 0 Punkte", f"seat {seat} absent, nobody threw: 0 points")
    if how == "six_equal":
        return Text(f"Platz {seat}: 6 Gleiche mit einem Wurf", f"seat {seat}: six equal in one throw")
    if how == "entered":
        return Text(f"Platz {seat}: {points} Punkte eingetragen", f"seat {seat}: {points} points entered")
    if how == "stop":
        return Text(
            f"Platz {seat} hört auf: {points} Punkte{doubled_de}", f"seat {seat} stopped: {points} points{doubled_en}"
        )
    return Text(f"Platz {seat}: {points} Punkte{doubled_de}", f"seat {seat}: {points} points{doubled_en}")


def previous_view(previous: Previous | tuple[()]) -> PreviousTurnView | None:
    """The last finished player turn (``Round.previous``): who, its throws and its result."""
    if len(previous) == 0:
        return None
    owner, thrower, role, joker, log, points, how = previous
    return {
        "owner": owner,
        "thrower": thrower,
        "stand_in": thrower != owner,
        "role": role,
        "joker": joker,
        "points": points,
        "how": how or "throws",
        "throws": throws_view(log),
        "result": result_text(owner + 1, points, joker, how).to_json(),
    }
