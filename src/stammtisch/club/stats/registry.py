"""The games with statistics, in the order the pages show them: the club layer's registry
(``club.games.stats_games``) read once. Adding a game's statistics means adding
``club/games/<slug>_stats.py`` (a ``StatsGame`` named ``STATS``) and one line there."""

from __future__ import annotations

from stammtisch.club.games import stats_games
from stammtisch.club.stats.port import StatsGame

STATS_GAMES: dict[str, StatsGame] = stats_games()
