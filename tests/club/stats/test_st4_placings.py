"""ST-4 (docs/statistics.md): placings of finished Preisrommé, Prömpeln and Regeln games from the
game's ``Result``: one game per seat, a win for each seat of the first group, places that skip past
ties, and each game's own figures."""

from __future__ import annotations

import random

import pytest

from stammtisch.bots.registry import bots_for
from stammtisch.club.games import preisromme_stats as preisromme
from stammtisch.club.games import proempeln_stats as proempeln
from stammtisch.club.games import regeln_stats as regeln
from stammtisch.club.stats.placings import PlacingFigures, placings
from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished, Result
from stammtisch.core.testing import UniformSkill
from stammtisch.games import GAMES


def test_st4_ties_share_a_place_and_the_next_skips() -> None:
    """ST-4: 1st, 1st, 3rd, 4th: two tied winners both win."""
    result = Result(scores=(10, 10, 5, 1), ranking=((0, 1), (2,), (3,)))
    assert [(p.place, p.wins) for p in placings(result)] == [(1, 1), (1, 1), (3, 0), (4, 0)]


def test_st4_placing_figures_average() -> None:
    total = PlacingFigures(1, 1, 1, 30) + PlacingFigures(1, 0, 3, 10)
    assert total == PlacingFigures(games=2, wins=1, places=4, score=40)
    assert (total.average_place, total.average_score) == (2.0, 20.0)
    assert PlacingFigures().average_place is None


def _finished(slug: str, seats: int, seed: int) -> tuple[object, object]:
    game = GAMES[slug]
    rng = random.Random(seed)
    state = game.start(seats, game.configure({}))
    bot = bots_for(game)["random"]()
    while not isinstance(turn := game.turn(state), Finished):
        if isinstance(turn, Chance):
            state = game.resolve(state, sample(turn.node, rng, UniformSkill()))
        else:
            seat = turn.seats[0]
            state = game.act(state, seat, bot.choose(game.view(state, seat), game.legal_actions(state, seat), rng))
    return state, turn.result


@pytest.mark.parametrize("seed", [1, 2])
def test_st4_preisromme_table(seed: int) -> None:
    """ST-4: a Preisrommé table: one table each, the games dealt, net points = the result's score,
    hands won = games the seat went out in, penalties as the result's details say."""
    state, result = _finished("preisromme", 4, seed)
    figures = preisromme.summarize(GAMES["preisromme"], None, [], state)
    assert figures is not None
    hands = result.details["games"]
    assert [f.tables for f in figures] == [1, 1, 1, 1]
    assert [f.points for f in figures] == list(result.scores)
    assert [f.penalties for f in figures] == result.details["penalties"]
    assert all(f.games == len(hands) for f in figures)
    assert sum(f.hands_won for f in figures) == sum(1 for hand in hands if hand["winner"] is not None)
    assert sum(f.firsts for f in figures) == len(result.ranking[0])


def test_st4_proempeln_king_and_specials() -> None:
    """ST-4: crowned king = the winner; specials played and botched are the recorded moves."""
    state, result = _finished("proempeln", 4, 3)
    figures = proempeln.summarize(GAMES["proempeln"], None, [], state)
    assert figures is not None
    assert [f.wins for f in figures].count(1) == 1
    assert figures[result.details["winner"]].wins == 1
    for seat, f in enumerate(figures):
        moves = state.moves[seat]
        assert f.specials + f.botched == sum(1 for m in moves if m != "none")
        assert f.points == f.best_total == result.scores[seat]


def test_st4_regeln_games_wins_average() -> None:
    state, result = _finished("regeln", 4, 5)
    figures = regeln.summarize(GAMES["regeln"], None, [], state)
    assert figures is not None
    assert [f.score for f in figures] == list(result.scores)
    assert sum(f.wins for f in figures) == len(result.ranking[0])


@pytest.mark.parametrize("slug", ["preisromme", "proempeln", "regeln"])
def test_st4_a_game_not_finished_is_not_counted(slug: str) -> None:
    game = GAMES[slug]
    stats = {"preisromme": preisromme, "proempeln": proempeln, "regeln": regeln}[slug]
    assert stats.summarize(game, None, [], game.start(4, game.configure({}))) is None
