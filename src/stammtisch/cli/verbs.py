"""Commands whose second word is a game: ``stammtisch advise <game> ...``.

A ``GameVerbGroup`` is a Click group whose subcommands are the registered CLI games that bring a
command for its verb (``CliGame.commands``). A game's command is imported only when it runs (or
when the group's help lists it), so adding a game's advisor adds no import to the CLI's start.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import typer
from typer.core import TyperGroup

from stammtisch.core.text import Text

if TYPE_CHECKING:  # typer vendors click; its Command has no public name
    from typer._click import Command, Context


class GameVerbGroup(TyperGroup):
    """Subcommands by game slug, found through the CLI registry (``cli/games/``)."""

    #: The verb, as games name it in ``CliGame.commands``.
    verb: ClassVar[str]

    def list_commands(self, ctx: Context) -> list[str]:
        from stammtisch.cli.games import cli_game, registered_slugs

        return [slug for slug in registered_slugs() if self.verb in cli_game(slug).commands]

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        from stammtisch.cli.games import cli_game, load_object

        path = cli_game(cmd_name).commands.get(self.verb)
        if path is None:
            return None
        command = typer.main.get_command(load_object(path))
        command.name = cmd_name
        return command

    def resolve_command(self, ctx: Context, args: list[str]) -> tuple[str | None, Command | None, list[str]]:
        name = args[0]
        command = self.get_command(ctx, name)
        if command is None:
            from stammtisch.cli.console import fail

            fail(self.missing(name, ctx))
        return name, command, args[1:]

    def titles(self, ctx: Context) -> tuple[str, str]:
        """The games that have this verb, by their German and English titles."""
        from stammtisch.games import GAMES

        having = [GAMES[slug].title if slug in GAMES else Text(slug, slug) for slug in self.list_commands(ctx)]
        return ", ".join(title.de for title in having) or "—", ", ".join(title.en for title in having) or "—"

    def missing(self, name: str, ctx: Context) -> Text:
        """The refusal for a game without this verb: it names the games that have it."""
        de, en = self.titles(ctx)
        return Text(
            f"„{self.verb}“ gibt es für {name} nicht; es gibt es für: {de}.",
            f"There is no '{self.verb}' for {name}; it exists for: {en}.",
        )
