"""Preisrommé (rules/preisromme.md, rulings/preisromme.md): rummy with hidden hands and knocking,
played as a pass of eight games per table, with penalty points for the cards left in hand.

A walkthrough (three players, short hands so that it fits here):

>>> from stammtisch.games.preisromme import GAME
>>> state = GAME.start(3, GAME.configure({"cards_per_player": 5, "games_per_pass": 1}))
>>> GAME.turn(state).node.label.en
'card dealt to seat 2'
>>> deal = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AS 2S 3S".split()
>>> for code in deal:
...     state = GAME.resolve(state, GAME.parse_outcome(code))
>>> GAME.view(state, 1)["hand"]
['2C', '5C', '8C', 'JC', 'AS']
>>> state = GAME.resolve(state, GAME.parse_outcome("7H"))   # the dealer turns up 7H
>>> GAME.turn(state)                                          # a knock window for seats 2 and 3
Decision(seats=(1, 2))
>>> state = GAME.act(state, 2, GAME.parse_action("knock"))
>>> GAME.view(state, 1)["window"]["answered"]                 # seat 2 sees that seat 3 answered, not how
[None, False, True]
>>> state = GAME.act(state, 1, GAME.parse_action("pass"))
>>> GAME.view(state, 1)["last_window"]                        # revealed: seat 3 knocked and got it
{'card': '7H', 'taken_by': 2, 'claimed': [2]}
>>> GAME.turn(state).node.label.en                            # ... plus one stock card (R-5.1)
'stock card for seat 3'
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping
from typing import Any

from stammtisch.core.chance import ChanceNode
from stammtisch.core.errors import ImpossibleOutcome, InvalidOption, InvalidSetup
from stammtisch.core.options import Option, Options
from stammtisch.core.protocol import Game, GameInfo
from stammtisch.core.text import Text
from stammtisch.games.preisromme import notation, rules
from stammtisch.games.preisromme import view as viewing
from stammtisch.games.preisromme.cards import CARD
from stammtisch.games.preisromme.model import (
    ACTION_TYPES,
    CLAIMED,
    DEAL,
    DRAW,
    OUTCOME_TYPES,
    PASSED,
    PLAY,
    UNANSWERED,
    UPCARD,
    WINDOW,
    CardOutcome,
    Config,
    Discard,
    Knock,
    Pass,
    State,
    Take,
)

#: Phases in which a stock card is the next chance outcome.
_CARD_DUE = frozenset((DEAL, UPCARD, DRAW))

OPTIONS = (
    Option(
        "mode",
        "digital",
        "RA-28",
        Text(
            "digital/table: jede Karte als Zufallsereignis; scoresheet: nur die Ergebnisse je Spiel",
            "digital/table: every card is a chance event; scoresheet: only each game's result",
        ),
        choices=("digital", "table", "scoresheet"),
    ),
    Option("jokers", 6, "RA-01", Text("Anzahl Joker (2 Pakete)", "number of jokers (two packs)"), minimum=2, maximum=6),
    Option("cards_per_player", 13, "R-3.2", Text("Karten je Spielerin", "cards per player"), minimum=5, maximum=15),
    Option("games_per_pass", 8, "R-1.2", Text("Spiele je Durchgang", "games per pass"), minimum=1, maximum=16),
    Option(
        "opening_min_points",
        40,
        "RA-09",
        Text("Punkte für das erste Auslegen", "points needed for the first laying"),
        minimum=0,
        maximum=100,
    ),
    Option(
        "set_joker_adjacency",
        "canonical_suit_order",
        "RA-17",
        Text("Joker nebeneinander im Satz", "jokers side by side in a set"),
        choices=("canonical_suit_order", "runs_only"),
    ),
    Option("swap_own_jokers", False, "RA-15", Text("eigene Joker tauschen", "swap one's own jokers")),
    Option(
        "dealer_may_claim_upcard",
        False,
        "RA-05",
        Text("Geberin darf die aufgedeckte Karte klopfen", "the dealer may knock for the up-card"),
    ),
    Option(
        "false_meld_locks_turn",
        True,
        "RA-19",
        Text("falsches Auslegen sperrt den Zug", "a false laying locks the turn"),
    ),
    Option(
        "romme_hand_layoffs",
        "allowed",
        "RA-22",
        Text("Anlegen bei der Rommé-Hand", "laying off in a Rommé-Hand"),
        choices=("allowed", "forbidden"),
    ),
    Option(
        "scoring",
        "penalty_points",
        "RA-23",
        Text("Wertung", "scoring"),
        choices=("penalty_points", "winner_collects"),
    ),
    Option(
        "stock_exhaustion",
        "reshuffle_discards_except_top",
        "RA-25",
        Text("leerer Stapel", "empty stock"),
        choices=("reshuffle_discards_except_top", "end_game_count_all"),
    ),
    Option(
        "decks",
        2,
        "RA-01",
        Text("Anzahl Kartenpakete zu 52 Karten (mindestens zwei)", "number of 52-card packs (at least two)"),
        minimum=2,
        maximum=3,
    ),
    Option(
        "ace_in_set_points",
        10,
        "RA-11",
        Text(
            "Punkte eines Asses im Satz beim ersten Auslegen: 10 (Beispiel R-6.3) oder 1 (R-6.5 ohne König)",
            "points of an ace in a set for the first laying: 10 (example R-6.3) or 1 (R-6.5 without the king)",
        ),
        minimum=1,
        maximum=10,
    ),
    Option(
        "allow_wraparound",
        False,
        "RA-11",
        Text(
            "Reihe um die Ecke (Dame-König-As-Zwei); ein As neben dem König zählt 10",
            "runs round the corner (Q-K-A-2); an ace next to the king counts 10",
        ),
    ),
    Option(
        "ace_both_ends",
        False,
        "RA-11",
        Text(
            "As an beiden Enden einer Reihe (As bis As, 14 Karten)",
            "an ace at both ends of a run (A to A, 14 cards)",
        ),
    ),
    Option(
        "opening_figures",
        "single",
        "RA-09",
        Text(
            "erstes Auslegen: eine Figur mit 40 Punkten (single) oder mehrere Figuren zusammen (multiple)",
            "first laying: one figure worth 40 (single) or several figures together (multiple)",
        ),
        choices=("single", "multiple"),
    ),
    Option(
        "swapped_joker_must_be_used_same_turn",
        False,
        "RA-15",
        Text(
            "ein eingetauschter Joker muss im selben Zug ausgelegt werden",
            "a swapped joker must be laid in the same turn",
        ),
    ),
)


class Preisromme(Game[State]):
    """Preisrommé for 2 to 6 seats (R-1.1: four if possible)."""

    slug = "preisromme"
    title = Text("Preisrommé", "Preisrommé (prize rummy)")
    min_seats = 2
    max_seats = 6
    info = GameInfo(
        hidden_information=True,
        simultaneous_moves=True,
        chance_kinds=("cards",),
        play_modes=("digital", "table", "scoresheet"),
    )
    options = OPTIONS
    rules_version = "1987.1"
    action_types = ACTION_TYPES
    outcome_types = OUTCOME_TYPES

    def start(self, seats: int, options: Options, setup: Mapping[str, Any] | None = None) -> State:
        if not self.min_seats <= seats <= self.max_seats:
            raise InvalidSetup("R-1.1", Text("2 bis 6 Spielerinnen je Tisch", "2 to 6 players per table"))
        config = Config(**{key: options[key] for key in options})
        if config.ace_in_set_points not in (1, 10):
            raise InvalidOption(
                "RA-11",
                Text(
                    f"Hausregel ace_in_set_points = {config.ace_in_set_points} ist ungültig: erlaubt 10 oder 1",
                    f"house rule ace_in_set_points = {config.ace_in_set_points} is invalid: allowed 10 or 1",
                ),
            )
        return rules.new_game(config, seats, 0)

    def fast_act(self, state: State, seat: int, action: Any) -> State | None:
        """The short way for the two commonest legal steps: an answer in the knock window and a
        discard. Taken only when the generic pre-checks and the rules' checks are certain to pass (a
        window seat that has not answered; a held card with nothing owed); everything else, every
        refusal included, is declined (``None``) and goes the checked way, so the order of the checks
        and the errors are unchanged (tests/games/preisromme/test_fast_paths.py)."""
        kind = action.__class__
        phase = state.phase
        if phase == WINDOW:
            if (kind is Pass or kind is Knock or kind is Take) and seat.__class__ is int and 0 <= seat < state.seats:
                if state.claims[seat] == UNANSWERED and (kind is Pass or (kind is Take) == (seat == state.current)):
                    return rules.answer(state, seat, PASSED if kind is Pass else CLAIMED)
        elif phase == PLAY and kind is Discard and seat == state.current and seat.__class__ is int:
            card = CARD.get(action.card) if action.card.__class__ is str else None
            if card is not None and not state.provisional and not state.owed_jokers and card in state.hands[seat]:
                return rules.discard(state, seat, card)
        return None

    def fast_resolve(self, state: State, outcome: Any) -> State | None:
        """The short way for a card that is in the stock while a card is due (dealing, the up-card,
        a draw); anything else is declined and goes the checked way."""
        if state.phase in _CARD_DUE and outcome.__class__ is CardOutcome and outcome.card.__class__ is str:
            card = CARD.get(outcome.card)
            stock = state.stock
            if card is not None:
                at = bisect_left(stock, card)
                if at < len(stock) and stock[at] == card:
                    return rules.take_from_stock(state, card, at)
        return None

    # The rules' pure functions are the protocol's methods themselves (no wrapper per method, and on
    # the hot path one call frame less per step).
    turn = staticmethod(rules.turn)
    legal_actions = staticmethod(rules.legal_actions)
    check_action = staticmethod(rules.check_action)
    apply_action = staticmethod(rules.apply_action)

    def check_outcome(self, state: State, node: ChanceNode, outcome: object) -> None:
        if not node.contains(outcome):
            card = outcome.card if isinstance(outcome, CardOutcome) else str(outcome)
            raise ImpossibleOutcome(
                "RA-01",
                Text(f"{card} kann jetzt nicht vom Stapel kommen.", f"{card} cannot come from the stock now."),
            )

    apply_outcome = staticmethod(rules.apply_outcome)
    view = staticmethod(viewing.view)
    hide_others = staticmethod(viewing.hide_others)
    format_action = staticmethod(notation.format_action)
    parse_action = staticmethod(notation.parse_action)
    format_outcome = staticmethod(notation.format_outcome)
    parse_outcome = staticmethod(notation.parse_outcome)

    def describe_action(self, state: State, action: Any) -> Text:
        return notation.describe_action(action)

    def timeout_action(self, state: State, seat: int) -> Pass | None:
        """What a knock window's timer submits for ``seat`` (the match layer owns the clock): ``pass``
        while the seat has not answered, else ``None``."""
        if state.phase == WINDOW and seat in rules.window_seats(state):
            return rules.PASS
        return None


GAME = Preisromme()
