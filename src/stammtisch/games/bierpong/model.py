"""Bierpong's values: options, state, actions (decisions) and outcomes (what the table enters).

Glossary (German terms kept, docs/rules/bierpong.md):

* **Becher** cup; the **rack** of one team (``rack.py``). **Wurfrunde** throwing round: one team's
  throws at the other team's cups (Art 11).
* **Paar** pair: the two standard throws of a round, from two different players (Art 11.3).
* **Balls Back**: both throws of a pair hit; the same pair throws again (Art 13).
* **Aufsetzer** a ball that bounced on the table or an object; **Roller** one that touched two cups
  (Art 14, 15): worth two hits, i.e. one extra cup.
* **Bombe** both balls of a pair in the same cup: it and two more go (Art 20).
* **Island** a live cup with no live neighbour, called before the throw (Art 22).
* **Heating Up / On Fire** calls after two / three hits in a row; On Fire throws until a miss (Art 21).
* **Trickshot** a throw with a ball that rolled back to the own half (Art 19).
* **Air Ball** a ball caught behind the back edge without touching anything (Art 23).
* **Dead Cup** a hit cup left standing into the next round; hitting it wins (Art 18).
* **Konter** the last chance of the team that lost its last cup (Art 10).
* **Specialwurf** special throw: Aufsetzer/Roller, Bombe, Island.

Teams are 0 ("A") and 1 ("B"); seats are the engine's seat numbers. The state is an immutable value.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Phase(StrEnum):
    """Where the game stands."""

    DUEL = "duel"  # Art 8: the opening duel throws
    BEGIN = "begin"  # the duel winner's team chooses who begins
    SIDE = "side"  # the other team chooses the table side
    PLAY = "play"  # throwing rounds
    KONTER = "konter"  # Art 10
    OVER = "over"


class End(StrEnum):
    """Why the game ended."""

    CUPS = "cups"  # Art 9.1 (after a failed Konter, or without Konter)
    DEAD_CUP = "dead_cup"  # Art 18.1
    TIMER = "timer"  # Art 9.2, more live cups
    SUDDEN_DEATH = "sudden_death"  # Art 9.2, the next hit when level


@dataclass(frozen=True, slots=True)
class Config:
    """The resolved options in the form the rules read them (``options.config_from``)."""

    rack: int = 10
    allow_rerack: bool = False
    dead_neighbour: bool = False
    thrower_chooses: bool = False
    konter: bool = True
    konter_cups: bool = False
    konter_last_cup: bool = False
    konter_special: str = "contains"
    double_call: bool = False
    air_double: bool = False
    timer: bool = False
    timer_round: bool = False
    knock_opponent: bool = False
    double_release: bool = False
    cycle_pairs: bool = False
    elbow_void: bool = True
    defence_rethrow: bool = True
    save_counts: bool = True
    units_per_cup: bool = False
    drink_lock: bool = True
    drink_amount: str = "1 Schluck"  # what one unit is (agreed before the game, Art 1.1)


# --- the running round ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PendingHit:
    """A counted hit whose cup still stands (removal due, BP-R08): the extras it earns are settled at
    the next removal point. ``bounced``: the ball is worth one extra cup (an Aufsetzer/Roller, or the
    Air-Ball double value, which is worth as much but is not a bounce: BP-R15, Art 10.3)."""

    cup: int
    seat: int
    bounced: bool
    island: bool
    pair: bool  # thrown as one of a pair (only those can form a Bombe, BP-R06)


@dataclass(frozen=True, slots=True)
class Removal:
    """Extra cups still owed for the special cup ``cup`` (Art 3): chosen one by one, adjacent first."""

    team: int
    cup: int
    count: int


@dataclass(frozen=True, slots=True)
class Knock:
    """Own cups knocked over (Art 16): one of ``cups`` (or, opponent_any, any live cup) must go."""

    team: int
    cups: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Round:
    """One throwing round of ``team`` at the other team's cups (BP-R22)."""

    number: int
    team: int
    pair: tuple[int, int] | None = None
    pair_kind: str = "std"  # "std", "bb" (Balls Back) or "done"
    pair_throws: tuple[bool, ...] = ()  # whether each throw of the current pair counted as a hit
    pair_cups: tuple[int, ...] = ()  # the cups the current pair hit (counted hits)
    fire: int | None = None  # the seat throwing On Fire throws now
    pending: tuple[PendingHit, ...] = ()
    removals: tuple[Removal, ...] = ()
    call: int | None = None  # the seat that may call Heating Up / On Fire now
    fetch: bool = False  # a rolled-back ball waits: fetch it or not (Art 19)
    aim: int | None = None  # the Island cup called for the next throw
    aimed: bool = False  # the next throw's Island question is settled
    air: tuple[int, ...] = ()  # Air-Ball catchers owed an extra throw this round (BP-R15)
    doubles: tuple[int, ...] = ()  # air_ball_bonus = double_value: catchers whose next throw counts double
    tricks: tuple[int, ...] = ()  # queued trickshots (the fetchers)
    throws: int = 0  # throws so far (the Konter window, BP-R09)
    ball_hits: int = 0
    cups_removed: int = 0
    last_special: tuple[str, ...] = ()
    last_cup: int | None = None
    start_cups: tuple[int, ...] = ()  # the defender's rack at the start of the round
    units: int = 0  # drink units each defender owes for this round (BP-R20)
    hit_cups: tuple[int, ...] = ()  # cups hit this round (may be left standing: Dead Cup)


@dataclass(frozen=True, slots=True)
class Konter:
    """A Konter of ``team`` (BP-R09): ``need`` hits in at most ``throws_left`` throws, with ``required``."""

    team: int
    first: int
    throws: int  # nF
    need: int  # hF
    required: tuple[str, ...]
    throws_left: int
    pair: tuple[int, int] | None = None
    index: int = 0
    hits: int = 0
    got: tuple[str, ...] = ()
    cup_hits: tuple[int, ...] = ()  # every cup a Konter ball landed in (a Bombe needs two in one)
    matched: bool = False  # the required special has been made (konter_special_match, BP-R09)
    call: int | None = None  # the seat that may call Heating Up / On Fire after its Konter hit (BP-R11)
    aim: int | None = None
    aimed: bool = False
    held_units: int = 0  # the second team's units for the finishing round (Art 2.3)
    units: int = 0  # the first team's units from the Konter's hits
    start_cups: tuple[int, ...] = ()
    last_cup: int | None = None
    round_number: int = 0


@dataclass(frozen=True, slots=True)
class Drinks:
    """The drink ledger (BP-R20): units per member fallen due, drunk, forgotten; per team."""

    owed: tuple[int, int] = (0, 0)
    drunk: tuple[int, int] = (0, 0)
    forgotten: tuple[int, int] = (0, 0)
    due_round: tuple[int, int] = (0, 0)  # the round after which the latest units fell due
    drinking: tuple[bool, bool] = (False, False)  # "mandatory drinking in progress" (Art 7.1)
    cancelled: tuple[int, int] = (0, 0)  # units a successful Konter cancelled (BP-R20)
    penalties: tuple[tuple[int, str], ...] = ()  # Art 2.2: (team, penalty set by the opponents)

    def open(self, team: int) -> int:
        return self.owed[team] - self.drunk[team] - self.forgotten[team]


@dataclass(frozen=True, slots=True)
class Player:
    """One seat's calls and streak (BP-R11, BP-R12) and its statistics: throws, hits, Aufsetzer,
    Bomben, Islands, On-Fire calls. (The statistics live here, not in a state field of their own, so a
    throw copies one value per seat instead of two.)"""

    streak: int = 0
    heating: bool = False
    on_fire: bool = False
    island_used: bool = False
    throws: int = 0
    hits: int = 0
    bounces: int = 0
    bombs: int = 0
    islands: int = 0
    fires: int = 0


@dataclass(frozen=True, slots=True)
class Stats:
    """Per-seat statistics (``State.stats``, read from the players): throws, hits, Aufsetzer, Bomben,
    Islands, On-Fire calls."""

    throws: tuple[int, ...]
    hits: tuple[int, ...]
    bounces: tuple[int, ...]
    bombs: tuple[int, ...]
    islands: tuple[int, ...]
    fires: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class State:
    config: Config
    teams: tuple[tuple[int, ...], tuple[int, ...]]
    cups: tuple[tuple[int, ...], tuple[int, ...]]
    players: tuple[Player, ...]
    phase: Phase = Phase.DUEL
    duel_winner: int | None = None
    duels: int = 0
    first_team: int | None = None
    side: str | None = None
    round: Round | None = None
    konter: Konter | None = None
    knock: Knock | None = None
    rounds_played: int = 0
    team_rounds: tuple[int, int] = (0, 0)
    last_pairs: tuple[tuple[int, int] | None, tuple[int, int] | None] = (None, None)
    air_owed: tuple[int, ...] = ()  # catchers owed an Air-Ball extra in their team's next round
    standing: tuple[int, ...] = ()  # cups hit in the last round that may still be left standing
    standing_team: int | None = None
    timer: str = "off"  # "off", "running", "expired" (finish round / Konter first), "sudden"
    konters: int = 0
    konter_failed: str = ""  # why the last Konter failed ("throws", "hits", "island", "bombe", "aufsetzer")
    drinks: Drinks = Drinks()
    winner: int | None = None
    end: End | None = None

    @property
    def stats(self) -> Stats:
        """Every seat's statistics, one tuple per counter (seat order)."""
        p = self.players
        return Stats(
            tuple(x.throws for x in p),
            tuple(x.hits for x in p),
            tuple(x.bounces for x in p),
            tuple(x.bombs for x in p),
            tuple(x.islands for x in p),
            tuple(x.fires for x in p),
        )


# --- actions (decisions) -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Begin:
    """Art 8.3: the duel winner's team chooses which team begins."""

    team: int


@dataclass(frozen=True, slots=True)
class Side:
    """Art 8.3: the duel loser's team chooses the table side ("left" or "right")."""

    side: str


@dataclass(frozen=True, slots=True)
class Pair:
    """Art 11.3: the two players who throw this round (or this Konter), in throwing order."""

    first: int
    second: int


@dataclass(frozen=True, slots=True)
class Shoot:
    """Throw without an Island call."""


@dataclass(frozen=True, slots=True)
class CallIsland:
    """Art 22: call Island on ``cup`` before the throw."""

    cup: int


@dataclass(frozen=True, slots=True)
class Call:
    """Art 21: "heating_up", "on_fire" or (allow_double_call) "both"."""

    kind: str


@dataclass(frozen=True, slots=True)
class NoCall:
    """No Heating Up / On Fire call after this hit (it can be made at the next hit, 21.3)."""


@dataclass(frozen=True, slots=True)
class Fetch:
    """Art 19: ``seat`` fetches the rolled-back ball and will throw a trickshot."""

    seat: int


@dataclass(frozen=True, slots=True)
class Leave:
    """The rolled-back ball is not fetched."""


@dataclass(frozen=True, slots=True)
class Remove:
    """Remove ``cup``: an extra cup of a special throw (Art 3) or the knocked-over cup (Art 16)."""

    cup: int


Action = Begin | Side | Pair | Shoot | CallIsland | Call | NoCall | Fetch | Leave | Remove
ACTION_TYPES: tuple[type, ...] = (Begin, Side, Pair, Shoot, CallIsland, Call, NoCall, Fetch, Leave, Remove)

# --- outcomes (one throw, or a table event) -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Duel:
    """Art 8: the two duel throws at once: whether team A's and team B's thrower hit."""

    a: bool
    b: bool


@dataclass(frozen=True, slots=True)
class Hit:
    """The ball landed in ``cup``; ``bounce``: it touched the table or an object (Art 14), ``roller``:
    it touched two cups (Art 15). A rim touch of the landing cup alone is neither (15.3)."""

    cup: int
    bounce: bool = False
    roller: bool = False


@dataclass(frozen=True, slots=True)
class Miss:
    """No cup (also an air ball caught beside the table or not caught, Art 23.3)."""


@dataclass(frozen=True, slots=True)
class Defended:
    """A bounced ball legally swatted away (Art 14.2)."""


@dataclass(frozen=True, slots=True)
class RolledBack:
    """The ball rolled back over the middle; ``own_half``: it lies there and may be fetched (Art 19.2)."""

    own_half: bool


@dataclass(frozen=True, slots=True)
class AirBall:
    """Art 23: an Air Ball caught behind the back edge by ``catcher`` (a defending seat)."""

    catcher: int


@dataclass(frozen=True, slots=True)
class Void:
    """Art 12 (elbow_breach = void): the elbow was over the edge: thrown, but nothing counts."""


@dataclass(frozen=True, slots=True)
class IllegalDefence:
    """Art 14.2 (illegal_defense = rethrow): a ball defended before it bounced: thrown again."""


@dataclass(frozen=True, slots=True)
class IllegalSave:
    """Art 17 (illegal_save = count_hit): the ball circling ``cup`` was blown or fingered out: a hit."""

    cup: int


@dataclass(frozen=True, slots=True)
class BothAtOnce:
    """Art 4.1: the thrower released both balls at the same time. Never a legal outcome: in singles
    it is forbidden (4.1); in a team, one player throwing both balls is a pair choice (BP-R18,
    ``single_player_double_release``), and two players releasing together are two throws (4.2)."""


@dataclass(frozen=True, slots=True)
class TimeUp:
    """Art 9.2: the timer ran out (the match layer's clock enters it; the engine has no clock)."""


@dataclass(frozen=True, slots=True)
class KnockOver:
    """Art 16: a member of ``team`` knocked over these own live cups."""

    team: int
    cups: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LeftStanding:
    """Art 18.1: a cup hit in the last round was still standing when this round began: a Dead Cup."""

    cup: int


@dataclass(frozen=True, slots=True)
class DeadCupRemoved:
    """Art 18.2: the owners removed their Dead Cup ``cup`` (only in their own throwing round)."""

    cup: int


@dataclass(frozen=True, slots=True)
class Drinking:
    """Art 7.1: ``team`` drinks its mandatory amount now; no throws at it meanwhile (drink_lock)."""

    team: int


@dataclass(frozen=True, slots=True)
class Drank:
    """``team`` has drunk everything due (Art 1, 2.1)."""

    team: int


@dataclass(frozen=True, slots=True)
class Distracted:
    """Art 7.2: ``team`` drinks without having to or distracts itself: throwing is allowed again."""

    team: int


@dataclass(frozen=True, slots=True)
class Forgot:
    """Art 2.2: ``team`` forgot to drink before the next round; the opponents set ``penalty``
    (empty: the recommended round of shots)."""

    team: int
    penalty: str = ""


@dataclass(frozen=True, slots=True)
class Rerack:
    """BP-R01 ``allow_rerack``: at the start of an opposing throwing round ``team`` re-formed its live
    cups; ``cups`` are the slots they stand in now (ascending), so adjacency is re-entered."""

    team: int
    cups: tuple[int, ...]


ThrowResult = Hit | Miss | Defended | RolledBack | AirBall | Void | IllegalDefence | IllegalSave | BothAtOnce
TableEvent = TimeUp | KnockOver | LeftStanding | DeadCupRemoved | Drinking | Drank | Distracted | Forgot | Rerack
Outcome = Duel | ThrowResult | TableEvent
THROW_TYPES: tuple[type, ...] = (
    Hit,
    Miss,
    Defended,
    RolledBack,
    AirBall,
    Void,
    IllegalDefence,
    IllegalSave,
    BothAtOnce,
)
EVENT_TYPES: tuple[type, ...] = (
    TimeUp,
    KnockOver,
    LeftStanding,
    DeadCupRemoved,
    Drinking,
    Drank,
    Distracted,
    Forgot,
    Rerack,
)
OUTCOME_TYPES: tuple[type, ...] = (Duel, *THROW_TYPES, *EVENT_TYPES)

TEAM_NAMES = ("A", "B")
