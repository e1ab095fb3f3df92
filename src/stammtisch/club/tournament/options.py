"""The tournament's house-rule options that change totals (RA-23 ``scoring``, RA-24
``normalise_table_size``), checked when a tournament is created.

* ``scoring`` (RA-23): ``penalty_points`` (default; lower totals are better) or ``winner_collects``
  (the winner of a game is also credited with the others' sum; ranking by net score, higher is
  better). Every score sheet of the tournament is opened with it, so the whole tournament plays one
  scoring.
* ``normalise_table_size`` (RA-24): "Tables of 3 or 5 … still play 8 games. Raw totals are not
  normalised", default ``false``. With ``true`` each table-pass's scores are multiplied by
  f(k) = 3k / (4(k − 1)) for a table of k (ruling PT-6, the PT-… readings in docs/rulings/;
  ``standings.table_factor``).
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
    """RA-24 / PT-6: ``false`` (raw totals, the default) or ``true`` (totals normalised per table-pass)."""
    return bool(normalise)
