"""The conformance kit: one random-simulation test that every game must pass.

``check_game`` plays random games and checks, at every reached state, the promises of the
protocol: every seat the turn waits for has a legal action; every legal action passes
``check_action`` and round-trips through notation and JSON; actions that are legal elsewhere but
not here are refused with a ``RuleViolation``; acting out of turn, acting while an outcome is
pending and entering an outcome while a decision is pending are refused; probabilities sum to
exactly 1; every view is JSON-ready and does not change when only other seats' secrets change;
folding the recorded steps rebuilds the live state. Failures raise ``AssertionError``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from stammtisch.core.chance import ChanceNode, sample
from stammtisch.core.errors import (
    DecisionPending,
    MatchFinished,
    NotYourTurn,
    OutcomePending,
    RuleViolation,
)
from stammtisch.core.protocol import Chance, Decision, Finished, Game
from stammtisch.core.replay import ActionStep, OutcomeStep, Step, fold, step_from_json, step_to_json

#: Enumerate chance nodes up to this many outcomes when checking that probabilities sum to 1.
MAX_ENUMERATED_OUTCOMES = 5000
#: Check at most this many legal actions per state in detail (notation, JSON, check_action).
MAX_ACTIONS_CHECKED = 40


class UniformSkill:
    """A skill model that weighs every outcome equally: enough to exercise skill games."""

    def probabilities(self, node: ChanceNode) -> Sequence[float]:
        return [1.0] * len(node.outcomes())


@dataclass
class Playout:
    initial: Any
    final: Any
    steps: list[Step]


def random_playout(
    game: Game[Any], initial: Any, rng: random.Random, max_steps: int = 20_000, skill: Any = None
) -> Playout:
    """Play uniformly random legal actions and sampled outcomes until the game finishes."""
    model = skill or UniformSkill()
    state = initial
    steps: list[Step] = []
    for _ in range(max_steps):
        turn = game.turn(state)
        if isinstance(turn, Finished):
            return Playout(initial, state, steps)
        step: Step
        if isinstance(turn, Chance):
            step = OutcomeStep(sample(turn.node, rng, model))
            state = game.resolve(state, step.outcome)
        else:
            seat = rng.choice(turn.seats)
            step = ActionStep(seat, rng.choice(game.legal_actions(state, seat)))
            state = game.act(state, seat, step.action)
        steps.append(step)
    raise AssertionError(f"{game.slug}: a random game did not finish within {max_steps} steps")


def _assert_refused(kind: type[RuleViolation], what: str, call: Any, *args: Any) -> None:
    """``call(*args)`` must raise ``kind`` (any ``RuleViolation`` when ``kind`` is the base)."""
    try:
        call(*args)
    except kind:
        return
    except RuleViolation as error:  # any refusal is acceptable where the precise kind is not
        if kind is RuleViolation:
            return
        raise AssertionError(f"{what}: expected {kind.__name__}, got {type(error).__name__}: {error}") from None
    raise AssertionError(f"{what}: was accepted but must be refused")


def _check_views(game: Game[Any], state: Any, seats: int, seed: int) -> None:
    for seat in (*range(seats), None):
        view = game.view(state, seat)
        json.dumps(view)
        hidden = game.hide_others(state, seat, seed)
        if hidden is not None:
            assert game.view(hidden, seat) == view, (
                f"{game.slug}: view of seat {seat} changed when only other seats' secrets changed"
            )


def _check_decision(
    game: Game[Any], state: Any, turn: Decision, seats: int, pool: dict[str, Any], rng: random.Random
) -> None:
    assert turn.seats, f"{game.slug}: a decision must wait for at least one seat"
    for seat in turn.seats:
        legal = game.legal_actions(state, seat)
        assert legal, f"{game.slug}: seat {seat} is asked to decide but has no legal action"
        assert len(set(map(repr, legal))) == len(legal), f"{game.slug}: duplicate legal actions {legal}"
        for action in (
            legal[:MAX_ACTIONS_CHECKED] if len(legal) <= MAX_ACTIONS_CHECKED else rng.sample(legal, MAX_ACTIONS_CHECKED)
        ):
            game.check_action(state, seat, action)
            text = game.format_action(action)
            assert game.parse_action(text) == action, f"{game.slug}: notation {text!r} does not round-trip"
            data = json.loads(json.dumps(game.action_to_json(action)))
            assert game.action_from_json(data) == action, f"{game.slug}: JSON {data} does not round-trip"
            pool.setdefault(repr(action), action)
        legal_keys = {repr(a) for a in legal}
        others = [a for key, a in pool.items() if key not in legal_keys]
        for action in rng.sample(others, min(len(others), 10)):
            _assert_refused(RuleViolation, f"{game.slug}: illegal {action!r}", game.act, state, seat, action)
    outsiders = [s for s in range(seats) if s not in turn.seats]
    if outsiders:
        seat = rng.choice(outsiders)
        action = game.legal_actions(state, turn.seats[0])[0]
        _assert_refused(NotYourTurn, f"{game.slug}: seat {seat} out of turn", game.act, state, seat, action)


def _check_chance(game: Game[Any], state: Any, turn: Chance, pool: dict[str, Any], rng: random.Random) -> None:
    node = turn.node
    if node.distribution.has_probabilities:
        outcomes = node.outcomes() if _small(node) else ()
        if outcomes:
            total = sum((node.probability(o) or Fraction(0) for o in outcomes), Fraction(0))
            assert total == 1, f"{game.slug}: probabilities at {node.label.en} sum to {total}, not 1"
    if pool:
        action = next(iter(pool.values()))
        _assert_refused(OutcomePending, f"{game.slug}: action while outcome pending", game.act, state, 0, action)


def _small(node: ChanceNode) -> bool:
    try:
        return len(node.outcomes()) <= MAX_ENUMERATED_OUTCOMES
    except (NotImplementedError, OverflowError):
        return False


def check_game(
    game: Game[Any],
    seats: int,
    options: Mapping[str, object] | None = None,
    setup: Mapping[str, Any] | None = None,
    games: int = 10,
    seed: int = 0,
    max_steps: int = 20_000,
) -> list[Playout]:
    """Play ``games`` random games and check the protocol at every state. Returns the playouts."""
    rng = random.Random(seed)
    resolved = game.configure(options)
    playouts = []
    pool: dict[str, Any] = {}
    for index in range(games):
        initial = game.start(seats, resolved, setup)
        state = initial
        steps: list[Step] = []
        for _ in range(max_steps):
            _check_views(game, state, seats, seed + index)
            turn = game.turn(state)
            if isinstance(turn, Finished):
                assert len(turn.result.scores) == seats, f"{game.slug}: result needs one score per seat"
                ranked = sorted(s for group in turn.result.ranking for s in group)
                assert ranked == list(range(seats)), f"{game.slug}: ranking must name every seat once"
                break
            step: Step
            if isinstance(turn, Decision):
                _check_decision(game, state, turn, seats, pool, rng)
                _assert_refused(DecisionPending, f"{game.slug}: outcome at a decision", game.resolve, state, object())
                seat = rng.choice(turn.seats)
                step = ActionStep(seat, rng.choice(game.legal_actions(state, seat)))
            else:
                _check_chance(game, state, turn, pool, rng)
                outcome = sample(turn.node, rng, UniformSkill())
                assert turn.node.contains(outcome), f"{game.slug}: sampled outcome {outcome!r} not possible"
                text = game.format_outcome(outcome)
                assert game.parse_outcome(text) == outcome, (
                    f"{game.slug}: outcome notation {text!r} does not round-trip"
                )
                step = OutcomeStep(outcome)
            data = json.loads(json.dumps(step_to_json(game, step)))
            assert step_from_json(game, data) == step, f"{game.slug}: step JSON {data} does not round-trip"
            state = (
                game.act(state, step.seat, step.action)
                if isinstance(step, ActionStep)
                else game.resolve(state, step.outcome)
            )
            steps.append(step)
        else:
            raise AssertionError(f"{game.slug}: a random game did not finish within {max_steps} steps")
        assert fold(game, initial, steps) == state, f"{game.slug}: replaying the log does not rebuild the live state"
        if pool:
            any_action = next(iter(pool.values()))
            _assert_refused(MatchFinished, f"{game.slug}: move after the end", game.act, state, 0, any_action)
        playouts.append(Playout(initial, state, steps))
    return playouts
