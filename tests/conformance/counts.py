"""Count files: fingerprints of random playouts from fixed seeds, like python-chess's perft files.

For every registered game, ``counts/<slug>.json`` records, for a few fixed seeds under a fixed seat
count and fixed options, a random playout (``core.testing.random_playout``: uniform choices among
the legal actions in their canonical order, outcomes drawn by ``core.chance.sample``, skill nodes
uniform): how many steps it took, a fingerprint of the public table (``view(state, None)`` and the
turn) at fixed step numbers and at the end, a hash of every step's notation, and the final scores.
``tests/conformance/test_counts.py`` replays them. Any engine change that alters legal actions, their
order, chance nodes, notation, views or scoring shows up as a changed count.

When to update: only when the change is intended (a rule correction, a new ruling, a changed view or
notation), never to make a red test green without knowing why. Then run

    .venv/bin/python -m tests.conformance.counts --update <slug>

review the diff of ``tests/conformance/counts/<slug>.json`` and name the reason in the commit
message. A newly registered game gets its file the same way (without one its count test skips and
says so). The options are stored resolved in the file, so a changed default does not move the
counts; a new option takes its default.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from pathlib import Path
from typing import Any

from stammtisch.core.protocol import Chance, Decision, Game
from stammtisch.core.replay import ActionStep, Step
from stammtisch.core.testing import random_playout
from stammtisch.games import GAMES

HERE = Path(__file__).parent / "counts"
SEEDS = (1, 2, 3)
#: Step numbers whose public table is fingerprinted (those a playout reaches), and its end.
CHECKPOINTS = (0, 1, 10, 100, 1000)
ABOUT = (
    "Fingerprints of random playouts from fixed seeds (see tests/conformance/counts.py). Update only for an "
    "intended engine change: .venv/bin/python -m tests.conformance.counts --update <slug>; review the diff and "
    "name the reason in the commit message."
)


def path_for(slug: str) -> Path:
    return HERE / f"{slug}.json"


def _digest(value: object) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _turn(game: Game[Any], state: Any) -> object:
    turn = game.turn(state)
    if isinstance(turn, Decision):
        return {"decision": list(turn.seats)}
    if isinstance(turn, Chance):
        return {"chance": turn.node.label.en, "seat": turn.node.seat}
    return {"finished": list(turn.result.scores)}


def fingerprint(game: Game[Any], state: Any) -> str:
    """A short hash of the public table and whose turn it is."""
    return _digest({"turn": _turn(game, state), "view": game.view(state, None)})


def notation(game: Game[Any], step: Step) -> str:
    if isinstance(step, ActionStep):
        return f"{step.seat}: {game.format_action(step.action)}"
    return f"* {game.format_outcome(step.outcome)}"


def count(game: Game[Any], seats: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
    """The record of one seeded random playout."""
    initial = game.start(seats, game.configure(options))
    playout = random_playout(game, initial, random.Random(seed))
    wanted = {n for n in CHECKPOINTS if n <= len(playout.steps)}
    prints = {}
    state = initial
    for n, step in enumerate([None, *playout.steps]):
        if step is not None:
            state = (
                game.act(state, step.seat, step.action)
                if isinstance(step, ActionStep)
                else game.resolve(state, step.outcome)
            )
        if n in wanted:
            prints[str(n)] = fingerprint(game, state)
    result = game.result(playout.final)
    assert result is not None
    return {
        "seed": seed,
        "steps": len(playout.steps),
        "fingerprints": prints,
        "final": fingerprint(game, playout.final),
        "notation": _digest([notation(game, step) for step in playout.steps]),
        "scores": list(result.scores),
    }


def compute(game: Game[Any], seats: int, options: dict[str, Any]) -> dict[str, Any]:
    return {
        "about": ABOUT,
        "game": game.slug,
        "rules_version": game.rules_version,
        "seats": seats,
        "options": options,
        "runs": [count(game, seats, options, seed) for seed in SEEDS],
    }


def load(slug: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path_for(slug).read_text(encoding="utf-8"))
    return data


def update(slug: str) -> Path:
    """Rewrite ``counts/<slug>.json``: seats and options kept from the old file, else the fewest seats
    and the resolved default options."""
    game = GAMES[slug]
    if path_for(slug).exists():
        old = load(slug)
        seats, options = old["seats"], dict(old["options"])
    else:
        seats, options = game.min_seats, dict(game.configure())
    path = path_for(slug)
    path.write_text(json.dumps(compute(game, seats, options), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Rewrite count files (only for an intended engine change).")
    parser.add_argument("--update", nargs="+", metavar="SLUG", required=True, help="games to rewrite, or 'all'")
    args = parser.parse_args(argv)
    slugs = list(GAMES) if args.update == ["all"] else args.update
    for slug in slugs:
        print(f"wrote {update(slug)}")


if __name__ == "__main__":
    main()
