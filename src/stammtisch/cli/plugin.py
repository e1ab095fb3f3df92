"""What a game brings to the command line: the ``CliGame`` record each ``cli/games/<slug>`` module exports.

A CLI game is a module (or package) ``stammtisch.cli.games.<slug>`` that defines
``CLI_GAME = CliGame(...)`` and is listed once in the registry (``cli/games/__init__.py``). The
generic commands (``play``, ``simulate``, ``advise``) look the game up by slug and call its parts;
none of them names a game (``rules`` needs no CLI part: it reads ``games/<slug>/rules_<lang>.*``).
A game without a CLI module still plays and simulates in the plain form (its view listed key by
key, the final scores). The parts, every one optional:

``draw(view, humans, lang) -> RenderableType``
    The table as the seat whose turn it is sees it (``view`` is ``game.view(state, seat)``; only
    views are drawn, never raw state). ``humans`` are the seats people play, ``lang`` ``de``/``en``.
``news(before, after, humans, lang) -> list[str]``
    What the table is told after a step, from two *public* views (a score, a round end). Lines that
    start with a space are details and are printed plain, the others bold.
``session(request) -> Session``
    The play loop (default: ``cli/session.py``'s ``Session``; a subclass when the game asks or shows
    things its own way: hidden hands, one-key entry, skill models). ``request`` is the ``PlayRequest``.
``final(session, result) -> list[str]``
    The lines printed under "Ende"/"The end" (default: every seat's score).
``simulate(request) -> Summary``
    Bot games for ``stammtisch simulate`` (``request`` is the ``SimulateRequest``, the bot names and
    the player count already checked): the figures, the table's title and special formatters.
``commands``
    The game's part of a verb group (``{"advise": "stammtisch.cli.games.<slug>.advise:app"}``): a verb
    maps to ``"module:attribute"`` naming a Typer app with one command, imported only when it runs,
    so ``stammtisch advise <slug> ...`` reaches it through the registry.
``group``
    The game's own command group, ``"module:attribute"`` of a Typer app reached as ``stammtisch <slug>
    ...`` (e.g. a card-file check of a game whose cards are data), imported only when it runs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import random

    from rich.console import Console, RenderableType

    from stammtisch.bots.base import Bot
    from stammtisch.cli.session import Session
    from stammtisch.core.protocol import Game, Result


class Mode(StrEnum):
    """How chance events come in: the computer draws them, or they are typed in from the real table."""

    digital = "digital"
    table = "table"


@dataclass(frozen=True, slots=True)
class PlayRequest:
    """Everything ``stammtisch play`` was asked for, checked, with the started state."""

    game: Game[Any]
    cli: CliGame
    state: Any
    #: Seats at the table (humans first, then bots).
    players: int
    humans: tuple[int, ...]
    bots: dict[int, Bot]
    mode: Mode
    lang: str
    rng: random.Random
    console: Console
    #: ``--skill`` values, per seat (games of skill).
    skill: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SimulateRequest:
    """Everything ``stammtisch simulate`` was asked for; ``names`` and ``players`` are already checked."""

    game: Game[Any]
    #: The slug as the user typed it (used in titles).
    label: str
    games: int
    seed: int
    as_json: bool
    names: tuple[str, ...]
    players: int
    #: Rounds per evening (games played in evenings).
    rounds: int = 1
    #: ``fixed`` or ``drawn`` teams (games played in teams).
    teams: str = "fixed"
    #: ``--skill`` values, per seat (games of skill).
    skill: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Summary:
    """A simulation's result: the figures (``--json`` prints them as they are), the title of the
    printed table, and how named figures are formatted there (default: dicts and lists on one line)."""

    figures: dict[str, Any]
    title: str
    special: Mapping[str, Callable[[Any], str]] = field(default_factory=dict)


Draw = Callable[[Mapping[str, Any], Sequence[int], str], "RenderableType"]
News = Callable[[Mapping[str, Any], Mapping[str, Any], Sequence[int], str], list[str]]


@dataclass(frozen=True, slots=True)
class CliGame:
    """A game's command-line part; see the module docstring for the contract of each field."""

    #: The engine's slug (``stammtisch.games.GAMES``).
    slug: str
    draw: Draw | None = None
    news: News | None = None
    session: Callable[[PlayRequest], Session] | None = None
    final: Callable[[Session, Result], list[str]] | None = None
    simulate: Callable[[SimulateRequest], Summary] | None = None
    #: Verb → ``"module:attribute"`` of a Typer app with one command (e.g. ``"advise"``).
    commands: Mapping[str, str] = field(default_factory=dict)
    #: ``"module:attribute"`` of the game's own Typer app (``stammtisch <slug> ...``), or None.
    group: str | None = None
