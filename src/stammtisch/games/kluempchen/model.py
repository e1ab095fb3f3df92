"""Klümpchen values: actions, chance outcomes, the resolved house rules and the state.

Glossary (German game terms kept, explained once):

* **Klümpchen** – "little clump": three or more equal dice, the basic scoring unit (S-1/S-2).
* **Spielabend** – one club evening; one match here. Several **Runden** (rounds, each to 150).
* **Wurf** – a throw; also a player's whole turn (KA-01). **Würfelfolge** – a sequence of up to 3 throws.
* **Straße** – 1-2-3-4-5-6 in one throw (S-3). **15 Voll** – three pairs (S-4). **15 Voll*** – 4 + 2 (S-5).
* **Anschluss** – two triples (S-6). **Turm** – dice stacked on each other after a throw (K-7).
* **Joker** – doubles one turn's result (K-10). **Alleinspieler** – the solo player with an odd count (K-1.2).
* **Schuster** – a losing team below 75 points; **Schwarz** – a losing team on 0 (K-12).
* **Joker ins Grab** – a joker left unused at the end of a round (K-13). **Bank** – the club's fund.
* **Externe** – guests who do not pay into the fund (C-4).

States are immutable values made of small tuples of ints so random play stays fast. The three values
rebuilt on every step (``PlayerTurn``, ``Round``, ``State``) are ``NamedTuple``s rather than frozen
dataclasses: equally immutable, but about seven times cheaper to construct, which is most of an engine
step's cost (``python -m bench``). Actions, outcomes and ledger lines stay frozen dataclasses.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Literal, NamedTuple

from stammtisch.core.protocol import PlayMode

# --- actions --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AnnounceJoker:
    """Announce the joker before the first throw of one's turn (K-10.3); the throw follows."""


@dataclass(frozen=True, slots=True)
class Throw:
    """Throw the free dice: the first throw of a turn without joker, or the optional 3rd throw (K-6.3)."""


@dataclass(frozen=True, slots=True)
class Stop:
    """Stop after the 2nd throw of a sequence instead of the risk/free throw (KA-02, KA-37)."""


@dataclass(frozen=True, slots=True)
class KeepPair:
    """Which pair to set aside from a 2-2-1-1 six-dice throw (K-6.7, KA-05)."""

    face: int


@dataclass(frozen=True, slots=True)
class SetAside:
    """late_throw_set_aside = player_choice (KA-06 ii): the dice of a throw of fewer than six that the
    player sets aside (each joins the kept group of its face); empty: none."""

    faces: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class ChooseVollStar:
    """15 Voll* choice (S-8.3, KA-11): ``a`` = 15 pending, all six back; ``b`` = keep the four."""

    option: Literal["a", "b"]


@dataclass(frozen=True, slots=True)
class ReportAway:
    """The owner is not at the table for his turn (K-16.1): entered for his seat (by him, by the
    Schreiber in table play, or by a deadline in digital play). Only then may his partner stand in,
    so a stand-in never pre-empts an owner who is present; the solo's turn scores 0 (KA-34)."""


@dataclass(frozen=True, slots=True)
class StandIn:
    """The partner throws the turn of a briefly absent team member (K-16.1, KA-34)."""


@dataclass(frozen=True, slots=True)
class Forfeit:
    """The owner is absent and nobody throws for him (or he forbade it): the turn scores 0 (KA-34)."""


@dataclass(frozen=True, slots=True)
class FormTeam:
    """Manual team draw (team_draw=manual): ``first`` is P1, ``second`` his partner P2 (KA-22)."""

    first: int
    second: int


@dataclass(frozen=True, slots=True)
class DemandRedraw:
    """After a round: the losing team or the solo player demands a new team draw (K-17, KA-23)."""


@dataclass(frozen=True, slots=True)
class NextRound:
    """Start the next round with the same teams; the losing team starts (K-17.4)."""


@dataclass(frozen=True, slots=True)
class CloseEvening:
    """The Schreiber closes the evening after a finished round (A.3 Terminal conditions)."""


@dataclass(frozen=True, slots=True)
class Arrive:
    """``seat`` comes to the table between rounds (E-22): he plays from the next team draw on, which the
    last to arrive starts (K-2.1); the unit follows the players at the table (S-9, KA-28)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Leave:
    """``seat`` leaves the table between rounds (E-22): the next round is drawn without him, and its unit
    counts one player fewer (S-9, KA-28). At least 4 stay (K-1.1)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Join:
    """Someone nobody expected sits down at the table between rounds (E-26): the evening gets a new seat
    (number ``seats``, the last in the clockwise order), at the table from the next round on (E-22) and
    the last to arrive, so he starts the team draw (E-24). ``external``: a guest who does not pay into
    the fund (C-4). His name is not the engine's: the match records it with the step (issue 13.2)."""

    external: bool = False


@dataclass(frozen=True, slots=True)
class EnterTurn:
    """Scoresheet mode: one player turn's result as the Schreiber writes it down.

    ``points`` is the final result (already doubled when ``joker``); ``strassen`` the Straßen that
    count for the account (with strassen_count_unconfirmed = false: the confirmed ones); ``thrower``
    who threw the turn: -1 the owner himself, else his partner standing in for him (K-16.1), which
    books the Straßen to the partner (K-16.3) and allows no joker (K-16.2)."""

    points: int
    joker: bool = False
    strassen: int = 0
    thrower: int = -1


@dataclass(frozen=True, slots=True)
class EnterSixEqual:
    """Scoresheet mode: six equal dice in one throw in the turn of the seat on turn (S-7, KA-13);
    ``strassen`` Straßen thrown earlier in that turn still count (KA-20); ``thrower`` as in
    ``EnterTurn`` (the six-equal fine follows the physical thrower, KA-34)."""

    strassen: int = 0
    thrower: int = -1


ACTION_TYPES: tuple[type, ...] = (
    AnnounceJoker,
    Throw,
    Stop,
    KeepPair,
    SetAside,
    ChooseVollStar,
    ReportAway,
    StandIn,
    Forfeit,
    FormTeam,
    DemandRedraw,
    NextRound,
    CloseEvening,
    EnterTurn,
    EnterSixEqual,
    Arrive,
    Leave,
    Join,
)

# --- table incidents (chance outcomes besides dice, table mode only) -------------------------


@dataclass(frozen=True, slots=True)
class TowerOutcome:
    """A Turm: the throw is void and repeated; ``tower_limit`` in a row end the turn (K-7, KA-25)."""


@dataclass(frozen=True, slots=True)
class CockedOutcome:
    """Dice cocked against each other ("brennen"): the throw is repeated, not counted (K-9, KA-26)."""


FOUL_KINDS = ("missing_die", "wrong_packing", "fell_out", "off_table", "conduct")


@dataclass(frozen=True, slots=True)
class FoulOutcome:
    """A void throw that ends the turn (K-4, KA-24): missing die, wrong packing, a die falling out of the
    cup or off the table; ``conduct`` only with conduct_violation_as_foul (K-3/K-8, KA-27)."""

    kind: Literal["missing_die", "wrong_packing", "fell_out", "off_table", "conduct"]


INCIDENT_TYPES: tuple[type, ...] = (TowerOutcome, CockedOutcome, FoulOutcome)

# --- resolved house rules -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Config:
    """The declared options, parsed once (see options.py for keys, clauses and defaults)."""

    mode: PlayMode = PlayMode.TABLE
    base_cents: int = 50
    min_players: int = 4
    max_players: int = 12
    must_improve: bool = True  # third_throw_rule
    fresh_sequence: bool = True  # confirmation_budget
    confirmation_adds_points: bool = True
    player_choice_set_aside: bool = False  # late_throw_set_aside
    foul_zero: bool = True  # foul_scoring
    tower_zero: bool = False  # tower_scoring
    tower_limit: int = 3
    strassen_count_unconfirmed: bool = True
    solo_per_role: bool = False  # solo_strassen_accounts
    alternate_order: bool = False  # team_internal_order
    team_draw: str = "reuse_rolls"
    external_all_units: bool = True  # external_share_scope
    penalty_thrower: bool = True  # six_equal_penalty_payer
    conduct_as_foul: bool = False
    scoresheet_chain_limit: int = 3


# --- state ----------------------------------------------------------------------------------


class Phase(IntEnum):
    """The phases of the evening: the team draw by dice (K-2) or entered by hand (KA-22), play, between
    two rounds (K-17), closed (K-14)."""

    DRAW = 0
    MANUAL_DRAW = 1
    PLAY = 2
    ROUND_OVER = 3
    CLOSED = 4


DRAW, MANUAL, PLAY, ROUND_OVER, CLOSED = Phase
#: The phases' names in the view (``"manual_draw"``).
PHASE_NAMES = tuple(phase.name.lower() for phase in Phase)

# Steps inside one player turn.
PRE, ROLL, PAIR, VOLL, CONTINUE, KEEP_DICE, AWAY = range(7)
STEP_NAMES = ("pre_turn", "roll", "keep_pair", "voll_star", "continue", "keep_dice", "owner_away")


@dataclass(frozen=True, slots=True)
class Team:
    """A pair (P1 throws first) or the solo player (``first == second``, K-1.2)."""

    first: int
    second: int

    @property
    def solo(self) -> bool:
        return self.first == self.second

    @property
    def members(self) -> tuple[int, ...]:
        return (self.first,) if self.first == self.second else (self.first, self.second)


#: The table's record of a throw (turnlog.py): an event ``(code, a, b)`` and an entry ``(faces, dice set
#: aside from it per face 1..6, events, the throw's number in its Würfelfolge)``.
LogEvent = tuple[int, int, int]
LogEntry = tuple[tuple[int, ...], tuple[int, int, int, int, int, int], tuple[LogEvent, ...], int]
#: The last finished player turn: (owner, thrower, role, joker, log, points after the joker, how).
Previous = tuple[int, int, int, bool, tuple[LogEntry, ...], int, str]


class PlayerTurn(NamedTuple):
    """One player's turn ("Wurf", KA-01) as in A.3 ``Turn``.

    ``kept`` counts set-aside dice per face 1..6; ``throws`` are the counted throws of the current
    sequence; ``pending`` points wait for (or have passed) confirmation; ``before`` is the value before
    the 3rd throw (-1 until then); ``last`` the faces of the last counted throw; ``log`` the throws of
    this turn as the table watched them (turnlog.py, view only); ``confirmed`` how many of the turn's
    Straßen were confirmed (S-8.1), whatever happened to the turn's points afterwards."""

    owner: int
    role: int  # 1 or 2: the position in the joint turn
    thrower: int
    joker: bool = False
    step: int = PRE
    throws: int = 0
    towers: int = 0
    kept: tuple[int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0)
    free: int = 6
    pending: int = 0
    awaiting: bool = False
    before: int = -1
    last: tuple[int, ...] = ()
    strassen: int = 0  # Straßen thrown in this turn
    choice: tuple[int, ...] = ()  # faces of the throw waiting for a keep/voll choice
    log: tuple[LogEntry, ...] = ()  # turnlog entries, one per throw (void throws included)
    confirmed: int = 0  # of ``strassen``: those whose confirmation succeeded (strassen_count_unconfirmed, KA-20)


@dataclass(frozen=True, slots=True)
class SheetEntry:
    """One joint turn on the score sheet: both results and the team gain (K-5.1, KA-16)."""

    team: int
    first_seat: int
    first_points: int
    second_seat: int
    second_points: int
    gain: int


class Reason(StrEnum):
    """Why a payment is due: stable English codes for programs and stored results; the German terms
    appear only in texts (the web page, the CLI)."""

    LOST = "lost"  # verloren: a member of the losing team (K-11.3)
    BELOW_75 = "below_75"  # Schuster: the losing team ended below 75 (K-12.1), or an open Schuster (S-7.5)
    NO_POINTS = "no_points"  # Schwarz: the losing team ended on 0 (K-12.2)
    UNUSED_JOKER = "unused_joker"  # Joker ins Grab (K-13.1)
    THREE_STRAIGHTS = "three_straights"  # every 3rd Straße (straight) of the evening (K-14)
    SIX_EQUAL_FINE = "six_equal_fine"  # the thrower of six equal dice in one throw (S-7.7)


#: The units a player owes because his team lost (K-11.3, K-12): the external's reduction of C-4.2.
LOSS_REASONS = (Reason.LOST, Reason.BELOW_75, Reason.NO_POINTS)


@dataclass(frozen=True, slots=True)
class Payment:
    """``seat`` pays ``units`` (``cents``) to the bank for ``reason`` (K-11..K-15, S-7)."""

    seat: int
    reason: Reason
    units: int
    cents: int


@dataclass(frozen=True, slots=True)
class Payout:
    """The bank pays an external player his shares of the units others paid (C-4.1, KA-29)."""

    seat: int
    cents: int


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """A finished round: how it ended and who paid what."""

    number: int
    teams: tuple[Team, ...]
    scores: tuple[int, ...]
    ending: str  # "normal" or "six_equal"
    loser: int  # team index
    payments: tuple[Payment, ...]
    payouts: tuple[Payout, ...]


class Round(NamedTuple):
    """The round being played: teams in clockwise playing order, scores, whose joint turn."""

    number: int
    teams: tuple[Team, ...]
    scores: tuple[int, ...]
    out: tuple[bool, ...]
    current: int  # team index on turn
    role: int  # 1 or 2
    joint_turns: tuple[int, ...]  # completed joint turns per team (team_internal_order=alternate)
    first_result: int  # P1's provisional result in the running joint turn
    first_seat: int
    jokers_used: tuple[int, ...]  # per seat: bit 0 = role-1 joker (or a pair player's joker), bit 1 = solo role 2
    sheet: tuple[SheetEntry, ...]
    payments: tuple[Payment, ...]  # Straßen units due during this round (K-14)
    turn: PlayerTurn | None
    # The last finished player turn, for the table to read after it passed (view only):
    # (owner, thrower, role, joker, log, points after the joker, how: "" | "stop" | "forfeit" | "entered").
    previous: Previous | tuple[()] = ()


@dataclass(frozen=True, slots=True)
class Draw:
    """Team draw in progress (K-2, KA-22): rolls in roll order, teams formed so far."""

    order: tuple[int, ...]  # seats still to roll in this pass, clockwise
    rolls: tuple[tuple[int, int], ...]  # (seat, face) of this pass
    teams: tuple[Team, ...]
    unassigned: tuple[int, ...]  # clockwise from seat 0


class State(NamedTuple):
    """One evening (Spielabend)."""

    seats: int
    config: Config
    externals: tuple[bool, ...]
    phase: Phase
    draw: Draw | None
    teams: tuple[Team, ...]  # current pairing, clockwise by P1 seat
    start_team: int  # team index that starts the next/current round
    round: Round | None
    rounds: tuple[RoundRecord, ...]
    strassen: tuple[int, ...]  # Straßen accounts: index 2*seat (+1: the solo's role-2 account if per_role)
    last_draw_winner: int = -1  # team index of the last draw's winner
    # After a round: the seats that chose the next round without a redraw (K-17.1/K-17.2; one member
    # answers for the losing team, the solo for himself). Empty during play.
    waived: tuple[int, ...] = ()
    # Who is at the table (E-22, issue 13.2): the seats not at the table now (not yet come, or gone),
    # ascending, and the seats that came after the start in the order they came (K-2.1: the last one
    # still at the table starts the next draw). Both empty: everybody sat down at the start.
    not_seated: tuple[int, ...] = ()
    arrivals: tuple[int, ...] = ()
