"""The chance nodes: the opening duel and every throw, with the table events a scribe may enter
there. Outcomes are listed in the form the scribe enters them (canonical order below); they have no
probabilities: a skill model supplies them in digital play (``skill.py``), and gives table events
weight 0.

Canonical order of a throw node: ``Hit`` per standing cup ascending (clean, bounce, roller, bounce
and roller), ``Miss``, ``Defended``, ``RolledBack`` own half then far, ``AirBall`` per defending seat,
``Void``, ``IllegalDefence``, ``IllegalSave`` per cup; then the table events ``TimeUp``,
``LeftStanding``, ``DeadCupRemoved``, ``KnockOver`` (one cup each; several knocked cups are also
accepted), ``Drinking``, ``Drank``, ``Distracted``, ``Forgot`` per team.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from stammtisch.core.chance import ChanceNode, Distribution
from stammtisch.core.text import Text
from stammtisch.games.bierpong.model import (
    AirBall,
    DeadCupRemoved,
    Defended,
    Distracted,
    Drank,
    Drinking,
    Duel,
    Forgot,
    Hit,
    IllegalDefence,
    IllegalSave,
    KnockOver,
    LeftStanding,
    Miss,
    Phase,
    RolledBack,
    State,
    TimeUp,
    Void,
)
from stammtisch.games.bierpong.rack import DEAD, GONE, LIVE


@dataclass(frozen=True, slots=True, eq=False)
class Throw(Distribution):
    """The outcomes of one throw (skill: no probabilities). Compared by identity: nodes are cached."""

    choices: tuple[Any, ...]
    members: frozenset[Any]
    knockable: tuple[tuple[int, ...], tuple[int, ...]]  # live cups per team (several may be knocked)
    forgettable: tuple[int, ...]  # teams that may be entered as having forgotten their drinks
    kind = "skill"

    def outcomes(self) -> tuple[Any, ...]:
        return self.choices

    def contains(self, outcome: object) -> bool:
        if outcome in self.members:
            return True
        if isinstance(outcome, KnockOver):
            cups = outcome.cups
            return (
                outcome.team in (0, 1)
                and len(cups) > 0
                and tuple(sorted(set(cups))) == cups
                and all(c in self.knockable[outcome.team] for c in cups)
            )
        if isinstance(outcome, Forgot):
            return outcome.team in self.forgettable and isinstance(outcome.penalty, str)
        return False

    @property
    def has_probabilities(self) -> bool:
        return False


DUEL_OUTCOMES = (Duel(True, False), Duel(False, True), Duel(True, True), Duel(False, False))


@lru_cache(maxsize=64)
def _duel(throwers: tuple[int, int]) -> ChanceNode:
    dist = Throw(DUEL_OUTCOMES, frozenset(DUEL_OUTCOMES), ((), ()), ())
    return ChanceNode(
        dist,
        Text("Duell: beide werfen gleichzeitig (Art 8)", "Duel: both throw at once (Art 8)"),
        None,
        (("throw", "duel"), ("throwers", throwers)),
    )


def duel_node(state: State) -> ChanceNode:
    """Art 8.1: one player per side (the first listed of each team) throws at the same time."""
    return _duel((state.teams[0][0], state.teams[1][0]))


def throw_node(state: State, seat: int, kind: str, target: int, aim: int | None) -> ChanceNode:
    """The node of ``seat``'s throw of ``kind`` at ``target``'s rack (cached by everything it lists)."""
    config = state.config
    drinks = state.drinks
    r = state.round
    first_of_round = r is not None and r.throws == 0 and state.standing_team == r.team
    key = (
        seat,
        kind,
        target,
        aim,
        state.cups[target],
        state.teams[target],
        config.elbow_void,
        config.defence_rethrow,
        config.save_counts,
        state.timer in ("running",),
        state.standing if first_of_round else (),
        tuple(i + 1 for i, s in enumerate(state.cups[1 - target]) if s == DEAD) if state.phase is Phase.PLAY else (),
        state.cups[1 - target],
        config.drink_lock and drinks.drinking[target],
        tuple(drinks.open(t) > 0 for t in (0, 1)),
        drinks.drinking,
        config.drink_lock,
        state.phase is Phase.KONTER,
    )
    return _throw_node(key)


@lru_cache(maxsize=8192)
def _throw_node(key: tuple[Any, ...]) -> ChanceNode:
    (
        seat,
        kind,
        target,
        aim,
        cups,
        defenders,
        elbow_void,
        rethrow,
        save_counts,
        timer_running,
        standing,
        own_dead,
        own_cups,
        locked,
        open_drinks,
        drinking,
        drink_lock,
        konter,
    ) = key
    out: list[Any] = []
    if not locked:
        for i, s in enumerate(cups):
            if s != GONE:
                c = i + 1
                out.extend((Hit(c), Hit(c, True), Hit(c, False, True), Hit(c, True, True)))
        out.extend((Miss(), Defended(), RolledBack(True), RolledBack(False)))
        out.extend(AirBall(s) for s in defenders)
        if elbow_void:
            out.append(Void())
        if rethrow:
            out.append(IllegalDefence())
        if save_counts:
            out.extend(IllegalSave(i + 1) for i, s in enumerate(cups) if s not in (GONE, DEAD))
    if timer_running:
        out.append(TimeUp())
    out.extend(LeftStanding(c) for c in standing)
    out.extend(DeadCupRemoved(c) for c in own_dead)
    racks = (cups, own_cups) if target == 0 else (own_cups, cups)
    knockable = tuple(tuple(i + 1 for i, s in enumerate(rack) if s == LIVE) for rack in racks)
    for team in (0, 1):
        out.extend(KnockOver(team, (c,)) for c in knockable[team])
    forgettable = tuple(t for t in (0, 1) if open_drinks[t])
    for t in (0, 1):
        if drink_lock and open_drinks[t] and not drinking[t]:
            out.append(Drinking(t))
        if open_drinks[t]:
            out.append(Drank(t))
        if drinking[t]:
            out.append(Distracted(t))
    out.extend(Forgot(t) for t in forgettable)
    choices = tuple(out)
    dist = Throw(choices, frozenset(choices), (knockable[0], knockable[1]), forgettable)
    names = {
        "std": ("Wurf", "throw"),
        "bb": ("Balls-Back-Wurf", "Balls Back throw"),
        "fire": ("On-Fire-Wurf", "On Fire throw"),
        "air": ("Air-Ball-Extrawurf", "Air Ball extra throw"),
        "trick": ("Trickshot", "trickshot"),
        "konter": ("Konterwurf", "Konter throw"),
    }[kind]
    label = Text(f"{names[0]} von Platz {seat + 1}", f"{names[1]} by seat {seat + 1}")
    context = (("throw", kind), ("target", target), ("defenders", defenders), ("aim", aim), ("konter", konter))
    return ChanceNode(dist, label, seat, context)
