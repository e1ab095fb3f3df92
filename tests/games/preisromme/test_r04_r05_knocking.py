"""R-4.1..R-4.5, R-5.1, R-5.2, RA-03..RA-07: the knock window after every discard."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import NotYourTurn, OutcomePending, RuleViolation
from stammtisch.core.protocol import Chance, Decision
from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.cards import CARD
from stammtisch.games.preisromme.errors import KnockRefused
from stammtisch.games.preisromme.model import DRAW, PLAY, CardOutcome, Pass

from .support import act, hand, position

HANDS = ["2C 3C 4C 5C", "2S 3S 4S 5S", "2H 3H 4H 5H", "2D 3D 4D 5D"]


def after_discard(discarder: int = 0, card: str = "5C"):
    """Seat ``discarder`` throws ``card``: the window opens for every other seat."""
    state = position(HANDS, current=discarder)
    return act(state, discarder, f"discard {card}")


def test_r4_1_window_opens_for_all_other_seats_after_a_discard() -> None:
    """R-4.1, RA-03: every seat but the discarder answers; the next player first in order."""
    state = after_discard(0)
    assert GAME.turn(state) == Decision((1, 2, 3))
    assert GAME.legal_actions(state, 1) == (GAME.parse_action("take"), Pass())
    assert GAME.legal_actions(state, 2) == (GAME.parse_action("knock"), Pass())
    assert GAME.legal_actions(state, 0) == ()


def test_r4_4_next_player_has_the_first_right_even_without_knocking() -> None:
    """R-4.4, R-5.2: the next player's take beats every knock; she draws nothing more."""
    state = after_discard(0)
    state = act(state, 3, "knock")
    state = act(state, 2, "knock")
    state = act(state, 1, "take")
    assert state.phase == PLAY and state.current == 1
    assert "5C" in hand(state, 1) and len(state.hands[1]) == 5
    assert len(state.hands[2]) == len(state.hands[3]) == 4
    assert GAME.view(state, None)["last_window"] == {"card": "5C", "taken_by": 1, "claimed": [1, 2, 3]}


@pytest.mark.parametrize("arrival", [(3, 2, 1), (2, 3, 1), (1, 3, 2)])
def test_r4_3_nearest_knocker_after_the_discarder_wins_whatever_the_arrival(arrival: tuple[int, ...]) -> None:
    """R-4.3, RA-07: claims are simultaneous; seat 3 (nearer after seat 1) beats seat 4, in any order."""
    state = after_discard(0)
    for seat in arrival:
        state = act(state, seat, "pass" if seat == 1 else "knock")
    assert state.phase == DRAW
    assert "5C" in hand(state, 2) and "5C" not in hand(state, 3)
    assert state.pending == (2, 1)  # the knocker's extra card first, then the next player's draw


def test_r4_3_order_wraps_round_the_table() -> None:
    """R-4.3: after seat 3 discards, seat 1 is nearer than seat 2 (seat 4 is next and passes)."""
    state = after_discard(2, "5H")
    state = act(state, 1, "knock")
    state = act(state, 0, "knock")
    state = act(state, 3, "pass")
    assert "5H" in hand(state, 0) and state.pending == (0, 3)


def test_r5_1_knocker_draws_an_extra_card_and_has_no_turn() -> None:
    """R-5.1, RA-04: the knocker gets the discard plus one stock card (two cards, no discard);
    then the next player draws and plays."""
    state = after_discard(0)
    state = act(state, 2, "knock")
    state = act(state, 1, "pass")
    state = act(state, 3, "pass")
    turn = GAME.turn(state)
    assert isinstance(turn, Chance) and turn.node.seat == 2
    state = GAME.resolve(state, CardOutcome("KD"))
    assert len(state.hands[2]) == 6
    assert GAME.turn(state).node.seat == 1
    state = GAME.resolve(state, CardOutcome("KC"))
    assert state.phase == PLAY and state.current == 1 and len(state.hands[1]) == 5


def test_ra03_nobody_claims_next_player_draws_and_top_stays() -> None:
    """RA-03: no claim: the next player draws from the stock; the discard stays on the pile."""
    state = after_discard(0)
    for seat in (1, 2, 3):
        state = act(state, seat, "pass")
    assert state.pending == (1,) and state.top == CARD["5C"]


def test_ra06_knock_after_the_window_is_refused() -> None:
    """RA-06: once the window has closed, a knock is refused and nothing changes."""
    state = after_discard(0)
    for seat in (1, 2, 3):
        state = act(state, seat, "pass")
    with pytest.raises(OutcomePending):
        act(state, 2, "knock")
    state = GAME.resolve(state, CardOutcome("KC"))
    with pytest.raises(NotYourTurn):
        act(state, 2, "knock")
    with pytest.raises(KnockRefused) as refused:
        act(state, 1, "knock")
    assert refused.value.clause == "RA-06"


def test_r4_4_next_player_takes_others_knock() -> None:
    """R-4.4, R-5.2: only the next player takes without knocking; she never needs to knock."""
    state = after_discard(0)
    with pytest.raises(KnockRefused):
        act(state, 1, "knock")
    with pytest.raises(KnockRefused):
        act(state, 2, "take")
    with pytest.raises(NotYourTurn):  # RA-05: the discarder cannot claim her own card
        act(state, 0, "knock")


def test_ra07_answers_are_hidden_until_the_last_one_arrives() -> None:
    """RA-07: a seat sees only whether others answered, never what, until the reveal."""
    state = after_discard(0)
    state = act(state, 3, "knock")
    view = GAME.view(state, 2)
    assert view["window"]["answered"] == [None, False, False, True]
    assert view["my_answer"] is None
    assert GAME.view(state, 3)["my_answer"] == "claim"
    assert "claimed" not in str(view["window"])
    passed = act(after_discard(0), 3, "pass")
    assert GAME.view(passed, 2) == view  # knock or pass: seat 3 looks the same to seat 2


def test_ra07_a_seat_answers_once() -> None:
    """RA-07: a second answer by the same seat is refused."""
    state = act(after_discard(0), 3, "knock")
    with pytest.raises(RuleViolation):
        act(state, 3, "pass")


def test_timer_submits_pass_for_knockers_that_have_not_answered() -> None:
    """RA-07: the match layer's timer answers ``pass`` for the silent knockers only; the next player
    keeps her first right (R-4.4, see test_ra07_knock_timing)."""
    state = act(after_discard(0), 2, "knock")
    assert GAME.timeout_action(state, 2) is None
    assert GAME.timeout_action(state, 1) is None
    action = GAME.timeout_action(state, 3)
    assert action == Pass()
    state = GAME.act(state, 3, action)
    state = act(state, 1, "pass")
    assert state.pending == (2, 1)


def test_ra05_dealer_may_claim_upcard_option() -> None:
    """RA-05: by default the dealer cannot claim the up-card; with the option she may knock, last in order."""
    for allowed, seats in ((False, (1, 2, 3)), (True, (1, 2, 3, 0))):
        state = GAME.start(4, GAME.configure({"dealer_may_claim_upcard": allowed, "cards_per_player": 5}))
        codes = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2S 3S 4S 5S 6S 7S 8S 9S 7H".split()
        for code in codes:
            state = GAME.resolve(state, CardOutcome(code))
        assert GAME.turn(state) == Decision(seats)


def test_ra03_acting_out_of_turn_is_refused() -> None:
    """RA-03: only the seat on turn plays; in a window only the seats still to answer."""
    state = position(HANDS, current=0)
    with pytest.raises(NotYourTurn) as refused:
        act(state, 2, "discard 2H")
    assert refused.value.text("de") and refused.value.text("en")
    state = act(state, 0, "discard 5C")
    state = act(state, 2, "pass")
    with pytest.raises(RuleViolation):
        act(state, 2, "knock")
    with pytest.raises(NotYourTurn):
        act(state, 0, "discard 4C")
