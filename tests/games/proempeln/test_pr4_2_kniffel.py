"""PR-4.2, PR-3.4, PR-R04: Kniffel — two replays of any stoppers; never a King."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import IllegalAction, ImpossibleOutcome
from stammtisch.core.protocol import Decision, Finished
from stammtisch.games.proempeln import GAME
from stammtisch.games.proempeln.model import Announce, Landing, Record, Replay
from tests.games.proempeln.helpers import enter, new_state, run


def kniffel_run(values: tuple[int, ...], seats: int = 2, **options: object):
    state = GAME.act(new_state(seats, **options), 0, Announce("K"))
    return enter(state, 0, values)


def test_pr_4_2_two_replays_of_any_stoppers() -> None:
    """PR-4.2: after the run the player may twice replay as many stoppers as he likes."""
    state = kniffel_run((0, 1, 2, 3, 0, 1, 2))
    assert GAME.view(state, 0)["run"]["replays_left"] == 2
    assert len(GAME.legal_actions(state, 0)) == 128
    state = GAME.act(state, 0, Replay((5, 1)))
    assert GAME.view(state, 0)["run"]["pending_bottles"] == [1, 5]  # bottle order (PR-R04)
    state = enter(state, 0, (3, 3), (1, 5))
    state = GAME.act(state, 0, Replay((1, 2, 3, 4, 5, 6, 7)))  # bottles replayed before are allowed
    state = enter(state, 0, (3, 3, 3, 3, 3, 3, 2))
    assert isinstance(GAME.turn(state), Decision)
    state = GAME.act(state, 0, Record())
    assert state.scores[0] == (20,)


def test_pr_r04_new_result_replaces_the_old_even_if_worse() -> None:
    """PR-R04 step 2: the declared stoppers do not count; the new result stands."""
    state = kniffel_run((3, 3, 3, 3, 3, 3, 3))
    state = GAME.act(state, 0, Replay((1,)))
    state = GAME.resolve(state, Landing(0, 1, 0))
    state = GAME.act(state, 0, Replay(()))
    assert GAME.act(state, 0, Record()).scores[0] == (18,)


def test_pr_r04_a_third_replay_is_refused() -> None:
    """PR-R04, PR-R18: at most two replay phases."""
    state = kniffel_run((0,) * 7)
    for _ in range(2):
        state = GAME.act(state, 0, Replay((1,)))
        state = GAME.resolve(state, Landing(0, 1, 1))
    with pytest.raises(IllegalAction) as refused:
        GAME.act(state, 0, Replay((2,)))
    assert refused.value.clause == "PR-4.2"
    assert "zwei Mal" in refused.value.message.de and "two replays" in refused.value.message.en


def test_pr_r18_replay_outside_a_kniffel_is_refused() -> None:
    """PR-R18: a Kniffel replay in a non-Kniffel run."""
    state = run(new_state(), 0, (0,) * 7, claim=None)
    with pytest.raises(IllegalAction) as refused:
        GAME.act(state, 0, Replay((1,)))
    assert refused.value.clause == "PR-4.2"


@pytest.mark.parametrize("bottles", [(0,), (8,), (2, 2)])
def test_pr_r18_replay_bottles_must_be_1_to_7_and_distinct(bottles: tuple[int, ...]) -> None:
    """PR-R18: replay bottle numbers outside 1-7 or repeated."""
    with pytest.raises(IllegalAction) as refused:
        GAME.act(kniffel_run((0,) * 7), 0, Replay(bottles))
    assert refused.value.clause == "PR-R18"


def test_pr_r18_results_for_undeclared_bottles_are_refused() -> None:
    """PR-R18: replay results for bottles that were not declared."""
    state = GAME.act(kniffel_run((0,) * 7), 0, Replay((2, 6)))
    with pytest.raises(ImpossibleOutcome) as refused:
        GAME.resolve(state, Landing(0, 3, 3))
    assert refused.value.clause == "PR-R18"


def test_pr_3_4_declare_before_recording() -> None:
    """PR-3.4: in a Kniffel the player first says which stoppers do not count (or stops)."""
    with pytest.raises(IllegalAction) as refused:
        GAME.act(kniffel_run((0,) * 7), 0, Record())
    assert refused.value.clause == "PR-3.4"


def test_pr_4_2_seven_threes_in_a_kniffel_are_no_king() -> None:
    """PR-4.2, PR-5.2, PR-R07: seven 3s in a Kniffel score 21 and the game goes on."""
    state = GAME.act(kniffel_run((3,) * 7), 0, Replay(()))
    assert Record("king") not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction) as refused:
        GAME.act(state, 0, Record("king"))
    assert refused.value.clause == "PR-4.2"
    assert "Kniffel" in refused.value.message.de and "Kniffel" in refused.value.message.en
    state = GAME.act(state, 0, Record())
    assert state.scores[0] == (21,)
    assert not isinstance(GAME.turn(state), Finished)


def test_pr_5_1_meier_counts_in_a_kniffel() -> None:
    """PR-5.1: "Meier gilt auch bei einem Kniffel"."""
    state = GAME.act(kniffel_run((1, 2, 2, 2, 0, 2, 2)), 0, Replay((5,)))
    state = GAME.resolve(state, Landing(0, 5, 1))
    state = GAME.act(state, 0, Replay(()))
    assert GAME.act(state, 0, Record("meier")).scores[0] == (21,)


def test_pr_r10_botched_kniffel_has_no_replays_but_is_used() -> None:
    """PR-2.4, PR-R10: a botched announcement: no special rules, the special still counts as used."""
    state = GAME.act(new_state(), 0, Announce("K", correct=False))
    state = enter(state, 0, (1,) * 7)
    assert GAME.legal_actions(state, 0)[0] == Record()
    state = GAME.act(state, 0, Record())
    assert state.used[0] == ("K",)
    assert state.moves[0] == ("K?",)
