"""Klümpchen on the statistics pages (issue 13.5): the figures of ``club.games.kluempchen_stats`` in the
order a club member asks for them; the charts show points per Wurf."""

from __future__ import annotations

from stammtisch.web.kit import N_, Column, StatsTable

POINTS_PER_WURF = Column(
    N_("Points per Wurf"),
    lambda line: line.figures.points_per_wurf,
    "decimal",
    N_("Average result of the turns she threw herself, after the joker."),
)

STATS_TABLE = StatsTable(
    columns=(
        Column(N_("Evenings"), lambda line: line.figures.evenings),
        Column(N_("Rounds"), lambda line: line.figures.rounds),
        Column(N_("Rounds lost"), lambda line: line.figures.lost),
        POINTS_PER_WURF,
        Column(
            N_("Risk throws won"),
            lambda line: (line.figures.risk_won, line.figures.risk_taken),
            "pair",
            N_("Third throws that had to beat the first two: won of taken."),
        ),
        Column(
            N_("Schuster rate"),
            lambda line: line.figures.schuster_rate,
            "percent",
            N_("Rounds her team lost below 75 points, of all her rounds."),
        ),
        Column(N_("Schwarz"), lambda line: line.figures.schwarz, hint=N_("Rounds her team lost on 0 points.")),
        Column(N_("Jokers buried"), lambda line: line.figures.jokers_buried, hint=N_("Jokers left unused.")),
        Column(N_("Straßen"), lambda line: line.figures.strassen, hint=N_("1-2-3-4-5-6 in one throw.")),
        Column(N_("Best Wurf"), lambda line: line.figures.best_wurf, hint=N_("Her best single turn.")),
    ),
    chart=POINTS_PER_WURF,
)
