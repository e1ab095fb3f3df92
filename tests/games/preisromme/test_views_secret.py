"""R-3, RA-07 and DESIGN "views": in whole random games no view a seat receives contains another
seat's cards or the stock, and the public view shows no hand at all."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.cards import CARD, CODES

from .support import greedy_choice, play_steps


def uniform_choice(state: Any, seat: int, rng: random.Random) -> Any:
    legal = GAME.legal_actions(state, seat)
    return legal[rng.randrange(len(legal))]


def card_codes(value: Any, skip: tuple[str, ...]) -> Counter[str]:
    """Every card code in a JSON value, except under the keys in ``skip``."""
    found: Counter[str] = Counter()
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in skip:
                found.update(card_codes(item, skip))
    elif isinstance(value, list):
        for item in value:
            found.update(card_codes(item, skip))
    elif isinstance(value, str) and value in CARD:
        found[value] += 1
    return found


def visible(state: Any, seat: int | None) -> Counter[str]:
    """The cards ``seat`` may see: its hand, the table (and what its jokers stand for), the top card."""
    allowed: Counter[str] = Counter()
    if seat is not None:
        allowed.update(CODES[c] for c in state.hands[seat])
    for figure in GAME.view(state, None)["table"]:
        allowed.update(figure["cards"])
        allowed.update(figure["stands_for"])
    if state.top >= 0:
        allowed[CODES[state.top]] += 1
    return allowed


@pytest.mark.parametrize(
    ("seats", "seed", "policy"), [(4, 1, greedy_choice), (3, 2, uniform_choice), (5, 3, greedy_choice)]
)
def test_no_view_leaks_another_hand_or_the_stock(seats: int, seed: int, policy: Any) -> None:
    state = GAME.start(seats, GAME.configure({"games_per_pass": 2}))
    trail = play_steps(state, random.Random(seed), policy)
    checked = 0
    for _, _, _, after in trail:
        for seat in (*range(seats), None):
            view = GAME.view(after, seat)
            shown = card_codes(view, skip=("last_window", "window"))
            if view["window"] is not None:  # the window names the top card again
                assert view["window"]["card"] == view["discard_top"]
            assert not shown - visible(after, seat), f"seat {seat} sees {shown - visible(after, seat)}"
            assert "stock" not in view and isinstance(view["stock_size"], int)
            if seat is None:
                assert "hand" not in view
            else:
                others = [s for s in range(seats) if s != seat]
                hidden = GAME.hide_others(after, seat, checked)
                assert GAME.view(hidden, seat) == view
                assert all(isinstance(view["hand_sizes"][s], int) for s in others)
            last = view["last_window"]
            if last is not None:  # the claimed card was the public discard
                assert last["card"] in CODES
            checked += 1
    assert checked > 1000


def test_error_messages_name_no_other_hand() -> None:
    """Errors: a refused swap or lay-off speaks of the seat's own move only."""
    from stammtisch.core.errors import RuleViolation

    state = GAME.start(4, GAME.configure())
    rng = random.Random(4)
    trail = play_steps(state, rng, greedy_choice)
    for _, _, _, after in trail[:400]:
        turn = GAME.turn(after)
        for seat in getattr(turn, "seats", ()):
            secret = {CODES[c] for s in range(4) if s != seat for c in after.hands[s]}
            secret -= {CODES[c] for c in after.hands[seat]}
            for code in sorted(secret)[:3]:
                try:
                    GAME.act(after, seat, GAME.parse_action(f"discard {code}"))
                except RuleViolation as error:
                    for text in (error.message.de, error.message.en, str(error)):
                        assert not any(other in text.split() for other in secret)
