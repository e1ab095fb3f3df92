"""``stammtisch play GAME``: play in the terminal, hot-seat humans and bots.

Humans take the first seats, bots the rest. Before every human decision the table view is drawn
and the legal actions are listed, numbered, with what each means; the human answers with a number
or the game's notation (``throw``, ``keep 4``, ``voll b``). In table mode the real dice are thrown
and their faces typed in (``3 4 5 6 6 6``, or ``turm``, ``cocked``, ``foul off_table``); in digital
mode the engine rolls them from a seeded generator.

The loop runs directly on the engine but only ever shows views and action descriptions. It reads
plain lines from stdin, so it can be scripted (``printf '1\\n1\\n' | stammtisch play kluempchen``);
``q`` ends the game, and so does the end of the input.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from enum import StrEnum
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from stammtisch.bots.base import Bot
from stammtisch.bots.registry import bots_for
from stammtisch.cli.board import news, render, seat_name
from stammtisch.cli.console import fail, stdout
from stammtisch.cli.games import require_game
from stammtisch.cli.rules import Lang
from stammtisch.core.chance import sample
from stammtisch.core.errors import RuleViolation
from stammtisch.core.protocol import Chance, Decision, Finished, Game, Result
from stammtisch.core.text import Text

QUIT = ("q", "quit", "exit")


class Mode(StrEnum):
    digital = "digital"
    table = "table"


class InputEnded(Exception):
    """Stdin is exhausted or the player typed ``q``."""


class Session:
    """One terminal game: the engine state, who is human, the bots, and the console."""

    def __init__(
        self,
        game: Game[Any],
        state: Any,
        humans: Sequence[int],
        bots: dict[int, Bot],
        mode: Mode,
        lang: str,
        rng: random.Random,
        console: Console,
    ) -> None:
        self.game = game
        self.state = state
        self.humans = tuple(humans)
        self.bots = bots
        self.mode = mode
        self.lang = lang
        self.rng = rng
        self.console = console

    def say(self, de: str, en: str) -> str:
        return Text(de, en).get(self.lang)

    def name(self, seat: int) -> str:
        return seat_name(seat, self.humans, self.lang)

    # --- the loop -------------------------------------------------------------------------------
    def update(self, state: Any) -> None:
        """Move to ``state`` and tell the table what changed (scores, round ends)."""
        before = self.game.view(self.state, None)
        self.state = state
        for line in news(self.game.slug, before, self.game.view(state, None), self.humans, self.lang):
            self.console.print(escape(line), style=None if line.startswith(" ") else "bold")

    def run(self) -> Result:
        while True:
            turn = self.game.turn(self.state)
            if isinstance(turn, Finished):
                return turn.result
            if isinstance(turn, Chance):
                self._chance(turn)
            else:
                self._decision(turn)

    def _chance(self, turn: Chance) -> None:
        node = turn.node
        who = f"{self.name(node.seat)}: " if node.seat is not None else ""
        # Skill outcomes (a cap landing, a throw) are always entered: the engine does not guess skill.
        if self.mode is Mode.digital and node.distribution.has_probabilities:
            outcome = sample(node, self.rng)
            self.console.print(escape(f"  🎲 {who}{node.label.get(self.lang)} → {self.game.format_outcome(outcome)}"))
            self.update(self.game.resolve(self.state, outcome))
            return
        while True:
            line = self._ask(
                self.say(
                    f"{who}{node.label.de} – Ergebnis eingeben ({self._example(node)})",
                    f"{who}{node.label.en} – enter the outcome ({self._example(node)})",
                )
            )
            try:
                self.update(self.game.resolve(self.state, self.game.parse_outcome(line)))
                return
            except RuleViolation as error:
                self.console.print(escape(error.text(self.lang)), style="red")

    def _example(self, node: Any) -> str:
        """One possible outcome in notation, as an example of what to type."""
        try:
            outcomes = node.outcomes()
        except (NotImplementedError, OverflowError):
            return "…"
        return self.say("z. B. ", "e.g. ") + self.game.format_outcome(outcomes[len(outcomes) // 2]) if outcomes else "…"

    def _acting_seat(self, turn: Decision) -> int:
        """The seat asked now: the first the game waits for; a decision open to the whole table
        (e.g. Klümpchen's round end) goes to the first human seat that can take it."""
        seats = turn.seats
        if self._whole_table(turn):
            for seat in seats:
                if seat in self.humans:
                    return seat
        return seats[0]

    def _whole_table(self, turn: Decision) -> bool:
        return len(turn.seats) == len(self.humans) + len(self.bots) > 1

    def _decision(self, turn: Decision) -> None:
        seat = self._acting_seat(turn)
        legal = self.game.legal_actions(self.state, seat)
        view = self.game.view(self.state, seat)
        if seat in self.bots:
            action = self._bot_choice(seat, view, legal, turn)
            self.console.print(
                escape(
                    f"  🤖 {self.name(seat)}: {self.game.format_action(action)} – "
                    f"{self.game.describe_action(self.state, action).get(self.lang)}"
                )
            )
            self.update(self.game.act(self.state, seat, action))
            return
        self.console.print()
        self.console.print(render(self.game.slug, view, self.humans, self.lang))
        name = escape(self.name(seat))
        self.console.print(self.say(f"[bold]{name}[/bold], du bist dran:", f"[bold]{name}[/bold], your move:"))
        for number, action in enumerate(legal, start=1):
            meaning = escape(self.game.describe_action(self.state, action).get(self.lang))
            notation = escape(self.game.format_action(action))
            self.console.print(f"  {number}) [cyan]{notation}[/cyan] – {meaning}", highlight=False)
        while True:
            line = self._ask(self.say(f"Wahl (1–{len(legal)} oder Notation)", f"Choice (1–{len(legal)} or notation)"))
            try:
                action = self._read_action(line, legal)
                self.update(self.game.act(self.state, seat, action))
                return
            except RuleViolation as error:
                self.console.print(escape(error.text(self.lang)), style="red")

    def _bot_choice(self, seat: int, view: dict[str, Any], legal: tuple[Any, ...], turn: Decision) -> Any:
        """The bot's action; at a decision open to the whole table with no human at it (an evening
        of bots only), the game's ending choice is taken so the game finishes."""
        if self._whole_table(turn):
            ending = [a for a in legal if self.game.format_action(a) == "close"]
            if ending:
                return ending[0]
        return self.bots[seat].choose(view, legal, self.rng)

    def _read_action(self, line: str, legal: tuple[Any, ...]) -> Any:
        text = line.strip()
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            raise RuleViolation(
                "cli/choice",
                Text(f"Bitte eine Zahl von 1 bis {len(legal)}.", f"Please enter a number from 1 to {len(legal)}."),
            )
        return self.game.parse_action(text)

    def _ask(self, prompt: str) -> str:
        self.console.print(f"{prompt}: ", end="", markup=False)
        line = sys.stdin.readline()
        if not line:
            self.console.print()
            raise InputEnded
        answer = line.strip()
        if self.mode is Mode.table or not sys.stdin.isatty():
            self.console.print(answer, highlight=False, markup=False)
        if answer.lower() in QUIT:
            raise InputEnded
        return answer


def play(
    game: Annotated[str, typer.Argument(help="Game slug, e.g. kluempchen.")],
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
        typer.Option("--skill", help="Prömpeln, per seat: a player's name (learned model) or counts c0,c1,c2,c3."),
    ] = None,
) -> None:
    """Play a game in the terminal: hot-seat humans and bots."""
    chosen = require_game(game)
    language = lang.value
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
    humans = tuple(range(players - bot_count))
    seated = {seat: available[bot]() for seat in range(players - bot_count, players)}
    options = {"mode": mode.value} if any(option.key == "mode" for option in chosen.options) else {}
    console = stdout()
    try:
        state = chosen.start(players, chosen.configure(options))
    except RuleViolation as error:
        fail(error.message)
    session: Session
    if chosen.slug == "proempeln":  # stoppers: one-key entry, sampled from skill models (imported here: one game)
        from stammtisch.cli import proempeln_play, proempeln_skills

        models = proempeln_skills.table(proempeln_skills.resolve(skill or [], players))
        session = proempeln_play.ProempelnSession(
            chosen, state, humans, seated, mode, language, random.Random(seed), console, skills=models
        )
    elif chosen.slug == "preisromme":  # hidden hands: only views and public news are shown
        from stammtisch.cli import preisromme_play

        session = preisromme_play.PreisrommeSession(
            chosen, state, humans, seated, mode, language, random.Random(seed), console
        )
    else:
        session = Session(chosen, state, humans, seated, mode, language, random.Random(seed), console)
    title = chosen.title.get(language)
    console.rule(f"{title} – {len(humans)} {session.say('Mensch(en)', 'human(s)')}, {bot_count} Bot(s)")
    try:
        result = session.run()
    except InputEnded:
        console.print(session.say("Spiel beendet (keine Eingabe mehr).", "Game ended (no more input)."))
        return
    _print_result(session, result)


def _modes(game: Game[Any]) -> tuple[str, ...]:
    for option in game.options:
        if option.key == "mode":
            return tuple(choice for choice in option.choices if choice in ("digital", "table"))
    return tuple(mode for mode in game.info.play_modes if mode in ("digital", "table")) or ("digital",)


def _print_result(session: Session, result: Result) -> None:
    console = session.console
    console.rule(session.say("Ende", "The end"))
    view = session.game.view(session.state, None)
    if session.game.slug == "kluempchen":
        for record in view["rounds"]:
            loser = " + ".join(session.name(seat) for seat in record["teams"][record["loser"]])
            scores = ", ".join(str(score) for score in record["scores"])
            console.print(
                session.say(
                    f"Runde {record['number']}: Punkte {scores}; verloren: {loser}",
                    f"Round {record['number']}: points {scores}; lost: {loser}",
                )
            )
    for seat, score in enumerate(result.scores):
        label = session.say("Saldo (Cent)", "balance (cents)") if session.game.slug == "kluempchen" else "score"
        console.print(f"  {session.name(seat)}: {label} {score}", markup=False)
