"""Refusals of the tournament use cases. Each cites the clause of the Preisrommé rulings
(``R-…``, ``RA-…``) or of the tournament readings (``PT-…``, the PT-… readings in docs/rulings/)."""

from __future__ import annotations

from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text


class TournamentRefused(RuleViolation):
    """A tournament step the rules do not allow now (registering after the draw, a third pass, ...)."""

    code = "tournament/refused"


class PlayerCountRefused(RuleViolation):
    """No table plan exists for this number of players (R-1.1, RA-24)."""

    code = "tournament/player_count"


class TournamentNotFound(RuleViolation):
    """There is no tournament with this id."""

    code = "tournament/not_found"


class PassRunning(RuleViolation):
    """A player change while a pass is drawn and not finished (PT-7: players change only between two
    draws; a running table keeps its seats)."""

    code = "tournament/pass_running"


class TournamentArchived(RuleViolation):
    """PT-9: the tournament is archived: it is kept as it was and changes nothing until it is restored
    (or it is not archived, and so cannot be restored)."""

    code = "tournament/archived"


class DeleteRefused(RuleViolation):
    """Deleting a tournament without the confirmation it needs (PT-9: the exact title, and the
    explicit consent to delete recorded games)."""

    code = "tournament/delete_refused"


def archived_refusal(title: str) -> TournamentArchived:
    """PT-9: an archived tournament is frozen until it is restored (every write, every role)."""
    return TournamentArchived(
        "PT-9",
        Text(
            f"Das Turnier {title!r} ist archiviert und bleibt, wie es war. Wer es weiterführen "
            "will, stellt es zuerst wieder her (Admin oder Kassenwart). Nichts wurde geändert.",
            f"The tournament {title!r} is archived and stays as it was. To carry on with it, "
            "restore it first (admin or treasurer). Nothing was changed.",
        ),
    )
