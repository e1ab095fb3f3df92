"""The Regeln ``Game``: the declared options and the rules, checks, notation and view modules wired
to the protocol."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from stammtisch.core.chance import ChanceNode
from stammtisch.core.errors import ImpossibleOutcome, InvalidSetup
from stammtisch.core.options import Options
from stammtisch.core.protocol import ChanceKind, Game, GameInfo, PlayMode, Turn
from stammtisch.core.text import Text
from stammtisch.games.regeln import checks, confirmation, notation, rules, texts, unknown_hands
from stammtisch.games.regeln import view as viewing
from stammtisch.games.regeln.cards import load_deck, standard_deck, validate
from stammtisch.games.regeln.model import (
    ACTION_TYPES,
    COLOURS,
    HAND_SIZE,
    HAND_TYPES,
    OUTCOME_TYPES,
    Action,
    CardOutcome,
    Config,
    Confirm,
    Deck,
    Outcome,
    PayChip,
    PlaceOutcome,
    Predict,
    ReportFirstSpeaker,
    ReportSpeech,
    State,
    TakeChip,
    Vote,
    replace,
)
from stammtisch.games.regeln.options import OPTIONS

COLOUR_INDEX = {colour: at for at, colour in enumerate(COLOURS)}


def deck_from_setup(setup: Mapping[str, Any] | None) -> Deck:
    """The standard deck, or the club's own card file passed as ``setup["cards"]`` (its text, or the
    parsed JSON object); validated either way (``CardFileError``)."""
    cards = (setup or {}).get("cards")
    if cards is None:
        return standard_deck()
    if isinstance(cards, str):
        return load_deck(cards)
    return validate(cards, json.dumps(cards, indent=1))


def table_confirms(setup: Mapping[str, Any] | None) -> bool:
    """RGO-22: whether reports of what people did are proposed and confirmed by the table
    (``setup["incident_confirmation"]``: ``"table"``; ``"reporter"`` or absent: the asked player
    enters them alone, RGO-1)."""
    chosen = (setup or {}).get(confirmation.SETUP_KEY, confirmation.BY_REPORTER)
    if chosen not in (confirmation.BY_TABLE, confirmation.BY_REPORTER):
        raise InvalidSetup(
            "RGO-22",
            Text(
                f"Wer Ereignisse bestätigt, ist {chosen!r}; möglich sind 'table' (der Tisch bestätigt) "
                "oder 'reporter' (der gefragte Spieler trägt ein).",
                f"Who confirms incidents is {chosen!r}; it is 'table' (the table confirms) or 'reporter' "
                "(the asked player enters them).",
            ),
        )
    return bool(chosen == confirmation.BY_TABLE)


def hands_unknown(setup: Mapping[str, Any] | None) -> bool:
    """RGO-23: whether the deal is left out (``setup["hands"]``: ``"unknown"``; ``"dealt"`` or absent:
    the deal is entered or drawn)."""
    chosen = (setup or {}).get(unknown_hands.SETUP_KEY, unknown_hands.DEALT)
    if chosen not in (unknown_hands.UNKNOWN, unknown_hands.DEALT):
        raise InvalidSetup(
            "RGO-23",
            Text(
                f"Die Handkarten sind {chosen!r}; möglich sind 'dealt' (die Karten werden eingegeben oder "
                "gezogen) oder 'unknown' (erst beim Ausspielen).",
                f"The hands are {chosen!r}; they are 'dealt' (the cards are entered or drawn) or 'unknown' "
                "(only when played).",
            ),
        )
    return bool(chosen == unknown_hands.UNKNOWN)


class Regeln(Game[State]):
    """Das Regeln Wir Schon! for 3 to 5 players (RG-0)."""

    slug = "regeln"
    title = Text("Das Regeln Wir Schon!", "Das Regeln Wir Schon! (We’ll settle this yet!)")
    min_seats = 3
    max_seats = 5
    info = GameInfo(
        hidden_information=True,
        simultaneous_moves=True,
        chance_kinds=(ChanceKind.CARDS,),
        play_modes=(PlayMode.DIGITAL, PlayMode.TABLE),
    )
    options = OPTIONS
    #: "1995.2" (issue 26): RG-R15 and RG-R09 as ruled (speaking/standing chips at once, ties drawn
    #: anew). A match recorded under "1995.1" does not replay under these rules and is refused (M-9).
    rules_version = "1995.2"
    action_types = ACTION_TYPES
    outcome_types = OUTCOME_TYPES

    def start(self, seats: int, options: Options, setup: Mapping[str, Any] | None = None) -> State:
        if not self.min_seats <= seats <= self.max_seats:
            raise InvalidSetup("RG-0", Text("3 bis 5 Spieler", "3 to 5 players"))
        deck = deck_from_setup(setup)
        hand_cards = sum(len(deck.of_type(t)) for t in HAND_TYPES) - 6
        if hand_cards < HAND_SIZE[seats] * seats:
            raise InvalidSetup(
                "RG-1.9",
                Text(
                    f"Die Kartendatei hat zu wenige Handkarten: {hand_cards} statt {HAND_SIZE[seats] * seats}.",
                    f"The card file has too few hand cards: {hand_cards} instead of {HAND_SIZE[seats] * seats}.",
                ),
            )
        chosen = Config(**{key: options[key] for key in options})
        config = replace(chosen, confirm_by_table=table_confirms(setup), unknown_hands=hands_unknown(setup))
        return rules.new_game(config, deck, seats)

    def fast_act(self, state: State, seat: int, action: Any) -> State | None:
        """The short way for the commonest legal steps: a chip taken or paid, and a vote. Taken only
        when every pre-check and rule check is certain to pass; everything else (every refusal
        included) is declined and goes the checked way."""
        kind = action.__class__
        phase = state.phase
        if seat.__class__ is not int or not 0 <= seat < state.seats:
            return None
        if phase == "payment" and (kind is TakeChip or kind is PayChip):
            head = state.queue[0]
            colour = COLOUR_INDEX.get(action.colour) if action.colour.__class__ is str else None
            if head.seat != seat or colour is None:
                return None
            if kind is TakeChip and head.amount > 0 and state.pool[colour] > 0:
                return rules.take_chip(state, seat, colour)
            if kind is PayChip and head.amount < 0 and state.chips[seat][colour] > 0:
                return rules.pay_chip(state, seat, colour)
            return None
        if phase == "vote" and kind is Vote and state.votes[seat] is None:
            tiles = action.tiles
            if tiles.__class__ is int and 1 <= tiles <= state.tiles[seat] and action.yes.__class__ is bool:
                return rules.vote(state, seat, action)
            return None
        # Any other step: one of the seat's legal actions passes every pre-check (the seat is on turn at
        # a decision) and ``check_action``, whose last word is this very membership, so the checked
        # path would apply it unchanged; anything else goes the checked way for its refusal.
        if kind in _ACTION_CLASSES and action in rules.legal_actions(state, seat):
            return rules.apply_action(state, seat, action)
        return None

    def turn(self, state: State) -> Turn:
        return rules.turn(state)

    def legal_actions(self, state: State, seat: int) -> tuple[Action, ...]:
        return rules.legal_actions(state, seat)

    def check_action(self, state: State, seat: int, action: object) -> None:
        checks.check_action(state, seat, action)

    def apply_action(self, state: State, seat: int, action: Any) -> State:
        return rules.apply_action(state, seat, action)

    def check_outcome(self, state: State, node: ChanceNode, outcome: object) -> None:
        if not node.contains(outcome):
            if isinstance(outcome, PlaceOutcome):
                still = ", ".join(f"{o.place}." for o in node.outcomes() if isinstance(o, PlaceOutcome))
                raise ImpossibleOutcome(
                    "RG-5.2",
                    Text(
                        f"Die Platzkarte {outcome.place}. liegt nicht mehr in der Ziehung; "
                        f"gezogen wird {node.label.de} (noch da: {still}).",
                        f"Place card {outcome.place} is no longer in the draw; "
                        f"this is {node.label.en} (still there: {still}).",
                    ),
                )
            what = outcome.card if isinstance(outcome, CardOutcome) else str(outcome)
            raise ImpossibleOutcome(
                "RG-1.7" if state.phase != "ranking" else "RG-5.2",
                Text(
                    f"{what} kann hier nicht gezogen werden: {node.label.de}.",
                    f"{what} cannot be drawn here: {node.label.en}.",
                ),
            )

    def apply_outcome(self, state: State, outcome: Outcome) -> State:
        return rules.apply_outcome(state, outcome)

    def view(self, state: State, seat: int | None) -> viewing.View:
        return viewing.view(state, seat)

    def hide_others(self, state: State, seat: int | None, seed: int) -> State:
        return viewing.hide_others(state, seat, seed)

    def format_action(self, action: Any) -> str:
        return notation.format_action(action)

    def parse_action(self, text: str) -> Action:
        return notation.parse_action(text)

    def format_outcome(self, outcome: Any) -> str:
        return notation.format_outcome(outcome)

    def parse_outcome(self, text: str) -> Outcome:
        return notation.parse_outcome(text)

    def describe_action(self, state: State, action: Any) -> Text:
        return texts.describe_action(action)

    def timeout_action(self, state: State, seat: int) -> Action | None:
        """What a table's deadline submits (ours: RGO-8): a silent voter commits one tile for Nein
        (no abstention exists, RG-R01; the rule stays as it is); a silent predictor writes the first
        choice; an unanswered report says nobody spoke (proposed by the asked player where the table
        confirms, RGO-22, and a silent player confirms a proposal); a silent receiver takes the colour the pool
        holds most of, a silent payer pays the colour he holds most of (first in colour order on
        ties). The active player's own choices (card, tie, cover, next rules) wait for him."""
        if seat not in getattr(self.turn(state), "seats", ()):
            return None
        if state.phase == "vote":
            return Vote(False, 1)
        if state.phase == "predict":
            first: Predict = rules.prediction_choices(state)[0]
            return first
        if state.phase in confirmation.REPORT_PHASES:
            if state.proposal is not None:
                return Confirm()  # RGO-22: silence is consent
            if seat != confirmation.proposing_seat(state):
                return None  # one proposal at a time: the objector's, else the asked player's
            return ReportSpeech(()) if state.phase == "report_speech" else ReportFirstSpeaker(None)
        if state.phase == "payment":
            if state.queue[0].amount > 0:
                return TakeChip(COLOURS[max(range(4), key=lambda c: (state.pool[c], -c))])
            mine = state.chips[seat]
            return PayChip(COLOURS[max(range(4), key=lambda c: (mine[c], -c))])
        return None


#: The engine's own action types (a foreign object never takes the short way).
_ACTION_CLASSES: frozenset[type] = frozenset(ACTION_TYPES)

GAME = Regeln()
