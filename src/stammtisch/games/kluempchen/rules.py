"""The evening's flow: team draw, rounds, joint turns, player turns, round ends and settlement.

Pure functions over ``State``. ``game.py`` wires them into the core protocol; the framework runs the
generic pre-checks (finished, pending outcome, whose turn) before ``check_action`` here.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from itertools import combinations
from typing import Any

from stammtisch.core.chance import ChanceNode, DiceOutcome, DiceRoll
from stammtisch.core.errors import ImpossibleOutcome, InvalidSetup
from stammtisch.core.protocol import Chance, Decision, Finished, Result
from stammtisch.core.text import Text
from stammtisch.games.kluempchen import draw as drawing
from stammtisch.games.kluempchen import scoresheet, settlement, throws
from stammtisch.games.kluempchen.model import (
    CLOSED,
    CONTINUE,
    DRAW,
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
    FoulOutcome,
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
from stammtisch.games.kluempchen.texts import DRAW_LABEL, illegal, roll_label

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


# --- start ----------------------------------------------------------------------------------


def _setup_error(clause: str, de: str, en: str) -> InvalidSetup:
    return InvalidSetup(clause, Text(de, en))


def _read_teams(seats: int, given: object) -> tuple[Team, ...]:
    """KA-22 manual teams: ``[[p1, p2], ..., [solo]]``, every seat exactly once, at most one solo."""
    if not isinstance(given, list | tuple) or not given:
        raise _setup_error("KA-22", "Teams: Liste von Paaren erwartet", "teams: expected a list of pairs")
    teams = []
    for entry in given:
        if (
            not isinstance(entry, list | tuple)
            or len(entry) not in (1, 2)
            or not all(isinstance(s, int) and not isinstance(s, bool) for s in entry)
        ):
            raise _setup_error("KA-22", f"Team {entry!r} ist ungültig", f"team {entry!r} is invalid")
        teams.append(Team(entry[0], entry[-1]))
    members = sorted(s for team in teams for s in team.members)
    if members != list(range(seats)):
        raise _setup_error(
            "K-2.2", "Jeder Platz muss genau einem Team angehören", "every seat must belong to exactly one team"
        )
    solos = sum(1 for team in teams if team.solo)
    if solos != seats % 2:
        raise _setup_error(
            "K-1.2",
            "Einen Alleinspieler gibt es genau bei ungerader Spielerzahl",
            "there is a solo player exactly when the number of players is odd",
        )
    return tuple(teams)


def start(seats: int, config: Config, setup: Mapping[str, Any] | None) -> State:
    """The evening before the first team draw (or with the manual teams from ``setup``)."""
    if not isinstance(seats, int) or seats < max(4, config.min_players):
        raise _setup_error("K-1.1", "Mindestens 4 Spieler am Tisch", "at least 4 players must be at the table")
    if seats > config.max_players:
        raise _setup_error("KA-35", f"Höchstens {config.max_players} Spieler", f"at most {config.max_players} players")
    setup = dict(setup or {})
    unknown = sorted(set(setup) - {"externals", "teams"})
    if unknown:
        raise _setup_error("KA-22", f"Unbekannte Angaben: {unknown}", f"unknown setup keys: {unknown}")
    given_externals = setup.get("externals", [])
    if not isinstance(given_externals, list | tuple) or not all(
        isinstance(s, int) and not isinstance(s, bool) and 0 <= s < seats for s in given_externals
    ):
        raise _setup_error("C-4.1", "Externe: Liste von Plätzen erwartet", "externals: expected a list of seats")
    if len(set(given_externals)) != len(given_externals):
        raise _setup_error("C-4.1", "Externe doppelt genannt", "an external seat is listed twice")
    externals = tuple(s in given_externals for s in range(seats))
    strassen = (0,) * (2 * seats)
    if "teams" in setup:
        if config.team_draw != "manual":
            raise _setup_error(
                "KA-22",
                "Teams vorgeben geht nur mit team_draw = manual",
                "teams can be given only with team_draw = manual",
            )
        formed = _read_teams(seats, setup["teams"])
        teams, first = drawing.seating(formed)
        state = State(seats, config, externals, PLAY, None, teams, first, None, (), strassen, first)
        return _with_round(state, _new_round(state, teams, first))
    if config.team_draw == "manual":
        return State(seats, config, externals, MANUAL, drawing.begin_manual(seats), (), 0, None, (), strassen)
    return State(seats, config, externals, DRAW, drawing.begin(seats), (), 0, None, (), strassen)


# --- small builders (positional construction: this is the hot path) ---------------------------


def _seat_for(team: Team, role: int, joint_turns: int, config: Config) -> int:
    """K-1.2/KA-16: who throws ``role`` for ``team`` (the solo both; alternate swaps every joint turn)."""
    first_goes_first = not (config.alternate_order and joint_turns % 2)
    if (role == 1) == first_goes_first:
        return team.first
    return team.second


def _fresh_turn(seat: int, role: int) -> PlayerTurn:
    return PlayerTurn(seat, role, seat)


def _new_round(state: State, teams: tuple[Team, ...], first: int) -> Round:
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


def _with_round(state: State, rnd: Round, phase: int = PLAY) -> State:
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


def turn(state: State) -> Decision | Chance | Finished:
    """What happens next (see the module docstring of game.py for the decision points D1-D5)."""
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


def legal_actions(state: State, seat: int) -> tuple[Any, ...]:
    """Canonical order: joker, throw (owner) / stand-in, forfeit (partner); keep pairs ascending;
    voll a, b; throw, stop; redraw, next, close; manual teams by (first, second); scoresheet entries."""
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


def check_action(state: State, seat: int, action: object) -> None:
    """Say which clause an action breaks (after the framework's pre-checks)."""
    if action in legal_actions(state, seat):
        return
    phase = state.phase
    name = type(action).__name__
    if isinstance(action, EnterTurn | EnterSixEqual):
        if state.config.mode != "scoresheet":
            raise illegal(
                "KA-36",
                "Wurfergebnisse werden nur im Schreibzettel-Modus eingetragen",
                "turn results are entered only in scoresheet mode",
            )
        if phase == PLAY:
            _check_entry(state, seat, action)
    if phase == PLAY:
        _check_play_action(state, seat, action)
    elif phase == ROUND_OVER:
        if isinstance(action, DemandRedraw):
            raise illegal(
                "K-17.1",
                "Neu auswürfeln dürfen nur das Verliererteam und der Alleinspieler fordern",
                "only the losing team and the solo player may demand a redraw",
            )
        raise illegal(
            "KA-23",
            f"Die Runde ist vorbei: neu auswürfeln, nächste Runde oder Abend beenden, nicht {name}",
            f"the round is over: redraw, next round or close the evening, not {name}",
        )
    elif phase == MANUAL:
        if isinstance(action, FormTeam):
            raise illegal(
                "K-2.2",
                f"Team {action.first + 1}/{action.second + 1}: beide Plätze müssen verschieden und noch frei sein",
                f"team {action.first + 1}/{action.second + 1}: both seats must differ and be unassigned",
            )
        raise illegal("KA-22", "Erst die Teams eintragen", "enter the teams first")
    raise illegal("KA-22", f"{name} ist jetzt nicht erlaubt", f"{name} is not allowed now")


def _check_entry(state: State, seat: int, action: EnterTurn | EnterSixEqual) -> None:
    rnd = state.round
    assert rnd is not None and rnd.turn is not None
    bound = scoresheet.chain_bound(state.config)
    if isinstance(action, EnterSixEqual):
        if action.strassen < 0 or action.strassen > bound:
            raise illegal(
                "KA-20",
                f"{action.strassen} Straßen vor 6 Gleichen sind in einem Wurf unmöglich",
                f"{action.strassen} Straßen before six equal are impossible in one turn",
            )
        return
    if action.joker and not joker_available(rnd, rnd.turn):
        raise illegal("K-10.1", "Der Joker ist in dieser Runde schon genommen", "the joker was already used this round")
    if action.points < 0:
        raise illegal("S-1", "Punkte können nicht negativ sein", "points cannot be negative")
    if action.joker and action.points % 2:
        raise illegal(
            "K-10.4",
            f"Mit Joker verdoppeln sich die Punkte: {action.points} ist ungerade",
            f"a joker doubles the points: {action.points} is odd",
        )
    if action.strassen < 0 or action.strassen > scoresheet.max_strassen(state.config, action.points):
        raise illegal(
            "KA-20",
            f"{action.strassen} Straßen passen nicht zu diesem Wurf",
            f"{action.strassen} Straßen cannot happen in this turn",
        )
    if not scoresheet.achievable(state.config, action.points, action.joker, action.strassen):
        raise illegal(
            "S-8.1" if action.strassen else "S-1",
            f"{action.points} Punkte sind so nicht erreichbar (Straßen: {action.strassen})",
            f"{action.points} points cannot be reached like this (Straßen: {action.strassen})",
        )


def _check_play_action(state: State, seat: int, action: object) -> None:
    rnd = state.round
    assert rnd is not None and rnd.turn is not None
    t = rnd.turn
    step = t.step
    if state.config.mode == "scoresheet":
        raise illegal(
            "KA-36",
            "Im Schreibzettel-Modus wird nur das Ergebnis des Wurfs eingetragen",
            "in scoresheet mode only the turn's result is entered",
        )
    if isinstance(action, AnnounceJoker):
        if seat != t.owner or t.thrower != t.owner:
            raise illegal(
                "K-16.2",
                "Für einen Abwesenden darf kein Joker genommen werden",
                "no joker may be taken for an absent player",
            )
        if step != PRE:
            raise illegal(
                "K-10.3", "Der Joker muss vor dem Wurf angesagt werden", "the joker must be announced before the turn"
            )
        raise illegal(
            "K-10.1",
            "Jeder Spieler hat nur einen Joker pro Runde (KA-15)",
            "each player has one joker per round (KA-15)",
        )
    if isinstance(action, StandIn | Forfeit):
        if partner_of(rnd, t) < 0:
            raise illegal("K-1.3", "Der Alleinspieler hat keinen Partner", "the solo player has no partner")
        if step != PRE:
            raise illegal(
                "K-16.1",
                "Für den Abwesenden wird nur vor Beginn seines Wurfs entschieden",
                "standing in is decided only before the absent player's turn begins",
            )
        raise illegal("K-16.1", "Nur der Partner kann für den Abwesenden würfeln", "only the partner can stand in")
    if seat != t.thrower and step != PRE:
        raise illegal("K-16.1", "Es würfelt der Spieler am Zug", "the player on turn throws")
    if isinstance(action, KeepPair):
        if step == PAIR:
            raise illegal(
                "K-6.7",
                f"Rausnehmen kann man nur eines der Paare {pairs_of(t.choice)}",
                f"only one of the pairs {pairs_of(t.choice)} can be set aside",
            )
        raise illegal(
            "K-6.6",
            "Hier gibt es keine Wahl: gleiche Würfel werden von selbst rausgelegt",
            "there is no choice here: equal dice are set aside automatically",
        )
    if isinstance(action, ChooseVollStar):
        if step == VOLL:
            raise illegal("S-8.3", "Nur a oder b ist erlaubt (KA-11)", "only a or b is allowed (KA-11)")
        raise illegal(
            "S-8.3", "Die Wahl a/b gibt es nur bei einem 15 Voll* (4 + 2)", "the a/b choice needs a 15 Voll* (4 + 2)"
        )
    if isinstance(action, SetAside):
        if step == KEEP_DICE:
            raise illegal(
                "KA-06",
                f"Rauslegen kann man nur Würfel aus dem letzten Wurf {list(t.choice)}",
                f"only dice of the last throw {list(t.choice)} can be set aside",
            )
        raise illegal(
            "KA-06",
            "Frei rauslegen gibt es nur mit late_throw_set_aside = player_choice nach Würfen mit weniger als 6",
            "free setting aside needs late_throw_set_aside = player_choice after a throw of fewer than 6 dice",
        )
    if step == KEEP_DICE:
        raise illegal("KA-06", "Erst angeben, welche Würfel rausgelegt werden", "first say which dice are set aside")
    if step == PAIR:
        raise illegal("K-6.7", "Erst wählen, welches Paar rausgenommen wird", "first choose which pair to set aside")
    if step == VOLL:
        raise illegal("S-8.3", "Erst 15 Voll* a oder b wählen", "first choose 15 Voll* a or b")
    if isinstance(action, Stop):
        raise illegal("K-6.2", "Wurf 1 und 2 sind Pflichtwürfe (KA-02)", "throws 1 and 2 are mandatory (KA-02)")
    if isinstance(action, Throw) and seat != t.owner:
        raise illegal(
            "K-16.1",
            "Für einen Abwesenden erst 'standin' wählen",
            "to throw for an absent partner choose 'standin' first",
        )
    raise illegal(
        "K-17.1" if isinstance(action, DemandRedraw | NextRound | CloseEvening | FormTeam) else "KA-01",
        f"{type(action).__name__} ist während der Runde nicht erlaubt",
        f"{type(action).__name__} is not allowed during the round",
    )


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
            )
            return _with_round(state, marked)
        if kind is Stop:
            return end_turn(state, t, throws.stop(t, config))
        if kind is KeepPair:
            return _after(state, throws.keep_pair(t, action.face, config))
        if kind is ChooseVollStar:
            return _after(state, throws.choose_voll_star(t, action.option, config))
        if kind is SetAside:
            return _after(state, throws.keep_dice(t, action.faces, config))
        if kind is StandIn:
            return _with_turn(state, PlayerTurn(t.owner, t.role, seat, False, ROLL))
        if kind is Forfeit:
            return end_turn(state, t, 0)
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
            return _with_round(moved, _new_round(moved, state.teams, start_team))
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
        )
        state = _with_round(state, rnd)
    entered = PlayerTurn(t.owner, t.role, t.thrower, action.joker, strassen=action.strassen)
    return end_turn(state, entered, action.points // 2 if action.joker else action.points)


def _after(state: State, step: throws.Step) -> State:
    turn_now, status, value = step
    if status == throws.GOING:
        return _with_turn(state, turn_now)
    if status == throws.DONE:
        return end_turn(state, turn_now, value)
    return six_equal_end(state, turn_now)


# --- chance ---------------------------------------------------------------------------------


def check_outcome(state: State, node: ChanceNode, outcome: object) -> None:
    """KA-36: dice must match the free dice; table incidents only in table mode during a throw."""
    if isinstance(outcome, DiceOutcome):
        distribution = node.distribution
        assert isinstance(distribution, DiceRoll)
        faces = outcome.faces
        if len(faces) != distribution.count:
            raise ImpossibleOutcome(
                "KA-36",
                Text(
                    f"{len(faces)} Würfel eingegeben, aber {distribution.count} sind im Becher",
                    f"{len(faces)} dice entered but {distribution.count} are in the cup",
                ),
            )
        for face in faces:
            if type(face) is not int or not 1 <= face <= 6:
                raise ImpossibleOutcome(
                    "KA-36", Text(f"Augenzahl {face!r} gibt es nicht (1-6)", f"there is no face {face!r} (1-6)")
                )
        return
    if isinstance(outcome, TowerOutcome | CockedOutcome | FoulOutcome):
        if state.config.mode != "table":
            raise ImpossibleOutcome(
                "KA-36",
                Text(
                    "Turm, Brennen und Fouls gibt es nur am Tisch",
                    "Turm, cocked dice and fouls exist only at the table",
                ),
            )
        if state.phase != PLAY:
            raise ImpossibleOutcome(
                "KA-22",
                Text("Beim Auswürfeln der Paare zählt nur die Augenzahl", "the team draw only takes a face"),
            )
        if isinstance(outcome, FoulOutcome):
            if outcome.kind == "conduct" and not state.config.conduct_as_foul:
                raise ImpossibleOutcome(
                    "KA-27",
                    Text(
                        "Verstöße gegen K-3/K-8 zählen hier nicht als Foul",
                        "K-3/K-8 conduct violations are not fouls under these house rules",
                    ),
                )
            if outcome.kind not in ("missing_die", "wrong_packing", "fell_out", "off_table", "conduct"):
                raise ImpossibleOutcome(
                    "K-4.2", Text(f"Unbekanntes Foul {outcome.kind!r}", f"unknown foul {outcome.kind!r}")
                )
        return
    raise ImpossibleOutcome("KA-36", Text(f"{outcome!r} ist kein Würfelergebnis", f"{outcome!r} is not a dice outcome"))


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
        return state  # K-9.1/KA-26: the throw is repeated and not counted
    return _after(state, throws.foul(t, config))


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
    return _with_round(drawn, _new_round(drawn, teams, first))


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


def end_turn(state: State, t: PlayerTurn, value: int) -> State:
    """A player turn ended with ``value`` (before the joker): P1's result is provisional; after P2 the
    team gains P1 + P2 if P2 scored (K-5.1, KA-16); a team with >= 150 is out (KA-17)."""
    rnd = state.round
    assert rnd is not None
    config = state.config
    result_points = value * 2 if t.joker else value  # K-10.4
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


# --- the end of the evening -----------------------------------------------------------------


def evening_totals(state: State) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Cents paid and received per seat over the evening, and the bank's net intake."""
    payments = [p for record in state.rounds for p in record.payments]
    if state.phase == PLAY and state.round is not None:
        payments.extend(state.round.payments)  # Straßen units already due in the running round
    paid_out = [p for record in state.rounds for p in record.payouts]
    return settlement.totals(state.seats, payments, paid_out)


def result(state: State) -> Result:
    """Score per seat = cents received - cents paid (higher is better); seats with equal money tie."""
    paid, received, bank = evening_totals(state)
    scores = tuple(r - p for p, r in zip(paid, received, strict=True))
    ranking = tuple(
        tuple(s for s in range(state.seats) if scores[s] == value) for value in sorted(set(scores), reverse=True)
    )
    details = {
        "rounds": len(state.rounds),
        "paid_cents": list(paid),
        "received_cents": list(received),
        "bank_cents": bank,
        "losers": [list(record.teams[record.loser].members) for record in state.rounds],
        "payments": [
            {"round": record.number, "seat": p.seat, "reason": p.reason, "units": p.units, "cents": p.cents}
            for record in state.rounds
            for p in record.payments
        ],
        "payouts": [
            {"round": record.number, "seat": p.seat, "cents": p.cents}
            for record in state.rounds
            for p in record.payouts
        ],
    }
    return Result(scores, ranking, details)
