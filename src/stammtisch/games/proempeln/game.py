"""The Prömpeln ``Game``: the declared options (``options.py``) wired to the pure rules, notation,
texts and view modules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.core.options import Options
from stammtisch.core.protocol import ChanceKind, Game, GameInfo, PlayMode
from stammtisch.core.text import Text
from stammtisch.games.proempeln import notation, rules, texts
from stammtisch.games.proempeln.model import Announce, Landing, Record, Replay, Slip, State
from stammtisch.games.proempeln.options import OPTIONS
from stammtisch.games.proempeln.view import view as table_view


class Proempeln(Game[State]):
    """Prömpeln: seven rounds of flicking seven swing-top stoppers; the winner is king."""

    slug = "proempeln"
    title = Text("Prömpeln", "Prömpeln")
    min_seats = 2
    max_seats = 7
    info = GameInfo(
        hidden_information=False,
        simultaneous_moves=False,
        chance_kinds=(ChanceKind.SKILL,),
        play_modes=(PlayMode.DIGITAL, PlayMode.TABLE),
    )
    options = OPTIONS
    rules_version = "1"
    action_types = (Announce, Replay, Record, Slip)
    outcome_types = (Landing,)

    def start(self, seats: int, options: Options, setup: Mapping[str, Any] | None = None) -> State:
        return rules.start(seats, options)

    # The rules' pure functions are the protocol's methods themselves (no wrapper per method).
    turn = staticmethod(rules.turn)
    legal_actions = staticmethod(rules.legal_actions)
    check_action = staticmethod(rules.check_action)
    apply_action = staticmethod(rules.apply_action)
    check_outcome = staticmethod(rules.check_outcome)
    explain_refusal = staticmethod(rules.explain_refusal)
    apply_outcome = staticmethod(rules.apply_outcome)
    view = staticmethod(table_view)
    format_action = staticmethod(notation.format_action)
    parse_action = staticmethod(notation.parse_action)
    format_outcome = staticmethod(notation.format_outcome)
    parse_outcome = staticmethod(notation.parse_outcome)

    def describe_action(self, state: State, action: Any) -> Text:
        return texts.describe_action(action)


GAME = Proempeln()
