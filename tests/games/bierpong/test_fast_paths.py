"""``Bierpong.fast_resolve`` (a hit or miss at a throw node, BP-R22) must behave exactly like the
checked path ``Game.checked_resolve``: the same new state for every accepted throw and the same
refusal (class, code, clause) for every refused one (BP-3.1 a removed cup, BP-7.1 a drink lock,
decisions pending, the game over); when it takes a step it returns exactly the checked path's state."""

from __future__ import annotations

import random
from dataclasses import FrozenInstanceError, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.core.chance import sample
from stammtisch.core.errors import RuleViolation
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.bierpong import GAME, nodes, rules, throws, updates
from stammtisch.games.bierpong.flow import next_slot
from stammtisch.games.bierpong.model import Hit, Miss, PendingHit, Phase, Round, State
from stammtisch.games.bierpong.rack import GONE
from stammtisch.games.bierpong.skill import SkillTable


def outcome_of(call) -> object:
    try:
        return call()
    except RuleViolation as error:
        return (type(error), error.code, error.clause)


@settings(max_examples=40)
@given(seed=st.integers(0, 10_000), seats=st.integers(2, 6), rack=st.sampled_from((6, 10)))
def test_the_short_way_equals_the_checked_path(seed: int, seats: int, rack: int) -> None:
    rng = random.Random(seed)
    skills = SkillTable.of(seats)
    state = GAME.start(seats, GAME.configure({"rack": rack}))
    probes = (Miss(), Hit(1), Hit(rack), Hit(2, True), Hit(rack + 1))
    for _ in range(400):
        turn = GAME.turn(state)
        for outcome in probes:
            generic = outcome_of(lambda: GAME.checked_resolve(state, outcome))  # noqa: B023
            assert outcome_of(lambda: GAME.resolve(state, outcome)) == generic, outcome  # noqa: B023
            short = GAME.fast_resolve(state, outcome)
            assert short is None or short == generic, outcome
        if isinstance(turn, Finished):
            return
        if isinstance(turn, Chance):
            state = GAME.resolve(state, sample(turn.node, rng, skills))
        else:
            seat = turn.seats[0]
            state = GAME.act(state, seat, rng.choice(GAME.legal_actions(state, seat)))


def test_the_short_way_takes_the_first_ball_of_a_pair() -> None:
    """It is used: the first ball of the opening pair is a fast step (BP-R08: nothing removed mid-pair)."""
    state = GAME.start(2, GAME.configure())
    for line in ("duel A",):
        state = GAME.resolve(state, GAME.parse_outcome(line))
    state = GAME.act(state, 0, GAME.parse_action("begin A"))
    state = GAME.act(state, 1, GAME.parse_action("side left"))
    short = GAME.fast_resolve(state, Hit(5))
    assert short is not None and short == GAME.checked_resolve(state, Hit(5))


# --- the one-step end of a pair and the decisions' short way (issue 11, speed) ------------------

SETUPS = [
    (4, {}),
    (2, {"rack": 6, "drink_unit": "per_cup_removed"}),
    (3, {"rack": 15, "timer_minutes": 10, "timer_end": "finish_throwing_round"}),
    (5, {"air_ball_bonus": "double_value", "allow_double_call": True, "pair_rotation": "cycle_all_pairs"}),
    (6, {"single_player_double_release": True, "dead_cup_counts_as_neighbour": True, "konter": False}),
]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 100_000), setup=st.sampled_from(SETUPS))
def test_every_listed_throw_takes_the_checked_paths_state(seed: int, setup: tuple[int, dict[str, object]]) -> None:
    """BP-R08, BP-R22: at every throw of a random game, every listed miss and clean or bounced hit
    gives the same state (or refusal) through ``resolve`` as through the checked path, including the
    one-step end of a pair (``throws.closing_throw``); every listed decision likewise through ``act``."""
    seats, options = setup
    rng = random.Random(seed)
    skills = SkillTable.of(seats)
    state = GAME.start(seats, GAME.configure(options))
    while not isinstance(turn := GAME.turn(state), Finished):
        if isinstance(turn, Chance):
            throws = [o for o in turn.node.outcomes() if isinstance(o, Hit | Miss)]
            for outcome in rng.sample(throws, min(6, len(throws))):
                generic = outcome_of(lambda: GAME.checked_resolve(state, outcome))  # noqa: B023
                assert outcome_of(lambda: GAME.resolve(state, outcome)) == generic, outcome  # noqa: B023
            state = GAME.resolve(state, sample(turn.node, rng, skills))
        else:
            seat = turn.seats[0]
            for action in GAME.legal_actions(state, seat):
                assert GAME.act(state, seat, action) == GAME.checked_act(state, seat, action), action
            state = GAME.act(state, seat, rng.choice(GAME.legal_actions(state, seat)))


def test_the_closing_throw_ends_the_round_in_one_step() -> None:
    """BP-R08, Art 2.1: the second ball of a plain pair (a hit, then a miss) is a one-step end of the
    round: the hit cup goes, the defenders owe one unit and the other team's round begins."""
    state = GAME.start(2, GAME.configure())
    state = GAME.resolve(state, GAME.parse_outcome("duel A"))
    state = GAME.act(state, 0, GAME.parse_action("begin A"))
    state = GAME.act(state, 1, GAME.parse_action("side left"))
    state = GAME.resolve(state, Hit(5))
    closed = throws.closing_throw(state, Miss())
    assert closed is not None and closed == GAME.checked_resolve(state, Miss())
    assert closed.round is not None and closed.round.team == 1 and closed.cups[1][4] == GONE
    assert closed.drinks.owed == (0, 1)


def test_copies_are_ordinary_frozen_values() -> None:
    """The fast copier and constructor (``updates``) give values equal to, hashing like and as frozen
    as the dataclass's own."""
    made = updates.constructor(PendingHit)(3, 1, True, False, True)
    assert made == PendingHit(3, 1, True, False, True) and hash(made) == hash(PendingHit(3, 1, True, False, True))
    assert type(made) is PendingHit
    copied = updates.evolve(made, cup=4)
    assert copied == PendingHit(4, 1, True, False, True) and made.cup == 3
    for value in (made, copied):
        with pytest.raises(FrozenInstanceError):
            value.cup = 5  # type: ignore[misc]


def test_positional_copies_equal_the_dataclass_replace() -> None:
    """``updates.copier`` (the throw's copies) gives exactly ``dataclasses.replace``'s value, and
    refuses a name the class does not have or a name given twice."""
    r = Round(number=3, team=1, pair=(1, 3), pair_throws=(True,), pending=(PendingHit(4, 1, False, False, True),))
    copy = updates.copier(Round, "aim", "aimed", "throws")
    made = copy(r, 5, True, 2)
    assert made == replace(r, aim=5, aimed=True, throws=2) and type(made) is Round
    assert hash(made) == hash(replace(r, aim=5, aimed=True, throws=2)) and r.aim is None
    with pytest.raises(FrozenInstanceError):
        made.aim = 6  # type: ignore[misc]
    for names in (("aim", "nonsense"), ("aim", "aim")):
        with pytest.raises(TypeError):
            updates.copier(Round, *names)


def _first_throws(seed: int, options: dict[str, object]) -> list[tuple[State, int, str, int, int | None]]:
    """(state, seat, kind, target, Island call) at every first throw of a round with standing cups in a random game."""
    rng = random.Random(seed)
    skills = SkillTable.of(4)
    state = GAME.start(4, GAME.configure(options))
    found = []
    while not isinstance(turn := GAME.turn(state), Finished):
        if isinstance(turn, Chance):
            r = state.round
            if state.phase is Phase.PLAY and r is not None and r.throws == 0 and state.standing:
                slot = next_slot(r)
                assert slot is not None
                found.append((state, slot[1], slot[0], 1 - r.team, r.aim))
            state = GAME.resolve(state, sample(turn.node, rng, skills))
        else:
            seat = turn.seats[0]
            state = GAME.act(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return found


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 100_000), timer=st.sampled_from((0, 30)))
def test_first_throw_nodes_made_afresh_equal_the_cached_ones(seed: int, timer: int) -> None:
    """Art 18.1, BP-R13: the first throw of a round lists its standing cups as ``LeftStanding``; its
    node is made afresh and not kept (``nodes.throw_turn``), and is the node the cached parts give:
    the same outcomes in the same order, label, seat, context and answers to ``contains``."""
    probes = [Hit(c, b) for c in range(1, 12) for b in (False, True)]
    for state, seat, kind, target, aim in _first_throws(seed, {"timer_minutes": timer}):
        kept_before = len(nodes._TURNS)
        made = rules.turn(state)
        assert isinstance(made, Chance) and len(nodes._TURNS) == kept_before
        cached = nodes.throw_node(state, seat, kind, target, aim, keep=True)
        fresh = made.node
        assert fresh.outcomes() == cached.outcomes() and fresh.outcomes()[-1] is not None
        assert (fresh.label, fresh.seat, fresh.context) == (cached.label, cached.seat, cached.context)
        events = [o for o in cached.outcomes() if not isinstance(o, Hit)]
        for outcome in (*probes, *events):
            assert fresh.contains(outcome) == cached.contains(outcome), outcome
