"""E-26 (issue 13.2): someone nobody expected sits down between rounds and plays from the next round.

The evening gets a new seat (the last in the clockwise order, E-26), at the table from the next round
(E-22), the last to arrive so he starts the team draw (K-2.1, E-24); a changed table is drawn again
(E-23); each round is settled at its own N (S-9, KA-28); an external guest pays reduced units and is
paid out only after the rounds he played (C-4, KA-29). Every mode has the same step.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.core.chance import sample
from stammtisch.core.errors import RuleViolation
from stammtisch.core.protocol import Chance, Decision, Finished
from stammtisch.core.replay import ActionStep, OutcomeStep, fold, step_from_json, step_to_json
from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.evening import evening_totals
from stammtisch.games.kluempchen.model import MANUAL, PLAY, ROUND_OVER, Join, Reason, State
from stammtisch.games.kluempchen.table import round_players
from tests.games.kluempchen.helpers import play, view, with_scores
from tests.games.kluempchen.test_properties import check_money, check_points

SIX = ("throw", "3 4 5 6 6 6", "1 2 3", "stop")
TURN = {"digital": SIX, "table": SIX, "scoresheet": ("score 6",)}
MODES = ["digital", "table", "scoresheet"]


def evening(
    seats: int = 4, mode: str = "table", later: tuple[int, ...] = (), externals: tuple[int, ...] = (), **options: Any
) -> State:
    """An evening with entered teams (pairs in seat order, the odd one out solo) among the seats at the
    table."""
    seated = [s for s in range(seats) if s not in later]
    teams = [seated[i : i + 2] for i in range(0, len(seated), 2)]
    setup: dict[str, Any] = {"teams": teams, "later": list(later), "externals": list(externals)}
    return GAME.start(seats, GAME.configure({"team_draw": "manual", "mode": mode, **options}), setup)


def round_over(state: State, mode: str, loser: int = -1) -> State:
    """Every team but ``loser`` (in playing order; default the last) goes out from 144 with turns of 6."""
    assert state.round is not None
    count = len(state.round.teams)
    state = with_scores(state, tuple(10 if team == loser % count else 144 for team in range(count)))
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
def test_e26_someone_new_sits_down_and_plays_the_next_round_at_its_own_n(mode: str) -> None:
    """E-26, E-22, S-9/KA-28: after round 1 at N = 4 (unit 200) someone new sits down: seat 4, at the end
    of the clockwise order, at the table at once, the last to arrive, so he enters the teams (K-2.1, E-24)
    of round 2, which is drawn again (E-23) and settled at N = 5 (unit 250)."""
    state = round_over(evening(4, mode), mode)
    assert [p.cents for p in state.rounds[0].payments if p.reason == Reason.LOST] == [200, 200]
    assert "join" in words(state, 0) and "join external" in words(state, 3)
    state = play(state, "join@1")
    table = view(state)
    assert state.seats == 5 and GAME.seat_count(state, 4) == 5
    assert table["seats"] == 5 and table["at_table"] == [0, 1, 2, 3, 4] and table["not_seated"] == []
    assert table["table_changed"] and table["draw_starter"] == 4 and table["unit_cents"] == 250
    assert table["strassen"] == [0, 0, 0, 0, 0] and table["jokers_left"][4] == 0 and table["externals"] == []
    assert GAME.turn(state) == Decision((0, 1, 2, 3, 4))  # he is at the table: he may close or draw, too
    assert words(state, 4)[:2] == ["redraw", "close"]
    assert refusal(state, 2, "next").clause == "E-23"  # a changed table is drawn again
    state = play(state, "redraw@4")
    assert state.phase == MANUAL and GAME.turn(state) == Decision((4,))  # K-2.1: the last to arrive
    state = play(state, "team 4 2@4", "team 0 1@4")  # 3 is left over: the solo (K-1.2)
    assert state.round is not None and state.round.number == 2
    # E-11/E-26: teams play clockwise by player 1's seat, the new seat last; the draw winner's team starts.
    assert [t.members for t in state.round.teams] == [(0, 1), (3,), (4, 2)]
    assert state.round.teams[state.start_team].members == (4, 2) and state.round.turn.owner == 4
    losers = [t for t in state.round.teams if 4 in t.members]
    state = round_over(state, mode, loser=state.round.teams.index(losers[0]))
    record = state.rounds[1]
    assert round_players(record.teams) == 5 and view(state)["rounds"][1]["unit_cents"] == 250
    assert {p.seat for p in record.payments if p.reason == Reason.LOST} == {2, 4}
    assert {p.cents // p.units for p in record.payments} == {250}
    state = play(state, "close@4")
    result = GAME.result(state)
    assert result is not None and len(result.scores) == 5
    assert sorted(s for group in result.ranking for s in group) == [0, 1, 2, 3, 4]
    assert result.scores[4] == -sum(p.cents for p in record.payments if p.seat == 4)


@pytest.mark.parametrize("mode", MODES)
def test_e26_c4_an_external_guest_pays_reduced_units_and_is_paid_out_after_his_rounds(mode: str) -> None:
    """C-4.1/C-4.2, KA-29, E-22: an external who sits down after round 1 gets nothing from round 1 (he did
    not play it); in round 2 (N = 5, unit 250) he loses and pays a unit less his share (200), and his
    share of every unit the others paid comes back to him (base 50 each)."""
    state = round_over(evening(4, mode), mode)
    state = play(state, "join external@0")
    assert view(state)["externals"] == [4] and state.externals == (False, False, False, False, True)
    state = play(state, "redraw@0", "team 4 0@4", "team 1 2@4")  # 3 solo
    assert state.round is not None
    losing = next(i for i, t in enumerate(state.round.teams) if 4 in t.members)
    state = round_over(state, mode, loser=losing)
    assert not state.rounds[0].payouts  # C-4.1: only after the rounds he played
    record = state.rounds[1]
    lost = {p.seat: p.cents for p in record.payments if p.reason == Reason.LOST}
    assert lost == {4: 200, 0: 250}
    others = sum(p.units for p in record.payments if p.seat != 4)
    assert [(o.seat, o.cents) for o in record.payouts] == [(4, 50 * others)]
    check_money(state)


def test_e26_the_new_seat_may_leave_and_come_back_and_keeps_his_strassen_account() -> None:
    """E-22/E-26, KA-20: the new seat is a seat of the evening like any other: he may leave and come back;
    his Straßen account is his for the whole evening."""
    state = round_over(evening(4), "table")
    state = play(state, "join@0")
    assert "leave 4" in words(state, 0)
    state = play(state, "leave 4@0")
    assert view(state)["not_seated"] == [4] and words(state, 4) == ["arrive 4"]
    assert not view(state)["table_changed"]  # the same table as in round 1: K-17 applies again
    state = play(state, "arrive 4@4")
    assert view(state)["draw_starter"] == 4 and len(state.strassen) == 10


def test_e26_only_between_rounds() -> None:
    """E-26: during a round nobody new sits down (the seat on turn is told so, and so is any other)."""
    state = evening(4)
    assert GAME.turn(state) == Decision((0,))
    assert "join" not in words(state, 0)
    assert refusal(state, 0, "join").clause == "E-26"
    assert refusal(state, 2, "join external").clause == "E-26"
    rolled = play(state, "throw")
    assert isinstance(GAME.turn(rolled), Chance)
    assert refusal(rolled, 0, "join").clause == "E-26"


def test_e26_ka35_at_most_max_players_at_the_table() -> None:
    """KA-35: with max_players at the table nobody new fits; someone must leave first."""
    state = round_over(evening(5, max_players=5), "table")
    assert not any(w.startswith("join") for w in words(state, 0))
    assert refusal(state, 0, "join").clause == "KA-35"
    state = play(state, "leave 4@0")
    assert "join" in words(state, 0)


def test_e26_at_most_16_seats_an_evening() -> None:
    """E-26: an evening has at most 16 seats (those of players who left count: their accounts stay);
    with 16 seats a player who left may still come back."""
    state = round_over(evening(16, later=(15,), max_players=16), "table")
    assert len(view(state)["at_table"]) == 15
    assert refusal(state, 0, "join").clause == "E-26"
    assert words(state, 15) == ["arrive 15"]


def test_e22_a_seat_not_at_the_table_cannot_enter_someone_new() -> None:
    """E-22: a seat not at the table has one step only, reporting himself arrived."""
    state = round_over(evening(5, later=(4,)), "table")
    assert refusal(state, 4, "join").clause == "E-22"


def test_e26_notation_and_json_round_trip() -> None:
    """The step's notation (``join``, ``join external``) and JSON round-trip; other spellings are refused."""
    for action in (Join(), Join(external=True)):
        assert GAME.parse_action(GAME.format_action(action)) == action
        assert GAME.action_from_json(json.loads(json.dumps(GAME.action_to_json(action)))) == action
    assert GAME.parse_action("  JOIN   External ") == Join(external=True)
    with pytest.raises(RuleViolation):
        GAME.parse_action("join karl")


def test_e26_a_joker_and_the_scoresheet_work_for_the_new_seat() -> None:
    """K-10, KA-36: the new seat has his joker in the next round and his entries are checked like anyone's
    (scoresheet mode)."""
    state = round_over(evening(4, "scoresheet"), "scoresheet")
    state = play(state, "join@0", "redraw@0", "team 4 0@4", "team 1 2@4")
    assert state.round is not None and state.round.turn is not None and state.round.turn.owner == 4
    assert view(state)["jokers_left"][4] == 1
    state = play(state, "score 20 joker@4")
    assert view(state)["jokers_left"][4] == 0 and view(state)["provisional"] == {"seat": 4, "points": 20}


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    seats=st.integers(4, 6),
    mode=st.sampled_from(MODES),
    externals=st.sets(st.integers(0, 3), max_size=1),
)
def test_e26_random_evenings_with_new_seats_conserve_money_and_replay(
    seed: int, seats: int, mode: str, externals: set[int]
) -> None:
    """Invariants over random evenings in which people sit down (often) between rounds: points and money
    are conserved (K-5.1, KA-29), every round at its own N, fold(log) equals the live state, and the
    result has one score per seat of the evening."""
    rng = random.Random(seed)
    initial = GAME.start(seats, GAME.configure({"mode": mode}), {"externals": sorted(externals)})
    state, steps = initial, []
    for _ in range(4000):
        turn = GAME.turn(state)
        if isinstance(turn, Finished):
            break
        step: ActionStep | OutcomeStep
        if isinstance(turn, Chance):
            step = OutcomeStep(sample(turn.node, rng))
            state = GAME.resolve(state, step.outcome)
        else:
            seat = rng.choice(turn.seats)
            legal = GAME.legal_actions(state, seat)
            joins = [a for a in legal if isinstance(a, Join)]
            close = GAME.parse_action("close")
            if state.phase == ROUND_OVER and joins and rng.random() < 0.4:
                action = rng.choice(joins)
            elif state.phase == ROUND_OVER and len(state.rounds) >= 3 and close in legal:
                action = close
            else:
                action = rng.choice([a for a in legal if GAME.format_action(a) != "close"] or legal)
            step = ActionStep(seat, action)
            state = GAME.act(state, seat, action)
        assert step_from_json(GAME, json.loads(json.dumps(step_to_json(GAME, step)))) == step
        steps.append(step)
        if state.phase in (PLAY, ROUND_OVER):
            check_points(state)
        check_money(state)
    assert isinstance(GAME.turn(state), Finished)
    assert fold(GAME, initial, steps) == state
    result = GAME.result(state)
    assert result is not None and len(result.scores) == state.seats
    paid, received, bank = evening_totals(state)
    assert sum(paid) == bank + sum(received) and len(paid) == state.seats
