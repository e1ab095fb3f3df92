"""The house-rule options of the rulings, each against its default (issue 12: "every ruling and option"):
RG-R06 ``pool_reset_scope`` (the pool runs out of a colour at the starting chips), RG-R11
``return_chips_after_scoring`` (RGO-14) and regeln-cards.md's K-B4 ``k_b4_per`` (player or colour).
RG-R03, RG-R14 and RG-R17 have their own tests beside the clauses they vary."""

from __future__ import annotations

import random
from dataclasses import replace

from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance
from stammtisch.games.regeln import GAME
from stammtisch.games.regeln.model import Chips, Predict, ReportFirstSpeaker, State, TakeChip
from stammtisch.games.regeln.scoring import begin_scoring

from .support import STANDARD_LAYOUT, chance_until, lay_out, new_state, ready, with_chips


def _starting_chips(options: dict[str, object]) -> State:
    """3 players (15 chips a colour, RG-1.3): Ingrid and Hans take 7 white each, Klaus then takes the last one."""
    state = chance_until(lay_out(new_state(3, options)), "predict", random.Random(1))
    for seat in range(3):
        state = GAME.act(state, seat, Predict(1))
    first = state.queue[0].seat
    for turn in range(15):
        seat = state.queue[0].seat
        assert seat == (first + turn // 7) % 3
        state = GAME.act(state, seat, TakeChip("white"))
    return state


def test_rg_r06_always_the_last_white_chip_taken_at_set_up_returns_every_white_chip() -> None:
    """RG-3.7, RG-R06 (default ``always``): the third player takes the last white chip of the pool while
    taking his starting chips: everybody returns all white chips, the pool has 15 white again."""
    state = _starting_chips({})
    assert state.pool[0] == 15 and all(mine[0] == 0 for mine in state.chips)
    assert TakeChip("white") in GAME.legal_actions(state, state.queue[0].seat)


def test_rg_r06_payments_only_the_starting_chips_empty_the_colour() -> None:
    """RG-R06 option ``payments_only`` (RGO-12): the reset applies to payments only; at set-up the pool
    keeps no white chip and white can no longer be taken."""
    state = _starting_chips({"pool_reset_scope": "payments_only"})
    assert state.pool[0] == 0 and sorted(mine[0] for mine in state.chips) == [1, 7, 7]
    assert TakeChip("white") not in GAME.legal_actions(state, state.queue[0].seat)


RG_7_2_CHIPS = [(1, 1, 0, 1), (0, 11, 1, 0), (10, 0, 0, 12)]


def _scored(
    options: dict[str, object], layout: tuple[str, ...] = STANDARD_LAYOUT, chips: list[Chips] = RG_7_2_CHIPS
) -> tuple[State, State]:
    """A Scoring and Prediction Round from these chips (RG-7.2's by default); the state before and after."""
    state = with_chips(ready(3, layout, options=options), chips)
    before = replace(state, predictions=(Predict(3), Predict(2), Predict(1)), trigger=0, active=0)
    state = begin_scoring(before)
    if state.phase == "first_speaker":
        state = GAME.act(state, 0, ReportFirstSpeaker(None))
    rng = random.Random(0)
    while isinstance(turn := GAME.turn(state), Chance):
        state = GAME.resolve(state, sample(turn.node, rng))
    assert state.phase == "choose_wertung" and len(state.scorepad) == 1
    return before, state


def test_rg_r11_chips_are_kept_after_scoring_by_default() -> None:
    """RG-R11 (default false): the chips are not returned; the next Scoring Round scores them again."""
    before, after = _scored({})
    assert after.chips == before.chips and after.pool == before.pool


def test_rg_r11_option_returns_every_chip_to_the_pool() -> None:
    """RG-R11 option ``return_chips_after_scoring = true`` (RGO-14): all chips go back to the pool after
    the Scoring Round, and no new starting chips are taken."""
    before, after = _scored({"return_chips_after_scoring": True})
    assert all(mine == (0, 0, 0, 0) for mine in after.chips)
    assert after.pool == (after.total_chips,) * 4 and after.phase == "choose_wertung"
    assert after.scorepad[0][0].chip_points == 3  # scored before they went back


def test_k_b4_sole_holder_bonus_once_per_player_or_per_colour() -> None:
    """regeln-cards.md K-B4 ("whoever alone can show a chip colour gets 30 points"): once per player by
    default (``k_b4_per = player``), once per such colour with ``k_b4_per = colour``. Ingrid alone holds
    white and purple, Hans alone yellow, Klaus alone green."""
    layout = ("K-Y0", "K-B4", "A-EINZELGAENGER5", "A-LINKS2", "E-ERSTER-SPRICHT-15", "E-PUNKTBESTER-10")
    chips: list[Chips] = [(3, 2, 0, 0), (0, 0, 4, 0), (0, 0, 0, 5)]
    _, per_player = _scored({}, layout, chips)
    assert [line.bonus for line in per_player.scorepad[0]] == [30, 30, 30]
    _, per_colour = _scored({"k_b4_per": "colour"}, layout, chips)
    assert [line.bonus for line in per_colour.scorepad[0]] == [60, 30, 30]
