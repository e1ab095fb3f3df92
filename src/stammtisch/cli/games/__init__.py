"""The registry of CLI games: slug → the module that defines its ``CLI_GAME`` (see ``cli/plugin.py``).

Adding a game's command-line part means adding ``cli/games/<slug>`` and one line here. Modules are
named by path and imported only when a command needs the game, so the CLI starts without loading
any engine.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Any

from stammtisch.cli.console import fail
from stammtisch.cli.plugin import CliGame
from stammtisch.core.text import Text

if TYPE_CHECKING:
    from stammtisch.core.protocol import Game

CLI_GAMES: dict[str, str] = {
    "kluempchen": "stammtisch.cli.games.kluempchen",
    "preisromme": "stammtisch.cli.games.preisromme",
    "proempeln": "stammtisch.cli.games.proempeln",
    "regeln": "stammtisch.cli.games.regeln",
    "bierpong": "stammtisch.cli.games.bierpong",
}


#: The help of a command's GAME argument: the registered slugs.
SLUG_HELP = f"Game slug: {', '.join(CLI_GAMES)}."


@cache
def cli_game(slug: str) -> CliGame:
    """The game's CLI part; a game without one gets the plain form (``CliGame(slug)``)."""
    path = CLI_GAMES.get(slug)
    if path is None:
        return CliGame(slug)
    found = import_module(path).CLI_GAME
    assert isinstance(found, CliGame), path
    return found


def load_object(path: str) -> Any:
    """``"package.module:attribute"`` → the attribute (imported now)."""
    module, _, attribute = path.partition(":")
    return getattr(import_module(module), attribute)


def known_slugs() -> str:
    from stammtisch.games import GAMES

    return ", ".join(sorted(GAMES)) or "—"


def require_game(slug: str) -> tuple[Game[Any], CliGame]:
    """The registered engine ``slug`` with its CLI part, or exit with a message naming the known games."""
    from stammtisch.games import GAMES

    game = GAMES.get(slug)
    if game is None:
        fail(
            Text(
                f"Unbekanntes Spiel „{slug}“. Bekannte Spiele: {known_slugs()}.",
                f"Unknown game '{slug}'. Known games: {known_slugs()}.",
            )
        )
    return game, cli_game(game.slug)
