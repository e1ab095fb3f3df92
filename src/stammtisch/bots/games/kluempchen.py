"""Klümpchen bots and the bot-evening loop.

``HeuristicBot`` plays the decisions of the rule text with simple, explainable rules of thumb; it
reads only the public table view (Klümpchen has no secrets) and the legal actions:

* **Keep pair** (K-6.7): keep the pair worth most as a triple, so 1s (10) before 6s, 5s, ... 2s.
* **15 Voll\\*** (S-8.3, KA-11): ``b`` (keep the four) banks its value plus any open points at once;
  ``a`` adds 15 but needs a fresh confirming sequence, which usually (not always) succeeds. Take ``b``
  when its sure value is at least the expected value of ``a``.
* **3rd throw** (K-6.3, KA-03): with nothing countable yet, or points waiting for confirmation, the
  free throw costs nothing: throw. With a countable result the risk throw must raise it or the turn
  scores 0; it pays only when a matching die is more likely than not, so normally stop.
* **Joker** (K-10, KA-15): announce it as player 2 once the partner has put up points, late in the
  round (the round may end before the next turn, and an unused joker goes "ins Grab", K-13), when
  the team is clearly behind, and always on what may be the owner's last turn of the round.
* **Round end** (K-17): play on with the same teams: without a redraw the losing team starts (KA-23).
  A solo player who lost demands a redraw. Closing the evening is left to the Schreiber (the caller).
* **Absent partner** (K-16): stand in, never forfeit; never report oneself away.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, cast

from stammtisch.bots.base import Bot, RandomBot
from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished, Game, Result
from stammtisch.games.kluempchen.model import (
    AnnounceJoker,
    Arrive,
    ChooseVollStar,
    CloseEvening,
    DemandRedraw,
    Forfeit,
    FormTeam,
    Join,
    KeepPair,
    Leave,
    NextRound,
    ReportAway,
    StandIn,
    Stop,
    Throw,
)
from stammtisch.games.kluempchen.view import TurnView, View

TARGET = 150  # K-11.1
#: A team at or above this score may go out with its next joint turn: use the joker now (K-13).
LATE = 95
#: Behind the leading team by this much: gamble the joker on this turn.
BEHIND = 30
#: Rough chance that a fresh sequence ends countable (confirms 15 Voll* option a).
CONFIRM_CHANCE = 0.75
#: Rough value of the clump that confirms a fresh sequence.
CONFIRM_CLUMP = 6


def base(face: int) -> int:
    """S-1: a triple of 1s is worth 10, any other triple its face."""
    return 10 if face == 1 else face


class HeuristicBot:
    """A sensible Klümpchen player (see the module docstring for its rules of thumb)."""

    name = "heuristic"

    def choose(self, view: Mapping[str, Any], legal: tuple[Any, ...], rng: random.Random) -> Any:
        table = cast(View, view)  # the Klümpchen view's declared type (games/kluempchen/view.py)
        first = legal[0]
        if StandIn() in legal:
            return StandIn()
        if isinstance(first, KeepPair):
            return max(legal, key=lambda action: (base(action.face), action.face))
        if isinstance(first, ChooseVollStar):
            return ChooseVollStar(self._voll_star(table))
        if Stop() in legal:
            return Throw() if self._third_throw(table) else Stop()
        if AnnounceJoker() in legal:
            return AnnounceJoker() if self._joker(table) else Throw()
        if NextRound() in legal:
            wants_redraw = DemandRedraw() in legal and self._lost_as_solo(table)
            return DemandRedraw() if wants_redraw else NextRound()
        if isinstance(first, FormTeam):
            return first
        # Who sits at the table (E-22, E-26) is a fact of the evening, not a bot's move.
        playable = tuple(
            a for a in legal if not isinstance(a, CloseEvening | Forfeit | ReportAway | Arrive | Leave | Join)
        )
        return (playable or legal)[rng.randrange(len(playable or legal))]

    # --- the decisions ------------------------------------------------------------------------
    @staticmethod
    def _turn(view: View) -> TurnView:
        turn = view["turn"]
        assert turn is not None, "a turn decision without a turn in the view"
        return turn

    @staticmethod
    def _voll_star(view: View) -> Literal["a", "b"]:
        turn = HeuristicBot._turn(view)
        faces = turn["choice"]
        four = max(set(faces), key=faces.count)
        pending = turn["pending"]
        sure_b = pending + base(four) * 2  # S-2: four equal dice are worth twice the triple
        expected_a = CONFIRM_CHANCE * (pending + 15 + CONFIRM_CLUMP)
        return "b" if sure_b >= expected_a else "a"

    @staticmethod
    def _third_throw(view: View) -> bool:
        turn = HeuristicBot._turn(view)
        if turn["awaiting_confirmation"] or turn["value"] == 0:
            return True  # KA-37: stopping now scores 0 anyway
        if turn["free"] == 0:
            return False
        # The throw must raise the value (KA-03): it does when a free die matches the clump.
        improve = 1 - (5 / 6) ** turn["free"]
        return improve > 0.5

    @staticmethod
    def _joker(view: View) -> bool:
        turn = HeuristicBot._turn(view)
        teams = view["teams"]
        on_turn = view["on_turn"]
        assert on_turn is not None
        mine = teams[on_turn["team"]]
        active = [team for team in teams if not team["out"]]
        leader = max(team["score"] for team in active)
        others = [team["score"] for team in active if team is not mine]
        late = mine["score"] >= LATE or (len(active) == 2 and max(others, default=0) >= LATE)
        behind = leader - mine["score"] >= BEHIND
        if late or behind:
            return True
        provisional = view["provisional"]
        return turn["role"] == 2 and provisional is not None and provisional["points"] > 0

    @staticmethod
    def _lost_as_solo(view: View) -> bool:
        rounds = view["rounds"]
        if not rounds:
            return False
        last = rounds[-1]
        loser = last["teams"][last["loser"]]
        return loser[0] == loser[-1]


BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "heuristic": HeuristicBot}


# --- bot evenings -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Evening:
    """A finished bot evening: the result, the public view at the end of every round, and counts."""

    result: Result
    round_views: tuple[Mapping[str, Any], ...]
    actions: int
    outcomes: int


def play_evening(
    game: Game[Any],
    state: Any,
    bots: Sequence[Bot],
    rng: random.Random,
    rounds: int = 1,
    teams: Sequence[Sequence[int]] | None = None,
    max_steps: int = 1_000_000,
) -> Evening:
    """Bots play ``rounds`` rounds, then the Schreiber closes the evening.

    At a round end the bots of the seats entitled to a redraw (the losers, the solo) decide between a
    redraw and the next round, one entitled party after the other (K-17); closing is never theirs to
    choose. The public view at each round end is kept once. With ``teams`` (and
    ``team_draw=manual``) a redraw re-forms the same teams, so bot kinds stay paired.
    """
    actions = outcomes = 0
    views: list[Mapping[str, Any]] = []
    action: Any
    for _ in range(max_steps):
        turn = game.turn(state)
        if isinstance(turn, Finished):
            return Evening(turn.result, tuple(views), actions, outcomes)
        if isinstance(turn, Chance):
            state = game.resolve(state, sample(turn.node, rng))
            outcomes += 1
            continue
        view = game.view(state, None)
        phase = view["phase"]
        if phase == "round_over":
            if len(views) < len(view["rounds"]):
                views.append(view)
            if len(view["rounds"]) >= rounds:
                seat, action = 0, CloseEvening()
            else:
                seat = turn.seats[0]  # an entitled seat still to choose comes first (K-17)
                # Closing and who arrives, sits down new or leaves (E-22, E-26) are the Schreiber's, never a
                # bot's choice.
                legal = tuple(
                    a
                    for a in game.legal_actions(state, seat)
                    if not isinstance(a, CloseEvening | Arrive | Leave | Join)
                )
                action = bots[seat].choose(game.view(state, seat), legal, rng)
        elif phase == "manual_draw" and teams is not None:
            formed = len(view["draw"]["teams"])
            seat, action = 0, FormTeam(teams[formed][0], teams[formed][-1])
        else:
            seat = turn.seats[0]
            legal = game.legal_actions(state, seat)
            # dict(): the bot protocol (bots/base.py) still takes a dict; views are typed Mappings now.
            action = bots[seat].choose(game.view(state, seat), legal, rng)
            if action not in legal:
                raise AssertionError(f"{type(bots[seat]).__name__} chose {action!r}, not one of {legal!r}")
        state = game.act(state, seat, action)
        actions += 1
    raise RuntimeError(f"{game.slug}: the evening did not finish within {max_steps} steps")


def start_evening(
    game: Game[Any], seats: int, options: dict[str, object] | None = None, fixed_teams: bool = False
) -> tuple[Any, tuple[tuple[int, ...], ...] | None]:
    """A digital evening for ``seats`` players; with ``fixed_teams`` seats 0+1, 2+3, ... play together
    (the last seat solo when the count is odd) instead of the team draw."""
    given: dict[str, object] = {"mode": "digital", **(options or {})}
    if not fixed_teams:
        return game.start(seats, game.configure(given)), None
    # With an odd count the last seat is left alone: the solo player (K-1.2).
    teams = tuple(tuple(range(seat, min(seat + 2, seats))) for seat in range(0, seats, 2))
    given["team_draw"] = "manual"
    setup = {"teams": [list(team) for team in teams]}
    return game.start(seats, game.configure(given), setup), teams
