"""Values of a Preisrommé tournament as the use cases store and read them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from stammtisch.club.tournament.draw import Draw


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    """A tournament: its title, the organiser's tie-breaks (RA-24, empty: ties share a rank), prize
    table (one prize per rank, RA-24 "organiser data"), the scoring its sheets are played with
    (RA-23 ``scoring``) and ``normalise_table_size`` (RA-24; ``True``: totals normalised per table-pass, PT-6)."""

    tournament_id: str
    title: str
    created_at: datetime
    tie_break: tuple[str, ...] = ()
    prizes: tuple[str, ...] = ()
    scoring: str = "penalty_points"
    normalise_table_size: bool = False
    #: PT-11: the tables the venue has (None: as many as the players need); caps the players and shapes the draw.
    tables: int | None = None
    #: PT-9: when and by whom it was archived ("deleted"); None while it is in use. Restoring clears both.
    archived_at: datetime | None = None
    archived_by: str | None = None

    @property
    def archived(self) -> bool:
        return self.archived_at is not None


@dataclass(frozen=True, slots=True)
class Registration:
    """A registered player: her registration number (1, 2, … in order of registering) and name."""

    number: int
    name: str


@dataclass(frozen=True, slots=True)
class StoredDraw:
    """A pass's draw as recorded, with the score-sheet match of each table (same order as
    ``draw.tables``)."""

    draw: Draw
    match_ids: tuple[str, ...]
    drawn_at: datetime
