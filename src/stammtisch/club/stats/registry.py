"""The games with statistics, in the order the pages show them. Adding a game's statistics means
adding ``club/stats/<slug>.py`` (a ``StatsGame``) and one line here."""

from __future__ import annotations

from stammtisch.club.stats import kluempchen, preisromme, proempeln, regeln
from stammtisch.club.stats.port import StatsGame

STATS_GAMES: dict[str, StatsGame] = {
    game.slug: game for game in (kluempchen.STATS, proempeln.STATS, preisromme.STATS, regeln.STATS)
}
