"""The terminal play loop behind ``stammtisch play GAME``: hot-seat humans and bots on one engine.

Before every human decision the table view is drawn (the game's ``draw``, see ``cli/plugin.py``)
and the legal actions are listed, numbered, with what each means; the human answers with a number
or the game's notation. In table mode chance outcomes are typed in from the real table; in digital
mode the engine draws them from a seeded generator. After every step the game's ``news`` tells the
table what changed. The loop runs directly on the engine but only ever shows views and action
descriptions. A game that asks or shows things its own way subclasses ``Session``.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import RenderableType
from rich.markup import escape

from stammtisch.cli.board import NamedSeats, plain_draw, seat_name
from stammtisch.cli.plugin import Mode, PlayRequest
from stammtisch.club.members.duplicates import duplicate_warning
from stammtisch.core.chance import sample
from stammtisch.core.errors import RuleViolation
from stammtisch.core.protocol import Chance, Decision, Finished, Result
from stammtisch.core.text import Text
from stammtisch.core.wording import named

QUIT = ("q", "quit", "exit")


class InputEnded(Exception):
    """Stdin is exhausted or the player typed ``q``."""


class Session:
    """One terminal game: the engine state, who is human, the bots, and the console."""

    def __init__(self, request: PlayRequest) -> None:
        self.game = request.game
        self.state = request.state
        self.humans = request.humans
        self.bots = request.bots
        self.mode = request.mode
        self.lang = request.lang
        self.rng = request.rng
        self.console = request.console
        self.names: tuple[str, ...] = getattr(request.humans, "names", ())
        self._draw = request.cli.draw or plain_draw
        self._news = request.cli.news
        self.news = None if self._news is None else self._named_news

    def draw(self, view: Mapping[str, Any], humans: Sequence[int], lang: str) -> RenderableType:
        """The game's board, reading the players' names where the engine's texts say "Platz 3"."""
        return self._draw(self.named(view), humans, lang)

    def _named_news(
        self, before: Mapping[str, Any], after: Mapping[str, Any], humans: Sequence[int], lang: str
    ) -> list[str]:
        assert self._news is not None
        return list(self._news(self.named(before), self.named(after), humans, lang))

    def say(self, de: str, en: str) -> str:
        return Text(de, en).get(self.lang)

    def name(self, seat: int) -> str:
        return seat_name(seat, self.humans, self.lang)

    def named(self, value: Any) -> Any:
        """A view or text with the players' names where the engine says "Platz 3"."""
        return named(value, self.names) if self.names else value

    def words(self, text: Text) -> str:
        """An engine's bilingual text as a sentence for this table."""
        return str(self.named(text.get(self.lang)))

    def refused(self, error: RuleViolation) -> None:
        """A refusal: the sentence, then the rule it breaks (``stammtisch rules GAME``), not a code in it."""
        self.console.print(escape(self.words(error.message)), style="red")
        if error.clause and "/" not in error.clause:
            self.console.print(escape(self.say(f"  Regel {error.clause}", f"  rule {error.clause}")), style="dim")

    # --- the loop -------------------------------------------------------------------------------
    def update(self, state: Any) -> None:
        """Move to ``state`` and tell the table what changed (scores, round ends)."""
        if self.news is None:
            self.state = state
            return
        before = self.game.view(self.state, None)
        self.state = state
        for line in self.news(before, self.game.view(state, None), self.humans, self.lang):
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
            self.console.print(escape(f"  🎲 {who}{self.words(node.label)} → {self.game.format_outcome(outcome)}"))
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
                self.refused(error)

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
                    f"{self.words(self.game.describe_action(self.state, action))}"
                )
            )
            self.update(self.game.act(self.state, seat, action))
            return
        self.console.print()
        self.console.print(self.draw(view, self.humans, self.lang))
        name = escape(self.name(seat))
        self.console.print(self.say(f"[bold]{name}[/bold], du bist dran:", f"[bold]{name}[/bold], your move:"))
        for number, action in enumerate(legal, start=1):
            meaning = escape(self.words(self.game.describe_action(self.state, action)))
            notation = escape(self.game.format_action(action))
            self.console.print(f"  {number}) [cyan]{notation}[/cyan] – {meaning}", highlight=False)
        while True:
            line = self._ask(self.say(f"Wahl (1–{len(legal)} oder Notation)", f"Choice (1–{len(legal)} or notation)"))
            try:
                action = self._read_action(line, legal)
                after = self.game.act(self.state, seat, action)
                self._seat_newcomers(after)
                self.update(after)
                return
            except RuleViolation as error:
                self.refused(error)

    def _seat_newcomers(self, after: Any) -> None:
        """M-12 (Klümpchen E-26): a step that seats someone new asks for his name (not one seated
        already, the club's duplicate check); he plays at this terminal from then on (hot seat)."""
        seats = len(self.humans) + len(self.bots)
        for seat in range(seats, self.game.seat_count(after, seats)):
            names = self.names or tuple(self.name(s) for s in range(seats))
            while True:
                name = " ".join(self._ask(self.say("Name des neuen Spielers", "Name of the new player")).split())
                warning = Text("Bitte einen Namen eingeben.", "Please enter a name.") if not name else None
                warning = warning or duplicate_warning([*names, name])
                if warning is None:
                    break
                self.console.print(escape(warning.get(self.lang)), style="red")
            self.humans = NamedSeats((*self.humans, seat), (*names, name))
            self.names = self.humans.names

    def _bot_choice(self, seat: int, view: Mapping[str, Any], legal: tuple[Any, ...], turn: Decision) -> Any:
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
        if not sys.stdin.isatty():  # scripted input: show the answer after its prompt (a terminal echoes it)
            self.console.print(answer, highlight=False, markup=False)
        if answer.lower() in QUIT:
            raise InputEnded
        return answer
