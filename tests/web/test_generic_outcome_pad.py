"""The generic board's outcome pad (issue 27.1, web.generic_game.outcome_pad): what the pending chance node
is decides how the scribe enters it at the table."""

from __future__ import annotations

from dataclasses import replace

from stammtisch.core.chance import Categorical, ChanceNode, DiceOutcome, DiceRoll
from stammtisch.core.text import Text
from stammtisch.web.generic_game import outcome_pad, pending_pad
from tests.support.pig import GAME as PIG
from tests.support.toy import GAME as TOY

LABEL = Text("Zufall", "chance")


def _lot(count: int) -> ChanceNode:
    return ChanceNode(Categorical.uniform([DiceOutcome((face,)) for face in range(1, count + 1)]), LABEL)


def test_one_die_gives_a_button_per_face_and_several_dice_a_faces_field() -> None:
    one = outcome_pad(PIG, ChanceNode(DiceRoll(1), LABEL))
    assert one == {"kind": "dice", "count": 1, "sides": 6, "faces": [1, 2, 3, 4, 5, 6]}
    assert outcome_pad(PIG, ChanceNode(DiceRoll(3, 8), LABEL))["count"] == 3


def test_a_small_lot_gives_a_button_per_outcome_in_the_games_notation() -> None:
    assert outcome_pad(PIG, _lot(3)) == {"kind": "choices", "choices": ["1", "2", "3"]}


def test_a_large_lot_or_a_game_with_secrets_gives_a_notation_field() -> None:
    assert outcome_pad(PIG, _lot(13)) == {"kind": "notation"}
    # Secret picks: the outcomes of a draw could tell what is left, so the scribe types it.
    assert outcome_pad(TOY, _lot(2)) == {"kind": "notation"}


def test_the_pad_follows_the_pending_node_and_is_absent_on_a_decision() -> None:
    state = PIG.start(2, PIG.configure({}))
    assert pending_pad(PIG, state) is None
    rolling = pending_pad(PIG, replace(state, rolling=True))
    assert rolling is not None and rolling["kind"] == "dice"
