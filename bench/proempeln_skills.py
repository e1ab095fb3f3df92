"""Prömpeln skill models from stored games: how long ``SkillBook.load`` takes for a club's record.

Stores ``GAMES`` full 4-player table games (random-special bots, stoppers sampled) in a fresh
SQLite file through the match service, then times one cold load (every match read and folded:
the first advisor card or statistics page after a restart) and one warm load (nothing new: one
query per match).

Run: ``.venv/bin/python bench/proempeln_skills.py``.
"""

from __future__ import annotations

import json
import random
import tempfile
import time
from pathlib import Path

from stammtisch.bots.games.proempeln import RandomSpecialsBot
from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.proempeln import GAME
from stammtisch.games.proempeln.skill import SkillTable
from stammtisch.matches import MatchService
from stammtisch.matches.games.proempeln.skills import SkillBook
from stammtisch.store import open_store

PLAYERS = ["Anna", "Ben", "Carl", "Dora"]


def _store_games(service: MatchService, count: int, rng: random.Random) -> int:
    model, bot, events = SkillTable.of(len(PLAYERS)), RandomSpecialsBot(), 0
    for _ in range(count):
        snap = service.create("proempeln", PLAYERS, mode="table")
        state, steps = service.state(snap.match_id), []
        while not isinstance(turn := GAME.turn(state), Finished):
            if isinstance(turn, Chance):
                step = (None, sample(turn.node, rng, model))
                state = GAME.resolve(state, step[1])
            else:
                seat = turn.seats[0]
                step = (seat, bot.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), rng))
                state = GAME.act(state, seat, step[1])
            steps.append(step)
        seq = snap.seq
        for start in range(0, len(steps), 20):  # a scorer's submissions, about a run each
            seq = service.submit(snap.match_id, steps[start : start + 20], seq).seq
        events += seq
    return events


def run(quick: bool = False) -> dict[str, float]:
    games = 10 if quick else 100
    with tempfile.TemporaryDirectory() as directory:
        store = open_store(f"sqlite:///{Path(directory) / 'bench.sqlite3'}")
        try:
            events = _store_games(MatchService(store.repository), games, random.Random(1))
            book = SkillBook(store.repository)
            started = time.perf_counter()
            book.load()
            cold = time.perf_counter() - started
            started = time.perf_counter()
            book.load()
            warm = time.perf_counter() - started
        finally:
            store.close()
    return {
        f"proempeln skill book, {games} stored games ({events} events): cold load ms": round(cold * 1000, 1),
        f"proempeln skill book, {games} stored games: warm load ms": round(warm * 1000, 1),
    }


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
