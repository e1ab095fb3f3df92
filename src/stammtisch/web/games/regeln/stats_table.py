"""Das Regeln Wir Schon! on the statistics pages (issue 13.5): games, wins, average score and place;
the charts show the average score."""

from __future__ import annotations

from stammtisch.web.kit import N_, Column, StatsTable

AVERAGE_SCORE = Column(N_("Average score"), lambda line: line.figures.average_score, "decimal")

STATS_TABLE = StatsTable(
    columns=(
        Column(N_("Games"), lambda line: line.figures.games),
        Column(N_("Wins"), lambda line: line.figures.wins),
        AVERAGE_SCORE,
        Column(N_("Average place"), lambda line: line.figures.average_place, "decimal"),
    ),
    chart=AVERAGE_SCORE,
)
