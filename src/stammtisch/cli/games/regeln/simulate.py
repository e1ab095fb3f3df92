"""``stammtisch simulate regeln``: bot games, reproducible for a seed, with the figures a club that
tries house rules wants to see.

Bots (``--bots``, comma-separated) are seated one per seat, cycling, and the list is rotated by one
seat every game. Figures (``--json`` prints them):

* ``win_rate_per_bot`` (a shared win counts for every winner, RG-R14), ``average_score_per_bot``;
* ``average_winner_score`` and its standard deviation (the measure of the card balance,
  docs/rulings/regeln-cards.md), ``average_rounds`` (fewer than 5: hands ran out, RG-6.2);
* ``adopted_share``: the share of votes whose card was adopted; ``votes_per_game``;
* ``games_per_second`` on this machine (one core).
"""

from __future__ import annotations

import random
import statistics
import time
from collections import defaultdict
from typing import Any

from stammtisch.bots.playout import play_out
from stammtisch.bots.registry import bots_for
from stammtisch.cli.plugin import SimulateRequest, Summary
from stammtisch.cli.simulation import progress
from stammtisch.core.protocol import Game
from stammtisch.games.regeln.model import HAND_SIZE, HAND_TYPES


def seat_names(names: list[str], players: int, index: int) -> list[str]:
    return [names[(seat + index) % len(names)] for seat in range(players)]


def votes_held(state: Any, players: int) -> tuple[int, int]:
    """(cards put to the vote, cards rejected) in a finished game: every card played left a hand;
    a rejected one lies in the Kartenablage (RG-3.8), where no other hand card goes."""
    dealt = HAND_SIZE[players] * players
    played = dealt - sum(len(hand) for hand in state.hands)
    rejected = sum(1 for card in state.discard if state.deck.card(card).type in HAND_TYPES)
    return played, rejected


def _mean(values: list[float]) -> float:
    return round(sum(values) / len(values), 3) if values else 0.0


def run(
    game: Game[Any], games: int, seed: int, players: int, names: list[str], setup: dict[str, Any] | None = None
) -> dict[str, Any]:
    available = bots_for(game)
    wins: dict[str, list[float]] = defaultdict(list)
    scores: dict[str, list[float]] = defaultdict(list)
    winners: list[int] = []
    rounds: list[int] = []
    actions = votes = adopted = 0
    started = time.perf_counter()
    with progress(f"{game.slug}: {games} games", games, hidden=games < 5, transient=True) as advance:
        for index in range(games):
            seated = seat_names(names, players, index)
            state = game.start(players, game.configure({}), setup)
            done = play_out(game, state, [available[name]() for name in seated], random.Random(f"{seed}:{index}"))
            actions += done.actions
            best = max(done.result.scores)
            winners.append(best)
            for seat, score in enumerate(done.result.scores):
                scores[seated[seat]].append(score)
                wins[seated[seat]].append(float(score == best))
            rounds.append(int(done.result.details["rounds"]))
            played, rejected = votes_held(done.final, players)
            votes += played
            adopted += played - rejected
            advance()
    elapsed = time.perf_counter() - started
    return {
        "game": game.slug,
        "games": games,
        "seed": seed,
        "players": players,
        "bots": names,
        "win_rate_per_bot": {name: _mean(values) for name, values in sorted(wins.items())},
        "average_score_per_bot": {name: _mean(values) for name, values in sorted(scores.items())},
        "average_winner_score": _mean([float(w) for w in winners]),
        "winner_score_sd": round(statistics.pstdev(winners), 1) if winners else 0.0,
        "average_rounds": _mean([float(r) for r in rounds]),
        "votes_per_game": round(votes / games, 1) if games else 0.0,
        "adopted_share": round(adopted / votes, 3) if votes else 0.0,
        "average_actions_per_game": round(actions / games, 1) if games else 0.0,
        "elapsed_seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 2) if elapsed > 0 else None,
    }


def simulate(request: SimulateRequest) -> Summary:
    """The ``simulate regeln`` figures (see the module docstring)."""
    figures = run(request.game, request.games, request.seed, request.players, list(request.names))
    return Summary(figures, f"{request.game.slug}: {request.games} games, seed {request.seed}")
