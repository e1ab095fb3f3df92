"""A Bier-Pong evening (issue 11, part 4): teams drawn by lot or entered, a knockout bracket with
byes or a round robin, and the table of wins, cup difference and cups hit. Pure logic over plain
values; the games themselves are ordinary matches (the web layer reads their results)."""

from stammtisch.club.games.bierpong.evening import (
    FORMATS,
    EveningError,
    Pairing,
    Played,
    Standing,
    Team,
    champion,
    draw_teams,
    entered_teams,
    schedule,
    standings,
)

__all__ = [
    "FORMATS",
    "EveningError",
    "Pairing",
    "Played",
    "Standing",
    "Team",
    "champion",
    "draw_teams",
    "entered_teams",
    "schedule",
    "standings",
]
