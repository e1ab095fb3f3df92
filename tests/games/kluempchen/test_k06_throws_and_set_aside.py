"""K-6 (throws and setting aside), KA-02, KA-05..KA-07, KA-36: throws, forced set-asides, input checks."""

from __future__ import annotations

import pytest

from stammtisch.core.chance import DiceOutcome
from stammtisch.core.errors import IllegalAction, ImpossibleOutcome, InvalidNotation, OutcomePending
from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.model import KeepPair, Stop
from tests.games.kluempchen.helpers import current, new_state, play, rnd, turn_value


def test_k65_triple_is_set_aside() -> None:
    """K-6.5: 345 666 → the three sixes are taken out, three dice thrown on."""
    state = play(new_state(), "throw", "3 4 5 6 6 6")
    assert current(state).kept == (0, 0, 0, 0, 0, 3)
    assert current(state).free == 3
    assert turn_value(state) == 6


def test_k66_pair_is_set_aside() -> None:
    """K-6.6: 1345 66 → the pair is taken out, four dice thrown on; a pair is worth nothing."""
    state = play(new_state(), "throw", "1 3 4 5 6 6")
    assert current(state).kept == (0, 0, 0, 0, 0, 2)
    assert current(state).free == 4
    assert turn_value(state) == 0


def test_k66_no_choice_in_a_one_pair_throw() -> None:
    """K-6.6: with one pair there is nothing to choose; keeping another pair is refused."""
    state = play(new_state(), "throw", "1 3 4 5 6 6")
    with pytest.raises(OutcomePending):
        GAME.act(state, 0, KeepPair(6))
    state = play(new_state(), "throw", "1 3 4 5 6 6", "1 2 3 4")
    with pytest.raises(IllegalAction) as error:
        GAME.act(state, 0, KeepPair(4))
    assert error.value.clause == "K-6.6"


def test_k67_two_pairs_the_player_chooses() -> None:
    """K-6.7: 12 44 66 → he may choose which pair to take out; only those pairs are legal."""
    state = play(new_state(), "throw", "1 2 4 4 6 6")
    assert [GAME.format_action(a) for a in GAME.legal_actions(state, 0)] == ["keep 4", "keep 6"]
    with pytest.raises(IllegalAction) as error:
        GAME.act(state, 0, KeepPair(1))
    assert error.value.clause == "K-6.7"
    with pytest.raises(IllegalAction) as error:
        GAME.act(state, 0, GAME.parse_action("throw"))
    assert error.value.clause == "K-6.7"
    state = play(state, "keep 4")
    assert current(state).kept == (0, 0, 0, 2, 0, 0) and current(state).free == 4


def test_k62_throws_one_and_two_are_mandatory() -> None:
    """K-6.2/KA-02: no stop before throw 2, even with a triple; the 2nd throw follows without a decision."""
    state = new_state()
    with pytest.raises(IllegalAction) as error:
        GAME.act(state, 0, Stop())
    assert error.value.clause == "K-6.2"
    state = play(state, "throw", "3 4 5 6 6 6")
    with pytest.raises(OutcomePending):
        GAME.act(state, 0, Stop())
    state = play(state, "1 2 3")
    assert [GAME.format_action(a) for a in GAME.legal_actions(state, 0)] == ["throw", "stop"]


def test_ka02_stop_after_throw_two_scores_the_value() -> None:
    """KA-02: throw 3 is optional: stopping with 666 scores 6 for P1 (provisional)."""
    state = play(new_state(), "throw", "3 4 5 6 6 6", "1 2 3", "stop")
    assert rnd(state).first_result == 6
    assert current(state).owner == 1 and current(state).role == 2


def test_ka06_thrown_dice_join_kept_groups_and_new_triples_form() -> None:
    """KA-06 (i): kept 66 + thrown 6 → 666; a face thrown 3 times becomes a new group; new pairs are not kept."""
    state = play(new_state(), "throw", "1 3 4 5 6 6", "2 2 4 6")
    assert current(state).kept == (0, 0, 0, 0, 0, 3)  # the 22 goes back into the cup
    assert current(state).free == 3
    state = play(new_state(), "throw", "1 3 4 5 6 6", "1 4 4 4")
    assert current(state).kept == (0, 0, 0, 3, 0, 2)  # 444 new, 66 stays kept beside it
    assert turn_value(state) == 4


def test_ka07_pair_plus_new_four_is_not_voll_star() -> None:
    """KA-07: kept 22 + thrown 4444 is no 15 Voll*: it scores the four (8) and, no die left, the turn ends."""
    state = play(new_state(), "throw", "1 2 2 3 5 6", "4 4 4 4")
    assert rnd(state).first_result == 8
    assert current(state).owner == 1


def test_ka05_five_of_a_kind_keeps_all_five() -> None:
    """KA-05: 5-1 keeps all five (value x4): 66666 = 24, one die free."""
    state = play(new_state(), "throw", "2 6 6 6 6 6")
    assert current(state).free == 1
    assert turn_value(state) == 24


def test_ka05_triple_with_pair_keeps_the_triple_only() -> None:
    """KA-05: 3-2-1 keeps the triple; the pair goes back into the cup."""
    state = play(new_state(), "throw", "1 1 2 3 3 3")
    assert current(state).kept == (0, 0, 3, 0, 0, 0) and current(state).free == 3


def test_ka36_dice_count_must_match_the_cup() -> None:
    """KA-36: 5 dice entered when 4 are in the cup is refused; faces must be 1-6."""
    state = play(new_state(), "throw", "1 3 4 5 6 6")
    with pytest.raises(ImpossibleOutcome) as error:
        GAME.resolve(state, DiceOutcome((1, 2, 3, 4, 5)))
    assert error.value.clause == "KA-36"
    with pytest.raises(ImpossibleOutcome):
        GAME.resolve(state, DiceOutcome((1, 2, 3, 7)))
    with pytest.raises(InvalidNotation):
        GAME.parse_outcome("1 2 3 7")


def test_ka02_a_sequence_has_no_fourth_throw() -> None:
    """KA-02: after throw 3 the turn ends (here: 666 kept, then 666 → 6666 = 12 > 6, the risk paid off)."""
    state = play(new_state(), "throw", "3 4 5 6 6 6", "1 2 3", "throw", "1 2 6")
    assert rnd(state).first_result == 12
    assert current(state).owner == 1


def test_ka06_player_choice_sets_aside_what_the_player_says() -> None:
    """CFG late_throw_set_aside = player_choice (KA-06 ii): after a throw of fewer than six dice the
    player names the dice he sets aside; only dice of that throw are accepted."""
    state = play(new_state(late_throw_set_aside="player_choice"), "throw", "1 3 4 5 6 6", "2 2 6 6")
    assert GAME.view(state, None)["turn"]["step"] == "keep_dice"
    assert [GAME.format_action(a) for a in GAME.legal_actions(state, 0)][:3] == ["aside", "aside 2", "aside 6"]
    with pytest.raises(IllegalAction) as error:
        GAME.act(state, 0, GAME.parse_action("aside 3"))
    assert error.value.clause == "KA-06"
    with pytest.raises(IllegalAction) as error:
        GAME.act(state, 0, GAME.parse_action("throw"))
    assert error.value.clause == "KA-06"
    kept = play(state, "aside 6 6")
    assert current(kept).kept == (0, 0, 0, 0, 0, 4) and current(kept).free == 2
    assert turn_value(kept) == 12
    none = play(state, "aside")
    assert current(none).kept == (0, 0, 0, 0, 0, 2) and current(none).free == 4


def test_ka06_set_aside_refused_under_the_default() -> None:
    """KA-06 (i) default: no free setting aside."""
    state = play(new_state(), "throw", "1 3 4 5 6 6", "2 2 6 6")
    with pytest.raises(IllegalAction) as error:
        GAME.act(state, 0, GAME.parse_action("aside 6"))
    assert error.value.clause == "KA-06"


@pytest.mark.parametrize("mode", ["digital", "table"])
def test_ka06_player_choice_with_every_die_set_aside_only_stops(mode: str) -> None:
    """E-21 (KA-06 ii): under player_choice the player may set aside the last free die; with none left
    in the cup the turn can only stop (before, "throw" led to a throw of 0 dice that no scribe could
    enter, and a table match stuck there)."""
    fresh = new_state(late_throw_set_aside="player_choice", mode=mode)
    # a Straße first (confirmed by the next throw of all six), so the turn holds points when its
    # last free die is set aside (with none it ends at once: "all dice set aside: 0 points")
    state = play(fresh, "throw", "1 2 3 4 5 6", "3 3 4 5 5 6", "keep 3", "2 4 5 6")
    state = play(state, "aside 2 4 5 6")
    assert current(state).free == 0 and current(state).owner == 0
    assert [GAME.format_action(a) for a in GAME.legal_actions(state, 0)] == ["stop"]
    with pytest.raises(IllegalAction) as error:
        GAME.act(state, 0, GAME.parse_action("throw"))
    assert error.value.clause == "KA-06" and "stop" in error.value.message.en
    assert current(play(state, "stop")).owner == 1
