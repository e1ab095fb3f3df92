"""A rules checksum over thousands of seeded random Bier-Pong games, independent of the test suite.

Written before the engine was made faster (issue 11, speed) to show that no rule changed: every
observable thing of every step is hashed, so any change in legal actions, their order, chance nodes,
which outcomes a node accepts, refusals, views or results changes a section's digest.

Three kinds of game, each from its own seed:

* ``bench``: the benchmark's games (10 cups, 2 against 2, default options, the club's skill model);
* ``uniform``: random seat counts (2-8), racks (6, 10, 15) and option values, every listed outcome
  equally likely (so table events, drinks, voids, Dead Cups, timers and Konters all happen);
* ``skill``: the same random setups with the club's skill model (long games, many removals).

Per step it records the turn (decision seats, or the chance node's label, seat, context and listed
outcomes, or the result), the legal actions of every deciding seat, which probe outcomes the node
accepts, the refusals of probe actions (class, code, clause, both sentences), the public view and the
step itself. Run ``.venv/bin/python -m tests.games.bierpong.checksum [games]`` to print the digests, or
``... checksum --check`` to compare 3,000 games with ``checksum.json`` (first written from the code before
the speed work, commit 5c3ca2e; re-recorded for the rule corrections of issue 26: the pair order is a
choice, calls on every streak hit, the rack empty at once); it exits 1 on any difference. Takes about a
minute of CPU.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from stammtisch.core.chance import sample
from stammtisch.core.errors import RuleViolation
from stammtisch.core.protocol import Chance, Decision, Finished
from stammtisch.core.testing import UniformSkill
from stammtisch.games.bierpong import GAME
from stammtisch.games.bierpong.model import (
    AirBall,
    CallIsland,
    Drank,
    Drinking,
    Fetch,
    Forgot,
    Hit,
    IllegalSave,
    KnockOver,
    LeftStanding,
    NoCall,
    Remove,
    Shoot,
    Void,
)
from stammtisch.games.bierpong.skill import SkillTable

#: Option values drawn for the random setups (every declared choice; the timer on or off).
CHOICES: dict[str, tuple[Any, ...]] = {
    "rack": (6, 10, 15),
    "allow_rerack": (False, True),
    "dead_cup_counts_as_neighbour": (False, True),
    "extra_cup_chooser": ("owner", "thrower"),
    "konter": (True, False),
    "konter_count_unit": ("ball_hits", "cups_removed"),
    "konter_restore": ("finishing_round", "last_cup_only"),
    "konter_special_match": ("contains", "exact", "off"),
    "allow_double_call": (False, True),
    "air_ball_bonus": ("extra_throw", "double_value"),
    "timer_minutes": (0, 30),
    "timer_end": ("immediate", "finish_throwing_round"),
    "knockover_removed_by": ("owner_among_knocked", "opponent_any"),
    "single_player_double_release": (False, True),
    "pair_rotation": ("differ_from_previous", "cycle_all_pairs"),
    "elbow_breach": ("void", "none"),
    "illegal_defense": ("rethrow", "none"),
    "illegal_save": ("count_hit", "none"),
    "drink_unit": ("per_hit_aufsetzer_double", "per_cup_removed"),
    "drink_lock": (True, False),
}


def _refusal(call: Any) -> object:
    try:
        call()
    except RuleViolation as error:
        return [type(error).__name__, error.code, error.clause, str(error.message.de), str(error.message.en)]
    return "ok"


def _probes(rack: int, seats: int) -> tuple[list[object], list[object]]:
    outcomes: list[object] = [Hit(c, b, r) for c in range(1, rack + 2) for b in (False, True) for r in (False, True)]
    outcomes += [IllegalSave(c) for c in range(1, rack + 2)] + [AirBall(s) for s in range(seats)]
    outcomes += [Void(), Drinking(0), Drank(1), Forgot(0), LeftStanding(1), KnockOver(0, (1,)), KnockOver(1, (2, 3))]
    actions: list[object] = [Remove(c) for c in range(1, rack + 2)] + [CallIsland(c) for c in range(1, rack + 1)]
    actions += [Shoot(), NoCall(), Fetch(0)]
    return outcomes, actions


def play(seats: int, options: dict[str, Any], seed: int, skill: Any, probe: bool) -> list[object]:
    """One seeded game's record: a list of per-step entries (see the module docstring)."""
    rng = random.Random(seed)
    state = GAME.start(seats, GAME.configure(options))
    outcome_probes, action_probes = _probes(options.get("rack", 10), seats)
    record: list[object] = []
    for _ in range(20_000):
        turn = GAME.turn(state)
        entry: list[object] = [GAME.view(state, None)]
        if isinstance(turn, Finished):
            record.append([*entry, "end", repr(turn.result)])
            return record
        if isinstance(turn, Chance):
            node = turn.node
            entry += ["chance", node.label.de, node.label.en, node.seat, repr(node.context), repr(node.outcomes())]
            if probe:
                entry.append([node.contains(o) for o in outcome_probes])
                entry.append([_refusal(lambda: GAME.act(state, 0, a)) for a in action_probes[:2]])  # noqa: B023
            outcome = sample(node, rng, skill)
            entry.append(GAME.format_outcome(outcome))
            state = GAME.resolve(state, outcome)
        else:
            assert isinstance(turn, Decision)
            entry += ["decision", list(turn.seats)]
            for seat in turn.seats:
                entry.append([GAME.format_action(a) for a in GAME.legal_actions(state, seat)])
                if probe:
                    entry.append([_refusal(lambda: GAME.act(state, seat, a)) for a in action_probes])  # noqa: B023
            if probe:
                entry.append([_refusal(lambda: GAME.resolve(state, o)) for o in outcome_probes[:3]])  # noqa: B023
            seat = rng.choice(turn.seats)
            action = rng.choice(GAME.legal_actions(state, seat))
            entry.append([seat, GAME.format_action(action)])
            state = GAME.act(state, seat, action)
        record.append(entry)
    raise AssertionError(f"game {seed} did not finish")


def random_setup(seed: int) -> tuple[int, dict[str, Any]]:
    rng = random.Random(f"setup-{seed}")
    return rng.randint(2, 8), {key: rng.choice(values) for key, values in CHOICES.items()}


def digests(games: int) -> dict[str, str]:
    sections: dict[str, Any] = {name: hashlib.sha256() for name in ("bench", "uniform", "skill")}
    steps = dict.fromkeys(sections, 0)
    for seed in range(games):
        runs = [("bench", 4, {}, SkillTable.of(4), seed < games // 10)]
        if seed % 3 == 0:
            seats, options = random_setup(seed)
            runs.append(("uniform", seats, options, UniformSkill(), seed % 6 == 0))
            runs.append(("skill", seats, options, SkillTable.of(seats), False))
        for name, seats, options, skill, probe in runs:
            record = play(seats, options, seed, skill, probe)
            steps[name] += len(record)
            sections[name].update(json.dumps(record, ensure_ascii=False, default=str).encode())
    out = {name: h.hexdigest()[:20] for name, h in sections.items()}
    out.update({f"{name}_steps": str(n) for name, n in steps.items()})
    return out


RECORDED = Path(__file__).with_name("checksum.json")


def main(argv: list[str]) -> int:
    if argv[:1] == ["--check"]:
        expected = json.loads(RECORDED.read_text(encoding="utf-8"))
        got = {"games": expected["games"], **digests(expected["games"])}
        print(json.dumps(got, indent=1))
        same = got == expected
        print("checksum unchanged" if same else f"CHECKSUM CHANGED (recorded: {expected})")
        return 0 if same else 1
    count = int(argv[0]) if argv else 3000
    print(json.dumps({"games": count, **digests(count)}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
