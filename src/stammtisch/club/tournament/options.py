"""The tournament's house-rule options that change totals (RA-23 ``scoring``, RA-24
``normalise_table_size``), checked when a tournament is created.

* ``scoring`` (RA-23): ``penalty_points`` (default; lower totals are better) or ``winner_collects``
  (the winner of a game is also credited with the others' sum; ranking by net score, higher is
  better). Every score sheet of the tournament is opened with it, so the whole tournament plays one
  scoring.
* ``normalise_table_size`` (RA-24): "Tables of 3 or 5 … still play 8 games. Raw totals are not
  normalised", default ``false``. The rulings define no normalisation for ``true`` (no formula, no
  factor), so the tournament layer accepts only the default and refuses ``true`` rather than invent
  one (PT-6, docs/rulings/preisromme-tournament.md).
"""

from __future__ import annotations

from stammtisch.club.tournament.errors import TournamentRefused
from stammtisch.core.text import Text

SCORINGS = ("penalty_points", "winner_collects")
DEFAULT_SCORING = "penalty_points"
#: RA-24 default: raw totals, whatever the table sizes.
DEFAULT_NORMALISE_TABLE_SIZE = False


def check_scoring(scoring: str) -> str:
    """RA-23: one of the two scorings of the rulings."""
    if scoring not in SCORINGS:
        raise TournamentRefused(
            "RA-23",
            Text(
                f"Unbekannte Wertung {scoring!r} (möglich: {', '.join(SCORINGS)}).",
                f"Unknown scoring {scoring!r} (possible: {', '.join(SCORINGS)}).",
            ),
        )
    return scoring


def check_normalise_table_size(normalise: bool) -> bool:
    """RA-24 / PT-6: raw totals only; ``true`` is refused because the rulings define no normalisation."""
    if normalise:
        raise TournamentRefused(
            "RA-24",
            Text(
                "normalise_table_size = true ist nicht möglich: die Auslegung (RA-24) legt nur fest, dass "
                "Tische zu 3 oder 5 ebenfalls 8 Spiele spielen und die Summen nicht umgerechnet werden "
                "(Vorgabe false); eine Umrechnung definiert sie nicht (PT-6).",
                "normalise_table_size = true is not possible: the rulings (RA-24) only say that tables of 3 "
                "or 5 also play 8 games and totals are not normalised (default false); they define no "
                "normalisation (PT-6).",
            ),
        )
    return False
