"""The games on the command line: a game's CLI part is ``stammtisch.cli.games.<slug>`` and defines
``CLI_GAME`` (see ``cli/plugin.py``), found for every slug of the games registry by the one discovery
rule (``core/plugins.py``); a game without one plays, simulates and is listed in ``--help`` in the plain
form. Parts are imported only when a command needs the game, so the CLI starts without loading any
engine (``stammtisch.games.SLUGS`` is read without them).
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Any

from stammtisch.cli.console import fail
from stammtisch.cli.plugin import CliGame
from stammtisch.core.plugins import part
from stammtisch.core.text import Text
from stammtisch.games import SLUGS

if TYPE_CHECKING:
    from stammtisch.core.protocol import Game

#: The help of a command's GAME argument: every registered game (its CLI part or the plain form).
SLUG_HELP = f"Game slug: {', '.join(SLUGS)}."


def registered_slugs() -> tuple[str, ...]:
    """The games of the registry: ``SLUGS``, and any game added to ``GAMES`` at run time (a test's toy)."""
    import stammtisch.games as games

    loaded: dict[str, object] = vars(games).get("GAMES", {})
    return SLUGS + tuple(slug for slug in loaded if slug not in SLUGS)


@cache
def cli_game(slug: str) -> CliGame:
    """The game's CLI part, ``stammtisch.cli.games.<slug>`` (``core/plugins.py``); a game without one gets
    the plain form (``CliGame(slug)``: the generic board, ``play`` and ``simulate``)."""
    if slug not in registered_slugs():
        return CliGame(slug)
    module = part("cli", slug)
    if module is None:
        return CliGame(slug)
    found = module.CLI_GAME
    assert isinstance(found, CliGame), module.__name__
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
