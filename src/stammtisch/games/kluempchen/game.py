"""Klümpchen as a core ``Game``: the decision points of rulings A.3 mapped onto the protocol.

* D1 pre-turn: the owner announces the joker (``joker``), throws (``throw``) or is reported absent
  (``away``, entered for his seat; a deadline's timeout says the same). Only then his partner may stand
  in (``standin``) or declare the turn lost (``absent``), K-16/KA-34; the owner, back, may still throw.
* Chance: every counted throw is a ``DiceRoll(free dice)`` with ``seat`` = the thrower. Throws 1 and 2
  of a sequence follow without a decision (K-6.2). Table mode also accepts ``turm``, ``cocked`` and
  ``foul <kind>`` here (K-4, K-7, K-9).
* D2 after a six-dice throw: ``keep <face>`` for 2-2-1-1 (K-6.7), ``voll a|b`` for 4-2 (S-8.3).
* D3 after throw 2 of a sequence: ``throw`` (free/risk throw) or ``stop`` (KA-03, KA-37).
* D5 after a round: the losing team and a solo player choose ``redraw`` or ``next`` (K-17); any seat
  may ``close`` the evening (the Schreiber's act).
* Team draw: one ``DiceRoll(1)`` per seat (K-2) or ``team A B`` entries (team_draw = manual).
* Scoresheet mode: the seat on turn gets ``score N [joker] [strassen K] [by SEAT]`` or ``six [by SEAT]``
  instead of throws (``by``: the partner threw for the absent owner, K-16).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.core.chance import DiceOutcome
from stammtisch.core.errors import RuleViolation
from stammtisch.core.options import Options
from stammtisch.core.protocol import ChanceKind, Game, GameInfo, PlayMode
from stammtisch.core.text import Text
from stammtisch.games.kluempchen import checks, notation, rules
from stammtisch.games.kluempchen import setup as setting_up
from stammtisch.games.kluempchen import view as viewing
from stammtisch.games.kluempchen.model import ACTION_TYPES, INCIDENT_TYPES, State
from stammtisch.games.kluempchen.options import OPTIONS, config_from


class Kluempchen(Game[State]):
    """The Erfurt dice game Klümpchen (rules/kluempchen.txt, rulings/kluempchen.md)."""

    slug = "kluempchen"
    title = Text("Klümpchen (Erfurter Würfelspiel)", "Klümpchen (Erfurt dice game)")
    min_seats = 4
    max_seats = 16
    info = GameInfo(
        hidden_information=False,
        simultaneous_moves=False,
        chance_kinds=(ChanceKind.DICE,),
        play_modes=(PlayMode.DIGITAL, PlayMode.TABLE, PlayMode.SCORESHEET),
    )
    options = OPTIONS
    #: "2" (issue 9): K-16 an owner is reported away before a stand-in, scoresheet entries name the
    #: thrower, K-17 only the entitled seats choose redraw/next, KA-20 confirmed Straßen, KA-29 pay-outs.
    #: A version-1 log may hold steps these rules refuse (a stand-in before the owner was reported
    #: away, a winner's "next"), so it is not declared compatible: such matches are refused, not replayed.
    rules_version = "2"
    action_types = ACTION_TYPES
    outcome_types = (DiceOutcome, *INCIDENT_TYPES)

    def start(self, seats: int, options: Options, setup: Mapping[str, Any] | None = None) -> State:
        return setting_up.start(seats, config_from(options), setup)

    # The rules' pure functions are the protocol's methods themselves (no wrapper per method, and on
    # the hot path one call frame less per step).
    turn = staticmethod(rules.turn)
    legal_actions = staticmethod(rules.legal_actions)
    check_action = staticmethod(checks.check_action)
    apply_action = staticmethod(rules.apply_action)
    check_outcome = staticmethod(checks.check_outcome)
    apply_outcome = staticmethod(rules.apply_outcome)
    view = staticmethod(viewing.view)
    describe_action = staticmethod(viewing.describe_action)
    timeout_action = staticmethod(rules.timeout_action)
    format_action = staticmethod(notation.format_action)

    def seat_count(self, state: State, started: int) -> int:
        """E-26: someone nobody expected may sit down between rounds, so the evening's seats can grow."""
        return state.seats

    def explain_refusal(self, state: State, seat: int | None, step: Any, refusal: RuleViolation) -> RuleViolation:
        """The framework's pre-checks refused ``step``: name the Klümpchen clause it breaks (K-6.2 a
        throw after the turn ended, K-11.1 a team that is out, K-16.1 a stand-in while the owner is
        present, K-6.6 a pair while the dice are due; checks.py)."""
        explained = checks.explain_refusal(state, seat, step)
        return refusal if explained is None else explained

    parse_action = staticmethod(notation.parse_action)
    format_outcome = staticmethod(notation.format_outcome)
    parse_outcome = staticmethod(notation.parse_outcome)


GAME = Kluempchen()
