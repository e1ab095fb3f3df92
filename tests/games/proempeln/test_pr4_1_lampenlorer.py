"""PR-4.1, PR-R03: Lampenlörer — a 0 counts −3 and a 3 counts +6 (replacing its 3)."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import IllegalAction
from stammtisch.games.proempeln import GAME, scoring
from stammtisch.games.proempeln.model import Announce
from tests.games.proempeln.helpers import new_state, run


def test_pr_4_1_zero_counts_minus_3_and_three_counts_6() -> None:
    """PR-4.1: "null-Punkte Prömpel -3 und drei Punkte Prömpel +6"; 1s and 2s unchanged."""
    assert scoring.lampenlorer((0,)) == -3
    assert scoring.lampenlorer((3,)) == 6
    assert scoring.lampenlorer((1, 2)) == 3
    state = run(new_state(), 0, (0, 3, 1, 2, 0, 3, 3), "L")
    assert state.scores[0] == (-3 + 6 + 1 + 2 - 3 + 6 + 6,)


def test_pr_r03_range_is_minus_21_to_42() -> None:
    """PR-R03: the round ranges from −21 to 42."""
    assert scoring.lampenlorer((0,) * 7) == -21
    assert scoring.lampenlorer((3,) * 7) == 42


def test_pr_4_0c_a_second_lampenlorer_is_refused() -> None:
    """PR-4.0c: each special once per game."""
    state = run(new_state(), 0, (1,) * 7, "L")
    state = run(state, 1, (1,) * 7)
    assert Announce("L") not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction) as refused:
        GAME.act(state, 0, Announce("L"))
    assert refused.value.clause == "PR-4.0c"
    assert "nur einmal" in refused.value.message.de and "only once" in refused.value.message.en
