"""Bier-Pong on the statistics pages: its evening statistics have their own page
(``/bierpong/stats``, H30); the club's pages link there rather than repeat it."""

from __future__ import annotations

from stammtisch.web.kit import N_, StatsTable

STATS_TABLE = StatsTable(links=(("/bierpong/stats", N_("Bier-Pong statistics")),))
