"""The chance nodes: the opening duel and every throw, with the table events a scribe may enter
there. Outcomes are listed in the form the scribe enters them (canonical order below); they have no
probabilities: a skill model supplies them in digital play (``skill.py``), and gives table events
weight 0.

Canonical order of a throw node: ``Hit`` per standing cup ascending (clean, bounce, roller, bounce
and roller), ``Miss``, ``Defended``, ``RolledBack`` own half then far, ``AirBall`` per defending seat,
``Void``, ``IllegalDefence``, ``IllegalSave`` per cup; then the table events ``TimeUp``,
``LeftStanding``, ``DeadCupRemoved``, ``Drinking``, ``Drank``, ``Distracted``, ``Forgot`` per team.
``KnockOver`` is accepted at every throw node but not listed (any combination of live cups).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from stammtisch.core.chance import ChanceNode, Distribution
from stammtisch.core.protocol import Chance
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
    LeftStanding,
    Miss,
    Phase,
    RolledBack,
    State,
    TimeUp,
    Void,
)
from stammtisch.games.bierpong.rack import DEAD, DUE, GONE, LIVE
from stammtisch.games.bierpong.updates import constructor


@dataclass(frozen=True, slots=True, eq=False)
class Throw(Distribution):
    """The outcomes of one throw (skill: no probabilities). Compared by identity: nodes are cached.
    ``contains`` checks an outcome against the rack directly (no set of every outcome is built)."""

    choices: tuple[Any, ...]
    cups: tuple[int, ...]  # the target rack (hit cups still standing shown as live: ``_landable``)
    events: frozenset[Any]  # the table events listed here
    forgettable: tuple[int, ...]  # teams that may be entered as having forgotten their drinks
    hit_cups: int = 0  # how many cups the leading ``Hit`` block lists (4 outcomes each)
    catchers: tuple[int, ...] = ()  # the ``AirBall`` catchers, listed right after the four misses
    void: bool = False
    rethrow: bool = False
    save: bool = False
    kind = "skill"
    has_probabilities = False  # a plain attribute: ``sample`` asks at every throw

    def outcomes(self) -> tuple[Any, ...]:
        return self.choices

    def contains(self, outcome: object) -> bool:
        kind = type(outcome)
        throws = self.hit_cups > 0
        if kind is Hit:
            assert isinstance(outcome, Hit)
            return (
                throws
                and isinstance(outcome.cup, int)
                and 1 <= outcome.cup <= len(self.cups)
                and self.cups[outcome.cup - 1] != GONE
                and isinstance(outcome.bounce, bool)
                and isinstance(outcome.roller, bool)
            )
        if kind is Miss or kind is Defended:
            return throws
        if kind is RolledBack:
            assert isinstance(outcome, RolledBack)
            return throws and isinstance(outcome.own_half, bool)
        if kind is AirBall:
            assert isinstance(outcome, AirBall)
            return throws and outcome.catcher in self.catchers
        if kind is Void:
            return throws and self.void
        if kind is IllegalDefence:
            return throws and self.rethrow
        if kind is IllegalSave:
            assert isinstance(outcome, IllegalSave)
            return (
                throws
                and self.save
                and isinstance(outcome.cup, int)
                and 1 <= outcome.cup <= len(self.cups)
                and self.cups[outcome.cup - 1] in (LIVE, DUE)
            )
        if kind is Forgot:
            assert isinstance(outcome, Forgot)
            return outcome.team in self.forgettable and isinstance(outcome.penalty, str)
        return outcome in self.events


DUEL_OUTCOMES = (Duel(True, False), Duel(False, True), Duel(True, True), Duel(False, False))


@lru_cache(maxsize=64)
def _duel(throwers: tuple[int, int]) -> ChanceNode:
    dist = Throw(DUEL_OUTCOMES, (), frozenset(DUEL_OUTCOMES), ())
    return ChanceNode(
        dist,
        Text("Duell: beide werfen gleichzeitig", "duel: both throw at once"),
        None,
        (("throw", "duel"), ("throwers", throwers)),
    )


def duel_node(state: State) -> ChanceNode:
    """Art 8.1: one player per side (the first listed of each team) throws at the same time."""
    return _duel((state.teams[0][0], state.teams[1][0]))


#: Throw turns made so far, by everything their node lists (``throw_turn``). Nodes are shared by
#: every state with the same key: skill models cache their weights per node.
_TURNS: dict[tuple[Any, ...], Chance] = {}
_TURNS_KEPT = 20_000


def throw_turn(state: State, seat: int, kind: str, target: int, aim: int | None) -> Chance:
    """The chance turn of ``seat``'s throw of ``kind`` at ``target``'s rack: its node (``throw_node``)
    looked up by one key of everything the node depends on, so an ordinary throw costs one lookup."""
    cups = state.cups
    rack = cups[target]
    if DUE in rack:
        rack = _landable(rack)
    own = cups[1 - target]
    konter = state.phase is Phase.KONTER
    r = state.round
    if state.standing and r is not None and r.throws == 0 and state.standing_team == r.team:
        # The first throw of a round lists the cups hit in the last round (they may be entered as
        # left standing, Art 18.1): such a node is seldom met again, so it is made and not kept.
        # (Kept, these nodes were half of all the nodes made, and every kept node is work for the
        # garbage collector: a full collection walks them all.)
        return _chance(throw_node(state, seat, kind, target, aim, keep=False))
    key = (
        seat,
        kind,
        target,
        aim,
        konter,
        rack,
        own if not konter and DEAD in own else (),
        _table_context(state),
    )
    made = _TURNS.get(key)
    if made is None:
        if len(_TURNS) >= _TURNS_KEPT:
            _TURNS.clear()
        made = _TURNS[key] = _chance(throw_node(state, seat, kind, target, aim))
    return made


#: The last table context asked for: (config, drinks, teams, timer, its number). States of one game
#: share these values until they change (the drinks after a round with hits), so the context of a
#: throw is usually one identity check.
_last_context: tuple[Any, ...] = (None, None, None, None, 0)
_CONTEXTS: dict[tuple[Any, ...], int] = {}


def _table_context(state: State) -> int:
    """A small number for everything a throw node lists besides the racks, the thrower and the
    standing cups: the options it lists outcomes by, the drinks, the timer and the teams."""
    global _last_context
    config, drinks, teams, timer, number = _last_context
    if config is state.config and drinks is state.drinks and teams is state.teams and timer == state.timer:
        return number  # type: ignore[no-any-return]
    config, drinks = state.config, state.drinks
    value = (
        config.elbow_void,
        config.defence_rethrow,
        config.save_counts,
        config.drink_lock,
        drinks.open(0) > 0,
        drinks.open(1) > 0,
        drinks.drinking,
        state.timer == "running",
        state.teams,
    )
    number = _CONTEXTS.setdefault(value, len(_CONTEXTS))
    _last_context = (config, drinks, state.teams, state.timer, number)
    return number


def _landable(cups: tuple[int, ...]) -> tuple[int, ...]:
    """The target rack as a throw node sees it: a hit cup still standing (DUE) takes balls like a
    live one (``Throw.contains`` and the listed outcomes treat both alike), so nodes are shared."""
    return tuple(LIVE if s == DUE else s for s in cups) if DUE in cups else cups


def throw_node(state: State, seat: int, kind: str, target: int, aim: int | None, keep: bool = True) -> ChanceNode:
    """The node of ``seat``'s throw of ``kind`` at ``target``'s rack (its parts cached by everything
    they list; ``keep`` False: the table events and the whole list are made afresh and not cached).
    Knock-overs (Art 16) are accepted at every throw node but not listed: they name cups of either
    rack in any combination (``checks.check_outcome`` validates them against the state)."""
    config = state.config
    drinks = state.drinks
    r = state.round
    first_of_round = r is not None and r.throws == 0 and state.standing_team == r.team
    own_dead: tuple[int, ...] = ()
    if state.phase is Phase.PLAY and DEAD in state.cups[1 - target]:
        own_dead = tuple(i + 1 for i, s in enumerate(state.cups[1 - target]) if s == DEAD)
    open_drinks = (drinks.open(0) > 0, drinks.open(1) > 0)
    throw = _throw_part(
        _landable(state.cups[target]),
        state.teams[target],
        config.elbow_void,
        config.defence_rethrow,
        config.save_counts,
        config.drink_lock and drinks.drinking[target],
    )
    event_args = (
        state.timer == "running",
        state.standing if first_of_round else (),
        own_dead,
        open_drinks,
        drinks.drinking,
        config.drink_lock,
    )
    if keep:
        dist = _throw_distribution(throw, _event_part(*event_args))
    else:
        dist = _throw_distribution.__wrapped__(throw, _events(*event_args))
    context = (("throw", kind), ("target", target), ("defenders", throw.catchers), ("aim", aim))
    return _chance_node(dist, _label(kind, seat), seat, (*context, ("konter", state.phase is Phase.KONTER)))


@dataclass(frozen=True, slots=True, eq=False)
class _Part:
    """A cached block of a throw node's outcomes with what ``Throw`` needs to check them. Compared
    by identity (each is made once by its cache), so it is a cheap key for the node cache."""

    choices: tuple[Any, ...]
    cups: tuple[int, ...] = ()
    hit_cups: int = 0
    catchers: tuple[int, ...] = ()
    void: bool = False
    rethrow: bool = False
    save: bool = False
    forgettable: tuple[int, ...] = ()
    events: frozenset[Any] = frozenset()


_part = constructor(_Part)

# The outcome values are made once and shared by every node (they are immutable).
MISSES = (Miss(), Defended(), RolledBack(True), RolledBack(False))
VOID = Void()
ILLEGAL_DEFENCE = IllegalDefence()


@lru_cache(maxsize=64)
def _hits(cup: int) -> tuple[Hit, Hit, Hit, Hit]:
    return (Hit(cup), Hit(cup, True), Hit(cup, False, True), Hit(cup, True, True))


@lru_cache(maxsize=64)
def _air_ball(seat: int) -> AirBall:
    return AirBall(seat)


@lru_cache(maxsize=64)
def _save(cup: int) -> IllegalSave:
    return IllegalSave(cup)


@lru_cache(maxsize=256)
def _label(kind: str, seat: int) -> Text:
    names = NAMES[kind]
    return Text(f"{names[0]} von Platz {seat + 1}", f"{names[1]} by seat {seat + 1}")


@lru_cache(maxsize=8192)
def _throw_part(
    cups: tuple[int, ...], defenders: tuple[int, ...], void: bool, rethrow: bool, save: bool, locked: bool
) -> _Part:
    if locked:
        return _Part((), cups)
    out: list[Any] = []
    for i, s in enumerate(cups):
        if s != GONE:
            out.extend(_hits(i + 1))
    out.extend(MISSES)
    out.extend(_air_ball(s) for s in defenders)
    if void:
        out.append(VOID)
    if rethrow:
        out.append(ILLEGAL_DEFENCE)
    if save:
        out.extend(_save(i + 1) for i, s in enumerate(cups) if s in (LIVE, DUE))
    hit_cups = sum(1 for x in cups if x != GONE)
    return _Part(tuple(out), cups, hit_cups, defenders, void, rethrow, save)


TIME_UP = TimeUp()


@lru_cache(maxsize=4096)
def _first_events(timer_running: bool, standing: tuple[int, ...]) -> tuple[tuple[Any, ...], frozenset[Any]]:
    """The events listed first: the timer running out, then each standing cup left standing (as a
    list and as a set, so a node's set of events is a union of cached sets, nothing hashed anew)."""
    out: tuple[Any, ...] = (TIME_UP,) if timer_running else ()
    out += tuple(LeftStanding(c) for c in standing)
    return out, frozenset(out)


@lru_cache(maxsize=1024)
def _later_events(
    own_dead: tuple[int, ...], open_drinks: tuple[bool, bool], drinking: tuple[bool, bool], drink_lock: bool
) -> tuple[tuple[Any, ...], frozenset[Any], tuple[int, ...]]:
    """The events listed after the timer and the standing cups: Dead Cups removed, the drinks."""
    out: list[Any] = [DeadCupRemoved(c) for c in own_dead]
    for t in (0, 1):
        if drink_lock and open_drinks[t] and not drinking[t]:
            out.append(Drinking(t))
        if open_drinks[t]:
            out.append(Drank(t))
        if drinking[t]:
            out.append(Distracted(t))
    forgettable = tuple(t for t in (0, 1) if open_drinks[t])
    out.extend(Forgot(t) for t in forgettable)
    return tuple(out), frozenset(out), forgettable


def _events(
    timer_running: bool,
    standing: tuple[int, ...],
    own_dead: tuple[int, ...],
    open_drinks: tuple[bool, bool],
    drinking: tuple[bool, bool],
    drink_lock: bool,
) -> _Part:
    """The table events a throw node lists (canonical order: see the module docstring). The part
    after the standing cups is cached on its own: the first throw of a round, whose standing cups
    vary, makes only the part that varies."""
    later, later_set, forgettable = _later_events(own_dead, open_drinks, drinking, drink_lock)
    if not timer_running and not standing:
        return _part(later, (), 0, (), False, False, False, forgettable, later_set)
    first, first_set = _first_events(timer_running, standing)
    return _part(first + later, (), 0, (), False, False, False, forgettable, later_set | first_set)


_event_part = lru_cache(maxsize=1024)(_events)


NAMES = {
    "std": ("Wurf", "throw"),
    "bb": ("Balls-Back-Wurf", "Balls Back throw"),
    "fire": ("On-Fire-Wurf", "On Fire throw"),
    "air": ("Air-Ball-Extrawurf", "Air Ball extra throw"),
    "trick": ("Trickshot", "trickshot"),
    "konter": ("Konterwurf", "Konter throw"),
}


@lru_cache(maxsize=16384)
def _throw_distribution(throw: _Part, events: _Part) -> Throw:
    """The outcomes of a throw at one rack with one set of table events, shared by every thrower and
    kind of throw (the parts are cached values compared by identity, so this is a cheap key)."""
    return Throw(
        throw.choices + events.choices,
        throw.cups,
        events.events,
        events.forgettable,
        throw.hit_cups,
        throw.catchers,
        throw.void,
        throw.rethrow,
        throw.save,
    )


# Nodes and turns are made often (every rack a game reaches): without ``__init__``'s guarded assignments.
_chance_node = constructor(ChanceNode)
_chance = constructor(Chance)
