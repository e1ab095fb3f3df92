"""PR-2.4, PR-2.6, PR-4.0a-c, PR-R08, PR-R09, PR-R10, PR-R15: when specials are announced."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import IllegalAction, InvalidOption, NotYourTurn
from stammtisch.games.proempeln import GAME
from stammtisch.games.proempeln.model import Announce
from tests.games.proempeln.helpers import new_state, play_rounds, run


def test_pr_r08_announcement_forced_when_rounds_run_out() -> None:
    """PR-R08: 3 unused at round 4 force an announcement ("none" refused, clause PR-R08)."""
    plan = ["none", "none", "none"]
    state = play_rounds(new_state(), {0: plan, 1: plan})
    assert state.round == 4
    legal = GAME.legal_actions(state, 0)
    assert Announce("none") not in legal and Announce("L") in legal
    assert GAME.view(state, 0)["players"][0]["must_announce_special"]
    with pytest.raises(IllegalAction) as refused:
        GAME.act(state, 0, Announce("none"))
    assert refused.value.clause == "PR-R08"
    assert "Runde 6" in refused.value.message.de and "round 6" in refused.value.message.en


def test_pr_r08_one_left_at_round_6_is_forced_and_then_all_are_played() -> None:
    """PR-2.6: by the end of round 6 all special moves have been played."""
    plan = ["L", "none", "K", "none", "none"]
    state = play_rounds(new_state(), {0: plan, 1: ["L", "K", "P", "none", "none"]})
    assert state.round == 6
    assert GAME.legal_actions(state, 0) == (Announce("P"), Announce("P", correct=False))
    state = run(state, 0, (1,) * 7, "P")
    assert sorted(state.used[0]) == ["K", "L", "P"]


def test_pr_r08_option_specials_not_mandatory() -> None:
    """PR-R08 option specials_mandatory = false: unused specials lapse."""
    state = play_rounds(new_state(specials_mandatory=False), {0: ["none"] * 6, 1: ["none"] * 6})
    assert state.round == 7 and state.used == ((), ())


def test_pr_r09_one_special_per_round() -> None:
    """PR-R09, PR-2.4 ("einen seiner drei"): one announcement per player and round; the refusal names
    PR-2.4, the clause the second announcement breaks (issue 9)."""
    state = run(new_state(), 0, (1,) * 7, "L", claim=None)
    with pytest.raises(IllegalAction) as refused:
        GAME.act(state, 0, Announce("K"))
    assert refused.value.clause == "PR-2.4"


def test_pr_r18_announcing_out_of_turn_is_refused() -> None:
    """PR-R18: only the player on turn announces."""
    with pytest.raises(NotYourTurn):
        GAME.act(new_state(), 1, Announce("L"))


def test_pr_r10_botched_announcement_scores_normally_and_is_used() -> None:
    """PR-2.4, PR-R10: the special rules apply only when announced correctly; it is still used."""
    state = GAME.act(new_state(), 0, Announce("L", correct=False))
    for _ in range(1, 8):
        state = GAME.resolve(state, GAME.turn(state).node.outcomes()[0])  # type: ignore[union-attr]
    state = GAME.act(state, 0, GAME.legal_actions(state, 0)[0])
    assert state.scores[0] == (0,)  # not −21
    assert state.used[0] == ("L",)


def test_pr_r10_option_botched_does_not_consume() -> None:
    """PR-R10 option invalid_announcement_consumes = false (only with specials_mandatory = false)."""
    with pytest.raises(InvalidOption) as refused:
        new_state(invalid_announcement_consumes=False)
    assert refused.value.clause == "PR-R10"
    state = new_state(invalid_announcement_consumes=False, specials_mandatory=False)
    state = GAME.act(state, 0, Announce("L", correct=False))
    assert state.used[0] == ()


def test_pr_r10_option_announce_before_round_start() -> None:
    """PR-R10 option announce_deadline = before_round_start: everybody announces before the first stopper."""
    state = new_state(3, announce_deadline="before_round_start")
    state = GAME.act(state, 0, Announce("L"))
    assert GAME.view(state, None)["phase"] == "announce"
    state = GAME.act(state, 1, Announce("none"))
    state = GAME.act(state, 2, Announce("P"))
    view = GAME.view(state, None)
    assert view["phase"] == "flick" and view["run"]["seat"] == 0 and view["run"]["special"] == "L"


def test_pr_r15_fixed_order_or_rotating_start() -> None:
    """PR-R15: fixed seat order by default; rotate_start_player = true rotates each round."""
    state = run(run(new_state(3), 0, (1,) * 7), 1, (1,) * 7)
    state = run(state, 2, (1,) * 7)
    assert GAME.view(state, None)["current_seat"] == 0
    rotating = new_state(3, rotate_start_player=True)
    rotating = run(run(run(rotating, 0, (1,) * 7), 1, (1,) * 7), 2, (1,) * 7)
    assert GAME.view(rotating, None)["order"] == [1, 2, 0]
