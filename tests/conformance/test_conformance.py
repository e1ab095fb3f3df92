"""One conformance suite for every registered game (``stammtisch.games.GAMES``), without a line per game.

Each game is played at random through the conformance kit (``stammtisch.core.testing.check_game``,
whose docstring lists every check: playouts finish, legal actions in a stable order without
duplicates, ``check_action`` agrees with ``legal_actions``, exact probabilities summing to 1,
notation and JSON round-trips, replay equals the live state, refusals leave the state unchanged, the
fast path agrees with the checked path, views leak nothing). A new game registered in the registry
is picked up here as it is.

Two kinds of runs: the declared defaults at the fewest seats and at a few more (fixed seeds), and
hypothesis drawing a seat count, a seed and a random mix of the game's house-rule options that
have named choices or are yes/no (int options keep their defaults: their ranges may depend on each
other). States are checked in detail on a sample (``DETAIL``) so the suite stays quick; every step
taken is still round-tripped, compared with the checked path and replayed.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from stammtisch.core.errors import InvalidOption, InvalidSetup
from stammtisch.core.options import Option
from stammtisch.core.protocol import Game
from stammtisch.core.testing import check_game
from stammtisch.games import GAMES

#: Share of states (after the first ones of each game) checked in detail.
DETAIL = 0.1
#: Seat counts tried beyond the fewest: at most this many more.
EXTRA_SEATS = 3


def seat_counts(game: Game[Any]) -> tuple[int, ...]:
    """The fewest seats and a few more (capped at the most the game allows)."""
    return tuple(sorted({game.min_seats, min(game.max_seats, game.min_seats + EXTRA_SEATS)}))


def varied(option: Option) -> tuple[object, ...]:
    """The values of an option a random mix may pick: named choices, or yes/no."""
    if option.choices:
        return option.choices
    if isinstance(option.default, bool):
        return (False, True)
    return ()


CASES = [pytest.param(slug, seats, id=f"{slug}-{seats}") for slug, game in GAMES.items() for seats in seat_counts(game)]


def conform(game: Game[Any], seats: int, seed: int) -> None:
    """The protocol's promises (see ``core.testing``) under the rulings' defaults. A game with hidden
    information must really re-deal the secrets a seat cannot see (an identity ``hide_others`` would
    make the view check empty)."""
    (playout,) = check_game(game, seats, games=1, seed=seed, detail=DETAIL)
    if game.info.hidden_information:
        assert playout.redealt, f"{game.slug}: hides information, but hide_others never re-dealt anything"


@pytest.mark.parametrize(("slug", "seats"), CASES)
def test_random_games_under_the_default_rules_keep_every_promise(slug: str, seats: int) -> None:
    """Every promise of the protocol under the rulings' defaults (``conform``)."""
    conform(GAMES[slug], seats, seed=seats)


@st.composite
def house_rules(draw: st.DrawFn, game: Game[Any]) -> dict[str, object]:
    chosen: dict[str, object] = {}
    for option in game.options:
        values = varied(option)
        if values and draw(st.booleans()):
            chosen[option.key] = draw(st.sampled_from(values))
    return chosen


@pytest.mark.parametrize("slug", list(GAMES))
@settings(max_examples=3, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_games_under_random_house_rules_keep_every_promise(slug: str, data: st.DataObject) -> None:
    """The same promises under a random mix of the declared house rules (each names its clause)."""
    game = GAMES[slug]
    seats = data.draw(st.integers(game.min_seats, min(game.max_seats, game.min_seats + EXTRA_SEATS)), label="seats")
    options = data.draw(house_rules(game), label="options")
    seed = data.draw(st.integers(0, 2**16), label="seed")
    try:
        game.start(seats, game.configure(options))
    except (InvalidOption, InvalidSetup):
        reject()  # a combination the game refuses up front (its own test covers the refusal)
    check_game(game, seats, options, games=1, seed=seed, detail=DETAIL)
