"""Who is at the table (E-22, issue 13.2): late arrivals join and players leave between rounds.

The evening's seats are fixed when it starts (every player expected tonight has one); a seat is *at
the table* unless it has not come yet or has gone (``State.not_seated``). Only the seats at the table
are drawn into teams (K-2), and a round's unit counts the players of that round (S-9, KA-28: N = the
players seated in the round). Arrivals and leaves happen only between rounds (after a round's
settlement, before the next team draw); a change of who sits at the table means a new team draw,
which the last to arrive starts (K-2.1).
"""

from __future__ import annotations

from stammtisch.games.kluempchen.model import State, Team


def at_table(state: State) -> tuple[int, ...]:
    """The seats at the table now, clockwise from seat 0."""
    gone = state.not_seated
    if not gone:
        return tuple(range(state.seats))
    return tuple(seat for seat in range(state.seats) if seat not in gone)


def is_seated(state: State, seat: int) -> bool:
    return 0 <= seat < state.seats and seat not in state.not_seated


def round_players(teams: tuple[Team, ...]) -> int:
    """N of a round (S-9, KA-28): every player drawn into it, the solo once."""
    return sum(len(team.members) for team in teams)


def draw_starter(state: State) -> int:
    """K-2.1: the player who came to the table last starts the draw. Of those who sat down at the
    start, seat 0 came last (the set-up lists the last to arrive first); a later arrival who is still
    at the table comes after all of them."""
    for seat in reversed(state.arrivals):
        if seat not in state.not_seated:
            return seat
    return at_table(state)[0]


def teams_fit(state: State) -> bool:
    """Whether the last round's teams hold exactly the players at the table now; otherwise the next
    round needs a new team draw (E-22)."""
    return sorted(seat for team in state.teams for seat in team.members) == list(at_table(state))


def can_leave(state: State) -> bool:
    """K-1.1: at least 4 players (and the club's minimum) stay at the table."""
    return len(at_table(state)) > max(4, state.config.min_players)


def externals_at_table(externals: tuple[bool, ...], teams: tuple[Team, ...]) -> tuple[bool, ...]:
    """The externals among a round's players (C-4.1: only they are paid out after that round)."""
    playing = {seat for team in teams for seat in team.members}
    return tuple(external and seat in playing for seat, external in enumerate(externals))
