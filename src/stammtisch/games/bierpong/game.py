"""The Bierpong ``Game``: the declared options (``options.py``) wired to the pure rules, checks,
notation, texts and view modules."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from stammtisch.core.options import Options
from stammtisch.core.protocol import Chance, ChanceKind, Game, GameInfo, PlayMode
from stammtisch.core.text import Text
from stammtisch.games.bierpong import checks, flow, notation, outcome_words, rules, texts, throws
from stammtisch.games.bierpong.model import (
    ACTION_TYPES,
    OUTCOME_TYPES,
    Config,
    Hit,
    Leave,
    Miss,
    NoCall,
    Pair,
    Phase,
    Remove,
    Shoot,
    State,
)
from stammtisch.games.bierpong.options import OPTIONS, config_from
from stammtisch.games.bierpong.view import view as table_view


@lru_cache(maxsize=64)
def _config(options: Options) -> Config:
    """The rules' ``Config`` of resolved options (immutable and hashable): made once per set of options."""
    return config_from(options)


class Bierpong(Game[State]):
    """Team beer pong under the club's house rules (docs/rules/bierpong.md, docs/rules/rulings/bierpong.md)."""

    slug = "bierpong"
    title = texts.TITLE
    min_seats = 2
    max_seats = 8
    info = GameInfo(
        hidden_information=False,
        simultaneous_moves=False,
        chance_kinds=(ChanceKind.SKILL,),
        play_modes=(PlayMode.DIGITAL, PlayMode.TABLE),
    )
    options = OPTIONS
    #: "2" (issue 26): the pair order is a choice, calls on every streak hit, the rack empty at once. A
    #: match recorded under "1" does not replay under these rules and is refused in words (M-9).
    rules_version = "2"
    action_types = ACTION_TYPES
    outcome_types = OUTCOME_TYPES

    def start(self, seats: int, options: Options, setup: Mapping[str, Any] | None = None) -> State:
        config = _config(options) if isinstance(options, Options) else config_from(options)
        return rules.start(seats, config, setup)

    # The rules' pure functions are the protocol's methods themselves (no wrapper per method).
    turn = staticmethod(rules.turn)
    legal_actions = staticmethod(rules.legal_actions)
    check_action = staticmethod(checks.check_action)
    apply_action = staticmethod(rules.apply_action)
    check_outcome = staticmethod(checks.check_outcome)
    apply_outcome = staticmethod(rules.apply_outcome)
    view = staticmethod(table_view)
    format_action = staticmethod(notation.format_action)
    parse_action = staticmethod(notation.parse_action)
    format_outcome = staticmethod(notation.format_outcome)
    parse_outcome = staticmethod(notation.parse_outcome)

    def fast_act(self, state: State, seat: int, action: Any) -> State | None:
        """A decision among the seat's legal actions (memoised for the state just asked about) is
        applied without the generic pre-checks: exactly the steps ``checked_act`` accepts (it is this
        seat's decision and the action is listed), with the same state; anything else declines."""
        if action in rules.legal_actions(state, seat):
            return rules.apply_action(state, seat, action)
        return None

    def fast_resolve(self, state: State, outcome: Any) -> State | None:
        """The commonest step, a throw (hit or miss) at a throw node, without the generic pre-checks:
        taken only when ``turn`` (memoised) is that throw and its node lists the outcome, i.e. exactly
        when the checked path would accept it; the state is the checked path's
        (tests/games/bierpong/test_fast_paths.py). The first ball of a pair leaves nothing for
        ``flow.advance`` to do unless it emptied the rack."""
        kind = type(outcome)
        if (kind is not Miss and kind is not Hit) or state.phase is not Phase.PLAY:
            return None
        t = rules.turn(state)
        if type(t) is not Chance or not t.node.distribution.contains(outcome):
            return None
        closed = throws.closing_throw(state, outcome)
        if closed is not None:
            return closed
        thrown = throws.throw(state, outcome)
        r = thrown.round
        if (
            r is not None
            and r.fire is None
            and r.pair_kind != "done"
            and len(r.pair_throws) == 1
            and thrown.phase is Phase.PLAY
            and not flow.emptied(thrown.cups[1 - r.team], r)
        ):
            return thrown  # mid-pair: nothing is removed, nothing else is due (BP-R08)
        return flow.advance(thrown)

    def describe_action(self, state: State, action: Any) -> Any:
        return texts.describe_action(action)

    def describe_outcome(self, outcome: Any) -> Text:
        return outcome_words.describe_outcome(outcome)

    def timeout_action(self, state: State, seat: int) -> Any | None:
        """What silence means: BP-R03 an owner who does not choose gets adjacent cups in ascending
        order (the first legal ``Remove``; likewise the knocked cup); no call made (``no-call``, Art
        21.3 lets it be made at the next hit); no Island called (``throw``); the ball not fetched
        (``leave``); a team of two throws in the order of its last round (``likely_pair``). The duel
        choices and a pair of three or more players have no default."""
        legal = rules.legal_actions(state, seat)
        for action in legal:
            if isinstance(action, Remove | NoCall | Shoot | Leave):
                return action
        if legal and isinstance(legal[0], Pair) and len(state.teams[rules.team_of(state, seat)]) == 2:
            return rules.likely_pair(state, legal)
        return None


GAME = Bierpong()
