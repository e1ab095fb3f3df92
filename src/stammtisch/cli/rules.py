"""``stammtisch rules GAME --lang de|en``: print a game's rule text.

Convention: a game package ``stammtisch.games.<slug>`` ships its rule texts as ``rules_<lang>.md``
(rendered as Markdown) or ``rules_<lang>.txt`` (printed as written). The German original is the
authority; other languages are translations. A new game only adds its files. The files are found
as package data without importing the game (nor any engine), so ``rules`` answers at once.
"""

from __future__ import annotations

import re
from enum import StrEnum
from importlib import resources
from typing import TYPE_CHECKING, Annotated

import typer

from stammtisch.cli.games import SLUG_HELP

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

_PACKAGE_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


class Lang(StrEnum):
    de = "de"
    en = "en"


def _package_files(slug: str) -> Traversable | None:
    """The directory of the game's package ``stammtisch.games.<slug>`` (not imported)."""
    if not _PACKAGE_NAME.match(slug):
        return None
    folder = resources.files("stammtisch") / "games" / slug
    return folder if folder.is_dir() else None


def rule_files(slug: str) -> dict[str, Traversable]:
    """The game's rule texts by language; empty if the game is unknown or has none."""
    files = _package_files(slug)
    found: dict[str, Traversable] = {}
    if files is None:
        return found
    for lang in Lang:
        for suffix in (".md", ".txt"):
            candidate = files / f"rules_{lang.value}{suffix}"
            if candidate.is_file():
                found.setdefault(lang.value, candidate)
    return found


def rules(
    game: Annotated[str, typer.Argument(help=SLUG_HELP)],
    lang: Annotated[Lang, typer.Option("--lang", help="de: German original; en: English translation.")] = Lang.de,
) -> None:
    """Print a game's rule text (German original or English translation)."""
    from stammtisch.cli.console import fail, stdout
    from stammtisch.core.text import Text

    texts = rule_files(game)
    if not texts:
        from stammtisch.cli.games import known_slugs

        fail(
            Text(
                f"Für „{game}“ gibt es keinen Regeltext. Bekannte Spiele: {known_slugs()}.",
                f"There is no rule text for '{game}'. Known games: {known_slugs()}.",
            )
        )
    chosen = texts.get(lang.value)
    if chosen is None:
        available = ", ".join(sorted(texts))
        fail(
            Text(
                f"Den Regeltext von „{game}“ gibt es nicht auf {lang.value}; vorhanden: {available}.",
                f"The rules of '{game}' are not available in {lang.value}; available: {available}.",
            )
        )
    content = chosen.read_text(encoding="utf-8")
    if chosen.name.endswith(".md"):
        from rich.markdown import Markdown

        stdout().print(Markdown(content))
    else:  # printed as written: plain echo, the same bytes Rich would print, without loading Rich
        typer.echo(content)
