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

import json
import random
import time
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import typer
from rich.progress import Progress

from stammtisch.bots.base import Bot
from stammtisch.bots.playout import play_out
from stammtisch.bots.proempeln import AdvisorBot
from stammtisch.bots.registry import bots_for
from stammtisch.cli.console import fail, stderr
from stammtisch.cli.proempeln_skills import NamedSkill, resolve, table
from stammtisch.cli.simulation import check_players, chosen_bots, print_figures
from stammtisch.core.errors import RuleViolation
from stammtisch.games.proempeln import GAME

ADVISORS = ("advisor", "heuristic")


def seat_bots(names: Sequence[str], players: int, shift: int) -> list[str]:
    """One bot name per seat, cycling through ``names``, rotated by ``shift`` seats."""
    return [names[(seat + shift) % len(names)] for seat in range(players)]


def _make(name: str, skill: NamedSkill) -> Bot:
    if name in ADVISORS:
        return AdvisorBot(skill.skill.distribution())
    return bots_for(GAME)[name]()


def run(games: int, seed: int, names: Sequence[str], skills: Sequence[NamedSkill], progress: bool) -> dict[str, Any]:
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
        endings[view["end_reason"]] += 1
        for seat, player in enumerate(view["players"]):
            totals[seated[seat]].append(player["total"])
            for move, points in zip(player["moves"], player["round_scores"], strict=False):
                moves[move].append(points)
        winner = view["winner"]
        wins[seated[winner]] += 1
        if view["end_reason"] == "king":
            kings[seated[winner]] += 1

    if progress:
        with Progress(console=stderr(), transient=False) as bar:
            task = bar.add_task(f"proempeln: {games} games", total=games)
            for index in range(games):
                one(index)
                bar.advance(task)
    else:
        for index in range(games):
            one(index)
    elapsed = time.perf_counter() - started
    seat_games = {name: len(values) for name, values in totals.items()}
    return {
        "game": "proempeln",
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


def simulate(games: int, seed: int, as_json: bool, bots: str, players: int, skill: Sequence[str]) -> None:
    """The ``simulate proempeln`` command (called by ``cli/simulate.py``)."""
    names, _ = chosen_bots(GAME, bots)
    check_players(GAME, players)
    skills = resolve(skill, players)
    try:
        figures = run(games, seed, names, skills, progress=not as_json)
    except RuleViolation as error:
        fail(error.message)
    if as_json:
        typer.echo(json.dumps(figures, ensure_ascii=False))
        return
    skills_text = {"skills": lambda found: "; ".join(f"{s['source']} ({s['samples']})" for s in found)}
    print_figures(f"proempeln: {games} games, seed {seed}", figures, skills_text)
