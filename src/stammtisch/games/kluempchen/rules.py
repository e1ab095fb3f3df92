"""The evening's flow: team draw, rounds, joint turns, player turns, round ends and settlement.

Pure functions over ``State``. ``game.py`` wires them into the core protocol; the framework runs the
generic pre-checks (finished, pending outcome, whose turn) before ``check_action`` here.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any

from stammtisch.core.chance import ChanceNode, DiceOutcome, DiceRoll
from stammtisch.core.protocol import Chance, Decision, Finished, PlayMode
from stammtisch.games.kluempchen import draw as drawing
from stammtisch.games.kluempchen import scoresheet, settlement, throws
from stammtisch.games.kluempchen import table as seating_table
from stammtisch.games.kluempchen.evening import result
from stammtisch.games.kluempchen.model import (
    AWAY,
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
    Arrive,
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
    Join,
    KeepPair,
    Leave,
    NextRound,
    Payment,
    Phase,
    PlayerTurn,
    Reason,
    ReportAway,
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
from stammtisch.games.kluempchen.updates import (
    round_after_first,
    round_after_joint,
    round_closed,
    round_joker,
    round_six_equal,
    round_turn,
    state_arrived,
    state_drawing,
    state_joined,
    state_left,
    state_next_round,
    state_phase,
    state_playing,
    state_redraw,
    state_round_over,
    state_starting,
    state_turn,
    state_turn_ended,
    state_waived,
    turn_step,
)

TARGET = 150  # K-11.1: a team that has passed 149 is out

JOKER, THROW, STOP = AnnounceJoker(), Throw(), Stop()
AWAY_REPORT, STAND_IN, FORFEIT = ReportAway(), StandIn(), Forfeit()
REDRAW, NEXT, CLOSE = DemandRedraw(), NextRound(), CloseEvening()
VOLL_A, VOLL_B = ChooseVollStar("a"), ChooseVollStar("b")
JOIN, JOIN_EXTERNAL = Join(), Join(external=True)
#: E-26: the most seats an evening can have (the game's ``max_seats``; seats of players who left count).
MAX_SEATS = 16
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


def _seat_for(team: Team, role: int, joint_turns: int, config: Config) -> int:
    """K-1.2/KA-16: who throws ``role`` for ``team`` (the solo both; alternate swaps every joint turn)."""
    first_goes_first = not (config.alternate_order and joint_turns % 2)
    if (role == 1) == first_goes_first:
        return team.first
    return team.second


def _fresh_turn(seat: int, role: int) -> PlayerTurn:
    return PlayerTurn(seat, role, seat)


def new_round(state: State, teams: tuple[Team, ...], first: int) -> Round:
    """A fresh round (K-11): scores 0, fresh jokers (K-10.1), ``first`` team's P1 on turn."""
    n = len(teams)
    owner = _seat_for(teams[first], 1, 0, state.config)
    return Round(
        number=len(state.rounds) + 1,
        teams=teams,
        scores=(0,) * n,
        out=(False,) * n,
        current=first,
        role=1,
        joint_turns=(0,) * n,
        first_result=0,
        first_seat=-1,
        jokers_used=(0,) * state.seats,
        sheet=(),
        payments=(),
        turn=_fresh_turn(owner, 1),
    )


def with_round(state: State, rnd: Round, phase: Phase = PLAY) -> State:
    return state_playing(state, phase=phase, draw=None, teams=rnd.teams, round=rnd)


def _with_turn(state: State, turn: PlayerTurn) -> State:
    assert state.round is not None
    return state_turn(state, phase=PLAY, draw=None, round=round_turn(state.round, turn=turn))


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
        if t.step == AWAY:
            # K-16.1: the partner decides for the absent owner; the owner, back at the table, may
            # still take his turn himself (a present owner is never pre-empted).
            return decision((partner_of(rnd, t), t.owner))
        return decision((t.thrower,))
    if phase == DRAW:
        assert state.draw is not None
        return draw_chance(drawing.next_roller(state.draw))
    if phase == MANUAL:
        return decision((seating_table.draw_starter(state),))  # K-2.1: the draw's starter enters the teams
    if phase == ROUND_OVER:
        # The entitled seats still to choose come first; every seat may close the evening (E-12) or
        # enter an arrival or a leave (E-22; a seat not at the table may only report himself back).
        deciding = deciding_seats(state)
        return decision((*deciding, *(seat for seat in range(state.seats) if seat not in deciding)))
    return Finished(result(state))


def redraw_parties(state: State) -> tuple[tuple[int, ...], ...]:
    """K-17.1/K-17.2, KA-23: who holds the right to a redraw after the last round: the losing team
    (either member answers for it) and a solo player who did not lose (K-17.2: "auch, wenn er nicht
    verloren hat"); the losing team first."""
    record = state.rounds[-1]
    loser = record.teams[record.loser]
    return (loser.members, *(team.members for team in record.teams if team.solo and team != loser))


def redraw_seats(state: State) -> tuple[int, ...]:
    """K-17.1/K-17.2, KA-23: the losing team's members and the solo player may demand a redraw."""
    return tuple(sorted(seat for party in redraw_parties(state) for seat in party))


def deciding_seats(state: State) -> tuple[int, ...]:
    """K-17.1-K-17.3: the seats of every entitled party that has not yet chosen the next round. Only
    they choose between redraw and next: a redraw demanded by any of them stands (the solo's right
    ranks above the losers', K-17.3), and the next round starts only when every party has waived."""
    if not seating_table.teams_fit(state):
        return ()  # E-22: the table changed, so the teams are drawn again: nothing is left to choose
    waived = state.waived
    return tuple(
        sorted(seat for party in redraw_parties(state) if not any(s in waived for s in party) for seat in party)
    )


def any_of_seats(seats: tuple[int, ...]) -> tuple[str, str]:
    """Who may still decide, as words: ``Platz 3 oder Platz 4`` / ``seat 3 or seat 4`` (each of them may
    choose, K-17.1; pages and the terminal show the names: "Carla oder Dieter wählt")."""
    return " oder ".join(f"Platz {s + 1}" for s in seats), " or ".join(f"seat {s + 1}" for s in seats)


#: The last ``legal_actions`` answered, as (state, seat, answer): ``check_action`` asks again for the
#: state and seat a caller has just listed (identity, as for ``turn``).
_last_legal: tuple[object, int, tuple[Any, ...]] = (None, -1, ())


def legal_actions(state: State, seat: int) -> tuple[Any, ...]:
    """Canonical order: joker, throw, away (owner) / stand-in, forfeit (partner of an absent owner);
    keep pairs ascending;
    voll a, b; throw, stop; redraw, next, close, then arrivals by seat (E-22), a new seat (join, join
    external, E-26) and leaves by seat (E-22); manual teams by
    (first, second); scoresheet entries."""
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
        if state.config.mode == PlayMode.SCORESHEET:
            if step != PRE or seat != t.owner:
                return ()
            return scoresheet.entries(state.config, joker_available(rnd, t), partner_of(rnd, t))
        if step == PRE:
            if seat == t.owner:
                return (JOKER, THROW, AWAY_REPORT) if joker_available(rnd, t) else (THROW, AWAY_REPORT)
            return ()
        if step == AWAY:
            if seat == t.owner:
                return (JOKER, THROW) if joker_available(rnd, t) else (THROW,)
            if seat == partner_of(rnd, t):
                return (STAND_IN, FORFEIT)
            return ()
        if seat != t.thrower:
            return ()
        if step == CONTINUE:
            # late_throw_set_aside = player_choice may set aside the last free die (E-6): nothing is
            # left in the cup, so the turn can only stop (E-21).
            return (THROW, STOP) if t.free else (STOP,)
        if step == PAIR:
            return tuple(KEEP[face] for face in pairs_of(t.choice))
        if step == VOLL:
            return (VOLL_A, VOLL_B)
        if step == KEEP_DICE:
            return set_aside_choices(t.choice)
        return ()
    if phase == ROUND_OVER:
        return _between_rounds(state, seat)
    if phase == MANUAL and seat == seating_table.draw_starter(state):
        assert state.draw is not None
        free = state.draw.unassigned
        return tuple(FormTeam(a, b) for a in free for b in free if a != b)
    return ()


def _between_rounds(state: State, seat: int) -> tuple[Any, ...]:
    """After a round (K-17, E-12, E-22): the entitled seats choose redraw or next; once the table has
    changed any seat at the table starts the new draw; every seat at the table may close the evening,
    enter a player who arrives, someone new who sits down (E-26: while fewer than ``max_players`` sit at
    the table and the evening has fewer than 16 seats) and one who leaves (at least 4 stay, K-1.1); a
    seat not at the table may only report himself back."""
    if seat in state.not_seated:
        return (Arrive(seat),)
    if not seating_table.teams_fit(state):
        choices: tuple[Any, ...] = (REDRAW, CLOSE)
    elif seat in deciding_seats(state):
        choices = (REDRAW, NEXT, CLOSE)
    else:
        choices = (CLOSE,)
    arrivals = tuple(Arrive(s) for s in state.not_seated)
    joins = (JOIN, JOIN_EXTERNAL) if can_join(state) else ()
    leaves = tuple(Leave(s) for s in seating_table.at_table(state)) if seating_table.can_leave(state) else ()
    return (*choices, *arrivals, *joins, *leaves)


def can_join(state: State) -> bool:
    """E-26: a new seat fits while fewer than ``max_players`` sit at the table (KA-35) and the evening has
    fewer than ``MAX_SEATS`` seats (every seat of the evening keeps its accounts, also after a leave)."""
    return len(seating_table.at_table(state)) < state.config.max_players and state.seats < MAX_SEATS


def timeout_action(state: State, seat: int) -> Any | None:
    """What silence means when a digital table's deadline passes (protocol hook): an owner who does
    not start his turn is away (K-16.1; his partner then decides, the solo's turn scores 0), a partner
    who does not answer for him throws nothing (KA-34), a player who does not take the optional
    3rd throw stops (KA-37), a pending choice takes the first legal one (15 Voll*: b keeps the
    four), and an entitled seat that does not answer after a round waives the redraw (K-17)."""
    legal = legal_actions(state, seat)
    if not legal or state.config.mode == PlayMode.SCORESHEET:
        return None
    if state.phase == ROUND_OVER:
        return NEXT if NEXT in legal else None
    if state.phase != PLAY:
        return None
    for silent in (AWAY_REPORT, FORFEIT, STOP, VOLL_B):
        if silent in legal:
            return silent
    if THROW in legal:
        return None  # an owner back from being away: his partner's answer is the deadline's
    return legal[0]


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
            return _with_turn(state, turn_step(t, step=ROLL))
        if kind is AnnounceJoker:
            team = rnd.teams[rnd.current]
            used = list(rnd.jokers_used)
            used[t.owner] |= joker_bit(team, t.role)
            joker_turn = PlayerTurn(t.owner, t.role, t.thrower, joker=True, step=ROLL)
            return with_round(state, round_joker(rnd, jokers_used=tuple(used), turn=joker_turn))
        if kind is Stop:
            return end_turn(state, t, throws.stop(t, config), "stop")
        if kind is KeepPair:
            return _after(state, throws.keep_pair(t, action.face, config))
        if kind is ChooseVollStar:
            return _after(state, throws.choose_voll_star(t, action.option, config))
        if kind is SetAside:
            return _after(state, throws.keep_dice(t, action.faces, config))
        if kind is ReportAway:
            if partner_of(rnd, t) < 0:
                return end_turn(state, t, 0, "forfeit")  # KA-34: the solo has nobody to throw for him
            return _with_turn(state, turn_step(t, step=AWAY))
        if kind is StandIn:
            return _with_turn(state, PlayerTurn(t.owner, t.role, seat, step=ROLL))
        if kind is Forfeit:
            return end_turn(state, t, 0, "forfeit")
        if kind is EnterTurn:
            return _enter_turn(state, action)
        if kind is EnterSixEqual:
            thrower = t.owner if action.thrower < 0 else action.thrower  # K-16.1: who threw it
            entered = PlayerTurn(t.owner, t.role, thrower, strassen=action.strassen, confirmed=action.strassen)
            return six_equal_end(state, entered)
    if state.phase == ROUND_OVER:
        if isinstance(action, NextRound):
            waiting = state_waived(state, waived=(*state.waived, seat))
            if deciding_seats(waiting):
                return waiting  # K-17.3: another entitled party may still demand the redraw
            record = state.rounds[-1]
            start_team = record.loser  # K-17.4: the losing team starts
            moved = state_next_round(state, start_team=start_team, waived=())
            return with_round(moved, new_round(moved, state.teams, start_team))
        if isinstance(action, DemandRedraw):
            manual = state.config.team_draw == "manual"
            players = seating_table.at_table(state)
            fresh = (
                drawing.begin_manual(players) if manual else drawing.begin(players, seating_table.draw_starter(state))
            )
            return state_redraw(state, phase=MANUAL if manual else DRAW, draw=fresh, waived=())
        if isinstance(action, CloseEvening):
            return state_phase(state, phase=CLOSED, draw=None)
        if isinstance(action, Arrive):
            # E-22: any K-17 choice made before the table changed is void (waived cleared).
            not_seated = tuple(s for s in state.not_seated if s != action.seat)
            return state_arrived(state, not_seated=not_seated, arrivals=(*state.arrivals, action.seat), waived=())
        if isinstance(action, Leave):
            return state_left(state, not_seated=tuple(sorted((*state.not_seated, action.seat))), waived=())
        if isinstance(action, Join):
            # E-26: the new seat is the last in the clockwise order; he came last, so he starts the next
            # draw (E-24), with his own Straßen accounts (KA-20); a K-17 choice made before is void (E-23).
            new = state.seats
            return state_joined(
                state,
                seats=new + 1,
                externals=(*state.externals, action.external),
                strassen=(*state.strassen, 0, 0),
                arrivals=(*state.arrivals, new),
                waived=(),
            )
    if state.phase == MANUAL and isinstance(action, FormTeam):
        assert state.draw is not None
        return _draw_progress(state, drawing.add_manual(state.draw, action.first, action.second))
    raise AssertionError(f"unchecked action {action!r}")


def _enter_turn(state: State, action: EnterTurn) -> State:
    """Scoresheet mode: the entered result ends the turn like a played one."""
    rnd = state.round
    assert rnd is not None and rnd.turn is not None
    t = rnd.turn
    if action.joker:
        team = rnd.teams[rnd.current]
        used = list(rnd.jokers_used)
        used[t.owner] |= joker_bit(team, t.role)
        state = with_round(state, round_joker(rnd, jokers_used=tuple(used), turn=t))
    thrower = t.owner if action.thrower < 0 else action.thrower  # K-16.3: Straßen go to the thrower
    entered = PlayerTurn(t.owner, t.role, thrower, action.joker, strassen=action.strassen, confirmed=action.strassen)
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
        return state_drawing(state, draw=draw)
    teams, first = drawing.seating(draw.teams)
    drawn = state_starting(state, start_team=first, last_draw_winner=first)
    return with_round(drawn, new_round(drawn, teams, first))


# --- ends of turns and rounds ---------------------------------------------------------------


def _book_strassen(state: State, rnd: Round, t: PlayerTurn) -> tuple[tuple[int, ...], tuple[Payment, ...]]:
    """K-14/KA-20: Straßen go to the physical thrower's account (K-16.3); a unit at every multiple of 3.
    With strassen_count_unconfirmed = false only the confirmed ones count, even if a later failed risk
    throw wiped the turn's points (the option separates confirmed from unconfirmed, E-13)."""
    count = t.strassen if state.config.strassen_count_unconfirmed else t.confirmed
    if not count:
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
                t.thrower,
                Reason.THREE_STRAIGHTS,
                units,
                state.externals,
                config.base_cents,
                config.external_all_units,
                seating_table.round_players(rnd.teams),
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
    accounts, payments = _book_strassen(state, rnd, t)
    team = rnd.teams[rnd.current]
    if rnd.role == 1:
        owner = _seat_for(team, 2, rnd.joint_turns[rnd.current], config)
        nxt = round_after_first(
            rnd,
            role=2,
            first_result=result_points,
            first_seat=t.owner,
            payments=payments,
            turn=_fresh_turn(owner, 2),
            previous=previous,
        )
        return state_turn_ended(state, phase=PLAY, draw=None, round=nxt, strassen=accounts)
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
        ended = round_after_joint(
            rnd,
            scores=tuple(scores),
            out=tuple(out),
            current=current,
            role=2,
            joint_turns=tuple(joint),
            first_result=0,
            first_seat=-1,
            sheet=(*rnd.sheet, entry),
            payments=payments,
            turn=None,
            previous=previous,
        )
        due = settlement.settle_normal(rnd.teams, scores, loser, unused_jokers(rnd, state.seats))
        return _close_round(state, ended, accounts, "normal", loser, due)
    nxt_team = (current + 1) % n
    while out[nxt_team]:
        nxt_team = (nxt_team + 1) % n
    owner = _seat_for(rnd.teams[nxt_team], 1, joint[nxt_team], config)
    nxt = round_after_joint(
        rnd,
        scores=tuple(scores),
        out=tuple(out),
        current=nxt_team,
        role=1,
        joint_turns=tuple(joint),
        first_result=0,
        first_seat=-1,
        sheet=(*rnd.sheet, entry),
        payments=payments,
        turn=_fresh_turn(owner, 1),
        previous=previous,
    )
    return state_turn_ended(state, phase=PLAY, draw=None, round=nxt, strassen=accounts)


def six_equal_end(state: State, t: PlayerTurn) -> State:
    """S-7/KA-13/KA-14: six equal in one throw ends the round at once; the joint turn is dropped."""
    rnd = state.round
    assert rnd is not None
    accounts, payments = _book_strassen(state, rnd, t)
    fined = t.thrower if state.config.penalty_thrower else t.owner
    loser, due = settlement.settle_six_equal(rnd.teams, rnd.scores, rnd.out, rnd.current, fined)
    ended = round_six_equal(
        rnd,
        first_result=0,
        first_seat=-1,
        payments=payments,
        turn=t,
        previous=(t.owner, t.thrower, t.role, t.joker, t.log, 0, "six_equal"),
    )
    return _close_round(state, ended, accounts, "six_equal", loser, due)


def _close_round(
    state: State,
    rnd: Round,
    accounts: tuple[int, ...],
    ending: str,
    loser: int,
    due: tuple[tuple[int, Reason, int], ...],
) -> State:
    config = state.config
    players = seating_table.round_players(rnd.teams)  # S-9, KA-28, E-22: this round's N
    payments = (
        *rnd.payments,
        *(
            settlement.payment(
                seat, reason, units, state.externals, config.base_cents, config.external_all_units, players
            )
            for seat, reason, units in due
        ),
    )
    # C-4.1: only the externals who played this round are paid out after it.
    playing_externals = seating_table.externals_at_table(state.externals, rnd.teams)
    paid_out = settlement.payouts(payments, playing_externals, config.base_cents, config.external_all_units)
    record = RoundRecord(rnd.number, rnd.teams, rnd.scores, ending, loser, payments, paid_out)
    return state_round_over(
        state,
        phase=ROUND_OVER,
        draw=None,
        start_team=loser,
        round=round_closed(rnd, payments=payments, turn=None),
        rounds=(*state.rounds, record),
        strassen=accounts,
    )
