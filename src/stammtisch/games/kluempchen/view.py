"""What the table sees (no hidden information in Klümpchen: every seat sees the same), the decision
hints and the meaning of each action.

The view's type is ``View`` (a ``TypedDict``: JSON-ready, keys fixed); its parts are the typed dicts
below. Seats are 0-based, money is in integer cents, ``hint`` and ``result`` texts are ``{"de", "en"}``.
"""

from __future__ import annotations

from typing import Any, TypedDict

from stammtisch.core.protocol import PlayMode
from stammtisch.core.text import Text
from stammtisch.games.kluempchen import draw as drawing
from stammtisch.games.kluempchen import table as seating_table
from stammtisch.games.kluempchen import throws, turnlog
from stammtisch.games.kluempchen.evening import evening_totals
from stammtisch.games.kluempchen.model import (
    AWAY,
    CONTINUE,
    DRAW,
    KEEP_DICE,
    MANUAL,
    PAIR,
    PHASE_NAMES,
    PLAY,
    PRE,
    ROUND_OVER,
    STEP_NAMES,
    VOLL,
    AnnounceJoker,
    Arrive,
    ChooseVollStar,
    CloseEvening,
    DemandRedraw,
    EnterSixEqual,
    EnterTurn,
    Forfeit,
    FormTeam,
    Join,
    KeepPair,
    Leave,
    NextRound,
    Payment,
    Payout,
    ReportAway,
    RoundRecord,
    SetAside,
    SheetEntry,
    StandIn,
    State,
    Stop,
    Throw,
)
from stammtisch.games.kluempchen.rules import any_of_seats, deciding_seats, joker_available, partner_of, redraw_seats
from stammtisch.games.kluempchen.settlement import unit_cents

# --- the view's type ---------------------------------------------------------------------------


class ThrowView(TypedDict):
    """One throw of the turn as the table watched it (E-17): faces (empty for a void throw), the dice
    set aside from it, what it did, its Würfelfolge and its number in it."""

    faces: list[int]
    kept: list[int]
    event: dict[str, str] | None
    sequence: int
    number: int
    void: bool


class PreviousTurnView(TypedDict):
    """The last finished player turn: who owned and who threw it, its throws and its result."""

    owner: int
    thrower: int
    stand_in: bool
    role: int
    joker: bool
    points: int
    how: str  # "throws" | "stop" | "forfeit" | "entered" | "six_equal"
    throws: list[ThrowView]
    result: dict[str, str]


class TurnView(TypedDict):
    """The player turn being played (A.3 Turn); ``step`` one of model.STEP_NAMES."""

    owner: int
    role: int
    thrower: int
    stand_in: bool
    step: str
    joker: bool
    throws_used: int
    towers: int
    kept: list[list[int]]  # [[face, count], ...]
    free: int
    pending: int
    awaiting_confirmation: bool
    value: int
    value_before_third: int | None
    last_throw: list[int]
    throws: list[ThrowView]
    choice: list[int]
    strassen: int
    joker_available: bool
    partner: int  # -1: the solo has none


class TeamView(TypedDict):
    index: int
    members: list[int]
    p1: int
    p2: int
    solo: bool
    score: int
    out: bool


class OnTurnView(TypedDict):
    team: int
    seat: int
    thrower: int
    role: int


class DrawView(TypedDict):
    rolls: list[list[int]]  # [[seat, face], ...]
    teams: list[list[int]]
    unassigned: list[int]
    next_roller: int | None


class ProvisionalView(TypedDict):
    """P1's points waiting for P2's result (K-5.1)."""

    seat: int
    points: int


class SheetEntryView(TypedDict):
    team: int
    p1_seat: int
    p1_points: int
    p2_seat: int
    p2_points: int
    gain: int


class PaymentView(TypedDict):
    seat: int
    reason: str  # a settlement Reason code: lost, below_75, no_points, unused_joker, three_straights, ...
    units: int
    cents: int


class PayoutView(TypedDict):
    seat: int
    cents: int


class RoundView(TypedDict):
    number: int
    players: int  # N of this round (S-9, KA-28): the players drawn into it (E-22)
    unit_cents: int
    ending: str  # "normal" | "six_equal"
    teams: list[list[int]]
    scores: list[int]
    loser: int
    payments: list[PaymentView]
    payouts: list[PayoutView]


class TotalsView(TypedDict):
    paid_cents: list[int]
    received_cents: list[int]
    net_cents: list[int]
    bank_cents: int


class View(TypedDict):
    """The public table (every seat sees the same)."""

    game: str
    mode: str
    phase: str  # one of model.PHASE_NAMES
    seats: int
    externals: list[int]
    base_cents: int
    unit_cents: int  # the running round's unit; between rounds the next round's (players at the table)
    players: int  # N: the players of the running round, between rounds those at the table (E-22)
    at_table: list[int]  # seats at the table now (E-22)
    not_seated: list[int]  # seats of this evening not at the table now: not come yet, or gone
    draw_starter: int  # K-2.1: who starts the next team draw (the last to arrive)
    table_changed: bool  # between rounds: someone came or went, so the teams are drawn again (E-22)
    draw: DrawView | None
    teams: list[TeamView]
    start_team: int
    round: int
    on_turn: OnTurnView | None
    turn: TurnView | None
    previous_turn: PreviousTurnView | None
    provisional: ProvisionalView | None
    jokers_left: list[int]
    sheet: list[SheetEntryView]
    round_payments: list[PaymentView]
    rounds: list[RoundView]
    redraw_seats: list[int]  # K-17: who holds the right to a redraw after the last round
    deciding_seats: list[int]  # K-17: of those, the seats still to choose between redraw and next
    strassen: list[int]
    totals: TotalsView
    hint: dict[str, str]


def _payment(p: Payment) -> PaymentView:
    return {"seat": p.seat, "reason": p.reason.value, "units": p.units, "cents": p.cents}


def _payout(p: Payout) -> PayoutView:
    return {"seat": p.seat, "cents": p.cents}


def jokers_left(state: State) -> list[int]:
    """Per seat: jokers still to take this round (the solo has two, KA-15)."""
    rnd = state.round
    left = []
    for seat in range(state.seats):
        team = next((t for t in state.teams if seat in t.members), None)
        if team is None:
            left.append(0)
            continue
        # During a round and at its end: what is left of this round (K-13); otherwise a fresh round's.
        used = rnd.jokers_used[seat] if rnd is not None and state.phase in (PLAY, ROUND_OVER) else 0
        if team.solo:
            left.append(2 - (used & 1) - ((used >> 1) & 1))
        else:
            left.append(1 - (used & 1))
    return left


def strassen_per_seat(state: State) -> list[int]:
    """Straßen thrown this evening per seat (both accounts of a solo added up), KA-20."""
    return [state.strassen[2 * s] + state.strassen[2 * s + 1] for s in range(state.seats)]


def hint(state: State) -> Text:
    """A short bilingual hint for the decision now due."""
    if state.phase == DRAW:
        assert state.draw is not None
        seat = drawing.next_roller(state.draw) + 1
        return Text(f"Paare auswürfeln: Platz {seat} würfelt", f"team draw: seat {seat} rolls one die")
    if state.phase == MANUAL:
        return Text("Teams eintragen: erst Spieler 1, dann Partner", "enter the teams: player 1, then the partner")
    if state.phase == ROUND_OVER and not seating_table.teams_fit(state):
        starter = seating_table.draw_starter(state) + 1
        return Text(
            f"Runde vorbei, der Tisch hat sich geändert: die Paare werden neu ausgewürfelt, Platz {starter} beginnt",
            f"round over and the table changed: the teams are drawn again, seat {starter} starts",
        )
    if state.phase == ROUND_OVER:
        de, en = any_of_seats(deciding_seats(state))
        return Text(
            f"Runde vorbei: {de} wählt neu auswürfeln oder nächste Runde; jeder kann den Abend beenden",
            f"round over: {en} chooses a new team draw or the next round; anyone may close the evening",
        )
    if state.phase != PLAY:
        return Text("Der Abend ist beendet", "the evening is closed")
    rnd = state.round
    assert rnd is not None and rnd.turn is not None
    t = rnd.turn
    seat = t.thrower + 1
    if state.config.mode == PlayMode.SCORESHEET:
        return Text(
            f"Ergebnis von Platz {t.owner + 1} (Rolle {t.role}) eintragen",
            f"enter the result of seat {t.owner + 1} (role {t.role})",
        )
    if t.step == PRE:
        joker = joker_available(rnd, t)
        choice_de = "Joker ansagen oder würfeln" if joker else "würfeln"
        choice_en = "announce the joker or throw" if joker else "throw"
        if partner_of(rnd, t) < 0:
            return Text(
                f"Platz {t.owner + 1} ist dran (Rolle {t.role}): {choice_de}",
                f"seat {t.owner + 1} is on turn (role {t.role}): {choice_en}",
            )
        return Text(
            f"Platz {t.owner + 1} ist dran: {choice_de} (wer weg ist, wird als abwesend gemeldet; dann kann der "
            "Partner oder die Partnerin an seiner Stelle würfeln)",
            f"seat {t.owner + 1} is on turn: {choice_en} (if away: report the seat away, then the partner may throw "
            "in its place)",
        )
    if t.step == AWAY:
        partner = partner_of(rnd, t) + 1
        return Text(
            f"Platz {t.owner + 1} ist abwesend: Platz {partner} würfelt für ihn (ohne Joker) oder keiner (0 Punkte)",
            f"seat {t.owner + 1} is away: seat {partner} throws for him (no joker) or nobody does (0 points)",
        )
    if t.step == PAIR:
        return Text(f"Platz {seat}: welches Paar wird rausgenommen?", f"seat {seat}: which pair is set aside?")
    if t.step == VOLL:
        return Text(
            f"Platz {seat}: 15 Voll* – a) alle 6 neu, 15 stehen zur Bestätigung, b) die 4 Gleichen behalten",
            f"seat {seat}: 15 Voll* – a) all six again, 15 await confirmation, b) keep the four equal dice",
        )
    if t.step == KEEP_DICE:
        return Text(f"Platz {seat}: welche Würfel werden rausgelegt?", f"seat {seat}: which dice are set aside?")
    if t.step == CONTINUE:
        if t.awaiting:
            return Text(
                f"Platz {seat}: 3. Wurf (frei) zur Bestätigung oder aufhören (0 Punkte)",
                f"seat {seat}: free 3rd throw to confirm, or stop (0 points)",
            )
        if throws.value(t, state.config) > 0:
            return Text(
                f"Platz {seat}: Risikowurf oder mit {throws.value(t, state.config)} aufhören",
                f"seat {seat}: risk throw or stop with {throws.value(t, state.config)}",
            )
        return Text(f"Platz {seat}: freier 3. Wurf oder aufhören", f"seat {seat}: free 3rd throw or stop")
    return Text(f"Platz {seat} würfelt {t.free} Würfel", f"seat {seat} throws {t.free} dice")


def _turn_view(state: State) -> TurnView | None:
    rnd = state.round
    if state.phase != PLAY or rnd is None or rnd.turn is None:
        return None
    t = rnd.turn
    return {
        "owner": t.owner,
        "role": t.role,
        "thrower": t.thrower,
        "stand_in": t.thrower != t.owner,
        "step": STEP_NAMES[t.step],
        "joker": t.joker,
        "throws_used": t.throws,
        "towers": t.towers,
        "kept": [[face, n] for face, n in enumerate(t.kept, start=1) if n],
        "free": t.free,
        "pending": t.pending,
        "awaiting_confirmation": t.awaiting,
        "value": throws.value(t, state.config),
        "value_before_third": t.before if t.before >= 0 else None,
        "last_throw": list(t.last),
        "throws": turnlog.throws_view(t.log),
        "choice": list(t.choice),
        "strassen": t.strassen,
        "joker_available": joker_available(rnd, t),
        "partner": partner_of(rnd, t),
    }


def view(state: State, seat: int | None) -> View:
    """The public table; every seat sees the same (Klümpchen has no secrets)."""
    rnd = state.round
    at_table = seating_table.at_table(state)
    players = seating_table.round_players(rnd.teams) if rnd is not None and state.phase == PLAY else len(at_table)
    on_turn: OnTurnView | None = None
    if state.phase == PLAY and rnd is not None and rnd.turn is not None:
        on_turn = {"team": rnd.current, "seat": rnd.turn.owner, "thrower": rnd.turn.thrower, "role": rnd.turn.role}
    return {
        "game": "kluempchen",
        "mode": state.config.mode.value,
        "phase": PHASE_NAMES[state.phase],
        "seats": state.seats,
        "externals": [s for s in range(state.seats) if state.externals[s]],
        "base_cents": state.config.base_cents,
        "unit_cents": unit_cents(state.config.base_cents, players),
        "players": players,
        "at_table": list(at_table),
        "not_seated": list(state.not_seated),
        "draw_starter": seating_table.draw_starter(state),
        "table_changed": state.phase == ROUND_OVER and not seating_table.teams_fit(state),
        "draw": _draw_view(state),
        "teams": _teams_view(state),
        "start_team": state.start_team,
        "round": rnd.number if rnd is not None else 0,
        "on_turn": on_turn,
        "turn": _turn_view(state),
        "previous_turn": (
            turnlog.previous_view(rnd.previous) if rnd is not None and state.phase in (PLAY, ROUND_OVER) else None
        ),
        "provisional": (
            {"seat": rnd.first_seat, "points": rnd.first_result}
            if rnd is not None and state.phase == PLAY and rnd.role == 2
            else None
        ),
        "jokers_left": jokers_left(state),
        "sheet": _sheet_view(rnd.sheet if rnd is not None else ()),
        "round_payments": [_payment(p) for p in rnd.payments] if rnd is not None and state.phase == PLAY else [],
        "rounds": [_round_record_view(state, r) for r in state.rounds],
        "redraw_seats": list(redraw_seats(state)) if state.phase == ROUND_OVER else [],
        "deciding_seats": list(deciding_seats(state)) if state.phase == ROUND_OVER else [],
        "strassen": strassen_per_seat(state),
        "totals": _totals_view(state),
        "hint": hint(state).to_json(),
    }


def _teams_view(state: State) -> list[TeamView]:
    """The evening's teams, with their scores while the round that formed them is played."""
    rnd = state.round
    in_round = rnd is not None and rnd.teams == state.teams
    teams: list[TeamView] = []
    for index, team in enumerate(state.teams):
        teams.append(
            {
                "index": index,
                "members": list(team.members),
                "p1": team.first,
                "p2": team.second,
                "solo": team.solo,
                "score": rnd.scores[index] if in_round and rnd is not None else 0,
                "out": rnd.out[index] if in_round and rnd is not None else False,
            }
        )
    return teams


def _draw_view(state: State) -> DrawView | None:
    """The team draw (K-2) while it runs."""
    if state.draw is None or state.phase not in (DRAW, MANUAL):
        return None
    return {
        "rolls": [[s, face] for s, face in state.draw.rolls],
        "teams": [[t.first, t.second] for t in state.draw.teams],
        "unassigned": list(state.draw.unassigned),
        "next_roller": drawing.next_roller(state.draw) if state.phase == DRAW else None,
    }


def _sheet_view(sheet: tuple[SheetEntry, ...]) -> list[SheetEntryView]:
    """The round's score sheet (Schreibzettel), one line per joint turn."""
    return [
        {
            "team": e.team,
            "p1_seat": e.first_seat,
            "p1_points": e.first_points,
            "p2_seat": e.second_seat,
            "p2_points": e.second_points,
            "gain": e.gain,
        }
        for e in sheet
    ]


def _round_record_view(state: State, r: RoundRecord) -> RoundView:
    """A finished round: who played at which unit (E-22), how it ended and who paid whom."""
    players = seating_table.round_players(r.teams)
    return {
        "number": r.number,
        "players": players,
        "unit_cents": unit_cents(state.config.base_cents, players),
        "ending": r.ending,
        "teams": [[t.first, t.second] for t in r.teams],
        "scores": list(r.scores),
        "loser": r.loser,
        "payments": [_payment(p) for p in r.payments],
        "payouts": [_payout(p) for p in r.payouts],
    }


def _totals_view(state: State) -> TotalsView:
    """The evening's money so far, per seat and for the bank."""
    paid, received, bank = evening_totals(state)
    return {
        "paid_cents": list(paid),
        "received_cents": list(received),
        "net_cents": [r - p for p, r in zip(paid, received, strict=True)],
        "bank_cents": bank,
    }


def describe_action(state: State, action: Any) -> Text:
    """What an action means, for buttons and help."""
    return _describe_turn_step(state, action) or _describe_table_step(state, action) or Text(str(action), str(action))


def _describe_turn_step(state: State, action: Any) -> Text | None:
    """A step of a player turn (K-6, K-10, K-16, S-8)."""
    if isinstance(action, AnnounceJoker):
        return Text(
            "Joker ansagen: die Punkte dieses Wurfs zählen doppelt",
            "announce the joker: this turn's points count double",
        )
    if isinstance(action, Throw):
        rnd = state.round
        t = rnd.turn if rnd is not None and state.phase == PLAY else None
        if t is not None and t.step == CONTINUE:
            if not t.awaiting and throws.value(t, state.config) > 0 and state.config.must_improve:
                return Text("Risikowurf: alle Punkte stehen auf dem Spiel", "risk throw: all points at stake")
            return Text("Freiwurf: muss etwas Zählbares bringen", "free throw: must bring something countable")
        return Text("Würfeln", "throw the dice")
    if isinstance(action, Stop):
        return Text("Aufhören und die Punkte behalten", "stop and keep the points")
    if isinstance(action, KeepPair):
        return Text(f"Das Paar {action.face}{action.face} rausnehmen", f"set aside the pair of {action.face}s")
    if isinstance(action, ChooseVollStar):
        if action.option == "a":
            return Text(
                "15 Voll* a: alle 6 Würfel neu, 15 Punkte müssen bestätigt werden",
                "15 Voll* a: all six dice again, the 15 points must be confirmed",
            )
        return Text(
            "15 Voll* b: die 4 Gleichen behalten und mit 2 Würfeln weiter",
            "15 Voll* b: keep the four equal dice, throw on with 2",
        )
    if isinstance(action, SetAside):
        if not action.faces:
            return Text("Keinen Würfel rauslegen", "set no die aside")
        shown = " ".join(map(str, action.faces))
        return Text(f"Rauslegen: {shown}", f"set aside: {shown}")
    if isinstance(action, ReportAway):
        return Text(
            "Abwesend: der Partner oder die Partnerin kann an dieser Stelle würfeln "
            "(wer allein spielt, bekommt 0 Punkte)",
            "away: the partner may throw in this seat's place (a solo seat scores 0)",
        )
    if isinstance(action, StandIn):
        return Text("Für den abwesenden Partner würfeln (ohne Joker)", "throw for the absent partner (no joker)")
    if isinstance(action, Forfeit):
        return Text("Partner abwesend, keiner würfelt: 0 Punkte", "partner absent and nobody throws: 0 points")
    return None


def _describe_table_step(state: State, action: Any) -> Text | None:
    """A step of the evening around the turns: teams, arrivals, rounds, score-sheet entries."""
    if isinstance(action, FormTeam):
        return Text(
            f"Team: Platz {action.first + 1} (Spieler 1) mit Platz {action.second + 1}",
            f"team: seat {action.first + 1} (player 1) with seat {action.second + 1}",
        )
    if isinstance(action, DemandRedraw):
        if state is not None and state.phase == ROUND_OVER and not seating_table.teams_fit(state):
            return Text("Paare neu auswürfeln (der Tisch hat sich geändert)", "draw the teams (the table changed)")
        return Text("Neues Auswürfeln der Paare fordern", "demand a new team draw")
    if isinstance(action, Arrive):
        return Text(
            f"Platz {action.seat + 1} kommt an den Tisch und spielt ab der nächsten Runde mit",
            f"seat {action.seat + 1} arrives and plays from the next round",
        )
    if isinstance(action, Join):
        if action.external:
            return Text(
                "Ein externer Gast setzt sich dazu: spielt ab der nächsten Runde mit und würfelt die Paare aus",
                "an external guest sits down: plays from the next round and starts the team draw",
            )
        return Text(
            "Jemand Neues setzt sich dazu: spielt ab der nächsten Runde mit und würfelt die Paare aus",
            "someone new sits down: plays from the next round and starts the team draw",
        )
    if isinstance(action, Leave):
        return Text(
            f"Platz {action.seat + 1} geht und spielt ab der nächsten Runde nicht mehr mit",
            f"seat {action.seat + 1} leaves and plays no more from the next round",
        )
    if isinstance(action, NextRound):
        return Text(
            "Nächste Runde, gleiche Teams; das Verliererteam beginnt", "next round, same teams; the losers start"
        )
    if isinstance(action, CloseEvening):
        return Text("Spielabend beenden und abrechnen", "close the evening and settle up")
    if isinstance(action, EnterTurn):
        extra_de = (" mit Joker" if action.joker else "") + (
            f", {action.strassen} Straße(n)" if action.strassen else ""
        )
        extra_en = (" with joker" if action.joker else "") + (
            f", {action.strassen} Straße(n)" if action.strassen else ""
        )
        return Text(f"Ergebnis {action.points} Punkte{extra_de}", f"result {action.points} points{extra_en}")
    if isinstance(action, EnterSixEqual):
        if action.thrower >= 0:  # K-16: the partner threw them for the absent owner
            return Text(
                "6 Gleiche mit einem Wurf, vom Partner für ihn geworfen: die Runde ist zu Ende",
                "six equal in one throw, thrown by the partner for him: the round ends",
            )
        return Text("6 Gleiche mit einem Wurf: die Runde ist zu Ende", "six equal in one throw: the round ends")
    return None
