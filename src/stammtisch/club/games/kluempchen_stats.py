"""Klümpchen statistics of one closed evening, per seat (issue 13.5).

Glossary (the game's own, ``games/kluempchen/model.py``): a **Wurf** is one player's whole turn
(KA-01); a **Risikowurf** the 3rd throw of a Würfelfolge that must beat the first two (KA-03);
**Schuster** a losing team below 75, **Schwarz** on 0 (K-12); **Joker ins Grab** a joker left
unused at a round's end (K-13); a **Straße** 1-2-3-4-5-6 in one throw (S-3).

Only the figures a person at the table would count:

* *Würfe* and their points are the turns a member threw herself (her own and those she threw
  standing in for her partner, K-16.1); a forfeited turn (nobody threw, KA-34) is not a Wurf. Points
  are the turn's result after the joker (K-10.4); six equal in one throw counts as a Wurf of 0 (the
  round ends, S-7). The **best Wurf** is the highest such result.
* *Risk throws taken/won*: 3rd throws made under ``must_improve`` (KA-03) that raised/failed.
* *Rounds*, *lost* (her team lost, K-11), *Schuster* and *Schwarz* (her payments for them, K-12),
  *jokers buried* (units paid for unused jokers, K-13), *Straßen* (thrown, from her accounts, S-3),
  *Straßen units* (every third Straße, K-14) come from the engine's own round records and accounts:
  they agree with the bank's bookings by construction.

An evening counts once the Schreiber closed it (A.3), as for the bank."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from stammtisch.club.stats.figures import Summable, ratio
from stammtisch.club.stats.port import StatsGame
from stammtisch.core.protocol import Finished, Game
from stammtisch.core.replay import ActionStep, Step
from stammtisch.core.text import Text
from stammtisch.games.kluempchen.model import Reason, State
from stammtisch.games.kluempchen.turnlog import FAILED, RAISED

SLUG = "kluempchen"


@dataclass(frozen=True, slots=True)
class Figures(Summable):
    """One member's Klümpchen figures (an evening's, or the sum over many)."""

    BEST = frozenset({"best_wurf"})

    evenings: int = 0
    rounds: int = 0
    lost: int = 0
    schuster: int = 0
    schwarz: int = 0
    jokers_buried: int = 0
    strassen: int = 0
    strassen_units: int = 0
    wuerfe: int = 0
    points: int = 0
    risk_taken: int = 0
    risk_won: int = 0
    best_wurf: int = 0

    @property
    def points_per_wurf(self) -> float | None:
        return ratio(self.points, self.wuerfe)

    @property
    def schuster_rate(self) -> float | None:
        """Schuster per round played (K-12.1)."""
        return ratio(self.schuster, self.rounds)

    @property
    def risk_rate(self) -> float | None:
        """Risk throws won per risk throw taken (KA-03)."""
        return ratio(self.risk_won, self.risk_taken)


@dataclass(slots=True)
class WurfCounts:
    """The running counts of one seat while the evening is folded."""

    wuerfe: int = 0
    points: int = 0
    risk_taken: int = 0
    risk_won: int = 0
    best_wurf: int = 0


def _count_turn(seats: list[WurfCounts], previous: tuple[Any, ...]) -> None:
    """Counts one finished player turn ``Round.previous`` = (owner, thrower, role, joker, log, points, how)."""
    _owner, thrower, _role, _joker, log, points, how = previous
    if how == "forfeit":
        return
    seat = seats[thrower]
    seat.wuerfe += 1
    seat.points += points
    seat.best_wurf = max(seat.best_wurf, points)
    for _faces, _added, events, _number in log:
        for code, _a, _b in events:
            if code == RAISED:
                seat.risk_taken += 1
                seat.risk_won += 1
            elif code == FAILED:
                seat.risk_taken += 1


def summarize(game: Game[Any], initial: State, steps: Sequence[Step], final: State) -> tuple[Figures, ...] | None:
    """The figures per seat of one evening, or ``None`` while it is not closed."""
    if not isinstance(game.turn(final), Finished):
        return None
    seats = count_wuerfe(game, initial, steps, final.seats)
    return tuple(_figures(final, seat, counts) for seat, counts in enumerate(seats))


def count_wuerfe(game: Game[Any], initial: State, steps: Sequence[Step], seats: int) -> list[WurfCounts]:
    """Per seat: the Würfe thrown, their points, the best, risk throws taken and won (ST-3)."""
    counts = [WurfCounts() for _ in range(seats)]
    state = initial
    seen: object = ()
    for step in steps:
        if isinstance(step, ActionStep):
            state = game.apply_action(state, step.seat, step.action)
        else:
            state = game.apply_outcome(state, step.outcome)
        rnd = state.round
        # A finished turn replaces ``previous`` by a new tuple; every other step carries the same object.
        if rnd is not None and rnd.previous is not seen:
            seen = rnd.previous
            if rnd.previous:
                _count_turn(counts, rnd.previous)
    return counts


def _figures(final: State, seat: int, counts: WurfCounts) -> Figures:
    rounds = lost = schuster = schwarz = jokers = strassen_units = 0
    for record in final.rounds:
        for index, team in enumerate(record.teams):
            if seat in team.members:
                rounds += 1
                lost += index == record.loser
        for payment in record.payments:
            if payment.seat != seat:
                continue
            if payment.reason is Reason.BELOW_75:
                schuster += 1
            elif payment.reason is Reason.NO_POINTS:
                schwarz += 1
            elif payment.reason is Reason.UNUSED_JOKER:
                jokers += payment.units
            elif payment.reason is Reason.THREE_STRAIGHTS:
                strassen_units += payment.units
    return Figures(
        evenings=1,
        rounds=rounds,
        lost=lost,
        schuster=schuster,
        schwarz=schwarz,
        jokers_buried=jokers,
        strassen=final.strassen[2 * seat] + final.strassen[2 * seat + 1],
        strassen_units=strassen_units,
        wuerfe=counts.wuerfe,
        points=counts.points,
        risk_taken=counts.risk_taken,
        risk_won=counts.risk_won,
        best_wurf=counts.best_wurf,
    )


STATS = StatsGame(SLUG, Text("Klümpchen", "Klümpchen"), Figures, summarize, needs_steps=True)
