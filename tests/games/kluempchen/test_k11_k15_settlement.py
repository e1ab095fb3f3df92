"""K-11..K-15, S-9, KA-18..KA-21, KA-28: units and who pays them, alone and at the end of a round."""

from __future__ import annotations

import pytest

from stammtisch.games.kluempchen.model import Team
from stammtisch.games.kluempchen.settlement import (
    loss_units,
    settle_normal,
    strassen_units,
    unit_cents,
)
from tests.games.kluempchen.helpers import new_state, play, view, with_scores

SIX = ("throw", "3 4 5 6 6 6", "1 2 3", "stop")
STRASSE_FAIL = ("throw", "1 2 3 4 5 6", "1 2 3 4 5 5", "1 2 3 4", "stop")  # a Straße, never confirmed


@pytest.mark.parametrize(("players", "cents"), [(4, 200), (5, 250), (6, 300), (7, 350), (8, 400)])
def test_s9_unit_is_base_times_players(players: int, cents: int) -> None:
    """S-9/KA-28: base 50 x N."""
    assert unit_cents(50, players) == cents


def test_k11_k12_loss_units() -> None:
    """K-11.3/K-12, KA-18: lost 1, Schuster (< 75) +1, Schwarz (0) +1; 74 is Schuster, 75 is safe."""
    assert loss_units(120) == (("lost", 1),)
    assert loss_units(75) == (("lost", 1),)
    assert loss_units(74) == (("lost", 1), ("below_75", 1))
    assert loss_units(0) == (("lost", 1), ("below_75", 1), ("no_points", 1))
    assert sum(u for _, u in loss_units(0)) == 3  # K-12.3


def test_k151_solo_loser_pays_once_and_k152_for_both_jokers() -> None:
    """K-15.1: loss units for the solo once; K-15.2/KA-19: up to 2 unused jokers."""
    teams = (Team(0, 1), Team(2, 3), Team(4, 4))
    due = settle_normal(teams, (150, 160, 10), 2, (0, 1, 0, 0, 2))
    assert due == ((4, "lost", 1), (4, "below_75", 1), (1, "unused_joker", 1), (4, "unused_joker", 2))


def test_k14_every_third_strasse_costs_a_unit() -> None:
    """K-14/KA-20: a unit each time the account reaches a multiple of 3."""
    assert [strassen_units(before, 1) for before in range(7)] == [0, 0, 1, 0, 0, 1, 0]
    assert strassen_units(2, 4) == 2


def test_k11_normal_end_payments_in_cents() -> None:
    """K-11/K-12/K-13 at a real round end (4 players, unit 200): losers on 74 pay 2 units each, and every
    player with an unused joker 1 more."""
    state = with_scores(new_state(), (144, 74))
    state = play(state, "joker", "3 4 5 6 6 6", "1 2 3", "stop", *SIX)
    record = state.rounds[-1]
    assert record.loser == 1 and record.scores == (162, 74)
    assert [(p.seat, p.reason, p.cents) for p in record.payments] == [
        (2, "lost", 200),
        (3, "lost", 200),
        (2, "below_75", 200),
        (3, "below_75", 200),
        (1, "unused_joker", 200),
        (2, "unused_joker", 200),
        (3, "unused_joker", 200),
    ]
    assert view(state)["totals"]["bank_cents"] == 1400


def test_k12_schwarz_three_units() -> None:
    """K-12.3: verloren > Schuster > Schwarz = 3 units per losing player."""
    state = with_scores(new_state(), (144, 0))
    state = play(state, *SIX, *SIX)
    units = {(p.seat, p.reason) for p in state.rounds[-1].payments}
    assert {(2, "lost"), (2, "below_75"), (2, "no_points")} <= units


def test_ka20_strassen_counter_spans_the_evening_and_counts_unconfirmed() -> None:
    """KA-20: every Straße thrown counts, confirmed or not; the 3rd costs a unit at once."""
    lap = (*STRASSE_FAIL, *SIX, *SIX, *SIX)  # seat 0 throws a Straße, the others 6 each
    state = play(new_state(), *lap, *lap, *STRASSE_FAIL)
    assert view(state)["strassen"] == [3, 0, 0, 0]
    assert [(p.seat, p.reason, p.cents) for p in state.round.payments] == [(0, "three_straights", 200)]
    assert view(state)["totals"]["paid_cents"] == [200, 0, 0, 0]


def test_ka20_unconfirmed_strassen_do_not_count_with_the_option_off() -> None:
    """CFG strassen_count_unconfirmed = false: only confirmed Straßen count (KA-20)."""
    state = play(new_state(strassen_count_unconfirmed=False), *STRASSE_FAIL)
    assert view(state)["strassen"] == [0, 0, 0, 0]
    confirmed = ("throw", "1 2 3 4 5 6", "1 2 3 6 6 6", "1 2 4", "stop")
    state = play(new_state(strassen_count_unconfirmed=False), *confirmed)
    assert view(state)["strassen"] == [1, 0, 0, 0]


def test_ka21_solo_strassen_accounts() -> None:
    """KA-21: the solo's two roles feed one account (D) or one each (per_role)."""
    teams = [[4], [0, 1], [2, 3]]
    state = play(new_state(5, teams=teams), *STRASSE_FAIL, *STRASSE_FAIL)
    assert state.strassen[8:10] == (2, 0)
    state = play(new_state(5, teams=teams, solo_strassen_accounts="per_role"), *STRASSE_FAIL, *STRASSE_FAIL)
    assert state.strassen[8:10] == (1, 1)
    assert view(state)["strassen"][4] == 2


# A Straße, confirmed by 666 (36), then a failed risk throw: the turn scores 0 (KA-03, KA-10).
STRASSE_CONFIRMED_THEN_FAILED = ("throw", "1 2 3 4 5 6", "1 2 3 6 6 6", "1 2 4", "throw", "1 2 4")
SCORESHEET_CONFIRMED_THEN_FAILED = ("score 0 strassen 1",)  # the Schreiber writes the Straße that counts


@pytest.mark.parametrize("mode", ["digital", "table", "scoresheet"])
def test_ka20_confirmed_strasse_counts_even_when_a_failed_risk_throw_wipes_the_points(mode: str) -> None:
    """KA-20, CFG strassen_count_unconfirmed = false: the option separates confirmed Straßen from
    unconfirmed ones, not scoring turns from failed ones; a confirmed Straße counts for "3 Straßen"
    (K-14) although the risk throw after it failed and the turn scored 0."""
    moves = SCORESHEET_CONFIRMED_THEN_FAILED if mode == "scoresheet" else STRASSE_CONFIRMED_THEN_FAILED
    state = play(new_state(mode=mode, strassen_count_unconfirmed=False), *moves)
    assert state.round is not None and state.round.first_result == 0
    assert view(state)["strassen"] == [1, 0, 0, 0]
