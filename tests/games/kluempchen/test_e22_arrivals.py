"""E-22 (issue 13.2): late arrivals join and players leave between rounds; the unit follows N.

S-9/KA-28: one unit = base x the players seated in the round; K-2.1: the last to arrive starts the team
draw; K-1.1: at least 4 stay at the table. Every mode (digital, table, scoresheet) has the same steps.
"""

from __future__ import annotations

from typing import Any

import pytest

from stammtisch.core.errors import IllegalAction, InvalidSetup, NotYourTurn, RuleViolation
from stammtisch.core.protocol import Decision
from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.model import DRAW, MANUAL, PLAY, ROUND_OVER, Arrive, Leave, NextRound, State
from tests.games.kluempchen.helpers import play, view, with_scores

SIX = ("throw", "3 4 5 6 6 6", "1 2 3", "stop")
TURN = {"digital": SIX, "table": SIX, "scoresheet": ("score 6",)}
MODES = ["digital", "table", "scoresheet"]


def evening(
    seats: int, teams: list[list[int]], later: list[int], mode: str = "table", externals: tuple[int, ...] = ()
) -> State:
    """An evening with entered teams among the seats at the table; ``later`` not at the table yet."""
    setup: dict[str, Any] = {"teams": teams, "later": later, "externals": list(externals)}
    return GAME.start(seats, GAME.configure({"team_draw": "manual", "mode": mode}), setup)


def first_team_wins(state: State, mode: str, loser: int = -1) -> State:
    """Every team but ``loser`` (in playing order; default the last) starts on 144 and goes out with
    turns of 6; ``loser`` stays on 10 and loses the round."""
    assert state.round is not None
    count = len(state.round.teams)
    losing = loser % count
    state = with_scores(state, tuple(10 if team == losing else 144 for team in range(count)))
    while state.phase == PLAY:
        state = play(state, *TURN[mode])
    return state


def words(state: State, seat: int) -> list[str]:
    return [GAME.format_action(a) for a in GAME.legal_actions(state, seat)]


def refusal(state: State, seat: int, notation: str) -> RuleViolation:
    with pytest.raises(RuleViolation) as error:
        GAME.act(state, seat, GAME.parse_action(notation))
    assert error.value.message.de and error.value.message.en
    assert error.value.clause not in error.value.message.en + error.value.message.de  # the clause is data
    return error.value


@pytest.mark.parametrize("mode", MODES)
def test_e22_late_arrival_joins_the_next_draw_and_the_unit_follows_n(mode: str) -> None:
    """E-22, S-9, KA-28: seat 4 comes after round 1 (N = 4, unit 200); round 2 is drawn again with him,
    the last to arrive entering the teams (K-2.1), and is settled at N = 5 (unit 250)."""
    state = evening(5, [[0, 1], [2, 3]], later=[4], mode=mode)
    assert view(state)["players"] == 4 and view(state)["unit_cents"] == 200 and view(state)["not_seated"] == [4]
    state = first_team_wins(state, mode)
    assert [p.cents for p in state.rounds[0].payments if p.reason == "lost"] == [200, 200]
    assert words(state, 4) == ["arrive 4"]  # not at the table: he may only report himself back
    assert "arrive 4" in words(state, 0) and not any(w.startswith("leave") for w in words(state, 0))  # 4 stay
    state = play(state, "arrive 4@0")
    table = view(state)
    assert table["table_changed"] and table["at_table"] == [0, 1, 2, 3, 4] and table["unit_cents"] == 250
    assert table["draw_starter"] == 4
    # K-17's choice is moot: the teams are drawn again; someone new may sit down (E-26) and any of the 5
    # may still be entered as leaving.
    assert words(state, 2) == ["redraw", "close", "join", "join external", *(f"leave {seat}" for seat in range(5))]
    assert refusal(state, 2, "next").clause == "E-23"  # a changed table is drawn again
    state = play(state, "redraw@1")
    assert state.phase == MANUAL and GAME.turn(state) == Decision((4,))  # K-2.1: the last to arrive
    state = play(state, "team 4 0@4", "team 1 2@4")  # 3 is left over: the solo (K-1.2)
    assert state.phase == PLAY and state.round is not None and state.round.number == 2
    assert sorted(t.members for t in state.round.teams) == [(1, 2), (3,), (4, 0)]
    state = first_team_wins(state, mode) if mode != "scoresheet" else state
    if mode != "scoresheet":
        units = {p.cents // p.units for p in state.rounds[1].payments}
        assert units == {250} and view(state)["rounds"][1]["players"] == 5


@pytest.mark.parametrize("mode", MODES)
def test_e22_a_player_leaves_and_the_next_round_counts_one_fewer(mode: str) -> None:
    """E-22: the solo leaves after round 1 (N = 5); round 2 is drawn among the 4 left, unit 200."""
    state = first_team_wins(evening(5, [[0, 1], [2, 3], [4]], later=[], mode=mode), mode)
    assert {p.cents // p.units for p in state.rounds[0].payments} == {250}
    state = play(state, "leave 4@0")
    assert view(state)["not_seated"] == [4] and view(state)["unit_cents"] == 200
    assert words(state, 4) == ["arrive 4"]
    assert refusal(state, 4, "close").clause == "E-22"  # not at the table: nothing to decide for him
    state = play(state, "redraw@0")
    assert state.phase == MANUAL and GAME.turn(state) == Decision((0,))
    state = play(state, "team 0 3@0", "team 1 2@0")
    assert state.round is not None and sorted(t.members for t in state.round.teams) == [(0, 3), (1, 2)]
    state = first_team_wins(state, mode)
    assert {p.cents // p.units for p in state.rounds[1].payments} == {200}
    assert all(4 not in t.members for t in state.rounds[1].teams)


def test_e22_coming_back_in_the_same_break_keeps_the_teams() -> None:
    """E-22: a leave taken back by an arrival before the draw leaves the table as it was: the K-17
    choice is open again (and a choice made before the change is void)."""
    state = first_team_wins(evening(5, [[0, 1], [2, 3], [4]], later=[]), "table", loser=1)
    state = play(state, "next@2", "leave 3@0")  # the losers waived; the solo (K-17.3) had not chosen yet
    assert words(state, 2) == ["redraw", "close", "arrive 3", "join", "join external"]
    state = play(state, "arrive 3@3")
    assert not view(state)["table_changed"] and view(state)["draw_starter"] == 3
    assert words(state, 2)[:3] == ["redraw", "next", "close"]
    assert view(state)["deciding_seats"] == [2, 3, 4]  # seat 2's "next" was before the change


def test_k11_at_least_four_stay() -> None:
    """K-1.1: with 4 at the table nobody can be entered as leaving."""
    state = first_team_wins(evening(4, [[0, 1], [2, 3]], later=[]), "table")
    assert not any(w.startswith("leave") for w in words(state, 0))
    assert refusal(state, 0, "leave 1").clause == "K-1.1"


def test_e22_only_between_rounds() -> None:
    """E-22: during a round (or during the draw) nobody arrives or leaves; K-16 covers a short absence."""
    state = evening(5, [[0, 1], [2, 3]], later=[4])
    with pytest.raises(IllegalAction) as illegal:
        GAME.act(state, 0, Arrive(4))  # seat 0 is on turn: the game's own check
    assert illegal.value.clause == "E-22"
    with pytest.raises(NotYourTurn) as not_on_turn:
        GAME.act(state, 2, Leave(2))  # seat 2 is not on turn: the pre-check, explained
    assert not_on_turn.value.clause == "E-22"
    digital = GAME.start(5, GAME.configure({"mode": "table"}), {"later": [4]})
    assert digital.phase == DRAW
    with pytest.raises(RuleViolation) as during_draw:
        GAME.act(digital, 0, Arrive(4))
    assert during_draw.value.clause == "E-22"


def test_e22_refusals_name_what_is_wrong() -> None:
    """E-22: an arrival of a seat already at the table, a leave of a seat not at it, a seat that does
    not exist, an absent seat entering someone else: refused, nothing changes."""
    state = first_team_wins(evening(6, [[0, 1], [2, 3]], later=[4, 5]), "table")
    assert refusal(state, 0, "arrive 1").clause == "E-22"
    assert refusal(state, 0, "leave 5").clause == "E-22"
    assert refusal(state, 0, "arrive 9").clause == "E-22"
    assert refusal(state, 4, "arrive 5").clause == "E-22"
    assert refusal(state, 4, "next").clause == "E-22"


def test_k21_the_last_to_arrive_starts_the_drawn_teams() -> None:
    """K-2.1, KA-22: after arrivals the dice draw starts with the last to arrive still at the table."""
    state = GAME.start(6, GAME.configure({"mode": "table"}), {"later": [4, 5]})
    assert state.draw is not None and state.draw.order == (0, 1, 2, 3)
    state = play(state, "6", "5", "4", "3")  # 0 takes 1, 2 takes 3
    state = first_team_wins(state, "table")
    state = play(state, "arrive 5@0", "arrive 4@5", "redraw@0")
    assert state.phase == DRAW and state.draw is not None
    assert state.draw.order == (4, 5, 0, 1, 2, 3) and state.draw.unassigned == (0, 1, 2, 3, 4, 5)
    state = play(state, "leave 4@0") if state.phase == ROUND_OVER else state
    assert view(state)["draw_starter"] == 4


def test_e22_setup_later_seats() -> None:
    """E-22, K-1.1: the seats that come later are named at the start; at least 4 must sit down, and
    entered teams hold exactly the seats at the table."""
    with pytest.raises(InvalidSetup) as too_few:
        GAME.start(5, GAME.configure({}), {"later": [3, 4]})
    assert too_few.value.clause == "K-1.1"
    with pytest.raises(InvalidSetup) as not_seated:
        GAME.start(5, GAME.configure({"team_draw": "manual"}), {"later": [4], "teams": [[0, 1], [2, 3], [4]]})
    assert not_seated.value.clause == "K-2.2"
    with pytest.raises(InvalidSetup) as twice:
        GAME.start(6, GAME.configure({}), {"later": [4, 4]})
    assert twice.value.clause == "E-22"


def test_c4_external_is_paid_out_only_for_rounds_he_played() -> None:
    """C-4.1, C-4.2, KA-29 with E-22: the external pays one share less at his round's N, and after a
    round he did not play the bank pays him nothing."""
    state = first_team_wins(evening(5, [[0, 1], [2, 3], [4]], later=[], externals=(2,)), "table", loser=1)
    lost = [p for p in state.rounds[0].payments if p.reason == "lost"]
    assert [(p.seat, p.cents) for p in lost] == [(2, 200), (3, 250)]  # N = 5: base x 4 for the external
    state = play(state, "leave 2@0", "redraw@0", "team 0 1@0", "team 3 4@0")
    state = first_team_wins(state, "table")
    assert state.rounds[1].payouts == () and {p.cents // p.units for p in state.rounds[1].payments} == {200}


def test_e22_notation_round_trips() -> None:
    for action in (Arrive(5), Leave(0)):
        assert GAME.parse_action(GAME.format_action(action)) == action
        assert GAME.action_from_json(GAME.action_to_json(action)) == action
    assert NextRound() == GAME.parse_action("next")
