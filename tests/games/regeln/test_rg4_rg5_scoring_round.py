"""RG-4 Scoring Round and RG-5 Prediction Round: the trigger (RG-3.10, RG-4.2), the order inside the
round (RG-R10), the worked example (RG-7.2: A = 23, B = 36, C = 7), ties drawn (RG-5.2, RG-R09), the
next rules (RG-5.3, RG-5.4) and the card of the last vote (RG-R03)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from stammtisch.core.protocol import Chance, Decision
from stammtisch.games.regeln import GAME
from stammtisch.games.regeln.checks import RuleUnavailable, WrongStep
from stammtisch.games.regeln.model import (
    ChooseRule,
    Cover,
    PlaceOutcome,
    PlayCard,
    Predict,
    ReportFirstSpeaker,
    State,
    Vote,
)
from stammtisch.games.regeln.scoring import begin_scoring

from .support import ready, take_first, with_chips, with_hand


def worked_example() -> State:
    """RG-7.2's table: K-Y0 and K-B2, E-ERSTER-SPRICHT-15 and E-PUNKTBESTER-10; A: one white, purple
    and green; B: 11 purple and one yellow; C: 10 white and 12 green; predictions A 3, B 2, C 1."""
    state = ready(3)
    state = with_chips(state, [(1, 1, 0, 1), (0, 11, 1, 0), (10, 0, 0, 12)])
    predictions = (Predict(3), Predict(2), Predict(1))
    return replace(state, predictions=predictions, trigger=0, active=0)


def test_rg7_2_worked_example() -> None:
    """RG-7.2, RG-R10, the rule book's example and dialogue (Ingrid is A, Hans B, Klaus C): Klaus speaks
    first ("you spoke first and that costs you 15 points"); chips A 3, B 11, C 22 (yellow counts 0);
    Ingrid's "three single chips, that gets me 30 points" (K-B2), Hans 10; interim A 33, B 21, C 7;
    Ingrid is first and loses 10; only Hans predicted right ("I predicted I would be in second place",
    +15, and "he moves ahead of me"): A = 23, B = 36, C = 7, Klaus last."""
    state = begin_scoring(worked_example())
    assert state.phase == "first_speaker" and GAME.turn(state) == Decision((0,))
    state = GAME.act(state, 0, ReportFirstSpeaker(2))
    lines = state.scorepad[0]
    assert [line.incidents_before for line in lines] == [0, 0, -15]
    assert [line.chip_points for line in lines] == [3, 11, 22]
    assert [line.bonus for line in lines] == [30, 10, 0]
    assert [line.interim for line in lines] == [33, 21, 7]
    assert [line.incidents_after for line in lines] == [-10, 0, 0]
    assert [line.prediction for line in lines] == [0, 15, 0]
    assert [line.total for line in lines] == [23, 36, 7]
    assert state.scores == (23, 36, 7)
    assert state.places == (2, 1, 3)
    assert GAME.view(state, None)["scorepad"][0][1]["predicted"] == 2


def test_rg3_10_a_vote_with_one_tile_each_starts_scoring() -> None:
    """RG-3.10, RG-4.2, RG-R03: after a vote with one tile from everyone the payments are still made,
    the adopted card is placed and is in force for this Scoring Round."""
    state = with_hand(replace(ready(3), active=0, ereignis=("E-AERMSTER10", "E-REICHSTER-10")), 0, "K-G3")
    state = with_chips(state, [(1, 0, 0, 1), (3, 0, 0, 0), (0, 0, 0, 0)])
    state = GAME.act(state, 0, PlayCard("K-G3"))
    for seat in range(3):
        state = GAME.act(state, seat, Vote(True, 1))
    assert state.trigger == 0 and state.phase == "payment"
    state = take_first(state)  # A-LINKS2: +2 white each
    assert state.phase == "cover"
    state = GAME.act(state, 0, Cover(1))  # K-G3 covers K-B2
    lines = state.scorepad[0]
    # A: 3 white + 1 green x 3 = 6; B: 5 white = 5; C: 2 white = 2; fewest chips (C) +10, most (B) -10
    assert [line.chip_points for line in lines] == [6, 5, 2]
    assert [line.incidents_before for line in lines] == [0, -10, 10]
    assert state.phase == "choose_wertung"


def test_rg_r03_option_place_after_scoring() -> None:
    """RG-R03 option ``final_vote_card = place_after_scoring``: the card waits until the round is over."""
    state = ready(3, options={"final_vote_card": "place_after_scoring"})
    state = with_hand(replace(state, active=0, ereignis=("E-AERMSTER10", "E-REICHSTER-10")), 0, "K-G3")
    state = with_chips(state, [(1, 0, 0, 1), (3, 0, 0, 0), (0, 0, 0, 0)])
    state = GAME.act(state, 0, PlayCard("K-G3"))
    for seat in range(3):
        state = GAME.act(state, seat, Vote(True, 1))
    state = GAME.act(take_first(state), 0, Cover(1))
    assert [line.chip_points for line in state.scorepad[0]] == [4, 5, 2]
    assert state.korrektur == ("K-Y0", "K-G3") and state.deferred_card is None


def test_rg5_2_tied_seats_draw_the_contested_place_cards() -> None:
    """RG-5.2, RG-R09: tied seats draw the place cards of the contested places (exact 1/2 each)."""
    state = replace(worked_example(), ereignis=("E-AERMSTER10", "E-REICHSTER-10"), korrektur=("K-Y0", "K-W0"))
    state = with_chips(state, [(0, 2, 0, 0), (0, 2, 0, 0), (0, 0, 0, 5)])
    state = begin_scoring(state)
    turn = GAME.turn(state)
    assert isinstance(turn, Chance) and turn.node.seat == 0
    # A and B: 2 purple + 10 (fewest chips) = 12 each; C: 5 green - 10 (most chips) = -5
    assert turn.node.outcomes() == (PlaceOutcome(1), PlaceOutcome(2))
    assert all(turn.node.probability(o) == 0.5 for o in turn.node.outcomes())
    state = GAME.resolve(state, PlaceOutcome(2))
    assert state.phase == "ranking"  # the final standing draws again (RG-R09, below)


def test_rg_r09_a_tie_is_drawn_anew_at_every_standing() -> None:
    """RG-R09 (as ruled): the final standing draws the tie again although no prediction scored and no
    total changed since the standing for the predictions; the earlier draw does not carry over (RGO-6)."""
    state = replace(worked_example(), ereignis=("E-AERMSTER10", "E-REICHSTER-10"), korrektur=("K-Y0", "K-W0"))
    state = with_chips(state, [(0, 2, 0, 0), (0, 2, 0, 0), (0, 0, 0, 5)])
    state = GAME.resolve(begin_scoring(state), PlaceOutcome(2))  # the standing for the predictions
    turn = GAME.turn(state)
    assert isinstance(turn, Chance) and turn.node.seat == 0 and state.phase == "ranking"
    assert turn.node.outcomes() == (PlaceOutcome(1), PlaceOutcome(2))
    state = GAME.resolve(state, PlaceOutcome(1))  # the final standing: drawn anew
    assert state.places == (1, 2, 3) and state.phase == "choose_wertung"


def test_rg5_3_rg5_4_next_rules_and_predictions() -> None:
    """RG-5.3: tiles back to 4, old Wertung and Prognose to the discard; RG-5.4: Punktletzte chooses the
    Wertung, the next-to-last the Prognose, then everyone predicts; RG-R12: the player after the one
    whose vote started scoring is active."""
    state = GAME.act(
        begin_scoring(replace(worked_example(), tiles=(1, 1, 1), used_tiles=(3, 3, 3))), 0, ReportFirstSpeaker(2)
    )
    assert state.tiles == (4, 4, 4) and state.used_tiles == (0, 0, 0)
    assert state.discard[-2:] == ("W-EINFACH", "P-EIGENER15") and state.round == 2
    assert GAME.turn(state) == Decision((2,))  # C is last (Punktletzte)
    with pytest.raises(RuleUnavailable):
        GAME.act(state, 2, ChooseRule("W-EINFACH"))
    state = GAME.act(state, 2, ChooseRule("W-NOTIERT5"))
    assert GAME.turn(state) == Decision((0,))  # A is 2nd of 3: the next-to-last
    state = GAME.act(state, 0, ChooseRule("P-LINKS10"))
    assert state.phase == "predict" and GAME.legal_actions(state, 1)[0] == Predict(1, "white")
    for seat in range(3):
        state = GAME.act(state, seat, Predict(2, "green"))
    assert state.phase == "play" and state.active == 1


def test_rg5_1_prediction_after_the_reveal_is_refused() -> None:
    """RG-5.1: predictions are written before the Move Round; one sent later is refused."""
    state = ready(3)
    with pytest.raises(WrongStep) as error:
        GAME.act(state, state.active, Predict(1))
    assert error.value.clause == "RG-5.1"
