"""``stammtisch rules GAME --lang de|en``: print a game's rule text.

Convention: a game package ``stammtisch.games.<package>`` ships its rule texts as
``rules_<lang>.md`` (rendered as Markdown) or ``rules_<lang>.txt`` (printed as written). The German
original is the authority; other languages are translations. A new game only adds its files.
"""

from __future__ import annotations

import re
import sys
from enum import StrEnum
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Annotated

import typer
from rich.markdown import Markdown

from stammtisch.cli.console import fail, stdout
from stammtisch.cli.games import known_slugs
from stammtisch.core.text import Text
from stammtisch.games import GAMES

_PACKAGE_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


class Lang(StrEnum):
    de = "de"
    en = "en"


def _package_files(slug: str) -> Traversable | None:
    """The directory of the game's package: the registered game's package, else one named like the slug."""
    game = GAMES.get(slug)
    if game is not None:
        module = sys.modules[type(game).__module__]
        package = module.__package__ or type(game).__module__
    elif _PACKAGE_NAME.match(slug):
        package = f"stammtisch.games.{slug}"
    else:
        return None
    try:
        return resources.files(package)
    except ModuleNotFoundError:
        return None


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
    game: Annotated[str, typer.Argument(help="Game slug, e.g. kluempchen.")],
    lang: Annotated[Lang, typer.Option("--lang", help="de: German original; en: English translation.")] = Lang.de,
) -> None:
    """Print a game's rule text (German original or English translation)."""
    texts = rule_files(game)
    if not texts:
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
    console = stdout()
    if chosen.name.endswith(".md"):
        console.print(Markdown(content))
    else:
        console.print(content, markup=False, highlight=False, soft_wrap=True)
