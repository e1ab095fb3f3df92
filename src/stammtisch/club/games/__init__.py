"""The registry of the club's games: tournament games (``club.tournament.port.TournamentGame``) by
slug, the game whose evenings the bank books (``club.bank.port.BankGame``), and the games with
statistics (``club.stats.port.StatsGame``, in the order the pages show them). Adding a game to the
club's tournaments means adding ``club/games/<slug>.py`` and one line here; the first entry is the
default game of the pass-and-table format."""

from __future__ import annotations

import importlib

from stammtisch.club.bank.port import BankGame
from stammtisch.club.games.preisromme import GAME as PREISROMME
from stammtisch.club.stats.port import StatsGame
from stammtisch.club.tournament.port import TournamentGame

TOURNAMENT_GAMES: dict[str, TournamentGame] = {"preisromme": PREISROMME}

#: The module whose ``BANK`` is the game the club's bank books (C-6, KA-33: the dice club's money).
BANK_GAME = "stammtisch.club.games.kluempchen"


def bank_game() -> BankGame:
    """The game whose evenings the bank books (imported when the bank first needs it)."""
    game: BankGame = importlib.import_module(BANK_GAME).BANK
    return game


#: The modules whose ``STATS`` are the games with statistics (issue 13.5), in the pages' order.
STATS_MODULES = (
    "stammtisch.club.games.kluempchen_stats",
    "stammtisch.club.games.proempeln_stats",
    "stammtisch.club.games.preisromme_stats",
    "stammtisch.club.games.regeln_stats",
)


def stats_games() -> dict[str, StatsGame]:
    """The games with statistics by slug (imported when the statistics first need them)."""
    games = [importlib.import_module(module).STATS for module in STATS_MODULES]
    return {game.slug: game for game in games}


def tournament_game(slug: str | None = None) -> TournamentGame:
    """The tournament game registered under ``slug`` (``None``: the default, the first registered);
    ``KeyError`` names the known slugs."""
    if slug is None:
        return next(iter(TOURNAMENT_GAMES.values()))
    try:
        return TOURNAMENT_GAMES[slug]
    except KeyError:
        raise KeyError(f"no tournament game {slug!r}; known: {', '.join(sorted(TOURNAMENT_GAMES))}") from None
