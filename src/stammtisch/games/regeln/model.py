"""Values of Das Regeln Wir Schon!: cards, the configuration, actions, outcomes and the state.

Glossary (the German game terms kept in the code):

* *Wertung(-Regel)*: the scoring rule in force for a Scoring Round (one card, chosen per round).
* *Prognose(-Regel)*: the prediction rule in force for a Prediction Round.
* *Korrektur(-Regel)*: a correction rule: a chip colour's value, or a bonus (two in force).
* *Abstimm(-Regel)*: a voting rule: who gets or pays chips after every vote (two in force).
* *Ereignis(-Regel)*: an incident rule reacting to what happens at the table (two in force).
* *Regelkarte zur Abstimmung*: the card under vote (``under_vote``); it is not in force (RG-3.5).
* *Kartenablage*: the discard pile (``discard``; its bottom is the end of the tuple).
* *Verbrauchte Stimmplättchen*: the used voting tiles (``used_tiles``), back after the round.
* *Punktbeste / Punktletzte*: the marker cards for the first and the last place.
* *Platzkarte*: a numbered place card "1. Platz" ... "5. Platz".

The state holds card *ids* (``"K-W0"``) so every value is readable in JSON and in tests; chips are
counted per colour in the order of ``COLOURS``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any, Literal, TypeVar, cast

from stammtisch.core.text import Text

COLOURS: tuple[str, ...] = ("white", "purple", "yellow", "green")
COLOUR_NAMES: dict[str, Text] = {
    "white": Text("weiß", "white"),
    "purple": Text("lila", "purple"),
    "yellow": Text("gelb", "yellow"),
    "green": Text("grün", "green"),
}

#: Card types in the order of the game mat.
CARD_TYPES: tuple[str, ...] = ("wertung", "prognose", "korrektur", "abstimm", "ereignis")
#: The types that are shuffled, laid out two at a time and dealt into hands (RG-1.7, RG-1.9).
HAND_TYPES: tuple[str, ...] = ("korrektur", "abstimm", "ereignis")
#: Card status in the card file: where its text and effect come from.
STATUSES: tuple[str, ...] = ("certain", "effect_certain", "probable", "designed")

#: Cards dealt per player by number of players (RG-1.9).
HAND_SIZE: dict[int, int] = {3: 9, 4: 7, 5: 6}
ROUNDS = 5
TILES = 4
START_CHIPS = 7
CHIPS_THREE_PLAYERS = 15

Chips = tuple[int, int, int, int]

# Phases.
Phase = Literal[
    "setup_table",  # chance: the face-up Korrektur, Abstimm and Ereignis cards (RG-1.7, RG-1.8)
    "setup_deal",  # chance: the hands (RG-1.9)
    "ranking",  # chance: place cards drawn by tied seats (RG-1.10, RG-5.2)
    "predict",  # secret simultaneous predictions (RG-1.11, RG-5.4)
    "payment",  # chips taken from or paid to the pool, one at a time (RG-1.13, RG-3.4, RG-R05)
    "play",  # the active player plays a card (RG-3.1)
    "vote",  # secret simultaneous votes (RG-3.2)
    "tie",  # the active player decides a tie (RG-R01)
    "report_speech",  # the table enters who spoke during the vote (RG-R15)
    "cover",  # the active player chooses the card an adopted card covers (RG-3.8)
    "first_speaker",  # the table enters who spoke first in the Scoring Round (RG-R15)
    "choose_wertung",  # Punktletzte chooses the next Wertung (RG-5.4)
    "choose_prognose",  # the next-to-last chooses the next Prognose (RG-5.4)
    "over",
]


@dataclass(frozen=True, slots=True)
class Card:
    """One rule card as the card file describes it. ``effect`` is its declarative effect
    (see ``effects``) as sorted ``(key, value)`` pairs; ``status`` says where it comes from and
    ``designed`` cards are ours (the original is lost)."""

    id: str
    type: str
    status: str
    title: Text
    text: Text
    effect: tuple[tuple[str, Any], ...]
    start: bool = False

    def param(self, key: str, default: Any = None) -> Any:
        for name, value in self.effect:
            if name == key:
                return value
        return default

    @property
    def colour(self) -> str | None:
        """The colour a value-Korrektur names (RG-1.8); ``None`` for every other card."""
        if self.type == "korrektur" and self.param("kind") == "value":
            colour: str = self.param("colour")
            return colour
        return None


@dataclass(frozen=True, slots=True)
class Deck:
    """All cards of a card file, in file order (the canonical order of cards everywhere)."""

    cards: tuple[Card, ...]
    name: str = "standard"
    _index: dict[str, int] = field(init=False, repr=False, compare=False, hash=False)
    #: Values derived once per deck (e.g. the view's card list), so views do not rebuild them.
    memo: dict[str, Any] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {card.id: at for at, card in enumerate(self.cards)})
        object.__setattr__(self, "memo", {})

    def __deepcopy__(self, memo: dict[int, Any]) -> Deck:
        """A deck never changes (its memo holds only values derived from it): copies share it."""
        return self

    def card(self, card_id: str) -> Card:
        return self.cards[self._index[card_id]]

    def index(self, card_id: str) -> int:
        return self._index[card_id]

    def has(self, card_id: str) -> bool:
        return card_id in self._index

    def of_type(self, card_type: str) -> tuple[str, ...]:
        """The ids of one type in file order (kept in the memo: the set-up and the deal ask for them at
        every step)."""
        key = "of_type:" + card_type
        found: tuple[str, ...] | None = self.memo.get(key)
        if found is None:
            found = self.memo[key] = tuple(card.id for card in self.cards if card.type == card_type)
        return found

    def sort(self, ids: tuple[str, ...] | list[str]) -> tuple[str, ...]:
        return tuple(sorted(ids, key=self.index))


@dataclass(frozen=True, slots=True)
class Config:
    """The resolved house-rule options (names as in rulings/regeln.md)."""

    final_vote_card: str = "apply_before_scoring"
    pool_reset_scope: str = "always"
    return_chips_after_scoring: bool = False
    winner_tiebreak: str = "shared"
    chips_per_colour_full: int = 20
    k_b4_per: str = "player"
    # How the table was set up (not house rules: ``Regeln.start`` reads them from the set-up, RGO-22/23).
    confirm_by_table: bool = False
    unknown_hands: bool = False


# --- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayCard:
    """RG-3.1: put a card from the hand on "Regelkarte zur Abstimmung"; ``stood``: the player stood
    up before playing it (RG-R15, only offered while an Ereignis card reacts to it)."""

    card: str
    stood: bool = False


@dataclass(frozen=True, slots=True)
class Vote:
    """RG-3.2, RG-R01: ``tiles`` tiles (at least one), all showing Ja (``yes``) or Nein."""

    yes: bool
    tiles: int


@dataclass(frozen=True, slots=True)
class Decide:
    """RG-R01: the active player decides a tied vote."""

    adopt: bool


@dataclass(frozen=True, slots=True)
class ReportSpeech:
    """RG-R15: the seats that spoke during the vote (entered by the active player for the table)."""

    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ReportFirstSpeaker:
    """RG-R15: who spoke first in the Scoring Round (``None``: nobody spoke)."""

    seat: int | None


@dataclass(frozen=True, slots=True)
class Confirm:
    """RGO-22: a player confirms the report another player proposed for the table."""


@dataclass(frozen=True, slots=True)
class Object:
    """RGO-22: a player objects to the proposed report; it is withdrawn (another may be proposed)."""


@dataclass(frozen=True, slots=True)
class TakeChip:
    """RG-1.13, RG-R05: the receiver takes one chip of ``colour`` from the pool."""

    colour: str


@dataclass(frozen=True, slots=True)
class PayChip:
    """RG-R05: the payer pays one of his chips of ``colour`` to the pool."""

    colour: str


@dataclass(frozen=True, slots=True)
class Cover:
    """RG-3.8: the adopted card covers the card in slot ``slot`` (0 or 1) of its type."""

    slot: int


@dataclass(frozen=True, slots=True)
class ChooseRule:
    """RG-5.4: the next Wertung (Punktletzte) or Prognose (next-to-last) card."""

    card: str


@dataclass(frozen=True, slots=True)
class Predict:
    """RG-1.11, RG-5.4: a secret written prediction: a place (1-based) or a seat number (1-based),
    as the Prognose card asks, and the noted colour while a ``noted_colour_times`` Wertung is in force."""

    value: int
    colour: str | None = None


Action = (
    PlayCard
    | Vote
    | Decide
    | ReportSpeech
    | ReportFirstSpeaker
    | Confirm
    | Object
    | TakeChip
    | PayChip
    | Cover
    | ChooseRule
    | Predict
)
#: A report of what people did at the table (RG-R15), which the table may have to confirm (RGO-22).
Report = ReportSpeech | ReportFirstSpeaker
ACTION_TYPES: tuple[type, ...] = (
    PlayCard,
    Vote,
    Decide,
    ReportSpeech,
    ReportFirstSpeaker,
    Confirm,
    Object,
    TakeChip,
    PayChip,
    Cover,
    ChooseRule,
    Predict,
)


# --- outcomes ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardOutcome:
    """A card drawn: onto a face-up space at set-up, or dealt to a hand."""

    card: str


@dataclass(frozen=True, slots=True)
class PlaceOutcome:
    """A place card drawn by a seat (at set-up, or by tied seats: RG-5.2)."""

    place: int


Outcome = CardOutcome | PlaceOutcome
OUTCOME_TYPES: tuple[type, ...] = (CardOutcome, PlaceOutcome)


# --- the state -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Transfer:
    """Chips still owed: ``amount`` > 0 the seat takes from the pool, < 0 it pays to the pool."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One seat's line of the scorepad for one round (regeln-cards.md §8, every column)."""

    incidents_before: int = 0
    chip_points: int = 0
    bonus: int = 0
    incidents_after: int = 0
    interim: int = 0
    prediction: int = 0
    total: int = 0
    predicted: int | None = None
    noted_colour: str | None = None
    place: int = 0


@dataclass(frozen=True, slots=True)
class VoteRecord:
    """A revealed vote: the card, who played it, each seat's vote, the result (``None`` while the
    active player still decides a tie)."""

    card: str
    player: int
    votes: tuple[Vote, ...]
    adopted: bool | None
    tie: bool


@dataclass(frozen=True, slots=True)
class TableReport:
    """RGO-22: the report proposed to the table (``proposal``, by ``proposer``), the seats that have
    confirmed it, and how many proposals were withdrawn; with no proposal, ``proposer`` is the objector
    who proposes next (None: anyone may)."""

    proposal: ReportSpeech | ReportFirstSpeaker | None = None
    proposer: int | None = None
    confirmed: tuple[int, ...] = ()
    objections: int = 0


NO_REPORT = TableReport()


@dataclass(frozen=True, slots=True)
class State:
    """The whole table. Secrets: ``hands`` (each seat its own), ``set_aside`` (dealt leftovers,
    face down), ``votes`` until the last arrives, ``predictions`` until the Prediction Round."""

    config: Config
    deck: Deck
    seats: int
    phase: Phase
    round: int
    # cards (RG-R18)
    hands: tuple[tuple[str, ...], ...]
    korrektur: tuple[str | None, str | None]
    abstimm: tuple[str | None, str | None]
    ereignis: tuple[str | None, str | None]
    wertung: str | None
    prognose: str | None
    wertung_unused: tuple[str, ...]
    prognose_unused: tuple[str, ...]
    covered: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    set_aside: tuple[str, ...] = ()
    setup_returned: tuple[str, ...] = ()
    under_vote: str | None = None
    stood: bool = False
    # turns
    active: int = 0
    trigger: int | None = None
    # votes and tiles
    votes: tuple[Vote | None, ...] = ()
    adopted: bool | None = None
    last_vote: VoteRecord | None = None
    tiles: tuple[int, ...] = ()
    used_tiles: tuple[int, ...] = ()
    speakers: tuple[int, ...] = ()
    deferred_slot: int | None = None
    deferred_card: str | None = None
    # chips
    chips: tuple[Chips, ...] = ()
    pool: Chips = (0, 0, 0, 0)
    total_chips: int = 0
    queue: tuple[Transfer, ...] = ()
    queue_context: str = ""
    # predictions, places, scores
    predictions: tuple[Predict | None, ...] = ()
    places: tuple[int | None, ...] = ()
    ranking: tuple[int | None, ...] = ()
    ranking_stage: str = ""
    ranking_totals: tuple[int, ...] = ()
    last_ranking_totals: tuple[int, ...] | None = None
    scores: tuple[int, ...] = ()
    lines: tuple[ScoreLine, ...] = ()
    scorepad: tuple[tuple[ScoreLine, ...], ...] = ()
    first_speaker: int | None = None
    last_round: bool = False
    # the table's confirmation of a report (RGO-22), one field: every rule step copies the state
    report: TableReport = NO_REPORT
    # table mode with unknown hands (RGO-23): cards each seat holds that the app has not seen, and the
    # number of cards left over face down at the deal; ``unseen`` is empty when the deal was entered
    unseen: tuple[int, ...] = ()
    unseen_aside: int = 0

    @property
    def confirm_by_table(self) -> bool:
        return self.config.confirm_by_table

    @property
    def unknown_hands(self) -> bool:
        return self.config.unknown_hands

    @property
    def proposal(self) -> ReportSpeech | ReportFirstSpeaker | None:
        return self.report.proposal

    @property
    def proposer(self) -> int | None:
        return self.report.proposer

    @property
    def confirmed(self) -> tuple[int, ...]:
        return self.report.confirmed

    @property
    def objections(self) -> int:
        return self.report.objections


# --- a fast ``dataclasses.replace`` for the state --------------------------------------------------
_STATE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(State))
_STATE_FIELD_SET = frozenset(_STATE_FIELDS)


def _state_copier() -> Callable[..., State]:
    """``copy(state, changes)``: a new state with ``changes`` (a dict of field values) applied.

    Every rule step makes a new state, about two per step; ``dataclasses.replace`` rebuilds the
    45-field state through ``__init__`` with a keyword dict and is the engine's biggest single cost in
    random games. This function sets each slot once, straight from the old state, and is generated
    once from the field list, the way ``dataclasses`` generates ``__init__`` (State has no
    ``__post_init__``, so nothing is skipped). ``test_fast_paths`` checks it equals ``replace``."""
    setters = {name: getattr(State, name).__set__ for name in _STATE_FIELDS}  # bound once, not per copy
    lines = ["def copy(state, changes):", "    new = _new(_State)"]
    for name in _STATE_FIELDS:
        lines.append(f"    _set_{name}(new, changes['{name}'] if '{name}' in changes else state.{name})")
    lines.append("    return new")
    namespace: dict[str, Any] = {"_new": object.__new__, "_State": State}
    namespace.update({f"_set_{name}": setter for name, setter in setters.items()})
    exec("\n".join(lines), namespace)  # noqa: S102 - code built above from the dataclass's own field names
    copier: Callable[..., State] = namespace["copy"]
    return copier


_copy_state = _state_copier()


_Value = TypeVar("_Value")


def replace(value: _Value, /, **changes: Any) -> _Value:
    """``dataclasses.replace``, fast for ``State`` (see ``_state_copier``); unknown fields raise
    ``TypeError`` as there."""
    if value.__class__ is State:
        if not changes.keys() <= _STATE_FIELD_SET:
            unknown = sorted(set(changes) - _STATE_FIELD_SET)
            raise TypeError(f"State has no field(s) {', '.join(unknown)}")
        return cast(_Value, _copy_state(value, changes))
    return dataclasses.replace(value, **changes)  # type: ignore[type-var]
