"""PR-2.7, PR-4.4, PR-R09, PR-R11: the Doppellörer of round 7."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import IllegalAction
from stammtisch.core.protocol import Finished
from stammtisch.games.proempeln import GAME, scoring
from stammtisch.games.proempeln.model import DOPPEL_ORDER, Announce, Record
from tests.games.proempeln.helpers import new_state, play_rounds, run

PLAN = ["L", "K", "P", "none", "none", "none"]


def round_seven(**options: object):
    state = play_rounds(new_state(2, **options), {0: PLAN, 1: PLAN})
    assert state.round == 7
    return state


def test_pr_4_4_outer_sum_times_middle() -> None:
    """PR-4.4: the six outer values are summed and multiplied by the middle one; it is not added."""
    values = (3, 2, 1, 2, 0, 3, 1)  # bottle 4 (the middle) is 2
    assert scoring.doppellorer(values) == (3 + 2 + 1 + 0 + 3 + 1) * 2
    state = run(round_seven(), 0, values, "D")
    assert state.scores[0][-1] == 20


def test_pr_4_4_multiplier_zero_gives_zero() -> None:
    """PR-4.4: "Ein Multiplikator von Null macht diese Runde Punktelos"."""
    state = run(round_seven(), 0, (3, 3, 3, 0, 3, 3, 3), "D")
    assert state.scores[0][-1] == 0


def test_pr_r11_stoppers_are_flicked_outside_in_middle_last() -> None:
    """PR-4.4, PR-R11: pairs (1,7), (2,6), (3,5), then the middle bottle 4."""
    state = GAME.act(round_seven(), 0, Announce("D", "rechts"))
    seen = []
    view = GAME.view(state, 0)
    while view["run"]["pending_bottles"]:
        seen.append(view["run"]["next_bottle"])
        state = GAME.resolve(state, GAME.turn(state).node.outcomes()[1])  # type: ignore[union-attr]
        view = GAME.view(state, 0)
    assert tuple(seen) == DOPPEL_ORDER
    assert view["run"]["hand"] == "rechts"


def test_pr_r11_doppellorer_without_left_or_right_is_refused() -> None:
    """PR-R11: the hand declaration is required before the round-7 run."""
    state = round_seven()
    for action in (Announce("D"), GAME.parse_action("D"), Announce("D", "mitte")):
        with pytest.raises(IllegalAction) as refused:
            GAME.act(state, 0, action)
        assert refused.value.clause == "PR-R11"
        assert "links" in refused.value.message.de and "rechts" in refused.value.message.en


@pytest.mark.parametrize("move", ["none", "L", "K", "P"])
def test_pr_r09_only_the_doppellorer_in_round_7(move: str) -> None:
    """PR-2.7, PR-R09: in round 7 everybody plays a Doppellörer; nothing else, not even none."""
    with pytest.raises(IllegalAction) as refused:
        GAME.act(round_seven(specials_mandatory=False), 0, Announce(move))
    assert refused.value.clause == "PR-R09"
    assert "Runde 7" in refused.value.message.de and "round 7" in refused.value.message.en


def test_pr_r09_no_doppellorer_before_round_7() -> None:
    """PR-R09: D cannot be announced in rounds 1-6."""
    with pytest.raises(IllegalAction) as refused:
        GAME.act(new_state(), 0, Announce("D", "links"))
    assert refused.value.clause == "PR-R09"


def test_pr_5_1_meier_under_doppellorer_is_doubled_by_a_multiplier_of_2() -> None:
    """PR-5.1, PR-R06: 21 × multiplier; multiplier 2 gives 42."""
    state = run(round_seven(), 0, (1, 2, 2, 2, 2, 1, 1), "D", claim="meier")
    assert state.scores[0][-1] == 42


def test_pr_r05_middle_stopper_is_part_of_the_meier() -> None:
    """PR-R05: outer 2s with middle 1 is a Meier (21 × 1); seven 2s are not."""
    state = run(round_seven(), 0, (2, 2, 2, 1, 2, 2, 2), "D", claim="meier")
    assert state.scores[0][-1] == 21
    state = run(state, 1, (2,) * 7, "D", claim=None)
    assert Record("meier") not in GAME.legal_actions(state, 1)


def test_pr_5_2_king_in_round_7_decides_the_game() -> None:
    """PR-5.2: "Selbst in Runde 7, bei einem Doppellörer, kann der Königszug noch ... entscheiden"."""
    state = run(round_seven(), 0, (3,) * 7, "D", claim="king")
    turn = GAME.turn(state)
    assert isinstance(turn, Finished)
    assert state.scores[0][-1] == 54
    assert turn.result.details["winner"] == 0 and turn.result.details["end_reason"] == "king"
