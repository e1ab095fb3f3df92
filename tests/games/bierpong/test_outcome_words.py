"""The history says what happened at the table in words (issue 25.5): every outcome a Bier-Pong game
meets, played at random under several option sets, has a German and an English sentence without the
notation's English codes ("hit 5 bounce", "miss")."""

from __future__ import annotations

import random
import re

import pytest

from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.core.testing import UniformSkill
from stammtisch.games import GAMES

GAME = GAMES["bierpong"]
CODES = re.compile(r"\b(?:hit|miss|bounce|roller|duel|airball|rerack|standing|dead-removed|timeup)\b")


@pytest.mark.parametrize("seed", range(6))
def test_every_outcome_met_in_play_has_words_in_both_languages(seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.start(4 if seed % 2 else 2, GAME.configure({}))
    seen = 0
    for _ in range(3000):
        turn = GAME.turn(state)
        if isinstance(turn, Finished):
            break
        if isinstance(turn, Chance):
            outcome = sample(turn.node, rng, UniformSkill())
            words = GAME.describe_outcome(outcome)
            assert words.de and words.en and not CODES.search(words.de), (GAME.format_outcome(outcome), words)
            assert words.de != GAME.format_outcome(outcome), words
            seen += 1
            state = GAME.resolve(state, outcome)
        else:
            seat = turn.seats[0]
            state = GAME.act(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert seen > 5


def test_table_events_have_words() -> None:
    for notation in ("knock A 3 5", "drinking B", "drank A", "distracted B", "forgot A", "rerack B 1 2", "timeup"):
        words = GAME.describe_outcome(GAME.parse_outcome(notation))
        assert words.de and words.en and notation not in (words.de, words.en)
