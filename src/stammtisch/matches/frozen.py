"""Frozen matches (PT-9, KA-32): a score sheet of an archived tournament and an evening of a closed
season are kept as they are. The store refuses every event appended to them, whoever sends it and
whatever the reason (``store.repository``); this is the refusal, in words."""

from __future__ import annotations

from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text

#: ``frozen_by`` values: what froze the match, and its id.
TOURNAMENT = "tournament:"
SEASON = "season:"


def frozen_by_tournament(tournament_id: str) -> str:
    return f"{TOURNAMENT}{tournament_id}"


def frozen_by_season(first_day: str) -> str:
    return f"{SEASON}{first_day}"


class MatchFrozen(RuleViolation):
    """Nothing is written to a frozen match: restore the tournament first; a closed season stays closed."""

    code = "match/frozen"

    def __init__(self, frozen_by: str) -> None:
        if frozen_by.startswith(SEASON):
            day = frozen_by.removeprefix(SEASON)
            clause = "KA-32"
            text = Text(
                f"Dieser Abend gehört zur abgeschlossenen Saison ab {day}: ein abgeschlossener Abschnitt der "
                "Kasse bleibt, wie er ist, und nimmt keine Änderung mehr an, von niemandem. Nichts wurde geändert.",
                f"This evening belongs to the closed season starting {day}: a closed season of the bank stays "
                "as it is and takes no more changes, from anyone. Nothing was changed.",
            )
        else:
            clause = "PT-9"
            text = Text(
                "Dieser Spielzettel gehört zu einem archivierten Turnier: es bleibt, wie es war, und nimmt keine "
                "Eintragung, Rücknahme oder Korrektur an, von niemandem. Wer es weiterführen will, stellt es "
                "zuerst wieder her (Admin oder Kassenwart). Nichts wurde geändert.",
                "This score sheet belongs to an archived tournament: it stays as it was and takes no entry, "
                "undo or correction, from anyone. To carry on with it, restore the tournament first (admin "
                "or treasurer). Nothing was changed.",
            )
        super().__init__(clause, text)
        self.frozen_by = frozen_by
