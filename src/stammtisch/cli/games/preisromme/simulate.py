"""``stammtisch simulate preisromme``: bot passes (R-1.2: eight games each by default), reproducible
for a seed, with the figures a rummy club cares about.

Bots (``--bots``, comma-separated) are seated one per seat, cycling, and the list is rotated by one
seat every pass so no bot kind always sits after the dealer. Figures (``--json`` prints them):

* ``games``: passes played; ``games_played``: games (Spiele) in all passes;
* ``win_rate_per_bot``: the share of a bot's seat-games in which it went out (R-11.2);
* ``average_penalty_per_game_per_bot``: penalty points booked per seat-game (R-13, RA-23);
* ``average_net_per_pass_per_bot``: the pass result (credits minus penalties, P-12);
* ``romme_hands`` (R-11.1) and ``games_without_winner`` (empty stock, RA-25).
"""

from __future__ import annotations

import random
import time
from collections import defaultdict
from typing import Any

from stammtisch.bots.playout import play_out
from stammtisch.bots.registry import bots_for
from stammtisch.cli.plugin import SimulateRequest, Summary
from stammtisch.cli.simulation import progress
from stammtisch.core.protocol import Game


def seat_names(names: list[str], players: int, index: int) -> list[str]:
    return [names[(seat + index) % len(names)] for seat in range(players)]


def _mean(values: list[int]) -> float:
    return round(sum(values) / len(values), 3) if values else 0.0


def run(game: Game[Any], games: int, seed: int, players: int, names: list[str]) -> dict[str, Any]:
    available = bots_for(game)
    wins: dict[str, list[int]] = defaultdict(list)
    penalties: dict[str, list[int]] = defaultdict(list)
    net: dict[str, list[int]] = defaultdict(list)
    played = romme = empty = actions = 0
    started = time.perf_counter()
    with progress(f"{game.slug}: {games} passes", games, hidden=games < 5, transient=True) as advance:
        for index in range(games):
            seated = seat_names(names, players, index)
            state = game.start(players, game.configure({"mode": "digital"}))
            done = play_out(game, state, [available[name]() for name in seated], random.Random(f"{seed}:{index}"))
            actions += done.actions
            for seat, score in enumerate(done.result.scores):
                net[seated[seat]].append(score)
            for record in done.result.details["games"]:
                played += 1
                romme += bool(record["romme_hand"])
                empty += record["winner"] is None
                for seat in range(players):
                    wins[seated[seat]].append(int(record["winner"] == seat))
                    penalties[seated[seat]].append(record["penalties"][seat])
            advance()
    elapsed = time.perf_counter() - started
    return {
        "game": game.slug,
        "games": games,
        "seed": seed,
        "players": players,
        "bots": names,
        "games_played": played,
        "win_rate_per_bot": {name: _mean(values) for name, values in sorted(wins.items())},
        "average_penalty_per_game_per_bot": {name: _mean(values) for name, values in sorted(penalties.items())},
        "average_net_per_pass_per_bot": {name: _mean(values) for name, values in sorted(net.items())},
        "romme_hands": romme,
        "games_without_winner": empty,
        "average_actions_per_pass": round(actions / games, 1),
        "elapsed_seconds": round(elapsed, 3),
        "passes_per_second": round(games / elapsed, 2) if elapsed > 0 else None,
    }


def simulate(request: SimulateRequest) -> Summary:
    """The ``simulate preisromme`` figures (see the module docstring)."""
    names = list(request.names)
    figures = run(request.game, request.games, request.seed, request.players, names)
    return Summary(figures, f"{request.game.slug}: {request.games} passes, seed {request.seed}")
