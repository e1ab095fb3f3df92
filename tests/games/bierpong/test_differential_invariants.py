"""A differential check of Bier-Pong (issue 26 "Tests"): random games under every option, played
against an independent tally kept by this test from the steps alone (what was thrown, what changed),
compared with the engine after every step:

* Art 9.1 "sobald": a rack with no live cup left once the owed extra cups are taken ends the round
  before any further throw of it;
* BP-R20: the drinks owed (plus those a successful Konter cancelled) equal the units the options say,
  counted from the hits (per hit, an Aufsetzer or a doubled throw two) or the cups they removed, once;
* BP-R09: a Konter's window is the finishing round's throws and hits (or cups removed);
* BP-R11: a call is offered after every hit that makes one possible (unless that hit ended the game).
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Decision, Finished
from stammtisch.core.testing import UniformSkill
from stammtisch.games.bierpong import GAME, streaks
from stammtisch.games.bierpong.model import (
    DeadCupRemoved,
    Hit,
    IllegalSave,
    KnockOver,
    LeftStanding,
    Phase,
    Remove,
    Rerack,
    State,
)
from stammtisch.games.bierpong.rack import DUE, GONE, LIVE
from stammtisch.games.bierpong.skill import SkillTable

from .checksum import CHOICES

OPTIONS = st.fixed_dictionaries({key: st.sampled_from(values) for key, values in CHOICES.items()})


class Tally:
    """What the options say is owed, counted from the steps (never read from the engine's ledger)."""

    def __init__(self) -> None:
        self.units = [0, 0]  # per member of the team whose cups were hit
        self.round_key: tuple[int, int] | None = None
        self.round_throws = 0
        self.round_hits = 0
        self.round_cups = 0

    def new_round(self, state: State) -> None:
        r = state.round
        key = None if r is None else (r.number, r.team)
        if key != self.round_key and r is not None:
            self.round_key, self.round_throws, self.round_hits, self.round_cups = key, 0, 0, 0


def _owed_extras(state: State) -> int:
    """The extra cups the round's standing hits still owe, read afresh from BP-R05: a Bombe (two balls of
    a pair in one cup) two, each bounced ball one, each Island one; plus those being chosen now."""
    r = state.round
    assert r is not None
    owed = sum(rem.count for rem in r.removals)
    cups: dict[int, list[Any]] = {}
    for h in r.pending:
        cups.setdefault(h.cup, []).append(h)
    for hits in cups.values():
        owed += 2 * (len(hits) == 2 and all(h.pair for h in hits)) + sum(h.bounced + h.island for h in hits)
    return owed


def _removed_by_hits(before: State, after: State, team: int) -> int:
    """Cups of ``team`` that went from standing (live or hit) to removed in this step."""
    return sum(1 for b, a in zip(before.cups[team], after.cups[team], strict=True) if b in (LIVE, DUE) and a == GONE)


def _step(state: State, rng: random.Random, model: Any, tally: Tally) -> State:
    turn = GAME.turn(state)
    tally.new_round(state)
    per_cup = state.config.units_per_cup
    if isinstance(turn, Decision):
        seat = rng.choice(turn.seats)
        action = rng.choice(GAME.legal_actions(state, seat))
        after = GAME.act(state, seat, action)
        knocked = isinstance(action, Remove) and state.knock is not None
        if state.phase is Phase.PLAY and state.round is not None and not knocked:
            target = 1 - state.round.team
            gone = _removed_by_hits(state, after, target)
            tally.units[target] += gone if per_cup else 0
            tally.round_cups += gone
        _check_konter_start(state, after, tally)
        return after
    assert isinstance(turn, Chance)
    node = turn.node
    if state.phase is Phase.PLAY and state.round is not None and node.seat is not None:
        r = state.round
        # Art 9.1: no throw at a rack that is already empty (its owed extra cups included).
        assert state.cups[1 - r.team].count(LIVE) > _owed_extras(state), "a throw at an empty rack"
    outcome = sample(node, rng, model)
    after = GAME.resolve(state, outcome)
    seat = node.seat
    if seat is None or isinstance(outcome, (KnockOver, LeftStanding, DeadCupRemoved, Rerack)):
        return after
    konter = state.phase is Phase.KONTER
    target = state.konter.first if konter and state.konter is not None else None
    if target is None and state.round is not None:
        target = 1 - state.round.team
    if target is None or after.players[seat].throws == state.players[seat].throws:
        return after  # a table event (or a throw repeated, BP-R19)
    counted = after.players[seat].hits == state.players[seat].hits + 1
    if not konter:
        tally.round_throws += 1
        tally.round_hits += counted
    if counted and isinstance(outcome, Hit | IllegalSave):
        bounced = isinstance(outcome, Hit) and (outcome.bounce or outcome.roller)
        doubled = not konter and state.round is not None and seat in state.round.doubles
        if konter or not per_cup:
            tally.units[target] += 2 if (bounced or doubled) else 1
        # BP-R11: the call comes right after the hit, unless the hit ended the game.
        if after.phase is not Phase.OVER and streaks.calls(after.players[seat], after.config.double_call):
            pending = after.konter.call if after.konter is not None else after.round.call if after.round else None
            assert pending == seat, f"no call offered to seat {seat} after a streak hit"
    if not konter:
        gone = _removed_by_hits(state, after, target)
        tally.units[target] += gone if per_cup else 0
        tally.round_cups += gone
    _check_konter_start(state, after, tally)
    return after


def _check_konter_start(before: State, after: State, tally: Tally) -> None:
    """BP-R09: the Konter's window is the finishing round's throws and hits (or cups removed)."""
    if before.phase is Phase.PLAY and after.phase is Phase.KONTER:
        k = after.konter
        assert k is not None and k.throws == tally.round_throws
        hits = tally.round_cups if after.config.konter_cups else tally.round_hits
        assert k.need == max(hits, 1)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**6), seats=st.integers(2, 8), options=OPTIONS, uniform=st.booleans())
def test_bp_differential_random_games_keep_the_invariants(
    seed: int, seats: int, options: dict[str, Any], uniform: bool
) -> None:
    rng = random.Random(seed)
    model: Any = UniformSkill() if uniform else SkillTable.of(seats)
    state = GAME.start(seats, GAME.configure(options))
    tally = Tally()
    for _ in range(20_000):
        if isinstance(GAME.turn(state), Finished):
            break
        state = _step(state, rng, model, tally)
    else:
        raise AssertionError("the game did not finish")
    owed, cancelled = state.drinks.owed, state.drinks.cancelled
    assert [owed[0] + cancelled[0], owed[1] + cancelled[1]] == tally.units
