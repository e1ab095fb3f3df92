"""C-4, KA-29: externals pay one share less per unit and are paid out the shares of others' units."""

from __future__ import annotations

import pytest

from stammtisch.games.kluempchen.model import Payment
from stammtisch.games.kluempchen.settlement import cents_for, payment, payouts, totals
from tests.games.kluempchen.helpers import new_state, play, with_scores

SIX = ("throw", "3 4 5 6 6 6", "1 2 3", "stop")


def test_c4_worked_example() -> None:
    """KA-29: 6 players, base 50; member m1 and external e1 lose: m1 pays 300, e1 pays 250;
    payouts e1 50, e2 100; the bank keeps 400 (the members' shares)."""
    externals = (False, True, False, False, True, False)  # m1 = seat 0, e1 = seat 1, e2 = seat 4
    paid = (payment(0, "lost", 1, externals, 50), payment(1, "lost", 1, externals, 50))
    assert [p.cents for p in paid] == [300, 250]
    out = payouts(paid, externals, 50)
    assert [(p.seat, p.cents) for p in out] == [(1, 50), (4, 100)]
    _, _, bank = totals(6, paid, out)
    assert bank == 400


def test_ka29_all_units_or_loss_units_only() -> None:
    """CFG external_share_scope: all_units reduces every unit; loss_units_only only the loss units."""
    assert cents_for(1, "unused_joker", True, 50, 6, all_units=True) == 250
    assert cents_for(1, "unused_joker", True, 50, 6, all_units=False) == 300
    assert cents_for(2, "below_75", True, 50, 6, all_units=False) == 500
    assert cents_for(1, "unused_joker", False, 50, 6) == 300  # C-4.3: members pay the full unit


def test_c41_externals_are_paid_out_after_each_round() -> None:
    """C-4.1: a real round end with seat 3 external: he pays 3 shares per unit and gets the others' shares."""
    state = with_scores(new_state(externals=(3,)), (144, 100))
    state = play(state, "joker", "3 4 5 6 6 6", "1 2 3", "stop", "joker", "3 4 5 6 6 6", "1 2 3", "stop")
    record = state.rounds[-1]
    assert [(p.seat, p.reason, p.units, p.cents) for p in record.payments] == [
        (2, "lost", 1, 200),
        (3, "lost", 1, 150),
        (2, "unused_joker", 1, 200),
        (3, "unused_joker", 1, 150),
    ]
    assert [(p.seat, p.cents) for p in record.payouts] == [(3, 100)]  # base x 2 units paid by seat 2
    paid = sum(p.cents for p in record.payments)
    assert paid == 700 and paid - 100 == 600


def test_money_paid_equals_money_received() -> None:
    """KA-33: everything paid goes to the bank or out to externals."""
    payments = [Payment(0, "lost", 1, 300), Payment(1, "below_75", 2, 500), Payment(2, "three_straights", 1, 300)]
    externals = (False, True, True, False, False, False)
    out = payouts(payments, externals, 50)
    paid, received, bank = totals(6, payments, out)
    assert sum(paid) == bank + sum(received)


TURN_SIX = {"table": SIX, "digital": SIX, "scoresheet": ("score 6",)}


@pytest.mark.parametrize("mode", ["digital", "table", "scoresheet"])
def test_ka29_loss_units_only_external_gets_his_share_of_a_full_unit_back(mode: str) -> None:
    """KA-29 (external_share_scope = loss_units_only): seat 0 is external and pays the full unit (200)
    for his unused joker (K-13); his own share of it (50) is his, so it comes back in the round's
    pay-out with the shares of the 5 units the others paid: 6 x 50 = 300."""
    state = new_state(externals=(0,), mode=mode, external_share_scope="loss_units_only")
    state = play(with_scores(state, (144, 100)), *TURN_SIX[mode], *TURN_SIX[mode])
    record = state.rounds[-1]
    assert (0, "unused_joker", 1, 200) in [(p.seat, p.reason, p.units, p.cents) for p in record.payments]
    assert [(p.seat, p.cents) for p in record.payouts] == [(0, 300)]
    paid, received, bank = totals(4, record.payments, record.payouts)
    assert paid[0] - received[0] == 200 - 50 - 250  # he keeps his own share; the others' shares are his
    assert bank == sum(paid) - 300
