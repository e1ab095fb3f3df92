"""The team draw (K-2, KA-22): one die per player, the highest roll takes the next player clockwise.

``reuse_rolls`` (default): everybody rolls once, clockwise from seat 0 (the last arrival, K-2.1); the
highest roll (the earliest of equal rolls) takes the next *unassigned* player clockwise; repeat with
the players still unassigned, reusing their rolls. ``reroll_each_pairing``: after each pairing the
players still unassigned roll again. The one player left over with an odd count is the solo (K-2.3).
The first pair's roller is the draw winner; teams play in the clockwise order of their P1 seats.
"""

from __future__ import annotations

from collections.abc import Sequence

from stammtisch.games.kluempchen.model import Draw, Team


def begin(players: tuple[int, ...], starter: int) -> Draw:
    """A fresh draw among the players at the table (ascending seats): everybody rolls, clockwise from
    ``starter``, the last to arrive (K-2.1; seat 0 when everybody sat down at the start, E-22)."""
    first = players.index(starter)
    return Draw((*players[first:], *players[:first]), (), (), players)


def begin_manual(players: tuple[int, ...]) -> Draw:
    """A manual draw among the players at the table: teams are entered one by one (FormTeam)."""
    return Draw((), (), (), players)


def next_roller(draw: Draw) -> int:
    return draw.order[len(draw.rolls)]


def _next_clockwise(seat: int, unassigned: Sequence[int], seats: int) -> int:
    for step in range(1, seats):
        candidate = (seat + step) % seats
        if candidate in unassigned:
            return candidate
    raise AssertionError("no partner left")


def _pair_once(
    rolls: Sequence[tuple[int, int]], unassigned: tuple[int, ...], seats: int
) -> tuple[Team, tuple[int, ...]]:
    """K-2.2: the highest roll among the unassigned (earliest of equal rolls) takes the next one clockwise."""
    best_seat, best_face = -1, 0
    for seat, face in rolls:
        if seat in unassigned and face > best_face:
            best_seat, best_face = seat, face
    partner = _next_clockwise(best_seat, unassigned, seats)
    left = tuple(s for s in unassigned if s not in (best_seat, partner))
    return Team(best_seat, partner), left


def _close(teams: tuple[Team, ...], unassigned: tuple[int, ...]) -> Draw:
    if len(unassigned) == 1:  # K-1.2/K-2.3: the one left over is the solo player
        teams = (*teams, Team(unassigned[0], unassigned[0]))
        unassigned = ()
    return Draw((), (), teams, unassigned)


def add_roll(draw: Draw, face: int, seats: int, reroll: bool) -> Draw:
    """Record the next roller's face; pair up when the pass is complete. Done when ``unassigned`` is empty."""
    rolls = (*draw.rolls, (next_roller(draw), face))
    if len(rolls) < len(draw.order):
        return Draw(draw.order, rolls, draw.teams, draw.unassigned)
    teams, unassigned = draw.teams, draw.unassigned
    if reroll:
        team, unassigned = _pair_once(rolls, unassigned, seats)
        teams = (*teams, team)
        if len(unassigned) >= 2:
            return Draw(unassigned, (), teams, unassigned)
        return _close(teams, unassigned)
    while len(unassigned) >= 2:
        team, unassigned = _pair_once(rolls, unassigned, seats)
        teams = (*teams, team)
    return _close(teams, unassigned)


def add_manual(draw: Draw, first: int, second: int) -> Draw:
    """A manually formed team (team_draw=manual); the last single seat becomes the solo."""
    teams = (*draw.teams, Team(first, second))
    unassigned = tuple(s for s in draw.unassigned if s not in (first, second))
    return _close(teams, unassigned)


def seating(formed: Sequence[Team]) -> tuple[tuple[Team, ...], int]:
    """KA-22: playing order = clockwise by P1 seat; the first formed team (the draw winner) starts."""
    ordered = tuple(sorted(formed, key=lambda team: team.first))
    return ordered, ordered.index(formed[0])
