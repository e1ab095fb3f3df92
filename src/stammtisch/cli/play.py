"""``stammtisch play GAME``: play in the terminal, hot-seat humans and bots.

Humans take the first seats, bots the rest. The game is found through the registry
(``cli/games/``); its ``session`` runs the loop (``cli/session.py``), its ``draw`` and ``news`` show
the table. Humans answer with a number or the game's notation; in table mode chance outcomes are
typed in from the real table, in digital mode the engine draws them from a seeded generator.

The loop reads plain lines from stdin, so it can be scripted (``printf '1\\n1\\n' | stammtisch play
GAME``); ``q`` ends the game, and so does the end of the input. Only the command's signature is
defined at import time: everything else is imported when it runs, so the CLI starts fast.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Annotated, Any

import typer

from stammtisch.cli.games import SLUG_HELP
from stammtisch.cli.plugin import Mode
from stammtisch.cli.rules import Lang

if TYPE_CHECKING:
    from collections.abc import Callable

    from stammtisch.bots.base import Bot
    from stammtisch.cli.session import Session
    from stammtisch.core.protocol import Game, Result


def play(
    game: Annotated[str, typer.Argument(help=SLUG_HELP)],
    players: Annotated[int, typer.Option("--players", help="Players at the table (humans + bots).")] = 4,
    bots: Annotated[
        int | None, typer.Option("--bots", help="How many of them are bots (default: all but one).")
    ] = None,
    mode: Annotated[Mode, typer.Option("--mode", help="digital: the computer rolls; table: type in real dice.")] = (
        Mode.digital
    ),
    seed: Annotated[int | None, typer.Option("--seed", help="Seed for the digital dice and the bots.")] = None,
    lang: Annotated[Lang, typer.Option("--lang", help="Language of the table: de or en.")] = Lang.de,
    bot: Annotated[str, typer.Option("--bot", help="Which bot plays the bot seats.")] = "heuristic",
    skill: Annotated[
        list[str] | None,
        typer.Option("--skill", help="Skill games, per seat: a player's name (learned model) or counts c0,c1,c2,c3."),
    ] = None,
    name: Annotated[
        list[str] | None,
        typer.Option("--name", help="Names at the table, in seat order (humans first); repeat the option."),
    ] = None,
) -> None:
    """Play a game in the terminal: hot-seat humans and bots."""
    from stammtisch.cli.board import NamedSeats, table_names
    from stammtisch.cli.console import fail, stdout
    from stammtisch.cli.games import require_game
    from stammtisch.cli.plugin import PlayRequest
    from stammtisch.cli.session import InputEnded, Session
    from stammtisch.core.errors import RuleViolation

    chosen, cli = require_game(game)
    language = lang.value
    bot_count, make_bot, given = _checked_table(chosen, players, bots, bot, mode, name)
    humans = NamedSeats(range(players - bot_count), table_names(players, players - bot_count, given))
    seated = {seat: make_bot() for seat in range(players - bot_count, players)}
    options = {"mode": mode.value} if any(option.key == "mode" for option in chosen.options) else {}
    console = stdout()
    try:
        state = chosen.start(players, chosen.configure(options))
    except RuleViolation as error:
        fail(error.message)
    request = PlayRequest(
        chosen, cli, state, players, humans, seated, mode, language, _dealer(seed), console, tuple(skill or ())
    )
    session = (cli.session or Session)(request)
    title = chosen.title.get(language)
    people = session.say("Mensch", "human") if len(humans) == 1 else session.say("Menschen", "humans")
    console.rule(f"{title} – {len(humans)} {people}, {bot_count} {'Bot' if bot_count == 1 else 'Bots'}")
    seated_names = ", ".join(session.name(seat) for seat in range(players))
    console.print(
        session.say(f"Am Tisch: {seated_names}", f"At the table: {seated_names}")
        + ("" if name else session.say(" (eigene Namen: --name)", " (your own names: --name)")),
        markup=False,
    )
    try:
        result = session.run()
    except InputEnded:
        console.print(session.say("Spiel beendet (keine Eingabe mehr).", "Game ended (no more input)."))
        return
    console.rule(session.say("Ende", "The end"))
    for line in (cli.final or _scores)(session, result):
        console.print(line, markup=False)


def _checked_table(
    chosen: Game[Any], players: int, bots: int | None, bot: str, mode: Mode, name: list[str] | None
) -> tuple[int, Callable[[], Bot], list[str]]:
    """The table the options ask for (how many bots, which bot, the names), or exit naming what is wrong."""
    from stammtisch.bots.registry import bot_or_default, bots_for
    from stammtisch.cli.console import fail
    from stammtisch.club.members.duplicates import duplicate_warning
    from stammtisch.core.text import Text

    game = chosen.slug
    if not chosen.min_seats <= players <= chosen.max_seats:
        fail(
            Text(
                f"{game} braucht {chosen.min_seats} bis {chosen.max_seats} Spieler, nicht {players}.",
                f"{game} needs {chosen.min_seats} to {chosen.max_seats} players, not {players}.",
            )
        )
    bot_count = players - 1 if bots is None else bots
    if not 0 <= bot_count <= players:
        fail(
            Text(
                f"--bots muss zwischen 0 und {players} liegen, nicht {bot_count}.",
                f"--bots must be between 0 and {players}, not {bot_count}.",
            )
        )
    available = bots_for(chosen)
    bot = bot_or_default(available, bot)
    if bot not in available:
        fail(
            Text(
                f"Unbekannter Bot „{bot}“. Für {game} gibt es: {', '.join(sorted(available))}.",
                f"Unknown bot '{bot}'. Available for {game}: {', '.join(sorted(available))}.",
            )
        )
    if mode.value not in _modes(chosen):
        fail(
            Text(
                f"{game} kennt den Modus {mode.value} nicht (möglich: {', '.join(_modes(chosen))}).",
                f"{game} has no {mode.value} mode (possible: {', '.join(_modes(chosen))}).",
            )
        )
    given = [" ".join(raw.split()) for raw in name or ()]
    if len(given) > players or not all(given):
        fail(
            Text(
                f"--name gibt jedem Platz einen Namen: höchstens {players} nicht leere Namen, nicht {len(given)}.",
                f"--name names the seats: at most {players} names that are not empty, not {len(given)}.",
            )
        )
    warning = duplicate_warning(given)
    if warning is not None:
        fail(warning)
    return bot_count, available[bot], given


def _modes(game: Game[Any]) -> tuple[str, ...]:
    for option in game.options:
        if option.key == "mode":
            return tuple(choice for choice in option.choices if choice in ("digital", "table"))
    return tuple(mode for mode in game.info.play_modes if mode in ("digital", "table")) or ("digital",)


def _scores(session: Session, result: Result) -> list[str]:
    return [f"  {session.name(seat)}: score {score}" for seat, score in enumerate(result.scores)]


def _dealer(seed: int | None) -> random.Random:
    """Deals and dice: seeded only when asked (a replayable game), else a cryptographically strong
    source, as in digital play on the web (issue 10.5)."""
    return random.Random(seed) if seed is not None else random.SystemRandom()
