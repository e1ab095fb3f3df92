"""The registry of tournament games (``club.tournament.port.TournamentGame``) by slug. Adding a
game to the club's tournaments means adding ``club/games/<slug>.py`` and one line here; the first
entry is the default game of the pass-and-table format."""

from __future__ import annotations

from stammtisch.club.games.preisromme import GAME as PREISROMME
from stammtisch.club.tournament.port import TournamentGame

TOURNAMENT_GAMES: dict[str, TournamentGame] = {"preisromme": PREISROMME}


def tournament_game(slug: str | None = None) -> TournamentGame:
    """The tournament game registered under ``slug`` (``None``: the default, the first registered);
    ``KeyError`` names the known slugs."""
    if slug is None:
        return next(iter(TOURNAMENT_GAMES.values()))
    try:
        return TOURNAMENT_GAMES[slug]
    except KeyError:
        raise KeyError(f"no tournament game {slug!r}; known: {', '.join(sorted(TOURNAMENT_GAMES))}") from None
