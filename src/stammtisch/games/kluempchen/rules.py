"""The evening's flow: team draw, rounds, joint turns, player turns, round ends and settlement.

Pure functions over ``State``. ``game.py`` wires them into the core protocol; the framework runs the
generic pre-checks (finished, pending outcome, whose turn) before ``check_action`` here.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any

from stammtisch.core.chance import ChanceNode, DiceOutcome, DiceRoll
from stammtisch.core.protocol import Chance, Decision, Finished
from stammtisch.games.kluempchen import draw as drawing
from stammtisch.games.kluempchen import scoresheet, settlement, throws
from stammtisch.games.kluempchen.evening import result
from stammtisch.games.kluempchen.model import (
    CLOSED,
    CONTINUE,
    DRAW,
    FOUL_KINDS,
    KEEP_DICE,
    MANUAL,
    PAIR,
    PLAY,
    PRE,
    ROLL,
    ROUND_OVER,
    VOLL,
    AnnounceJoker,
    ChooseVollStar,
    CloseEvening,
    CockedOutcome,
    Config,
    DemandRedraw,
    Draw,
    EnterSixEqual,
    EnterTurn,
    Forfeit,
    FormTeam,
    KeepPair,
    NextRound,
    Payment,
    PlayerTurn,
    Round,
    RoundRecord,
    SetAside,
    SheetEntry,
    StandIn,
    State,
    Stop,
    Team,
    Throw,
    TowerOutcome,
)
from stammtisch.games.kluempchen.scoring import pairs_of
from stammtisch.games.kluempchen.texts import DRAW_LABEL, roll_label

TARGET = 150  # K-11.1: a team that has passed 149 is out

JOKER, THROW, STOP = AnnounceJoker(), Throw(), Stop()
STAND_IN, FORFEIT = StandIn(), Forfeit()
REDRAW, NEXT, CLOSE = DemandRedraw(), NextRound(), CloseEvening()
VOLL_A, VOLL_B = ChooseVollStar("a"), ChooseVollStar("b")
KEEP = tuple(KeepPair(face) for face in range(7))


@lru_cache(maxsize=1024)
def set_aside_choices(faces: tuple[int, ...]) -> tuple[SetAside, ...]:
    """KA-06 (ii): every sub-multiset of a throw, smallest first, then by faces."""
    subsets = {tuple(sorted(combo)) for size in range(len(faces) + 1) for combo in combinations(faces, size)}
    return tuple(SetAside(subset) for subset in sorted(subsets, key=lambda c: (len(c), c)))


_ROLL_NODES: dict[tuple[int, int], Chance] = {}
_DRAW_NODES: dict[int, Chance] = {}
_DECISIONS: dict[tuple[int, ...], Decision] = {}


def roll_chance(count: int, seat: int) -> Chance:
    """The chance turn for a throw of ``count`` free dice by ``seat`` (cached: nodes are immutable)."""
    key = (count, seat)
    chance = _ROLL_NODES.get(key)
    if chance is None:
        chance = _ROLL_NODES[key] = Chance(ChanceNode(DiceRoll(count), roll_label(count), seat=seat))
    return chance


def draw_chance(seat: int) -> Chance:
    chance = _DRAW_NODES.get(seat)
    if chance is None:
        chance = _DRAW_NODES[seat] = Chance(ChanceNode(DiceRoll(1), DRAW_LABEL, seat=seat))
    return chance


def decision(seats: tuple[int, ...]) -> Decision:
    found = _DECISIONS.get(seats)
    if found is None:
        found = _DECISIONS[seats] = Decision(seats)
    return found


# --- small builders (positional construction: this is the hot path) ---------------------------


def _seat_for(team: Team, role: int, joint_turns: int, config: Config) -> int:
    """K-1.2/KA-16: who throws ``role`` for ``team`` (the solo both; alternate swaps every joint turn)."""
    first_goes_first = not (config.alternate_order and joint_turns % 2)
    if (role == 1) == first_goes_first:
        return team.first
    return team.second


def _fresh_turn(seat: int, role: int) -> PlayerTurn:
    return PlayerTurn(seat, role, seat)


def new_round(state: State, teams: tuple[Team, ...], first: int) -> Round:
    n = len(teams)
    owner = _seat_for(teams[first], 1, 0, state.config)
    return Round(
        len(state.rounds) + 1,
        teams,
        (0,) * n,
        (False,) * n,
        first,
        1,
        (0,) * n,
        0,
        -1,
        (0,) * state.seats,
        (),
        (),
        _fresh_turn(owner, 1),
    )


def with_round(state: State, rnd: Round, phase: int = PLAY) -> State:
    return State(
        state.seats,
        state.config,
        state.externals,
        phase,
        None,
        rnd.teams,
        state.start_team,
        rnd,
        state.rounds,
        state.strassen,
        state.last_draw_winner,
    )


def _with_turn(state: State, turn: PlayerTurn) -> State:
    r = state.round
    assert r is not None
    rnd = Round(
        r.number,
        r.teams,
        r.scores,
        r.out,
        r.current,
        r.role,
        r.joint_turns,
        r.first_result,
        r.first_seat,
        r.jokers_used,
        r.sheet,
        r.payments,
        turn,
        r.previous,
    )
    return State(
        state.seats,
        state.config,
        state.externals,
        PLAY,
        None,
        state.teams,
        state.start_team,
        rnd,
        state.rounds,
        state.strassen,
        state.last_draw_winner,
    )


def joker_bit(team: Team, role: int) -> int:
    """KA-15/KA-21: the solo has one joker per role (bit 1 for role 2); everyone else one joker (bit 0)."""
    return 2 if team.solo and role == 2 else 1


def joker_available(rnd: Round, turn: PlayerTurn) -> bool:
    """K-10.1/K-16.2: the owner's joker for this role is unused and the owner throws himself."""
    team = rnd.teams[rnd.current]
    return turn.thrower == turn.owner and not rnd.jokers_used[turn.owner] & joker_bit(team, turn.role)


def partner_of(rnd: Round, turn: PlayerTurn) -> int:
    """The owner's team mate (-1 for the solo, who has no partner to throw for him)."""
    team = rnd.teams[rnd.current]
    if team.solo:
        return -1
    return team.second if turn.owner == team.first else team.first


def unused_jokers(rnd: Round, seats: int) -> tuple[int, ...]:
    """K-13/KA-19: per seat the jokers not taken this round (the solo up to 2)."""
    unused = [0] * seats
    for team in rnd.teams:
        if team.solo:
            used = rnd.jokers_used[team.first]
            unused[team.first] = 2 - (used & 1) - ((used >> 1) & 1)
        else:
            for seat in team.members:
                unused[seat] = 1 - (rnd.jokers_used[seat] & 1)
    return tuple(unused)


# --- whose move -----------------------------------------------------------------------------


#: The last ``turn`` answered, as (state, answer): the framework's ``act``/``resolve`` ask again for the
#: state a caller has just asked about. States are immutable, so identity is enough (the tuple keeps the
#: state alive); one rebinding keeps it consistent across threads. ``Finished`` is not kept: its result
#: carries a fresh details dict each time.
_last_turn: tuple[object, object] = (None, None)


def turn(state: State) -> Decision | Chance | Finished:
    """What happens next (see the module docstring of game.py for the decision points D1-D5)."""
    global _last_turn
    last = _last_turn
    if last[0] is state:
        return last[1]  # type: ignore[return-value]
    found = _turn(state)
    if type(found) is not Finished:
        _last_turn = (state, found)
    return found


def _turn(state: State) -> Decision | Chance | Finished:
    phase = state.phase
    if phase == PLAY:
        rnd = state.round
        assert rnd is not None and rnd.turn is not None
        t = rnd.turn
        if t.step == ROLL:
            return roll_chance(t.free, t.thrower)
        if t.step == PRE and state.config.mode != "scoresheet":
            partner = partner_of(rnd, t)
            if partner >= 0:
                return decision((t.owner, partner))
            return decision((t.owner,))
        return decision((t.thrower,))
    if phase == DRAW:
        assert state.draw is not None
        return draw_chance(drawing.next_roller(state.draw))
    if phase == MANUAL:
        return decision((0,))
    if phase == ROUND_OVER:
        return decision(tuple(range(state.seats)))
    return Finished(result(state))


def redraw_seats(state: State) -> tuple[int, ...]:
    """K-17.1/K-17.2, KA-23: the losing team's members and the solo player may demand a redraw."""
    record = state.rounds[-1]
    seats = set(record.teams[record.loser].members)
    seats.update(team.first for team in record.teams if team.solo)
    return tuple(sorted(seats))


#: The last ``legal_actions`` answered, as (state, seat, answer): ``check_action`` asks again for the
#: state and seat a caller has just listed (identity, as for ``turn``).
_last_legal: tuple[object, int, tuple[Any, ...]] = (None, -1, ())


def legal_actions(state: State, seat: int) -> tuple[Any, ...]:
    """Canonical order: joker, throw (owner) / stand-in, forfeit (partner); keep pairs ascending;
    voll a, b; throw, stop; redraw, next, close; manual teams by (first, second); scoresheet entries."""
    global _last_legal
    last = _last_legal
    if last[0] is state and last[1] == seat:
        return last[2]
    found = _legal_actions(state, seat)
    _last_legal = (state, seat, found)
    return found


def _legal_actions(state: State, seat: int) -> tuple[Any, ...]:
    phase = state.phase
    if phase == PLAY:
        rnd = state.round
        assert rnd is not None and rnd.turn is not None
        t = rnd.turn
        step = t.step
        if state.config.mode == "scoresheet":
            if step != PRE or seat != t.owner:
                return ()
            return scoresheet.entries(state.config, joker_available(rnd, t))
        if step == PRE:
            if seat == t.owner:
                return (JOKER, THROW) if joker_available(rnd, t) else (THROW,)
            if seat == partner_of(rnd, t):
                return (STAND_IN, FORFEIT)
            return ()
        if seat != t.thrower:
            return ()
        if step == CONTINUE:
            return (THROW, STOP)
        if step == PAIR:
            return tuple(KEEP[face] for face in pairs_of(t.choice))
        if step == VOLL:
            return (VOLL_A, VOLL_B)
        if step == KEEP_DICE:
            return set_aside_choices(t.choice)
        return ()
    if phase == ROUND_OVER:
        if seat in redraw_seats(state):
            return (REDRAW, NEXT, CLOSE)
        return (NEXT, CLOSE)
    if phase == MANUAL and seat == 0:
        assert state.draw is not None
        free = state.draw.unassigned
        return tuple(FormTeam(a, b) for a in free for b in free if a != b)
    return ()


# --- applying actions -----------------------------------------------------------------------


def apply_action(state: State, seat: int, action: Any) -> State:
    """The state after a checked action."""
    if state.phase == PLAY:
        rnd = state.round
        assert rnd is not None and rnd.turn is not None
        t = rnd.turn
        config = state.config
        kind = type(action)
        if kind is Throw:
            return _with_turn(state, _stepped(t, ROLL))
        if kind is AnnounceJoker:
            team = rnd.teams[rnd.current]
            used = list(rnd.jokers_used)
            used[t.owner] |= joker_bit(team, t.role)
            joker_turn = PlayerTurn(t.owner, t.role, t.thrower, True, ROLL)
            r = rnd
            marked = Round(
                r.number,
                r.teams,
                r.scores,
                r.out,
                r.current,
                r.role,
                r.joint_turns,
                r.first_result,
                r.first_seat,
                tuple(used),
                r.sheet,
                r.payments,
                joker_turn,
                r.previous,
            )
            return with_round(state, marked)
        if kind is Stop:
            return end_turn(state, t, throws.stop(t, config), "stop")
        if kind is KeepPair:
            return _after(state, throws.keep_pair(t, action.face, config))
        if kind is ChooseVollStar:
            return _after(state, throws.choose_voll_star(t, action.option, config))
        if kind is SetAside:
            return _after(state, throws.keep_dice(t, action.faces, config))
        if kind is StandIn:
            return _with_turn(state, PlayerTurn(t.owner, t.role, seat, False, ROLL))
        if kind is Forfeit:
            return end_turn(state, t, 0, "forfeit")
        if kind is EnterTurn:
            return _enter_turn(state, action)
        if kind is EnterSixEqual:
            entered = PlayerTurn(t.owner, t.role, t.thrower, strassen=action.strassen)
            return six_equal_end(state, entered)
    if state.phase == ROUND_OVER:
        if isinstance(action, NextRound):
            record = state.rounds[-1]
            start_team = record.loser  # K-17.4: the losing team starts
            moved = State(
                state.seats,
                state.config,
                state.externals,
                PLAY,
                None,
                state.teams,
                start_team,
                None,
                state.rounds,
                state.strassen,
                state.last_draw_winner,
            )
            return with_round(moved, new_round(moved, state.teams, start_team))
        if isinstance(action, DemandRedraw):
            manual = state.config.team_draw == "manual"
            fresh = drawing.begin_manual(state.seats) if manual else drawing.begin(state.seats)
            return State(
                state.seats,
                state.config,
                state.externals,
                MANUAL if manual else DRAW,
                fresh,
                state.teams,
                state.start_team,
                state.round,
                state.rounds,
                state.strassen,
                state.last_draw_winner,
            )
        if isinstance(action, CloseEvening):
            return State(
                state.seats,
                state.config,
                state.externals,
                CLOSED,
                None,
                state.teams,
                state.start_team,
                state.round,
                state.rounds,
                state.strassen,
                state.last_draw_winner,
            )
    if state.phase == MANUAL and isinstance(action, FormTeam):
        assert state.draw is not None
        return _draw_progress(state, drawing.add_manual(state.draw, action.first, action.second))
    raise AssertionError(f"unchecked action {action!r}")


def _stepped(t: PlayerTurn, step: int) -> PlayerTurn:
    return PlayerTurn(
        t.owner,
        t.role,
        t.thrower,
        t.joker,
        step,
        t.throws,
        t.towers,
        t.kept,
        t.free,
        t.pending,
        t.awaiting,
        t.before,
        t.last,
        t.strassen,
        t.choice,
        t.log,
    )


def _enter_turn(state: State, action: EnterTurn) -> State:
    """Scoresheet mode: the entered result ends the turn like a played one."""
    rnd = state.round
    assert rnd is not None and rnd.turn is not None
    t = rnd.turn
    if action.joker:
        team = rnd.teams[rnd.current]
        used = list(rnd.jokers_used)
        used[t.owner] |= joker_bit(team, t.role)
        r = rnd
        rnd = Round(
            r.number,
            r.teams,
            r.scores,
            r.out,
            r.current,
            r.role,
            r.joint_turns,
            r.first_result,
            r.first_seat,
            tuple(used),
            r.sheet,
            r.payments,
            t,
            r.previous,
        )
        state = with_round(state, rnd)
    entered = PlayerTurn(t.owner, t.role, t.thrower, action.joker, strassen=action.strassen)
    return end_turn(state, entered, action.points // 2 if action.joker else action.points, "entered")


def _after(state: State, step: throws.Step) -> State:
    turn_now, status, value = step
    if status == throws.GOING:
        return _with_turn(state, turn_now)
    if status == throws.DONE:
        return end_turn(state, turn_now, value)
    return six_equal_end(state, turn_now)


# --- chance ---------------------------------------------------------------------------------


def apply_outcome(state: State, outcome: Any) -> State:
    """The state after a checked outcome: a draw roll, a counted throw or a table incident."""
    if state.phase == DRAW:
        assert state.draw is not None
        added = drawing.add_roll(
            state.draw, outcome.faces[0], state.seats, state.config.team_draw == "reroll_each_pairing"
        )
        return _draw_progress(state, added)
    rnd = state.round
    assert rnd is not None and rnd.turn is not None
    t = rnd.turn
    config = state.config
    kind = type(outcome)
    if kind is DiceOutcome:
        return _after(state, throws.counted_throw(t, outcome.faces, config))
    if kind is TowerOutcome:
        return _after(state, throws.tower(t, config))
    if kind is CockedOutcome:
        return _with_turn(state, throws.cocked(t))  # K-9.1/KA-26: repeated and not counted, only noted
    return _after(state, throws.foul(t, config, FOUL_KINDS.index(outcome.kind)))


def _draw_progress(state: State, draw: Draw) -> State:
    if draw.unassigned:
        return State(
            state.seats,
            state.config,
            state.externals,
            state.phase,
            draw,
            state.teams,
            state.start_team,
            state.round,
            state.rounds,
            state.strassen,
            state.last_draw_winner,
        )
    teams, first = drawing.seating(draw.teams)
    drawn = State(
        state.seats,
        state.config,
        state.externals,
        PLAY,
        None,
        teams,
        first,
        None,
        state.rounds,
        state.strassen,
        first,
    )
    return with_round(drawn, new_round(drawn, teams, first))


# --- ends of turns and rounds ---------------------------------------------------------------


def _book_strassen(state: State, rnd: Round, t: PlayerTurn, value: int) -> tuple[tuple[int, ...], tuple[Payment, ...]]:
    """K-14/KA-20: Straßen go to the physical thrower's account (K-16.3); a unit at every multiple of 3."""
    count = t.strassen
    if not count or not (state.config.strassen_count_unconfirmed or value > 0):
        return state.strassen, rnd.payments
    team = rnd.teams[rnd.current]
    index = 2 * t.thrower + (1 if state.config.solo_per_role and team.solo and t.role == 2 else 0)
    accounts = list(state.strassen)
    before = accounts[index]
    accounts[index] = before + count
    units = settlement.strassen_units(before, count)
    payments = rnd.payments
    if units:
        config = state.config
        payments = (
            *payments,
            settlement.payment(
                t.thrower, "strassen3", units, state.externals, config.base_cents, config.external_all_units
            ),
        )
    return tuple(accounts), payments


def end_turn(state: State, t: PlayerTurn, value: int, how: str = "") -> State:
    """A player turn ended with ``value`` (before the joker): P1's result is provisional; after P2 the
    team gains P1 + P2 if P2 scored (K-5.1, KA-16); a team with >= 150 is out (KA-17).
    ``how`` ("stop", "forfeit", "entered" or "" for an end by the throws) goes into the table's record."""
    rnd = state.round
    assert rnd is not None
    config = state.config
    result_points = value * 2 if t.joker else value  # K-10.4
    previous = (t.owner, t.thrower, t.role, t.joker, t.log, result_points, how)
    accounts, payments = _book_strassen(state, rnd, t, value)
    team = rnd.teams[rnd.current]
    if rnd.role == 1:
        owner = _seat_for(team, 2, rnd.joint_turns[rnd.current], config)
        nxt = Round(
            rnd.number,
            rnd.teams,
            rnd.scores,
            rnd.out,
            rnd.current,
            2,
            rnd.joint_turns,
            result_points,
            t.owner,
            rnd.jokers_used,
            rnd.sheet,
            payments,
            _fresh_turn(owner, 2),
            previous,
        )
        return State(
            state.seats,
            config,
            state.externals,
            PLAY,
            None,
            state.teams,
            state.start_team,
            nxt,
            state.rounds,
            accounts,
            state.last_draw_winner,
        )
    current = rnd.current
    gain = rnd.first_result + result_points if result_points > 0 else 0
    scores = list(rnd.scores)
    scores[current] += gain
    joint = list(rnd.joint_turns)
    joint[current] += 1
    out = list(rnd.out)
    if scores[current] >= TARGET:
        out[current] = True
    entry = SheetEntry(current, rnd.first_seat, rnd.first_result, t.owner, result_points, gain)
    n = len(rnd.teams)
    left = out.count(False)
    if left <= 1:
        loser = out.index(False)
        ended = Round(
            rnd.number,
            rnd.teams,
            tuple(scores),
            tuple(out),
            current,
            2,
            tuple(joint),
            0,
            -1,
            rnd.jokers_used,
            (*rnd.sheet, entry),
            payments,
            None,
            previous,
        )
        due = settlement.settle_normal(rnd.teams, scores, loser, unused_jokers(rnd, state.seats))
        return _close_round(state, ended, accounts, "normal", loser, due)
    nxt_team = (current + 1) % n
    while out[nxt_team]:
        nxt_team = (nxt_team + 1) % n
    owner = _seat_for(rnd.teams[nxt_team], 1, joint[nxt_team], config)
    nxt = Round(
        rnd.number,
        rnd.teams,
        tuple(scores),
        tuple(out),
        nxt_team,
        1,
        tuple(joint),
        0,
        -1,
        rnd.jokers_used,
        (*rnd.sheet, entry),
        payments,
        _fresh_turn(owner, 1),
        previous,
    )
    return State(
        state.seats,
        config,
        state.externals,
        PLAY,
        None,
        state.teams,
        state.start_team,
        nxt,
        state.rounds,
        accounts,
        state.last_draw_winner,
    )


def six_equal_end(state: State, t: PlayerTurn) -> State:
    """S-7/KA-13/KA-14: six equal in one throw ends the round at once; the joint turn is dropped."""
    rnd = state.round
    assert rnd is not None
    accounts, payments = _book_strassen(state, rnd, t, 0)
    fined = t.thrower if state.config.penalty_thrower else t.owner
    loser, due = settlement.settle_six_equal(rnd.teams, rnd.scores, rnd.out, rnd.current, fined)
    ended = Round(
        rnd.number,
        rnd.teams,
        rnd.scores,
        rnd.out,
        rnd.current,
        rnd.role,
        rnd.joint_turns,
        0,
        -1,
        rnd.jokers_used,
        rnd.sheet,
        payments,
        t,
        (t.owner, t.thrower, t.role, t.joker, t.log, 0, "six_equal"),
    )
    return _close_round(state, ended, accounts, "six_equal", loser, due)


def _close_round(
    state: State,
    rnd: Round,
    accounts: tuple[int, ...],
    ending: str,
    loser: int,
    due: tuple[tuple[int, str, int], ...],
) -> State:
    config = state.config
    payments = (
        *rnd.payments,
        *(
            settlement.payment(seat, reason, units, state.externals, config.base_cents, config.external_all_units)
            for seat, reason, units in due
        ),
    )
    paid_out = settlement.payouts(payments, state.externals, config.base_cents)
    record = RoundRecord(rnd.number, rnd.teams, rnd.scores, ending, loser, payments, paid_out)
    finished = Round(
        rnd.number,
        rnd.teams,
        rnd.scores,
        rnd.out,
        rnd.current,
        rnd.role,
        rnd.joint_turns,
        rnd.first_result,
        rnd.first_seat,
        rnd.jokers_used,
        rnd.sheet,
        payments,
        None,
        rnd.previous,
    )
    return State(
        state.seats,
        config,
        state.externals,
        ROUND_OVER,
        None,
        state.teams,
        loser,
        finished,
        (*state.rounds, record),
        accounts,
        state.last_draw_winner,
    )
