"""The Preisrommé ``Game``: the declared options and the rules, notation and view modules wired to
the protocol, with the short ways (``fast_act``/``fast_resolve``) for the commonest steps."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping
from typing import Any

from stammtisch.core.chance import ChanceNode
from stammtisch.core.errors import ImpossibleOutcome, InvalidOption, InvalidSetup
from stammtisch.core.options import Options
from stammtisch.core.protocol import ChanceKind, Game, GameInfo, PlayMode
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
    FirstKnock,
    Knock,
    Pass,
    State,
    Take,
)
from stammtisch.games.preisromme.options import OPTIONS

#: Phases in which a stock card is the next chance outcome.
_CARD_DUE = frozenset((DEAL, UPCARD, DRAW))


class Preisromme(Game[State]):
    """Preisrommé for 2 to 6 seats (R-1.1: four if possible)."""

    slug = "preisromme"
    title = Text("Preisrommé", "Preisrommé (prize rummy)")
    min_seats = 2
    max_seats = 6
    info = GameInfo(
        hidden_information=True,
        simultaneous_moves=True,
        chance_kinds=(ChanceKind.CARDS,),
        play_modes=(PlayMode.DIGITAL, PlayMode.TABLE, PlayMode.SCORESHEET),
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
            if isinstance(outcome, FirstKnock) or state.phase not in _CARD_DUE:
                raise ImpossibleOutcome(
                    "RA-07",
                    Text(
                        "Hier wird eingetragen, wer von den Klopfenden zuerst geklopft hat "
                        "(nur eine, die geklopft hat, und nur wenn mehrere geklopft haben).",
                        "Enter here which of the knockers knocked first "
                        "(only a player who knocked, and only when several knocked).",
                    ),
                )
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
        for a knocker who has not answered, else ``None``. The next player is never timed out: her
        first right to the card holds "in jedem Fall" (R-4.4), and only she decides to decline it,
        which is what makes her draw from the stock (RA-03 step 1; reading P-24)."""
        if state.phase == WINDOW and seat != state.current and seat in rules.window_seats(state):
            return rules.PASS
        return None


GAME = Preisromme()
