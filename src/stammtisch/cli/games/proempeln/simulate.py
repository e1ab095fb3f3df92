"""``stammtisch simulate proempeln``: bot games with every stopper sampled from a skill model.

Seat ``i`` lands its stoppers as the ``i``-th ``--skill`` says (a player's model learned from the
stored table games, or counts ``c0,c1,c2,c3``; seats without one are new players). The skills stay
with the seats; the bots (``--bots``, one name per seat or cycling) rotate by one seat every game,
so no bot always plays first. An ``advisor`` (``heuristic``) bot advises itself with its seat's
model. Game ``index`` of seed ``S`` always draws from ``random.Random(f"{S}:{index}")``.

Figures: per bot the average total, win share and Kings; per move the average round score;
the share of games ended by a King and decided by a Stechen.
"""

from __future__ import annotations

import random
import time
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from stammtisch.bots.base import Bot
from stammtisch.bots.games.proempeln import AdvisorBot
from stammtisch.bots.playout import play_out
from stammtisch.bots.registry import bots_for
from stammtisch.cli.games.proempeln.skills import NamedSkill, resolve, table
from stammtisch.cli.plugin import SimulateRequest, Summary
from stammtisch.cli.simulation import progress
from stammtisch.games.proempeln import GAME

ADVISORS = ("advisor", "heuristic")


def seat_bots(names: Sequence[str], players: int, shift: int) -> list[str]:
    """One bot name per seat, cycling through ``names``, rotated by ``shift`` seats."""
    return [names[(seat + shift) % len(names)] for seat in range(players)]


def _make(name: str, skill: NamedSkill) -> Bot:
    if name in ADVISORS:
        return AdvisorBot(skill.skill.distribution())
    return bots_for(GAME)[name]()


def run(games: int, seed: int, names: Sequence[str], skills: Sequence[NamedSkill], shown: bool) -> dict[str, Any]:
    """Play ``games`` games and return the summary figures."""
    players = len(skills)
    model = table(skills)
    totals: dict[str, list[int]] = defaultdict(list)
    wins: dict[str, int] = defaultdict(int)
    kings: dict[str, int] = defaultdict(int)
    moves: dict[str, list[int]] = defaultdict(list)
    endings: dict[str, int] = defaultdict(int)
    started = time.perf_counter()

    def one(index: int) -> None:
        seated = seat_bots(names, players, index)
        bots = [_make(name, skills[seat]) for seat, name in enumerate(seated)]
        state = GAME.start(players, GAME.configure({}))
        done = play_out(GAME, state, bots, random.Random(f"{seed}:{index}"), skill=model)
        view = GAME.view(done.final, None)
        reason, winner = view["end_reason"], view["winner"]
        assert reason is not None and winner is not None  # the game is over
        endings[reason] += 1
        for seat, player in enumerate(view["players"]):
            totals[seated[seat]].append(player["total"])
            for move, points in zip(player["moves"], player["round_scores"], strict=False):
                moves[move].append(points)
        wins[seated[winner]] += 1
        if reason == "king":
            kings[seated[winner]] += 1

    with progress(f"{GAME.slug}: {games} games", games, hidden=not shown) as advance:
        for index in range(games):
            one(index)
            advance()
    elapsed = time.perf_counter() - started
    seat_games = {name: len(values) for name, values in totals.items()}
    return {
        "game": GAME.slug,
        "games": games,
        "seed": seed,
        "players": players,
        "bots": list(names),
        "skills": [
            {"seat": seat, "source": s.label, "samples": s.skill.samples, "distribution": list(s.skill.distribution())}
            for seat, s in enumerate(skills)
        ],
        "average_total_per_bot": {name: _mean(values) for name, values in sorted(totals.items())},
        "win_rate_per_bot": {name: round(wins[name] / seat_games[name], 3) for name in sorted(totals)},
        "kings_per_bot": {name: kings[name] for name in sorted(totals)},
        "average_round_score_per_move": {move: _mean(values) for move, values in sorted(moves.items())},
        "king_share": round(endings["king"] / games, 4),
        "stechen_share": round(endings["stechen"] / games, 4),
        "elapsed_seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 1) if elapsed > 0 else None,
    }


def _mean(values: Sequence[int]) -> float:
    return round(sum(values) / len(values), 3) if values else 0.0


def simulate(request: SimulateRequest) -> Summary:
    """The ``simulate proempeln`` figures (see the module docstring)."""
    skills = resolve(request.skill, request.players)
    figures = run(request.games, request.seed, request.names, skills, shown=not request.as_json)
    skills_text = {"skills": lambda found: "; ".join(f"{s['source']} ({s['samples']})" for s in found)}
    return Summary(figures, f"{GAME.slug}: {request.games} games, seed {request.seed}", skills_text)
