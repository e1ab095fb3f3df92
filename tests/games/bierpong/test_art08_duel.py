"""Art 8 / BP-R21: the opening duel."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import IllegalAction, ImpossibleOutcome, NotYourTurn
from stammtisch.games.bierpong import GAME
from stammtisch.games.bierpong.model import Phase

from .helpers import legal, play, waiting


def test_both_hit_or_both_miss_repeat_with_the_same_players() -> None:
    """Art 8.4 (both hit) and BP-R21 (both miss): the same two throw again."""
    state = GAME.start(4, GAME.configure())
    node = GAME.turn(state).node  # type: ignore[union-attr]
    assert dict(node.context)["throwers"] == (0, 1)
    state = play(state, "duel both", "duel none")
    assert state.phase is Phase.DUEL and state.duels == 2
    assert dict(GAME.turn(state).node.context)["throwers"] == (0, 1)  # type: ignore[union-attr]


def test_winner_chooses_who_begins_loser_the_side() -> None:
    """Art 8.3: the team of the player who hits decides who begins; the other team picks the side."""
    state = play(GAME.start(4, GAME.configure()), "duel B")
    assert waiting(state) == "seats 1 3"
    assert legal(state, 3) == ["begin A", "begin B"]
    with pytest.raises(NotYourTurn):
        GAME.act(state, 0, GAME.parse_action("begin A"))
    state = play(state, "3: begin A")
    assert waiting(state) == "seats 0 2"
    assert legal(state, 0) == ["side left", "side right"]
    state = play(state, "2: side right")
    assert state.phase is Phase.PLAY and state.side == "right"
    assert state.round is not None and state.round.team == 0


def test_duel_hits_remove_no_cups() -> None:
    """BP-R21: duel hits remove no cups and cost no drinks."""
    state = play(GAME.start(2, GAME.configure()), "duel A", "0: begin B", "1: side left")
    assert state.cups[0] == state.cups[1] == (0,) * 10
    assert state.drinks.owed == (0, 0)


def test_a_throw_entered_during_the_duel_is_refused() -> None:
    """Art 8.1: first the duel."""
    with pytest.raises(ImpossibleOutcome) as error:
        play(GAME.start(2, GAME.configure()), "hit 3")
    assert error.value.clause == "BP-8.1"
    with pytest.raises(IllegalAction) as refused:
        play(GAME.start(2, GAME.configure()), "duel A", "0: side left")
    assert refused.value.clause == "BP-8.3"
