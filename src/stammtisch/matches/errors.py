"""Refusals of the match use cases (clauses ``M-…``, see ``docs/matches.md``) and the storage conflict.

Everything a user can cause is a ``RuleViolation`` with a stable code and a German and English
message, like the engine's own refusals, so adapters need one error handler only.
``SequenceConflict`` is the repository's signal that another submission won a race; the service
turns it into ``StaleSequence`` carrying the fresh state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text

if TYPE_CHECKING:
    from stammtisch.matches.snapshot import MatchSnapshot


class UnknownGame(RuleViolation):
    """No game is registered under the requested slug (M-2)."""

    code = "match/unknown_game"

    def __init__(self, slug: str, known: list[str]) -> None:
        names = ", ".join(sorted(known)) or "-"
        super().__init__(
            "M-2",
            Text(f"Unbekanntes Spiel {slug!r} (bekannt: {names}).", f"Unknown game {slug!r} (known: {names})."),
        )
        self.slug = slug


class MatchNotFound(RuleViolation):
    """No match with this id exists (M-3)."""

    code = "match/not_found"

    def __init__(self, match_id: str) -> None:
        super().__init__("M-3", Text(f"Die Partie {match_id!r} gibt es nicht.", f"There is no match {match_id!r}."))
        self.match_id = match_id


class StaleSequence(RuleViolation):
    """The submitter saw an older state than the log holds now (M-1). ``snapshot`` is the fresh
    state for the submitter's seat, so the client can show it and let the person decide again."""

    code = "match/stale"

    def __init__(self, expected: int, actual: int, snapshot: MatchSnapshot | None = None) -> None:
        super().__init__(
            "M-1",
            Text(
                "Jemand anderes war schneller: die Partie hat sich inzwischen geändert "
                f"(Stand {actual}, gesehen {expected}). Bitte den neuen Stand prüfen.",
                "Someone else was faster: the match has changed in the meantime "
                f"(now at {actual}, you saw {expected}). Please check the new state.",
            ),
        )
        self.expected = expected
        self.actual = actual
        self.snapshot = snapshot

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        data["seq"] = self.actual
        if self.snapshot is not None:
            data["snapshot"] = self.snapshot.to_json()
        return data


class NothingToUndo(RuleViolation):
    """Undo was asked for but every submission is already undone, or none was made (M-4)."""

    code = "match/nothing_to_undo"

    def __init__(self) -> None:
        super().__init__("M-4", Text("Es gibt nichts zurückzunehmen.", "There is nothing to undo."))


class UndoRefused(RuleViolation):
    """The most recent submission may not be undone (M-5: sampled chance, or a decision in a game
    with hidden information)."""

    code = "match/undo_refused"


class InvalidSeat(RuleViolation):
    """The seat number does not exist in this match (M-6)."""

    code = "match/invalid_seat"

    def __init__(self, seat: object, seats: int) -> None:
        super().__init__(
            "M-6",
            Text(
                f"Platz {seat!r} gibt es nicht (Plätze 0 bis {seats - 1}).",
                f"There is no seat {seat!r} (seats 0 to {seats - 1}).",
            ),
        )


class InvalidMatch(RuleViolation):
    """A match cannot be created like this: unknown mode, missing player names (M-7)."""

    code = "match/invalid"


class EmptySubmission(RuleViolation):
    """A submission without any step (M-8)."""

    code = "match/empty_submission"

    def __init__(self) -> None:
        super().__init__("M-8", Text("Die Eingabe enthält keinen Schritt.", "The submission contains no step."))


class UnknownRulesVersion(RuleViolation):
    """M-9: a stored match was played under a rules version that this software's game neither
    implements nor declares compatible (``Game.compatible_rules_versions``). It is refused rather
    than replayed under other rules than it was played by. ``data`` names both versions."""

    code = "match/unknown_rules_version"

    def __init__(self, match_id: str, game: str, played: str, known: tuple[str, ...]) -> None:
        listed = ", ".join(known)
        super().__init__(
            "M-9",
            Text(
                f"Die Partie wurde nach den Regeln in Version {played} gespielt; diese Software kennt für "
                f"{game} nur Version {listed}. Sie wird nicht nach anderen Regeln nachgespielt.",
                f"The match was played under rules version {played}; this software knows only version {listed} "
                f"of {game}. It is not replayed under other rules.",
            ),
        )
        self.match_id = match_id
        self.game = game
        self.played = played
        self.known = known

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        data["rules_version"] = {"game": self.game, "played": self.played, "known": list(self.known)}
        return data


class SequenceConflict(Exception):
    """Raised by a repository when an appended ``(match_id, seq)`` exists already: another
    submission won the race. Not shown to users; the service answers with ``StaleSequence``."""

    def __init__(self, match_id: str, seq: int) -> None:
        super().__init__(f"match {match_id}: sequence number {seq} is taken")
        self.match_id = match_id
        self.seq = seq


class CorruptLog(Exception):
    """A stored log does not replay (an event the rules refuse, or an undo that does not match).
    This is a bug or a tampered database, never a user's mistake."""
