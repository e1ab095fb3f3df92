"""Art 9.1, 10 (game end, Konter) / BP-R09, R10."""

from __future__ import annotations

from stammtisch.games.bierpong import GAME
from stammtisch.games.bierpong.model import End, Phase

from .helpers import begin, cups, play, rack, thrower, waiting

LAST_TWO = "x x x x x x x x o o"


def _finishing(options: dict[str, object] | None = None) -> object:
    """A hits B's last two cups with the two plain throws of one pair (nF = 2, hF = 2)."""
    state = rack(begin(2, options), 1, LAST_TWO)
    # After 9, cup 10 stands alone: no Island call; the emptying hit is the second in a row (BP-R11).
    return play(state, "hit 9", "0: throw", "hit 10", "0: no-call")


def test_last_cup_hit_gives_the_konter() -> None:
    """Art 10.1 / BP-R10: the second team may counter: same number of throws, same hits (10.2)."""
    state = _finishing()
    assert state.phase is Phase.KONTER  # type: ignore[attr-defined]
    k = state.konter  # type: ignore[attr-defined]
    assert (k.team, k.first, k.throws, k.need, k.required) == (1, 0, 2, 2, ())
    assert thrower(state) == 1  # type: ignore[arg-type]


def test_successful_konter_restores_the_rack_and_the_first_team_throws_again() -> None:
    """Art 10.1 / BP-R09: no cups removed, the first team's turn again; nobody drinks for the window."""
    state = play(_finishing(), "hit 1", "hit 2", "1: no-call")  # type: ignore[arg-type]
    assert state.phase is Phase.PLAY and state.konters == 1
    assert cups(state, 1) == "x" * 8 + "oo" and cups(state, 0) == "o" * 10
    assert state.round is not None and state.round.team == 0
    assert state.drinks.owed == (0, 0)


def test_failed_konter_first_team_wins_and_drinks_fall_due() -> None:
    """Art 10.2, 2.3: the Konter fails: the first team wins; the held drinks fall due now."""
    state = play(_finishing(), "hit 1", "miss")  # type: ignore[arg-type]
    assert state.phase is Phase.OVER and state.winner == 0 and state.end is End.CUPS
    assert state.drinks.owed == (1, 2)
    result = GAME.result(state)
    assert result is not None and result.scores == (1, -1)


def test_konter_must_match_the_special_of_the_last_throw() -> None:
    """Art 10.3 / BP-R09: the last throw was an Aufsetzer: the Konter needs one too."""
    state = rack(begin(2), 1, "x x x x x x x x x o")
    state = play(state, "0: throw", "hit 10 bounce")
    k = state.konter
    assert k is not None and k.required == ("aufsetzer",) and k.throws == 1 and k.need == 1
    failed = play(state, "hit 4")
    assert failed.winner == 0
    state = rack(begin(2), 1, "x x x x x x x x x o")
    state = play(state, "0: throw", "hit 10 bounce", "hit 4 roller")
    assert state.phase is Phase.PLAY and state.konters == 1


def test_konter_is_unlimited() -> None:
    """Art 10.4: again and again."""
    state = play(_finishing(), "hit 1", "hit 2", "1: no-call")  # type: ignore[arg-type]
    state = play(state, "hit 9", "0: no-call", "0: throw", "hit 10", "0: no-call")
    assert state.phase is Phase.KONTER
    state = play(state, "hit 3", "1: no-call", "hit 4", "1: no-call")  # calls on Konter hits too (BP-R11)
    assert state.konters == 2 and cups(state, 1) == "x" * 8 + "oo"


def test_without_konter_option_the_game_ends() -> None:
    """BP-R10 konter = false: Art 9.1 at once."""
    state = _finishing({"konter": False})
    assert state.phase is Phase.OVER and state.winner == 0  # type: ignore[attr-defined]


def test_konter_window_counts_every_throw_of_the_finishing_round() -> None:
    """BP-R09: nF and hF over the whole finishing round, Balls Back included."""
    state = rack(begin(2), 1, "x x x x o o x x o o")
    state = play(state, "hit 5", "hit 6", "0: no-call", "hit 9", "0: no-call", "0: throw", "hit 10", "0: no-call")
    k = state.konter
    assert k is not None and (k.throws, k.need) == (4, 4)


def test_konter_count_unit_cups_removed() -> None:
    """BP-R09 konter_count_unit = cups_removed: hF is the cups removed in the window."""
    state = rack(begin(2, {"konter_count_unit": "cups_removed"}), 1, "x x x x x x x x o o")
    state = play(state, "hit 9 bounce")  # 9 and its extra 10: the rack is empty at once (Art 9.1)
    k = state.konter
    assert k is not None and (k.throws, k.need, k.required) == (1, 2, ("aufsetzer",))
    state = play(state, "hit 1 bounce")  # one Aufsetzer is worth two cups here
    assert state.phase is Phase.PLAY and state.konters == 1


def test_konter_restore_last_cup_only() -> None:
    """BP-R09 konter_restore = last_cup_only."""
    state = play(_finishing({"konter_restore": "last_cup_only"}), "hit 1", "hit 2", "1: no-call")  # type: ignore[arg-type]
    assert cups(state, 1) == "x" * 9 + "o"


def test_konter_with_an_island_call_and_impossible_island() -> None:
    """BP-R09: a required Island the Konter team cannot call fails at once."""
    state = rack(begin(2), 1, "x x x x x x x x x o")
    state = play(state, "0: island 10", "hit 10")
    assert waiting(state) == "over" and state.winner == 0  # A's full rack has no Island: fails at once
    state = rack(begin(2), 0, "o x x x x x x x x o")
    state = rack(state, 1, "x x x x x x x x x o")
    state = play(state, "0: island 10", "hit 10")
    assert waiting(state) == "seats 1"
    state = play(state, "1: island 1", "hit 1")
    assert state.phase is Phase.PLAY and state.konters == 1
