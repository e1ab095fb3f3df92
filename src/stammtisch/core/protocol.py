"""The game protocol, close to OpenSpiel's vocabulary.

A game is a pure rules engine over immutable state values:

* ``turn(state)`` says what happens next: a ``Decision`` for one seat (or several, for secret
  simultaneous votes and knock windows), a ``Chance`` event, or ``Finished``.
* ``legal_actions(state, seat)`` lists what a seat may do, in a documented canonical order.
* ``act(state, seat, action)`` and ``resolve(state, outcome)`` return the next state. They are the
  framework's only entry points and no game overrides them. They first offer the step to the game's
  optional fast path (``fast_act``/``fast_resolve``); when that declines (``None``) they take the
  checked path (``checked_act``/``checked_resolve``): the generic pre-checks once (finished, then
  whose turn, then decision vs. chance) and then the game's own check, which raises a
  ``RuleViolation`` saying which clause is broken. A fast path must give the same state as the
  checked path, and must decline every step it is not certain is legal (so refusals always come
  from the checked path); the conformance suite compares both for every game.
* ``view(state, seat)`` is exactly what that seat may see; ``view(state, None)`` the public table.
  Adapters (web, CLI) and bots only ever see views. Every game declares its view's type in its
  ``view.py`` (a ``TypedDict``, JSON-ready: str, int, bool, None, lists and nested typed dicts) and
  annotates ``view`` with it, so presenters and templates read named, typed keys, never ``.get``.

Actions and outcomes are small frozen dataclasses with a text notation and a JSON form.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Generic, TypeVar, final

from stammtisch.core import codec
from stammtisch.core.chance import ChanceNode
from stammtisch.core.errors import (
    DecisionPending,
    IllegalAction,
    ImpossibleOutcome,
    MatchFinished,
    NotYourTurn,
    OutcomePending,
    RuleViolation,
)
from stammtisch.core.options import Option, Options, resolve_options
from stammtisch.core.text import Text

State = TypeVar("State")


@dataclass(frozen=True, slots=True)
class Decision:
    """The seats the game waits for. Several seats: each acts on its own, in any order
    (secret votes stay hidden until the last one arrives; a knock window collects claims)."""

    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Chance:
    """The game waits for a chance outcome: sampled in digital play, entered in table play."""

    node: ChanceNode


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended. ``scores`` per seat, higher is better; ``ranking`` groups seats
    best first (seats in one group are tied); ``details`` is JSON-ready game-specific data."""

    scores: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Finished:
    result: Result


Turn = Decision | Chance | Finished


class ChanceKind(StrEnum):
    """What a game's chance events are: dice faces, cards drawn, a player's skill (a cap landing, a
    throw's outcome), or a lot drawn (seats, teams)."""

    DICE = "dice"
    CARDS = "cards"
    SKILL = "skill"
    LOT = "lot"


class PlayMode(StrEnum):
    """The three ways to play one engine: the engine samples chance (digital), a person enters what the
    real table shows (table), or a person enters each result (scoresheet)."""

    DIGITAL = "digital"
    TABLE = "table"
    SCORESHEET = "scoresheet"


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What kind of game this is: hidden information, secret simultaneous moves, its kinds of chance
    and the ways it can be played. Members compare equal to their values (``"digital" in play_modes``);
    a value outside the sets is refused when the game is defined."""

    hidden_information: bool
    simultaneous_moves: bool
    chance_kinds: tuple[ChanceKind, ...]
    play_modes: tuple[PlayMode, ...]

    def __post_init__(self) -> None:
        # Plain strings (as older plug-ins give them) become members, so every reader gets the enum.
        object.__setattr__(self, "chance_kinds", tuple(ChanceKind(kind) for kind in self.chance_kinds))
        object.__setattr__(self, "play_modes", tuple(PlayMode(mode) for mode in self.play_modes))


def _rules_clause(game: Game[Any]) -> str:
    return f"{game.slug}/protocol"


class Game(ABC, Generic[State]):
    """One game's rules. Subclasses set the class attributes and implement the abstract methods;
    ``act`` and ``resolve`` (and ``checked_act``/``checked_resolve``) are the framework's and are
    never overridden: a game that wants speed implements the optional hooks ``fast_act`` and
    ``fast_resolve`` instead. ``timeout_action`` is the optional hook a table's deadline asks."""

    slug: str
    title: Text
    min_seats: int
    max_seats: int
    info: GameInfo
    options: tuple[Option, ...] = ()
    #: The version of the rules this code implements; a match records the version it started under.
    rules_version: str = "1"
    #: Earlier rules versions this code still replays exactly (their logs fold to the states they had
    #: when played). A match under any other version is refused, never replayed under new rules.
    compatible_rules_versions: tuple[str, ...] = ()
    action_types: tuple[type, ...] = ()
    outcome_types: tuple[type, ...] = ()

    #: The framework's entry points; a subclass that defines one of them is refused at class creation.
    FRAMEWORK_METHODS: ClassVar[tuple[str, ...]] = ("act", "resolve", "checked_act", "checked_resolve")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        overridden = [name for name in Game.FRAMEWORK_METHODS if name in vars(cls)]
        if overridden:
            raise TypeError(
                f"{cls.__name__} overrides {', '.join(overridden)}: implement fast_act/fast_resolve instead"
            )

    def replays(self, rules_version: str) -> bool:
        """Whether a match played under ``rules_version`` replays exactly under this code."""
        return rules_version == self.rules_version or rules_version in self.compatible_rules_versions

    # --- setting up -------------------------------------------------------------------------
    def configure(self, given: Mapping[str, object] | None = None) -> Options:
        """The declared options with defaults from the rulings, overridden by ``given``."""
        return resolve_options(self.options, given)

    @abstractmethod
    def start(self, seats: int, options: Options, setup: Mapping[str, Any] | None = None) -> State:
        """The initial state for ``seats`` seats (seat 0 first in the game's order).
        ``setup`` carries table facts the rules need (e.g. which players are externals).
        Raises ``InvalidSetup``."""

    # --- whose move --------------------------------------------------------------------------
    @abstractmethod
    def turn(self, state: State) -> Turn:
        """What happens next."""

    @abstractmethod
    def legal_actions(self, state: State, seat: int) -> tuple[Any, ...]:
        """Every action ``seat`` may take now, in the game's canonical order; () if none."""

    def check_action(self, state: State, seat: int, action: object) -> None:
        """Raise ``IllegalAction`` citing the clause if ``action`` is not legal for ``seat``.
        Called after the generic pre-checks. Games override this to say *why*."""
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(
                _rules_clause(self),
                Text(f"Der Zug {action} ist jetzt nicht erlaubt.", f"The move {action} is not allowed now."),
            )

    @abstractmethod
    def apply_action(self, state: State, seat: int, action: Any) -> State:
        """The state after a checked action."""

    def check_outcome(self, state: State, node: ChanceNode, outcome: object) -> None:
        """Raise ``ImpossibleOutcome`` if ``outcome`` cannot happen at ``node``."""
        if not node.contains(outcome):
            raise ImpossibleOutcome(
                _rules_clause(self),
                Text(f"Das Ergebnis {outcome} ist hier unmöglich.", f"The outcome {outcome} is impossible here."),
            )

    @abstractmethod
    def apply_outcome(self, state: State, outcome: Any) -> State:
        """The state after a checked chance outcome."""

    # --- optional hooks --------------------------------------------------------------------
    def fast_act(self, state: State, seat: int, action: Any) -> State | None:
        """A short way for common steps: the new state, or ``None`` to take the checked path.

        Return a state only when the generic pre-checks and the game's own check are certain to
        pass, and exactly the state ``checked_act`` would return; decline (``None``) everything
        else, so every refusal comes from the checked path with its fixed order of checks."""
        return None

    def fast_resolve(self, state: State, outcome: Any) -> State | None:
        """Like ``fast_act`` for chance outcomes: the new state, or ``None`` for the checked path."""
        return None

    def explain_refusal(self, state: State, seat: int | None, step: Any, refusal: RuleViolation) -> RuleViolation:
        """A generic pre-check refused ``step``: an action of ``seat`` in ``checked_act`` (the game is
        over, an outcome is pending, not this seat's turn), or a chance outcome in ``checked_resolve``
        (``seat`` None: the game is over, a decision is pending). A game whose rules say more (e.g.
        "a claim after the score is written down") returns a refusal of the same class or a subclass
        of it, naming its clause and saying why in plain words; the default keeps the framework's
        refusal. Anything else returned
        is ignored, so the pre-checks' classes (and the conformance kit's expectations) never change."""
        return refusal

    def seat_count(self, state: State, started: int) -> int:
        """How many seats the match has in ``state`` (seats 0 … count−1). ``started``: the seats it began
        with, which is the answer unless the game lets seats join a running match (someone nobody
        expected sits down between two Klümpchen rounds, E-26); such a game returns its own count."""
        return started

    def timeout_action(self, state: State, seat: int) -> Any | None:
        """The action a table's deadline submits for ``seat`` when it did not answer in time (e.g.
        ``pass`` in a knock window); ``None``: nothing may be submitted for it (the table waits).
        The match layer owns the clock; the game only says what silence means under its rules."""
        return None

    # --- the framework's operations ---------------------------------------------------------
    @final
    def act(self, state: State, seat: int, action: Any) -> State:
        """Validate and apply ``seat``'s action: the game's fast path if it takes the step, else
        ``checked_act``. Never overridden by a game."""
        new = self.fast_act(state, seat, action)
        return self.checked_act(state, seat, action) if new is None else new

    @final
    def resolve(self, state: State, outcome: Any) -> State:
        """Validate and apply a chance outcome (sampled, or entered from the real table): the game's
        fast path if it takes the step, else ``checked_resolve``. Never overridden by a game."""
        new = self.fast_resolve(state, outcome)
        return self.checked_resolve(state, outcome) if new is None else new

    @final
    def checked_act(self, state: State, seat: int, action: Any) -> State:
        """Validate and apply ``seat``'s action the generic way. Pre-checks run in a fixed order:
        game over, then outcome pending, then not your turn, then the game's own rules."""
        turn = self.turn(state)
        refusal: RuleViolation | None = None
        if isinstance(turn, Finished):
            refusal = MatchFinished(_rules_clause(self), Text("Das Spiel ist zu Ende.", "The game is over."))
        elif isinstance(turn, Chance):
            refusal = OutcomePending(
                _rules_clause(self),
                Text(
                    f"Erst muss das Ergebnis feststehen: {turn.node.label.de}.",
                    f"An outcome must be entered first: {turn.node.label.en}.",
                ),
            )
        elif seat not in turn.seats:
            refusal = NotYourTurn(
                _rules_clause(self),
                Text(f"Platz {seat + 1} ist nicht am Zug.", f"Seat {seat + 1} is not on turn."),
            )
        if refusal is not None:
            explained = self.explain_refusal(state, seat, action, refusal)
            raise explained if isinstance(explained, type(refusal)) else refusal
        self.check_action(state, seat, action)
        return self.apply_action(state, seat, action)

    @final
    def checked_resolve(self, state: State, outcome: Any) -> State:
        """Validate and apply a chance outcome the generic way: game over, then decision pending,
        then the game's ``check_outcome``."""
        turn = self.turn(state)
        refusal: RuleViolation | None = None
        if isinstance(turn, Finished):
            refusal = MatchFinished(_rules_clause(self), Text("Das Spiel ist zu Ende.", "The game is over."))
        elif isinstance(turn, Decision):
            refusal = DecisionPending(
                _rules_clause(self),
                Text(
                    "Jetzt ist kein Zufallsergebnis einzugeben, sondern eine Entscheidung zu treffen.",
                    "No chance outcome is due now: a player has to decide first.",
                ),
            )
        if refusal is not None:
            explained = self.explain_refusal(state, None, outcome, refusal)
            raise explained if isinstance(explained, type(refusal)) else refusal
        assert isinstance(turn, Chance)  # the refusals above leave only a chance turn
        self.check_outcome(state, turn.node, outcome)
        return self.apply_outcome(state, outcome)

    def result(self, state: State) -> Result | None:
        turn = self.turn(state)
        return turn.result if isinstance(turn, Finished) else None

    # --- what a seat sees --------------------------------------------------------------------
    @abstractmethod
    def view(self, state: State, seat: int | None) -> Mapping[str, Any]:
        """A JSON-ready projection: everything ``seat`` may see and nothing else
        (``None``: the public table). Never contains another seat's secrets. A game returns its
        own ``TypedDict`` declared in its ``view.py`` (a ``Mapping[str, Any]`` to the framework)."""

    def hide_others(self, state: State, seat: int | None, seed: int) -> State | None:
        """For games with hidden information: ``state`` with every secret that ``seat`` may not see
        replaced by other possible values (derived from ``seed``). The conformance kit checks that
        ``view(seat)`` does not change. ``None``: the game has no secrets."""
        return None

    # --- notation ---------------------------------------------------------------------------
    @abstractmethod
    def format_action(self, action: Any) -> str:
        """Compact text notation, e.g. ``hold 5 5``."""

    @abstractmethod
    def parse_action(self, text: str) -> Any:
        """Inverse of ``format_action``; raises ``InvalidNotation``."""

    @abstractmethod
    def format_outcome(self, outcome: Any) -> str:
        """Compact text notation of a chance outcome, e.g. ``1 3 3 5 6 6``."""

    @abstractmethod
    def parse_outcome(self, text: str) -> Any:
        """Inverse of ``format_outcome``; raises ``InvalidNotation``."""

    def describe_action(self, state: State, action: Any) -> Text:
        """What choosing ``action`` means, for buttons and help ("risk throw: all points at stake")."""
        return Text(self.format_action(action), self.format_action(action))

    def describe_outcome(self, outcome: Any) -> Text:
        """What a chance outcome was, for the history ("hit in cup 5"); by default its notation (dice
        faces, a card: the notation already is what people read)."""
        return Text(self.format_outcome(outcome), self.format_outcome(outcome))

    # --- JSON -------------------------------------------------------------------------------
    def action_to_json(self, action: Any) -> dict[str, Any]:
        data: dict[str, Any] = codec.encode(action)
        return data

    def action_from_json(self, data: object) -> Any:
        return codec.decode(data, self.action_types, self.slug)

    def outcome_to_json(self, outcome: Any) -> dict[str, Any]:
        data: dict[str, Any] = codec.encode(outcome)
        return data

    def outcome_from_json(self, data: object) -> Any:
        return codec.decode(data, self.outcome_types, self.slug)
