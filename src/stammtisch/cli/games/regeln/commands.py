"""``stammtisch regeln ...``: Regeln's own commands (``CliGame.group``).

* ``stammtisch regeln cards --check FILE``: validate a club's card file (the schema in
  ``games/regeln/cards.py``); prints a summary, or the problem (card, field, line of the file) in
  German and English and exits with 1. ``stammtisch regeln cards`` without ``--check`` lists the
  standard deck, marking our designed cards.
* ``stammtisch regeln play --cards FILE ...``: ``stammtisch play regeln`` with the club's cards.
* ``stammtisch regeln simulate --cards FILE ...``: ``stammtisch simulate regeln`` with them.
* ``stammtisch regeln balance [--cards FILE] [--games N] [--card ID ...] [--json]``: how much each card
  moves the average winner's score in bot play, and the bound of the known cards (``balance.py``).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated

import typer

app = typer.Typer(
    name="regeln",
    help="Das Regeln Wir Schon!: card files, play and simulate with the club's own cards.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)

FileOption = Annotated[
    Path | None, typer.Option("--cards", help="The club's card file (JSON; see 'stammtisch regeln cards --check').")
]


def read_card_file(path: Path) -> str:
    """The file's text, validated; exits with a bilingual message naming card, field and line."""
    from stammtisch.cli.console import fail
    from stammtisch.core.text import Text
    from stammtisch.games.regeln.cards import CardFileError, load_deck

    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        fail(Text(f"Die Datei {path} gibt es nicht.", f"There is no file {path}."))
    except UnicodeDecodeError:
        fail(Text(f"{path} ist kein UTF-8-Text.", f"{path} is not UTF-8 text."))
    except OSError as error:
        fail(Text(f"{path} lässt sich nicht lesen: {error.strerror}.", f"{path} cannot be read: {error.strerror}."))
    try:
        load_deck(text)
    except CardFileError as error:
        where = f"{path}: "
        fail(Text(where + error.message.de, where + error.message.en))
    return text


@app.command("cards")
def cards(
    check: Annotated[Path | None, typer.Option("--check", help="Validate this card file.")] = None,
    lang: Annotated[str, typer.Option("--lang", help="de or en.")] = "de",
) -> None:
    """Validate a club's card file (--check FILE), or list the standard deck."""
    from stammtisch.cli.console import stdout
    from stammtisch.games.regeln.cards import load_deck, standard_deck
    from stammtisch.games.regeln.model import CARD_TYPES

    console = stdout()
    deck = load_deck(read_card_file(check)) if check is not None else standard_deck()
    counts = ", ".join(f"{kind} {len(deck.of_type(kind))}" for kind in CARD_TYPES)
    designed = sum(card.status == "designed" for card in deck.cards)
    if check is not None:
        console.print(
            f"{check}: "
            + ("in Ordnung" if lang == "de" else "valid")
            + f" – {len(deck.cards)} "
            + ("Karten" if lang == "de" else "cards")
            + f" ({counts}); "
            + (f"{designed} von uns entworfen" if lang == "de" else f"{designed} designed by us"),
            markup=False,
            highlight=False,
            soft_wrap=True,  # one line whatever the path's length: scripts read it
        )
        return
    for card in deck.cards:
        title = card.title.get(lang)
        mark = " *" if card.status == "designed" else ""
        console.print(f"{card.id:22} {card.type:10} {title}{mark}", markup=False, highlight=False)
    console.print(
        "* = von uns entworfen (das Original ist verloren)"
        if lang == "de"
        else "* = designed by us (the original is lost)",
        markup=False,
    )


@app.command("play")
def play(
    card_file: FileOption = None,
    players: Annotated[int, typer.Option("--players", help="Players at the table (humans + bots).")] = 4,
    bots: Annotated[
        int | None, typer.Option("--bots", help="How many of them are bots (default: all but one).")
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed for the cards and the bots.")] = None,
    lang: Annotated[str, typer.Option("--lang", help="de or en.")] = "de",
    bot: Annotated[str, typer.Option("--bot", help="Which bot plays the bot seats.")] = "heuristic",
) -> None:
    """Hot seat with bots, with the club's own card file."""
    from stammtisch.bots.registry import bots_for
    from stammtisch.cli.console import fail, stdout
    from stammtisch.cli.games import require_game
    from stammtisch.cli.plugin import Mode, PlayRequest
    from stammtisch.cli.session import InputEnded
    from stammtisch.core.errors import RuleViolation
    from stammtisch.core.text import Text

    game, cli = require_game("regeln")
    setup = {"cards": read_card_file(card_file)} if card_file is not None else None
    bot_count = players - 1 if bots is None else bots
    available = bots_for(game)
    if not 0 <= bot_count <= players or bot not in available:
        fail(
            Text(
                f"--bots zwischen 0 und {players}; --bot eins von: {', '.join(sorted(available))}.",
                f"--bots between 0 and {players}; --bot one of: {', '.join(sorted(available))}.",
            )
        )
    try:
        state = game.start(players, game.configure({}), setup)
    except RuleViolation as error:
        fail(error.message)
    humans = tuple(range(players - bot_count))
    seated = {seat: available[bot]() for seat in range(players - bot_count, players)}
    console = stdout()
    request = PlayRequest(game, cli, state, players, humans, seated, Mode.digital, lang, _dealer(seed), console)
    assert cli.session is not None
    session = cli.session(request)
    console.rule(game.title.get(lang))
    try:
        result = session.run()
    except InputEnded:
        console.print(session.say("Spiel beendet (keine Eingabe mehr).", "Game ended (no more input)."))
        return
    console.rule(session.say("Ende", "The end"))
    for seat, score in enumerate(result.scores):
        console.print(f"  {session.name(seat)}: {score}", markup=False)


@app.command("simulate")
def simulate(
    card_file: FileOption = None,
    games: Annotated[int, typer.Option("--games", min=1, help="How many games.")] = 20,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first game.")] = 1,
    players: Annotated[int, typer.Option("--players", min=3, max=5, help="Players per game.")] = 4,
    bots: Annotated[str, typer.Option("--bots", help="Bots, comma-separated, seated in turn.")] = "heuristic",
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
) -> None:
    """Bot games with the club's own card file (the figures of 'stammtisch simulate regeln')."""
    import json

    from stammtisch.cli.games.regeln.simulate import run
    from stammtisch.cli.simulation import chosen_bots, print_figures
    from stammtisch.games import GAMES

    game = GAMES["regeln"]
    names, _ = chosen_bots(game, bots)
    setup = {"cards": read_card_file(card_file)} if card_file is not None else None
    figures = run(game, games, seed, players, names, setup)
    if as_json:
        typer.echo(json.dumps(figures, indent=2))
    else:
        print_figures(f"regeln: {games} games, seed {seed}", figures)


@app.command("balance")
def balance(
    card_file: FileOption = None,
    games: Annotated[int, typer.Option("--games", min=1, help="Games per card (the same seeds for every card).")] = 60,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first game.")] = 1,
    players: Annotated[int, typer.Option("--players", min=3, max=5, help="Players per game.")] = 4,
    card: Annotated[list[str] | None, typer.Option("--card", help="Only this card (repeatable).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    lang: Annotated[str, typer.Option("--lang", help="de or en.")] = "de",
) -> None:
    """How much each card moves the average winner's score in bot play, and the bound of the known cards."""
    import json

    from stammtisch.cli.console import fail, stdout
    from stammtisch.cli.games.regeln.balance import balance as measure
    from stammtisch.core.text import Text
    from stammtisch.games.regeln.cards import load_deck, standard_deck
    from stammtisch.games.regeln.game import GAME

    text = read_card_file(card_file) if card_file is not None else None
    deck = load_deck(text) if text is not None else standard_deck()
    unknown = [c for c in card or [] if not deck.has(c)]
    if unknown:
        fail(
            Text(
                f"Unbekannte Karte(n): {', '.join(unknown)}; die Kartendatei hat sie nicht.",
                f"Unknown card(s): {', '.join(unknown)}; the card file does not have them.",
            )
        )
    figures = measure(GAME, players, games, seed, {"cards": text} if text is not None else None, card or None)
    if as_json:
        typer.echo(json.dumps(figures, indent=2))
        return
    console = stdout()
    de = lang == "de"
    console.print(
        (
            f"Grundwert (Durchschnitt des Siegers): {figures['baseline']}"
            if de
            else f"Baseline (average winner): {figures['baseline']}"
        )
        + f" (sd {figures['baseline_sd']}), {games} "
        + ("Spiele je Karte" if de else "games per card"),
        markup=False,
    )
    for row in figures["cards"]:
        mark = " *" if row["status"] == "designed" else ""
        console.print(f"{row['card']:22} {row['type']:10} {row['delta'] * 100:+6.1f} %{mark}", markup=False)
    if figures["bound"] is not None:
        low, high = (f"{value * 100:+.1f} %" for value in figures["known_range"])
        bound = f"±{figures['bound'] * 100:.1f} %"
        console.print(
            f"Grenze (bekannte Karten): {bound} (von {low} bis {high})"
            if de
            else f"Bound (known cards): {bound} (from {low} to {high})",
            markup=False,
        )
    outside = ", ".join(figures["outside"]) or ("keine" if de else "none")
    console.print(("Entworfene Karten außerhalb: " if de else "Designed cards outside: ") + outside, markup=False)


def _dealer(seed: int | None) -> random.Random:
    """Deals and dice: seeded only when asked (a replayable game), else a cryptographically strong
    source, as in digital play on the web (issue 10.5)."""
    return random.Random(seed) if seed is not None else random.SystemRandom()
