"""Refusals of the tournament use cases. Each cites the clause of the Preisrommé rulings
(``R-…``, ``RA-…``) or of the tournament readings (``PT-…``, docs/rulings/preisromme-tournament.md)."""

from __future__ import annotations

from stammtisch.core.errors import RuleViolation


class TournamentRefused(RuleViolation):
    """A tournament step the rules do not allow now (registering after the draw, a third pass, ...)."""

    code = "tournament/refused"


class PlayerCountRefused(RuleViolation):
    """No table plan exists for this number of players (R-1.1, RA-24)."""

    code = "tournament/player_count"


class TournamentNotFound(RuleViolation):
    """There is no tournament with this id."""

    code = "tournament/not_found"
