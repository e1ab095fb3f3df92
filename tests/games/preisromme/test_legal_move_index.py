"""R-6, R-7, RA-09 .. RA-17 (speed without changing behaviour): the legal-move index of ``moves``
(presence masks, per-suit and per-rank tables, per-table lay-off and swap lists) lists exactly the
figures, lay-offs and swaps that the rule finders of ``melds`` find, in the same canonical order,
for every hand met in random play under the rulings options."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from stammtisch.games.preisromme import moves
from stammtisch.games.preisromme.cards import CODES, parse_card
from stammtisch.games.preisromme.melds import find_layoffs, find_runs, find_sets, find_swaps
from stammtisch.games.preisromme.model import Layoff, Meld, Swap

from .test_properties import RULINGS_OPTIONS, SETTINGS, drawn_playout


def reference_melds(hand: tuple[int, ...], minimum: int, limit: int, options: dict) -> list[Meld]:
    wrap, ends = options["allow_wraparound"], options["ace_both_ends"]
    runs = find_runs(hand, minimum, limit, wrap, ends)
    sets = find_sets(hand, minimum, limit, True, 10)
    return [Meld("run", tuple(CODES[c] for c in cards)) for cards in runs] + [
        Meld("set", tuple(CODES[c] for c in cards)) for cards in sets
    ]


@SETTINGS
@given(data=st.data(), seats=st.integers(2, 5), options=RULINGS_OPTIONS)
def test_index_lists_what_the_finders_find(data: st.DataObject, seats: int, options: dict) -> None:
    _, _, states = drawn_playout(data, seats, options)
    wrap, ends, own = options["allow_wraparound"], options["ace_both_ends"], options["swap_own_jokers"]
    for state in states:
        seat = state.current
        hand = state.hands[seat]
        bits = moves.presence(hand)
        for minimum in (0, 40):
            for limit in (len(hand) - 1, 3, 2):
                tables = moves.meld_tables(minimum, wrap, ends, True, 10)
                fast = moves.meld_actions(tables, bits, moves.joker_count(hand), limit)
                assert fast == reference_melds(hand, minimum, limit, options)
        table = moves.table_moves(state.table, True, wrap, ends, own)
        assert moves.layoff_actions(table, bits) == [
            Layoff(i + 1, CODES[c], e) for i, c, e, _ in find_layoffs(hand, state.table, seat, True, wrap, ends)
        ]
        assert moves.swap_actions(table, seat, bits) == [
            Swap(i + 1, CODES[c]) for i, c, _ in find_swaps(hand, state.table, seat, own)
        ]
        assert list(moves.discard_actions(bits)) == [moves.DISCARDS[c] for c in sorted(set(hand))]


@given(
    hand=st.lists(st.sampled_from([*CODES[:52], "JK"]), min_size=0, max_size=30).map(
        lambda codes: tuple(sorted(parse_card(code) for code in codes))
    ),
    minimum=st.sampled_from([0, 20, 40, 60, 95]),
)
def test_index_agrees_on_arbitrary_hands(hand: tuple[int, ...], minimum: int) -> None:
    """Hands random play rarely meets (many jokers, whole suits): runs and sets still agree."""
    for wrap, ends in ((False, False), (True, False), (False, True), (True, True)):
        options = {"allow_wraparound": wrap, "ace_both_ends": ends}
        limit = max(len(hand) - 1, 0)
        tables = moves.meld_tables(minimum, wrap, ends, True, 10)
        fast = moves.meld_actions(tables, moves.presence(hand), moves.joker_count(hand), limit)
        assert fast == reference_melds(hand, minimum, limit, options)
