"""``stammtisch simulate bierpong``: bot games with every throw drawn from the seats' skill models.

Seats alternate between the teams (even seats team A, odd seats team B, H1); seat ``i`` throws as
the ``i``-th ``--skill`` says (a player's model learned from the stored table games with the club
prior; without one the club prior or the built-in default). The bots (``--bots``, one name per seat
or cycling) decide; game ``index`` of seed ``S`` always draws from ``random.Random(f"{S}:{index}")``.

Figures: games, wins per team, average throws and cups removed per game, Konters and how games
ended, and games per second.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from stammtisch.bots.playout import play_out
from stammtisch.bots.registry import bots_for
from stammtisch.cli.games.bierpong.skills import NamedRates, resolve, table
from stammtisch.cli.plugin import SimulateRequest, Summary
from stammtisch.cli.simulation import progress
from stammtisch.games.bierpong import GAME


def run(games: int, seed: int, names: Sequence[str], seats: Sequence[NamedRates], shown: bool) -> dict[str, Any]:
    """Play ``games`` games and return the summary figures."""
    players = len(seats)
    model = table(seats)
    factories = bots_for(GAME)
    wins: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    throws = cups = konters = 0
    options = GAME.configure({})
    started = time.perf_counter()
    with progress(f"{GAME.slug}: {games} games", games, hidden=not shown) as advance:
        for index in range(games):
            bots = [factories[names[seat % len(names)]]() for seat in range(players)]
            state = GAME.start(players, options)
            done = play_out(GAME, state, bots, random.Random(f"{seed}:{index}"), skill=model)
            view = GAME.view(done.final, None)
            result = done.result
            wins[str(view["winner"])] += 1
            ends[str(view["end"])] += 1
            throws += sum(p["throws"] for p in view["players"])
            cups += sum(view["rack"] - team["live"] for team in view["teams"])
            konters += int(result.details.get("konters", 0))
            advance()
    elapsed = time.perf_counter() - started
    return {
        "game": GAME.slug,
        "games": games,
        "seed": seed,
        "players": players,
        "bots": list(names),
        "skills": [{"seat": seat, "source": s.label, "samples": s.samples} for seat, s in enumerate(seats)],
        "wins_per_team": {"A": wins["A"], "B": wins["B"]},
        "average_throws_per_game": round(throws / games, 2) if games else 0.0,
        "average_cups_removed_per_game": round(cups / games, 2) if games else 0.0,
        "konters_per_game": round(konters / games, 3) if games else 0.0,
        "endings": dict(sorted(ends.items())),
        "elapsed_seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 1) if elapsed > 0 else None,
    }


def simulate(request: SimulateRequest) -> Summary:
    """The ``simulate bierpong`` figures (see the module docstring)."""
    seats = resolve(request.skill, request.players)
    figures = run(request.games, request.seed, request.names, seats, shown=not request.as_json)
    skills_text = {"skills": lambda found: "; ".join(f"{s['source']} ({s['samples']})" for s in found)}
    return Summary(figures, f"{GAME.slug}: {request.games} games, seed {request.seed}", skills_text)
