"""The conformance kit: one random-simulation check that every game must pass.

``check_game`` plays random games and checks, at every reached state (or at a sample of them, see
``detail``), the promises of the protocol:

* random playouts finish within ``max_steps``; a finished game scores and ranks every seat once;
* legal actions come in a canonical order: asking twice (and asking the replayed state) gives the
  same tuple, without duplicates; every seat the turn waits for has one;
* ``check_action`` agrees with ``legal_actions``: every legal action passes it and applies, actions
  legal elsewhere but not here are refused by it and by ``act`` with a ``RuleViolation``;
* acting out of turn, acting while an outcome is pending, entering an outcome while a decision is
  pending, entering an outcome the node cannot produce and moving after the end are refused;
* chance: outcomes are listed once each; where the node has probabilities they are exact
  (``Fraction``) and sum to exactly 1; skill nodes have none and are sampled with ``UniformSkill``;
* notation and JSON round-trip every checked action and every sampled outcome and step;
* the fast path agrees with the checked path: for every probe ``act`` and ``checked_act`` (and
  ``resolve`` and ``checked_resolve``) give an equal state or the same refusal (class, code, clause);
* refusals (and trying legal actions) leave the state unchanged: its value equals a deep copy
  taken before the probes;
* views are JSON-ready and leak nothing: for games with hidden information ``hide_others`` re-deals
  what a seat cannot see and that seat's view stays (``Playout.redealt`` says whether it ever changed
  anything, so a caller can require that the secrets were really re-dealt);
* folding the recorded steps, also after a JSON round-trip of the whole log, rebuilds the live state.

Failures raise ``AssertionError`` naming the game and the check.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Mapping, Sequence
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
#: Check at most this many legal actions per state in detail (notation, JSON, check_action, fast path).
MAX_ACTIONS_CHECKED = 40
#: Check at most this many actions legal elsewhere but not here per state and seat.
MAX_ILLEGAL_CHECKED = 10
#: With ``detail`` below 1, the first states of every game are still all checked in detail.
ALWAYS_CHECKED = 40


class UniformSkill:
    """A skill model that weighs every outcome equally: enough to exercise skill games."""

    def probabilities(self, node: ChanceNode) -> Sequence[float]:
        return [1.0] * len(node.outcomes())


@dataclass
class Playout:
    """One random game: where it started, where it ended, the steps between. ``redealt``: whether
    ``hide_others`` changed anything at a checked state (a game with hidden information whose
    secrets are in play must re-deal them; the suite asserts it under the default rules)."""

    initial: Any
    final: Any
    steps: list[Step]
    redealt: bool = False


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


# --- the fast path against the checked path ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Refusal:
    """How a step was refused: the exception class, its ``code`` and the clause it cites."""

    kind: type[RuleViolation]
    code: str
    clause: str

    def __str__(self) -> str:
        return f"{self.kind.__name__} [{self.code}] {self.clause}"


def _outcome_of(call: Callable[..., Any], *args: Any) -> tuple[Any, Refusal | None]:
    """The state ``call(*args)`` returns, or the refusal it raises."""
    try:
        return call(*args), None
    except RuleViolation as error:
        return None, Refusal(type(error), error.code, error.clause)


def same_way(game: Game[Any], what: str, fast: Callable[..., Any], checked: Callable[..., Any], *args: Any) -> Any:
    """Run the framework's entry point (``fast``: ``act``/``resolve``, which may take the game's fast
    path) and the checked path on the same arguments: both must give an equal state, or the same
    refusal. Returns the state, or the ``Refusal`` when both refused."""
    state, refusal = _outcome_of(fast, *args)
    checked_state, checked_refusal = _outcome_of(checked, *args)
    assert refusal == checked_refusal, (
        f"{game.slug}: {what}: the fast path gives {_describe(state, refusal)}, "
        f"the checked path {_describe(checked_state, checked_refusal)}"
    )
    if refusal is None:
        assert state == checked_state, f"{game.slug}: {what}: the fast path and the checked path give different states"
        return state
    return refusal


def _describe(state: Any, refusal: Refusal | None) -> str:
    return "a new state" if refusal is None else str(refusal)


def _assert_refused(
    game: Game[Any],
    kind: type[RuleViolation],
    what: str,
    fast: Callable[..., Any],
    checked: Callable[..., Any],
    *args: Any,
) -> None:
    """Both paths must refuse ``args`` the same way, with ``kind`` (any refusal when ``kind`` is the base)."""
    result = same_way(game, what, fast, checked, *args)
    assert isinstance(result, Refusal), f"{game.slug}: {what}: was accepted but must be refused"
    assert issubclass(result.kind, kind), f"{game.slug}: {what}: expected {kind.__name__}, got {result}"


# --- the checks at one state -------------------------------------------------------------------------


@dataclass
class _Pools:
    """Actions and outcomes seen anywhere so far (keyed by repr): the source of out-of-place probes."""

    actions: dict[str, Any]
    outcomes: dict[str, Any]


def _check_views(game: Game[Any], state: Any, seats: int, seed: int) -> bool:
    """Views are JSON-ready and do not change when only other seats' secrets change; nor do the
    choices of a seat on turn (what it may do depends only on what it may see). Whether
    ``hide_others`` changed anything at this state."""
    changed = False
    turn = game.turn(state)
    deciding = turn.seats if isinstance(turn, Decision) else ()
    for seat in (*range(seats), None):
        view = game.view(state, seat)
        json.dumps(view)
        hidden = game.hide_others(state, seat, seed)
        if hidden is not None:
            changed = changed or hidden != state
            assert game.view(hidden, seat) == view, (
                f"{game.slug}: view of seat {seat} changed when only other seats' secrets changed"
            )
            if seat in deciding:
                assert game.turn(hidden) == turn, (
                    f"{game.slug}: whose turn it is changed when only other seats' secrets changed"
                )
                assert game.legal_actions(hidden, seat) == game.legal_actions(state, seat), (
                    f"{game.slug}: the legal actions of seat {seat} changed when only other seats' secrets changed"
                )
    return changed


def _distinct(items: Sequence[Any]) -> bool:
    try:
        return len(set(items)) == len(items)
    except TypeError:  # unhashable values: compare their text
        return len(set(map(repr, items))) == len(items)


def _check_legal(game: Game[Any], state: Any, seat: int, pools: _Pools, rng: random.Random) -> tuple[Any, ...]:
    legal = game.legal_actions(state, seat)
    assert legal, f"{game.slug}: seat {seat} is asked to decide but has no legal action"
    assert game.legal_actions(state, seat) == legal, f"{game.slug}: legal actions of seat {seat} are not stable"
    assert _distinct(legal), f"{game.slug}: duplicate legal actions {legal}"
    chosen = legal if len(legal) <= MAX_ACTIONS_CHECKED else rng.sample(legal, MAX_ACTIONS_CHECKED)
    for action in chosen:
        game.check_action(state, seat, action)
        text = game.format_action(action)
        assert game.parse_action(text) == action, f"{game.slug}: notation {text!r} does not round-trip"
        data = json.loads(json.dumps(game.action_to_json(action)))
        assert game.action_from_json(data) == action, f"{game.slug}: JSON {data} does not round-trip"
        same_way(game, f"legal {text!r} by seat {seat}", game.act, game.checked_act, state, seat, action)
        pools.actions.setdefault(repr(action), action)
    return legal


def _check_decision(game: Game[Any], state: Any, turn: Decision, seats: int, pools: _Pools, rng: random.Random) -> None:
    assert turn.seats, f"{game.slug}: a decision must wait for at least one seat"
    assert _distinct(turn.seats) and all(0 <= s < seats for s in turn.seats), f"{game.slug}: bad seats {turn.seats}"
    for seat in turn.seats:
        legal = _check_legal(game, state, seat, pools, rng)
        legal_keys = {repr(a) for a in legal}
        others = [a for key, a in pools.actions.items() if key not in legal_keys]
        for action in rng.sample(others, min(len(others), MAX_ILLEGAL_CHECKED)):
            what = f"illegal {action!r} by seat {seat}"
            try:
                game.check_action(state, seat, action)
            except RuleViolation:
                pass
            else:
                raise AssertionError(f"{game.slug}: check_action accepts {what} that legal_actions does not list")
            _assert_refused(game, RuleViolation, what, game.act, game.checked_act, state, seat, action)
    any_action = game.legal_actions(state, turn.seats[0])[0]
    outsiders = [s for s in range(seats) if s not in turn.seats]
    if outsiders:
        seat = rng.choice(outsiders)
        what = f"seat {seat} out of turn"
        _assert_refused(game, NotYourTurn, what, game.act, game.checked_act, state, seat, any_action)
    for outcome in (object(), *rng.sample(list(pools.outcomes.values()), min(len(pools.outcomes), 2))):
        what = f"outcome {outcome!r} at a decision"
        _assert_refused(game, DecisionPending, what, game.resolve, game.checked_resolve, state, outcome)


def _small(node: ChanceNode) -> bool:
    try:
        return len(node.outcomes()) <= MAX_ENUMERATED_OUTCOMES
    except (NotImplementedError, OverflowError):
        return False


def _check_chance(game: Game[Any], state: Any, turn: Chance, seats: int, pools: _Pools, rng: random.Random) -> None:
    node = turn.node
    label = node.label.en
    if _small(node):
        outcomes = node.outcomes()
        assert outcomes, f"{game.slug}: the chance node {label} has no outcomes"
        assert node.outcomes() == outcomes, f"{game.slug}: the outcomes at {label} are not stable"
        assert _distinct(outcomes), f"{game.slug}: duplicate outcomes at {label}"
        assert all(node.contains(o) for o in outcomes), f"{game.slug}: {label} does not contain its own outcomes"
        probabilities = [node.probability(o) for o in outcomes]
        if node.distribution.has_probabilities:
            exact = [p for p in probabilities if isinstance(p, Fraction) and p >= 0]
            assert len(exact) == len(probabilities), (
                f"{game.slug}: probabilities at {label} must be exact fractions: {probabilities[:5]}"
            )
            total = sum(exact, Fraction(0))
            assert total == 1, f"{game.slug}: probabilities at {label} sum to {total}, not 1"
        else:
            assert all(p is None for p in probabilities), f"{game.slug}: a skill node {label} names probabilities"
    others = [o for o in pools.outcomes.values() if not node.contains(o)]
    for outcome in rng.sample(others, min(len(others), 3)):
        what = f"impossible outcome {outcome!r} at {label}"
        _assert_refused(game, RuleViolation, what, game.resolve, game.checked_resolve, state, outcome)
    for action in rng.sample(list(pools.actions.values()), min(len(pools.actions), 2)):
        seat = rng.randrange(seats)
        what = f"action {action!r} while {label} is pending"
        _assert_refused(game, OutcomePending, what, game.act, game.checked_act, state, seat, action)


def _check_outcome(game: Game[Any], state: Any, node: ChanceNode, outcome: Any, pools: _Pools) -> None:
    assert node.contains(outcome), f"{game.slug}: sampled outcome {outcome!r} not possible"
    text = game.format_outcome(outcome)
    assert game.parse_outcome(text) == outcome, f"{game.slug}: outcome notation {text!r} does not round-trip"
    data = json.loads(json.dumps(game.outcome_to_json(outcome)))
    assert game.outcome_from_json(data) == outcome, f"{game.slug}: outcome JSON {data} does not round-trip"
    same_way(game, f"outcome {text!r}", game.resolve, game.checked_resolve, state, outcome)
    pools.outcomes.setdefault(repr(outcome), outcome)


def _check_finished(game: Game[Any], state: Any, turn: Finished, seats: int, pools: _Pools) -> None:
    assert len(turn.result.scores) == seats, f"{game.slug}: result needs one score per seat"
    ranked = sorted(s for group in turn.result.ranking for s in group)
    assert ranked == list(range(seats)), f"{game.slug}: ranking must name every seat once"
    json.dumps(dict(turn.result.details))
    for action in list(pools.actions.values())[:3]:
        what = f"move {action!r} after the end"
        _assert_refused(game, MatchFinished, what, game.act, game.checked_act, state, 0, action)
    for outcome in list(pools.outcomes.values())[:2]:
        what = f"outcome {outcome!r} after the end"
        _assert_refused(game, MatchFinished, what, game.resolve, game.checked_resolve, state, outcome)


def check_state(
    game: Game[Any], state: Any, seats: int, pools: _Pools, rng: random.Random, seed: int
) -> tuple[Any, bool]:
    """Every check at one state; the state must keep its value through all probes.
    Returns the turn and whether ``hide_others`` changed anything here."""
    before = copy.deepcopy(state)
    redealt = _check_views(game, state, seats, seed)
    turn = game.turn(state)
    assert game.turn(state) == turn, f"{game.slug}: turn() is not stable"
    if isinstance(turn, Decision):
        _check_decision(game, state, turn, seats, pools, rng)
    elif isinstance(turn, Chance):
        _check_chance(game, state, turn, seats, pools, rng)
    else:
        _check_finished(game, state, turn, seats, pools)
    assert state == before, f"{game.slug}: probing the state (legal, illegal and refused steps) changed its value"
    return turn, redealt


def check_game(
    game: Game[Any],
    seats: int,
    options: Mapping[str, object] | None = None,
    setup: Mapping[str, Any] | None = None,
    games: int = 10,
    seed: int = 0,
    max_steps: int = 20_000,
    detail: float = 1.0,
) -> list[Playout]:
    """Play ``games`` random games and check the protocol at every state. Returns the playouts.

    ``detail`` below 1 checks the first ``ALWAYS_CHECKED`` states of each game and then each state
    with that probability (drawn from a generator of its own, so the playouts do not depend on it);
    round-trips of the steps taken, the fast path of every step and the replay are always checked."""
    rng = random.Random(seed)
    sampler = random.Random(f"detail:{seed}")
    resolved = game.configure(options)
    playouts = []
    pools = _Pools({}, {})
    for index in range(games):
        initial = game.start(seats, resolved, setup)
        state = initial
        steps: list[Step] = []
        redealt = False
        for count in range(max_steps):
            if detail >= 1 or count < ALWAYS_CHECKED or sampler.random() < detail:
                turn, changed = check_state(game, state, game.seat_count(state, seats), pools, rng, seed + index)
                redealt = redealt or changed
            else:
                turn = game.turn(state)
            if isinstance(turn, Finished):
                if not (detail >= 1 or count < ALWAYS_CHECKED):
                    check_state(game, state, game.seat_count(state, seats), pools, rng, seed + index)
                break
            step: Step
            if isinstance(turn, Decision):
                seat = rng.choice(turn.seats)
                step = ActionStep(seat, rng.choice(game.legal_actions(state, seat)))
                text = game.format_action(step.action)
                assert game.parse_action(text) == step.action, f"{game.slug}: notation {text!r} does not round-trip"
                new = same_way(game, f"{text!r} by seat {seat}", game.act, game.checked_act, state, seat, step.action)
            else:
                outcome = sample(turn.node, rng, UniformSkill())
                _check_outcome(game, state, turn.node, outcome, pools)
                step = OutcomeStep(outcome)
                new = game.resolve(state, outcome)
            data = json.loads(json.dumps(step_to_json(game, step)))
            assert step_from_json(game, data) == step, f"{game.slug}: step JSON {data} does not round-trip"
            assert not isinstance(new, Refusal), f"{game.slug}: the step {step!r} was refused: {new}"
            state = new
            steps.append(step)
        else:
            raise AssertionError(f"{game.slug}: a random game did not finish within {max_steps} steps")
        assert fold(game, initial, steps) == state, f"{game.slug}: replaying the log does not rebuild the live state"
        log = json.loads(json.dumps([step_to_json(game, step) for step in steps]))
        stored = [step_from_json(game, data) for data in log]
        assert fold(game, initial, stored) == state, f"{game.slug}: replaying the JSON log does not rebuild the state"
        playouts.append(Playout(initial, state, steps, redealt))
    return playouts
