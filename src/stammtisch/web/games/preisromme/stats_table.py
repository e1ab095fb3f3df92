"""Preisrommé on the statistics pages (issue 13.5): placings at the tables, points per game (net:
credits minus penalty points), hands won and the tournaments entered; the charts show points per game."""

from __future__ import annotations

from stammtisch.web.kit import N_, Column, StatsTable

POINTS_PER_GAME = Column(
    N_("Points per game"),
    lambda line: line.figures.points_per_game,
    "decimal",
    N_("Credits minus penalty points, per game dealt."),
)

STATS_TABLE = StatsTable(
    columns=(
        Column(N_("Tables"), lambda line: line.figures.tables),
        Column(N_("First at the table"), lambda line: line.figures.firsts),
        Column(N_("Average place"), lambda line: line.figures.average_place, "decimal"),
        Column(N_("Games"), lambda line: line.figures.games),
        Column(N_("Hands won"), lambda line: line.figures.hands_won),
        POINTS_PER_GAME,
        Column(N_("Penalty points per game"), lambda line: line.figures.penalties_per_game, "decimal"),
        Column(N_("Tournaments"), lambda line: line.tournaments, needs_figures=False),
    ),
    chart=POINTS_PER_GAME,
    tournaments=True,
)
