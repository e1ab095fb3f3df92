"""``stammtisch advise GAME ...``: a game's advisor, reached through the CLI registry.

Each game that has an advisor brings it as a Typer app named in its ``CliGame.commands["advise"]``
(e.g. the special-move advisor in ``cli/games/<slug>/advise.py``); ``advise`` dispatches by the
game's slug and imports the game's command only when it runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from stammtisch.cli.verbs import GameVerbGroup
from stammtisch.core.text import Text

if TYPE_CHECKING:  # typer vendors click; its Context has no public name
    from typer._click import Context


class AdviseGroup(GameVerbGroup):
    verb = "advise"

    def missing(self, name: str, ctx: Context) -> Text:
        de, en = self.titles(ctx)
        return Text(
            f"Einen Berater gibt es für {name} nicht, nur für: {de}.",
            f"There is no advisor for {name}; there is one for: {en}.",
        )


app = typer.Typer(
    cls=AdviseGroup,
    help="Advice before a player's next decision, per game (advise GAME --help).",
    no_args_is_help=True,
    add_completion=False,
)
