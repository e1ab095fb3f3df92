"""Prömpeln values: house-rule configuration, actions, chance outcomes and the game state.

Glossary (German game terms kept as they are):

* *Prömpel*: the swing-top stopper of a bottle; flicking it is *prömpeln*.
* *Durchlauf* (run): one player's flicks of all seven stoppers in a round.
* *Lampenlörer* (L), *Kniffel* (K), *Pash-7* (P): the once-per-game active special moves of rounds 1-6.
* *Doppellörer* (D): the compulsory two-handed run of round 7; the middle stopper is the multiplier.
* *Meier*: a passive claim, a run of only 1s and 2s, worth 21. *Königszug* (King): a passive claim,
  seven 3s, which wins the game at once.
* *Stechen*: the tie-break, one stopper per tied player until one scores more.

Granularity of chance (a documented choice): every stopper is its own chance event, one
``Landing`` outcome. At the table that is one quick tap per stopper (seven per run), and each tap
is checked the moment it is entered (right seat, right bottle, value 0-3), so a wrong entry is
refused before it can spoil a whole run. A skill model supplies the weights per stopper.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

#: The active special moves of rounds 1-6 (PR-4.1 to PR-4.3), in canonical order.
SPECIALS: tuple[str, ...] = ("L", "K", "P")
#: Every announcement: no special, the three specials, the Doppellörer of round 7 (PR-4.4).
MOVES: tuple[str, ...] = ("none", "L", "K", "P", "D")
HANDS: tuple[str, ...] = ("links", "rechts")
CLAIMS: tuple[str, ...] = ("none", "meier", "king")
BOTTLES: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7)
#: The Doppellörer is flicked in pairs from the outside in, the middle bottle last (PR-4.4, PR-R11).
DOPPEL_ORDER: tuple[int, ...] = (1, 7, 2, 6, 3, 5, 4)
MIDDLE = 4
ROUNDS = 7
#: Bottle number used for the single stopper of a tie-break flick (PR-2.9).
STECHEN_BOTTLE = 0
MEIER_POINTS = 21


@dataclass(frozen=True, slots=True)
class Config:
    """The resolved house-rule options (names and defaults from rulings/proempeln.md)."""

    pash7_zero_pairs: bool = True
    meier_requires_mix: bool = True
    passive_resolution: str = "as_claimed"
    king_ends: str = "immediately"
    specials_mandatory: bool = True
    announce_deadline: str = "before_own_run"
    invalid_announcement_consumes: bool = True
    tiebreak_mode: str = "eliminate"
    invalid_attempt: str = "zero"
    rotate_start_player: bool = False
    auto_claim_passive: bool = False

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Config:
        return cls(**{key: options[key] for key in cls.__dataclass_fields__ if key in options})


# --- actions --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Announce:
    """Announce this round's move before the run (PR-2.4, PR-4.0a): ``none``, ``L``, ``K``, ``P``,
    or ``D`` with the hand for the middle bottle (PR-4.4). ``correct=False`` records an announcement
    the table judged botched: the special counts as used but its rules do not apply (PR-R10)."""

    move: str
    hand: str = ""
    correct: bool = True


@dataclass(frozen=True, slots=True)
class Replay:
    """Kniffel (PR-4.2, PR-3.4, PR-R04): the bottles whose results do not count and are flicked
    again, in bottle order. Empty: stop replaying."""

    bottles: tuple[int, ...]

    def __post_init__(self) -> None:
        # Canonical order; duplicates are kept so that the rules can refuse them.
        object.__setattr__(self, "bottles", tuple(sorted(self.bottles)))


@dataclass(frozen=True, slots=True)
class Record:
    """Write the run's score down (PR-2.5, PR-3.5), with the passive claim said before it:
    ``none``, ``meier`` (PR-5.1) or ``king`` (PR-5.2)."""

    claim: str = "none"


@dataclass(frozen=True, slots=True)
class Slip:
    """Table correction before recording: the stopper on ``bottle`` moved before the end of the turn
    and its final position scores ``points`` (0: it slipped off; PR-3.3, PR-R04 step 4, PR-R14)."""

    bottle: int
    points: int = 0


Action = Announce | Replay | Record | Slip


# --- chance outcomes ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Landing:
    """Where one stopper came to rest: ``points`` 0-3 (PR-3.1) for ``seat`` on ``bottle``
    (``0``: the tie-break stopper). ``invalid`` marks an invalid attempt (pushing, touching a
    bottle; PR-2.3, PR-R13); it is entered with ``points=0``."""

    seat: int
    bottle: int
    points: int
    invalid: bool = False


# --- state ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Run:
    """One player's run (*Durchlauf*) in progress.

    ``special`` is what was announced; ``effective`` is the special whose rules apply (``none`` when
    the announcement was botched, PR-R10). ``caps`` holds the value per bottle (index bottle-1, None
    while unplayed); ``queue`` the bottles still to flick in this phase; ``replays_left`` the Kniffel
    replay phases still open (PR-R04)."""

    seat: int
    special: str
    effective: str
    hand: str
    caps: tuple[int | None, ...]
    queue: tuple[int, ...]
    replays_left: int = 0
    replays_done: int = 0


@dataclass(frozen=True, slots=True)
class Stechen:
    """The tie-break (PR-2.9, PR-R12): ``contenders`` still in, ``flicks`` of the current flick
    (aligned with ``contenders``, None until entered), ``original`` the players first tied and
    ``history`` the completed flicks as (seat, points) pairs."""

    contenders: tuple[int, ...]
    flicks: tuple[int | None, ...]
    original: tuple[int, ...]
    history: tuple[tuple[tuple[int, int], ...], ...] = ()


@dataclass(frozen=True, slots=True)
class State:
    """The whole game. ``round`` is 1-7; ``position`` indexes this round's turn order.
    ``announced`` holds this round's announcement per seat (None: not yet). ``scores`` and
    ``moves`` hold each seat's recorded round scores and the move each round was played with."""

    config: Config
    seats: int
    round: int
    position: int
    announced: tuple[Announce | None, ...]
    used: tuple[tuple[str, ...], ...]
    scores: tuple[tuple[int, ...], ...]
    moves: tuple[tuple[str, ...], ...]
    run: Run | None = None
    kings: tuple[int, ...] = ()
    stechen: Stechen | None = None
    winner: int | None = None
    end_reason: str = ""

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(rounds) for rounds in self.scores)

    @property
    def finished(self) -> bool:
        return self.winner is not None

    def order(self) -> tuple[int, ...]:
        """This round's turn order (PR-R15): fixed seat order, rotated per round if so configured."""
        start = (self.round - 1) % self.seats if self.config.rotate_start_player else 0
        return tuple((start + i) % self.seats for i in range(self.seats))

    def current_seat(self) -> int:
        start = (self.round - 1) % self.seats if self.config.rotate_start_player else 0
        return (start + self.position) % self.seats

    def unused(self, seat: int) -> tuple[str, ...]:
        return tuple(s for s in SPECIALS if s not in self.used[seat])
