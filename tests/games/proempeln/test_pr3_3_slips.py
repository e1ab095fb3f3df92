"""PR-3.3, PR-R04 step 4, PR-R14 (reading E4): a stopper that moves before the values are taken is
entered with its final position, any value 0-3, not only a slip to 0. Digital and table play use the
same engine (Prömpeln has no engine mode); the table's entry form lists the engine's legal slips."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import IllegalAction
from stammtisch.games.proempeln import GAME
from stammtisch.games.proempeln.model import Record, Replay, Slip

from .helpers import enter, new_state, run


def test_pr3_3_a_tilted_three_that_falls_flat_is_entered_as_one() -> None:
    """PR-3.3: the values are the final positions: a 3 that moved to lie flat counts 1."""
    state = run(new_state(), 0, (3, 2, 2, 2, 2, 2, 2), claim=None)
    state = GAME.act(state, 0, GAME.parse_action("slip 1 1"))
    assert GAME.view(state, None)["run"]["caps"][0] == 1
    assert GAME.act(state, 0, Record()).scores[0] == (13,)


def test_pr3_3_a_moved_stopper_can_make_a_meier() -> None:
    """PR-3.3 with PR-5.1: after a 3 moved to a 2, the run is a mix of 1s and 2s and Meier is valid."""
    state = run(new_state(), 0, (3, 1, 2, 2, 2, 2, 2), claim=None)
    assert Record("meier") not in GAME.legal_actions(state, 0)
    state = GAME.act(state, 0, Slip(1, 2))
    assert Record("meier") in GAME.legal_actions(state, 0)
    assert GAME.act(state, 0, Record("meier")).scores[0] == (21,)


def test_pr3_3_every_final_position_of_a_resting_stopper_is_listed() -> None:
    """PR-3.3: a resting stopper can end in any other position 0-3; a stopper off the bottle (0) none."""
    state = run(new_state(), 0, (0, 1, 2, 3, 1, 1, 1), claim=None)
    slips = [a for a in GAME.legal_actions(state, 0) if isinstance(a, Slip)]
    assert [s for s in slips if s.bottle <= 4] == [
        Slip(2, 0), Slip(2, 2), Slip(2, 3),
        Slip(3, 0), Slip(3, 1), Slip(3, 3),
        Slip(4, 0), Slip(4, 1), Slip(4, 2),
    ]  # fmt: skip
    assert not any(s.bottle == 1 for s in slips)


@pytest.mark.parametrize("bad", [Slip(2, 2), Slip(2, 4), Slip(2, -1), Slip(1, 1)])
def test_pr3_3_impossible_slips_are_refused_with_the_clause(bad: Slip) -> None:
    """PR-3.3: the same value, a value outside 0-3, or a stopper that is already off: refused, nothing changed."""
    state = run(new_state(), 0, (0, 2, 2, 2, 2, 2, 2), claim=None)
    with pytest.raises(IllegalAction) as refused:
        GAME.act(state, 0, bad)
    assert refused.value.clause == "PR-3.3"
    assert refused.value.message.de and refused.value.message.en
    assert "PR-" not in refused.value.message.en


def test_pr_r04_kept_stopper_that_moved_during_the_replays() -> None:
    """PR-R04 step 4: a kept stopper that moved during the replays is entered with its final value."""
    state = GAME.act(new_state(), 0, GAME.parse_action("K"))
    state = enter(state, 0, (3, 3, 3, 3, 3, 3, 1))
    state = GAME.act(state, 0, Replay((7,)))
    state = enter(state, 0, (3,), bottles=(7,))
    state = GAME.act(state, 0, Replay(()))
    state = GAME.act(state, 0, Slip(2, 2))
    assert GAME.act(state, 0, Record()).scores[0] == (20,)


def test_pr3_3_slip_notation_round_trips() -> None:
    """E4 notation: ``slip 3`` is a slip to 0 (as before), ``slip 3 1`` a stopper now lying as a 1."""
    for text, action in (("slip 3", Slip(3)), ("slip 3 1", Slip(3, 1))):
        assert GAME.parse_action(text) == action and GAME.format_action(action) == text
        assert GAME.action_from_json(GAME.action_to_json(action)) == action
    assert GAME.action_from_json({"type": "Slip", "bottle": 3}) == Slip(3)  # logs written before E4
