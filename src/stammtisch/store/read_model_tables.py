"""Tables of the stored state snapshots and the read models (migration 0013, issue 28; docs/read-models.md).

* ``match_state_snapshots``: a long match's folded state every ``matches.state_snapshots.INTERVAL`` events,
  under the version of the code that folded it; deleted with the match.
* ``match_summaries``: per match the read model the statistics and the bank's season pages read (its game,
  club day, the ``last_seq`` it was made from, whether the match counted, each seat's figures, and for the
  bank's game the ended evening's state). A row whose ``last_seq`` differs from the match's is stale and
  made again; a row under another ``version`` is never read.
* ``match_facts``: per match and kind what a game's own reader keeps of its log (Prömpeln's skill book:
  the final view, each seat's table landings and claims), made from the log at ``last_seq`` under
  ``version``; read instead of folding the log again after a start while both still match.
* ``read_model_versions``: the version each read model was built under (a change rebuilds it at start).
"""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Date, ForeignKey, Index, Integer, String, Table, Text

from stammtisch.store.tables import metadata

match_state_snapshots = Table(
    "match_state_snapshots",
    metadata,
    Column("match_id", String(64), ForeignKey("matches.match_id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("version", String(160), nullable=False),
    Column("document", Text, nullable=False),
)

match_summaries = Table(
    "match_summaries",
    metadata,
    Column("match_id", String(64), ForeignKey("matches.match_id", ondelete="CASCADE"), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("day", Date, nullable=False),
    Column("last_seq", Integer, nullable=False),
    Column("version", String(160), nullable=False),
    Column("counted", Boolean, nullable=False),
    Column("figures", Text, nullable=True),
    Column("final_state", Text, nullable=True),
    Index("ix_match_summaries_game_day", "game", "day"),
)

match_facts = Table(
    "match_facts",
    metadata,
    Column("match_id", String(64), ForeignKey("matches.match_id", ondelete="CASCADE"), primary_key=True),
    Column("kind", String(64), primary_key=True),
    Column("last_seq", Integer, nullable=False),
    Column("version", String(160), nullable=False),
    Column("document", Text, nullable=False),
)

read_model_versions = Table(
    "read_model_versions",
    metadata,
    Column("name", String(64), primary_key=True),
    Column("version", String(160), nullable=False),
)
