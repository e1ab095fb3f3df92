"""The tournament schema (SQLAlchemy Core), on the same ``metadata`` as the matches.

``tournament_players`` has the primary key ``(tournament_id, number)`` and a unique name key, so
a name registers once and two racing registrations never get the same number. ``tournament_draws``
has the primary key ``(tournament_id, pass_no)``: of two racing draws of a pass exactly one is
stored. Draws record their seed and permutation (R-1.3, RA-27): anybody can re-derive them.
``tournament_changes`` (migration 0005) records each change of players between passes (PT-7) with
its place in the tournament's sequence, the pass whose draw it precedes and the time, so the pool of
every draw can be re-derived; the primary key ``(tournament_id, seq)`` keeps the sequence dense.
Every row goes with its tournament (``ON DELETE CASCADE``). Since migration 0007 nothing deletes a
tournament: "deleting" archives it (``archived_at``, ``archived_by``; PT-9) and it can be restored.
"""

from __future__ import annotations

from sqlalchemy import JSON, CheckConstraint, Column, ForeignKey, Integer, String, Table, UniqueConstraint, text

from stammtisch.store.tables import UtcDateTime, metadata

tournaments = Table(
    "tournaments",
    metadata,
    Column("tournament_id", String(64), primary_key=True),
    Column("title", String(200), nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    Column("tie_break", JSON, nullable=False),
    Column("prizes", JSON, nullable=False),
    # RA-23 ``scoring``, RA-24 ``normalise_table_size`` (migration 0004; older rows: the defaults).
    Column("options", JSON, nullable=False, server_default=text("'{}'")),
    # PT-9 (migration 0007): an archived tournament is hidden from the list and frozen, never deleted;
    # restoring it clears these. ``archived_by`` is the actor (``matches.audit``).
    Column("archived_at", UtcDateTime, nullable=True),
    Column("archived_by", String(200), nullable=True),
)

tournament_players = Table(
    "tournament_players",
    metadata,
    Column(
        "tournament_id",
        String(64),
        ForeignKey("tournaments.tournament_id", ondelete="CASCADE"),
        primary_key=True,
    ),
    Column("number", Integer, primary_key=True),
    Column("name", String(200), nullable=False),
    Column("name_key", String(200), nullable=False),
    UniqueConstraint("tournament_id", "name_key", name="uq_tournament_players_name_key"),
    CheckConstraint("number >= 1", name="number_positive"),
)

tournament_draws = Table(
    "tournament_draws",
    metadata,
    Column(
        "tournament_id",
        String(64),
        ForeignKey("tournaments.tournament_id", ondelete="CASCADE"),
        primary_key=True,
    ),
    Column("pass_no", Integer, primary_key=True),
    Column("seed", String(64), nullable=False),
    Column("permutation", JSON, nullable=False),
    Column("tables", JSON, nullable=False),
    Column("match_ids", JSON, nullable=False),
    Column("drawn_at", UtcDateTime, nullable=False),
    CheckConstraint("pass_no >= 1", name="pass_no_positive"),
)

tournament_changes = Table(
    "tournament_changes",
    metadata,
    Column(
        "tournament_id",
        String(64),
        ForeignKey("tournaments.tournament_id", ondelete="CASCADE"),
        primary_key=True,
    ),
    Column("seq", Integer, primary_key=True),
    Column("before_pass", Integer, nullable=False),
    Column("kind", String(16), nullable=False),
    Column("leaving", Integer, nullable=True),
    Column("joining", Integer, nullable=True),
    Column("at", UtcDateTime, nullable=False),
    CheckConstraint("seq >= 1", name="seq_positive"),
    CheckConstraint("before_pass >= 1", name="before_pass_positive"),
    CheckConstraint("kind IN ('withdraw', 'join', 'return', 'replace')", name="kind_known"),
)
