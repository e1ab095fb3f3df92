"""S-7, KA-13, KA-14, KA-34: six equal dice in one throw end the round at once."""

from __future__ import annotations

from stammtisch.games.kluempchen.model import ROUND_OVER
from stammtisch.games.kluempchen.settlement import settle_six_equal, six_equal_loser
from tests.games.kluempchen.helpers import TEAMS, new_state, play, with_scores

SIX = ("throw", "3 4 5 6 6 6", "1 2 3", "stop")


def _reasons(state) -> list[tuple[int, str, int]]:
    return [(p.seat, p.reason, p.units) for p in state.rounds[-1].payments]


def test_s71_six_equal_in_one_throw_ends_the_round() -> None:
    """S-7.1/KA-13: the round ends at once, the joint turn is dropped."""
    state = with_scores(new_state(6), (80, 100, 120))
    state = play(state, *SIX, "throw", "4 4 4 4 4 4")
    assert state.phase == ROUND_OVER
    record = state.rounds[-1]
    assert record.ending == "six_equal"
    assert record.scores == (80, 100, 120)  # P1's provisional 6 is ignored (KA-14)


def test_s72_s77_settlement() -> None:
    """S-7.2..S-7.7/KA-14: the winner pays nothing but the thrower's fine; lowest other team loses;
    open Schuster (< 75) pay 1 more; no Schwarz and no Joker ins Grab."""
    state = with_scores(new_state(6), (80, 0, 120))
    state = play(state, "throw", "2 2 2 2 2 2")
    assert state.rounds[-1].loser == 1
    assert _reasons(state) == [
        (2, "lost", 1),
        (3, "lost", 1),
        (2, "below_75", 1),
        (3, "below_75", 1),
        (0, "six_equal_fine", 1),
    ]


def test_s74_tie_goes_to_the_team_farthest_clockwise() -> None:
    """S-7.4/KA-14: equal scores → the team with the largest (pos(T) - pos(W)) mod n loses."""
    assert six_equal_loser((50, 90, 90, 60), (False,) * 4, 1) == 0  # lowest wins over distance
    assert six_equal_loser((50, 90, 60, 60), (False,) * 4, 1) == 0
    assert six_equal_loser((60, 90, 60, 60), (False,) * 4, 1) == 0  # distances 3, 1, 2 → team 0
    assert six_equal_loser((60, 90, 60, 60), (False,) * 4, 2) == 0  # distances 2 (team 0), 1 (team 3)
    assert six_equal_loser((90, 60, 30, 30), (False,) * 4, 0) == 3


def test_ka14_out_teams_are_never_loser_or_schuster() -> None:
    """KA-14: teams already out are never the loser and never a Schuster."""
    from stammtisch.games.kluempchen.model import Team

    teams = tuple(Team(a, b) for a, b in TEAMS[6])
    loser, due = settle_six_equal(teams, (150, 40, 60), (True, False, False), 2, 4)
    assert loser == 1
    assert due == (
        (2, "lost", 1),
        (3, "lost", 1),
        (2, "below_75", 1),
        (3, "below_75", 1),
        (4, "six_equal_fine", 1),
    )


def test_ka14_six_equal_with_a_solo_counts_him_once() -> None:
    """KA-14/KA-21: the solo loser pays once per reason."""
    state = with_scores(new_state(5), (100, 120, 50))
    state = play(state, "throw", "5 5 5 5 5 5")
    assert [(s, r) for s, r, _ in _reasons(state)] == [(4, "lost"), (4, "below_75"), (0, "six_equal_fine")]


def test_ka34_six_equal_fine_goes_to_the_physical_thrower() -> None:
    """KA-34/CFG six_equal_penalty_payer: a stand-in's six equal is fined to him (D) or to the owner."""
    state = play(new_state(), "away", "standin@1", "6 6 6 6 6 6")
    assert _reasons(state)[-1] == (1, "six_equal_fine", 1)
    state = play(new_state(six_equal_penalty_payer="turn_owner"), "away", "standin@1", "6 6 6 6 6 6")
    assert _reasons(state)[-1] == (0, "six_equal_fine", 1)


def test_ka13_six_equal_on_a_confirmation_restart_also_ends_the_round() -> None:
    """KA-13: any six-dice throw with six equal faces ends the round, also a confirmation restart."""
    state = play(new_state(), "throw", "1 2 3 4 5 6", "3 3 3 3 3 3")
    assert state.phase == ROUND_OVER
    assert state.strassen[0] == 1  # the Straße thrown before still counts (KA-20)
