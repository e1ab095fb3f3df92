"""RGO-23 (issue 12.5): table mode with unknown hands. The scribe never enters the deal; every seat
holds ``HAND_SIZE`` cards the app has not seen; a played card is checked against the cards not seen
anywhere yet; everything that can still be checked is (counts, the run-out, every card accounted for)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.core.chance import sample
from stammtisch.core.errors import InvalidSetup
from stammtisch.core.protocol import Chance, Decision, Finished
from stammtisch.games.regeln import GAME
from stammtisch.games.regeln.checks import CardSeen
from stammtisch.games.regeln.model import HAND_SIZE, HAND_TYPES, PlayCard, Predict, State
from stammtisch.games.regeln.unknown_hands import seen, unseen_cards

from .support import STANDARD_LAYOUT, lay_out

UNKNOWN = {"hands": "unknown"}


def unknown_table(seats: int = 3, seed: int = 0) -> State:
    """The face-up cards entered, place cards drawn, predictions written, starting chips taken."""
    rng = random.Random(seed)
    state = lay_out(GAME.start(seats, GAME.configure(), UNKNOWN), STANDARD_LAYOUT)
    while state.phase != "play":
        turn = GAME.turn(state)
        if isinstance(turn, Chance):
            state = GAME.resolve(state, sample(turn.node, rng))
        elif state.phase == "predict":
            state = GAME.act(state, turn.seats[0], Predict(1))
        else:
            state = GAME.act(state, turn.seats[0], GAME.legal_actions(state, turn.seats[0])[0])
    return state


def hand_cards(state: State) -> int:
    return sum(len(state.deck.of_type(t)) for t in HAND_TYPES)


def test_rgo23_no_deal_is_entered() -> None:
    """After the six face-up cards the next chance event is a place card, not a dealt card."""
    state = lay_out(GAME.start(3, GAME.configure(), UNKNOWN), STANDARD_LAYOUT)
    assert state.phase == "ranking" and state.hands == ((), (), ())
    shown = GAME.view(state, 0)
    assert shown["hand_sizes"] == [HAND_SIZE[3]] * 3 and shown["hand"] == [] and shown["unknown_hands"]
    assert shown["set_aside"] == hand_cards(state) - 6 - 3 * HAND_SIZE[3]


def test_rgo23_a_played_card_is_one_nobody_has_seen() -> None:
    state = unknown_table()
    active = state.active
    legal = GAME.legal_actions(state, active)
    assert {action.card for action in legal} == set(unseen_cards(state))
    assert not set(STANDARD_LAYOUT) & {action.card for action in legal}
    card = legal[0].card
    played = GAME.act(state, active, PlayCard(card))
    assert played.under_vote == card and GAME.view(played, None)["hand_sizes"][active] == HAND_SIZE[3] - 1
    assert card not in unseen_cards(played)


def test_rgo23_a_seen_or_unknown_card_is_refused_with_the_reason() -> None:
    state = unknown_table()
    active = state.active
    with pytest.raises(CardSeen) as refused:
        GAME.act(state, active, PlayCard(STANDARD_LAYOUT[0]))  # lies face up
    assert refused.value.clause == "RGO-23"
    assert "offen" in refused.value.message.de and "seen already" in refused.value.message.en
    with pytest.raises(CardSeen) as unknown:
        GAME.act(state, active, PlayCard("K-NIRGENDS"))
    assert "gibt es" in unknown.value.message.de and "no card" in unknown.value.message.en


def test_rgo23_the_setup_key_is_checked() -> None:
    with pytest.raises(InvalidSetup) as refused:
        GAME.start(3, GAME.configure(), {"hands": "half"})
    assert refused.value.clause == "RGO-23" and "'unknown'" in refused.value.message.en
    assert not GAME.start(3, GAME.configure(), {"hands": "dealt"}).unknown_hands


@settings(max_examples=20)
@given(st.integers(min_value=0, max_value=100_000), st.sampled_from([3, 4, 5]))
def test_rgo23_random_games_keep_every_card_accounted_for(seed: int, seats: int) -> None:
    """Random games with unknown hands end; at every step each card is seen at most once and the
    unseen cards are exactly those in the hands' counts and set aside; the checks agree with the
    legal actions; chips are conserved."""
    rng = random.Random(seed)
    state = GAME.start(seats, GAME.configure(), UNKNOWN)
    total = hand_cards(state)
    chips = sum(map(sum, state.chips)) + sum(state.pool)
    dealt = False
    for _ in range(6_000):
        turn = GAME.turn(state)
        if isinstance(turn, Finished):
            break
        if isinstance(turn, Chance):
            state = GAME.resolve(state, sample(turn.node, rng))
        else:
            assert isinstance(turn, Decision)
            seat = turn.seats[0]
            action = rng.choice(GAME.legal_actions(state, seat))
            GAME.check_action(state, seat, action)
            state = GAME.act(state, seat, action)
        dealt = dealt or bool(state.unseen)
        if dealt:
            assert len(seen(state)) + len(unseen_cards(state)) == total
            assert len(unseen_cards(state)) == sum(state.unseen) + state.unseen_aside
            assert all(count >= 0 for count in state.unseen)
        assert sum(map(sum, state.chips)) + sum(state.pool) == chips
    assert isinstance(GAME.turn(state), Finished)
