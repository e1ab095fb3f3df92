"""Changes of the field between passes (PT-7): a player withdraws, a late arrival joins, a withdrawn
player comes back, or a newcomer replaces a leaver. Pure logic; the readings are PT-7 and PT-8 in
the PT-… readings in docs/rulings/.

R-1.3 draws every player's table and seat before each pass, so the only place a player can be changed
is between two draws: before the draw of pass 1, or after every pass-1 sheet is complete and before
the draw of pass 2. A change never touches a drawn pass: the leaver keeps her seat and her points on
the sheets she played. It only decides who is in the *pool* of the next draw (the registration
numbers that are shuffled, PT-2).

Every change is recorded with its place in the tournament's sequence (``seq`` 1, 2, …), the pass
whose draw it precedes and the time, so the pools of both draws can be re-derived and audited.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from stammtisch.club.tournament.errors import TournamentRefused
from stammtisch.core.text import Text

#: The kinds of change (PT-7).
WITHDRAW = "withdraw"  # ``leaving`` stops playing
JOIN = "join"  # ``joining`` is a new registration after the first draw (a late arrival)
RETURN = "return"  # ``joining`` is a withdrawn player who plays again
REPLACE = "replace"  # ``joining`` (a new registration) takes ``leaving``'s place in the next draw
KINDS = (WITHDRAW, JOIN, RETURN, REPLACE)
#: Kinds whose ``joining`` registered with the change (not before the first draw).
NEW_REGISTRATION = (JOIN, REPLACE)


@dataclass(frozen=True, slots=True)
class PlayerChange:
    """One recorded change of the field (PT-7): ``seq`` counts the tournament's changes 1, 2, …;
    ``before_pass`` is the pass whose draw it precedes; ``leaving`` and ``joining`` are registration
    numbers (None where the kind has none); ``at`` is when it was recorded (UTC)."""

    seq: int
    before_pass: int
    kind: str
    leaving: int | None
    joining: int | None
    at: datetime


def late_numbers(changes: Iterable[PlayerChange]) -> set[int]:
    """Registration numbers that registered through a change (late arrivals and replacements)."""
    return {c.joining for c in changes if c.kind in NEW_REGISTRATION and c.joining is not None}


def pool(numbers: Iterable[int], changes: Sequence[PlayerChange], pass_no: int) -> tuple[int, ...]:
    """PT-7: the registration numbers in the draw of ``pass_no``: everyone registered before the first
    draw, then every change recorded before this pass's draw applied in order (sorted, as the draw
    sorts them before shuffling, PT-2)."""
    late = late_numbers(changes)
    active = {n for n in numbers if n not in late}
    for change in sorted(changes, key=lambda c: c.seq):
        if change.before_pass > pass_no:
            continue
        if change.leaving is not None:
            active.discard(change.leaving)
        if change.joining is not None:
            active.add(change.joining)
    return tuple(sorted(active))


def kind_of(leaving: int | None, joining_is_new: bool | None) -> str:
    """The kind of a change from what it does: ``joining_is_new`` is None when nobody joins."""
    if joining_is_new is None:
        if leaving is None:
            raise TournamentRefused(
                "PT-7",
                Text(
                    "Wer geht oder wer kommt? Bitte eine Spielerin wählen oder einen Namen eingeben.",
                    "Who leaves or who joins? Please choose a player or enter a name.",
                ),
            )
        return WITHDRAW
    if leaving is None:
        return JOIN if joining_is_new else RETURN
    if not joining_is_new:
        raise TournamentRefused(
            "PT-7",
            Text(
                "Ersetzen kann nur eine neue Spielerin; eine zurückgezogene kommt ohne Ersetzen zurück.",
                "Only a new player can replace; a withdrawn player comes back without replacing anybody.",
            ),
        )
    return REPLACE


def check_leaving(number: int, names: dict[int, str], active: Sequence[int]) -> None:
    """PT-7: only a registered player who is in the next draw's pool can leave it."""
    if number not in names:
        raise TournamentRefused(
            "PT-7",
            Text(f"Es gibt keine Anmeldung Nr. {number}.", f"There is no registration number {number}."),
        )
    if number not in active:
        raise TournamentRefused(
            "PT-7",
            Text(
                f"{names[number]} ist schon zurückgezogen und nicht in der nächsten Auslosung.",
                f"{names[number]} has withdrawn already and is not in the next draw.",
            ),
        )


def check_returning(number: int, names: dict[int, str], active: Sequence[int]) -> None:
    """PT-5 / PT-7: a taken name joins only as a withdrawn player coming back."""
    if number in active:
        raise TournamentRefused(
            "PT-5",
            Text(f"{names[number]!r} ist schon angemeldet.", f"{names[number]!r} is registered already."),
        )
