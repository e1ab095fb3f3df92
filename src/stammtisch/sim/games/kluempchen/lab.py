"""The house-rule lab for Klümpchen: the default rules against a variant, over many simulated rounds.

Rounds are played in bulk by the fast simulator (``fast.py``): two teams of two (4 players), player 1's
turn then player 2's (K-5.1), the target 150 (K-11), six equal in one throw ends the round (S-7). Every
player uses the exact expected-points turn policy and the joker the way ``bots/games/kluempchen.py`` does it
late in the round (once his team has 95 points, K-10/K-13). The losing team starts the next round
(K-17.4). An *evening* is ``ROUNDS_PER_EVENING`` rounds (ruling KS-7). The default rules and the variant
are played on common random numbers (LAB-1): every turn's dice come from a stream keyed by its round,
seat and turn number (``sim.crn``). Money follows the settlement
rules: verloren, Schuster, Schwarz (K-11/K-12), Joker ins Grab (K-13), 3 Straßen per evening (K-14), six
equal (S-7: loser and open Schuster pay, the thrower is fined, no Schwarz and no joker fines).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np
from numpy.typing import NDArray

from stammtisch.core.options import resolve_options
from stammtisch.core.text import Text
from stammtisch.games.kluempchen.model import Config
from stammtisch.games.kluempchen.options import OPTIONS, config_from
from stammtisch.sim.crn import key, uniforms
from stammtisch.sim.games.kluempchen.fast import play_turns_lanes, tables
from stammtisch.sim.lab_report import Measure
from stammtisch.sim.parallel import Progress, play_all
from stammtisch.sim.stats import Interval, mean_interval, proportion_interval

TARGET = 150
SCHUSTER = 75
LATE = 95  # bots/games/kluempchen.py: a team this close to 150 uses its jokers
PLAYERS = 4
ROUNDS_PER_EVENING = 6
#: Options the lab's model reads; any other option is accepted but changes nothing here (KS-7).
MODELLED = ("third_throw_rule", "confirmation_budget", "confirmation_adds_points", "base_cents")
#: What ``--games`` counts, and the figures in the order the CLI and the page show them (``sim.lab_report``).
UNIT = Text("Runden", "rounds")
MEASURES = (
    Measure(
        "start_team_win_rate",
        Text("Sieg des beginnenden Teams", "starting team wins"),
        True,
        Text("Beginner", "start team"),
    ),
    Measure("joint_turns_per_round", Text("gemeinsame Würfe je Runde", "joint turns per round"), False),
    Measure(
        "schuster_rate",
        Text("Schuster (Verlierer unter 75)", "Schuster (loser below 75)"),
        True,
        Text("Schuster", "Schuster"),
    ),
    Measure(
        "schwarz_rate",
        Text("Schwarz (Verlierer ohne Punkte)", "Schwarz (loser without points)"),
        True,
        Text("Schwarz", "Schwarz"),
    ),
    Measure(
        "six_equal_rate",
        Text("Runde endet mit 6 Gleichen", "round ends with six equal"),
        True,
        Text("6 Gleiche", "six equal"),
    ),
    Measure("cents_per_player_per_evening", Text("Zahlung je Spieler und Abend", "paid per player per evening"), False),
)


@dataclass(frozen=True, slots=True)
class LabResult:
    """What one set of rules gives over ``rounds`` simulated rounds (95% intervals)."""

    options: dict[str, Any]
    rounds: int
    start_wins: Interval
    joint_turns: Interval
    schuster: Interval
    schwarz: Interval
    six_equal: Interval
    cents_per_player_evening: Interval

    @property
    def games(self) -> int:
        """The simulated rounds (the count every lab report gives as ``games``)."""
        return self.rounds

    def to_json(self) -> dict[str, Any]:
        return {
            "options": self.options,
            "rounds": self.rounds,
            "start_team_win_rate": self.start_wins.to_json(),
            "joint_turns_per_round": self.joint_turns.to_json(),
            "schuster_rate": self.schuster.to_json(),
            "schwarz_rate": self.schwarz.to_json(),
            "six_equal_rate": self.six_equal.to_json(),
            "cents_per_player_per_evening": self.cents_per_player_evening.to_json(),
        }


def unmodelled(options: Mapping[str, object]) -> tuple[str, ...]:
    """The given options the lab's model does not read (they are valid, but change nothing here)."""
    return tuple(sorted(key for key in options if key not in MODELLED))


#: Stream tags (``sim.crn.key``): the first round's draw and a player's turn are different chances.
_START, _TURN = 1, 2


@dataclass(frozen=True, slots=True)
class Rounds:
    """Per simulated round: the team that started it, the final scores, the loser, the joint turns, the
    jokers used and Straßen thrown per seat (team 0 = seats 0, 1; team 1 = seats 2, 3), whether it ended
    with six equal in one throw and who threw them."""

    start: NDArray[np.int64]
    scores: NDArray[np.int64]
    loser: NDArray[np.int64]
    joint: NDArray[np.int64]
    joker_used: NDArray[np.bool_]
    strassen: NDArray[np.int64]
    six_end: NDArray[np.bool_]
    six_thrower: NDArray[np.int64]


#: From this many rounds on, the compiled kernel plays them (loading Numba and the cached kernels takes
#: about half a second; the NumPy lanes play 2,000 rounds in a few hundredths of one).
COMPILED_FROM = 20_000


def play_rounds(config: Config, n: int, seed: int, first: int = 0) -> Rounds:
    """Play rounds ``first .. first + n - 1`` under ``config`` with common random numbers (LAB-1): round
    r's draw and the k-th turn of seat s in round r take their dice from streams keyed by (seed, r, s, k),
    so the default rules and a variant meet the same luck as long as a round stays in step, and a round
    is the same whichever span of rounds it is played in. By the compiled kernel or, for a few rounds,
    by the NumPy lanes: the same rounds either way (``tests/sim/test_lab6_compiled_simulators.py``)."""
    if n >= COMPILED_FROM:
        return play_rounds_compiled(config, n, seed, first)
    return play_rounds_lanes(config, n, seed, first)


def play_rounds_compiled(config: Config, n: int, seed: int, first: int = 0) -> Rounds:
    """``play_rounds`` by the compiled kernel (``kernel.play_rounds``), one pass per round."""
    from stammtisch.sim.games.kluempchen import kernel  # Numba: loaded only for large runs

    t = tables(config)
    start = np.zeros(n, dtype=np.int64)
    scores = np.zeros((n, 2), dtype=np.int64)
    loser = np.full(n, -1, dtype=np.int64)
    joint = np.zeros(n, dtype=np.int64)
    joker_used = np.zeros((n, 4), dtype=np.bool_)
    strassen = np.zeros((n, 4), dtype=np.int64)
    six_end = np.zeros(n, dtype=np.bool_)
    six_thrower = np.full(n, -1, dtype=np.int64)
    streams = [key(seed, _START)[0], key(seed, _TURN)[0], first, LATE, TARGET]
    outputs = [start, scores, loser, joint, joker_used, strassen, six_end, six_thrower]
    kernel.play_rounds(*t.kernel_args(), *streams, *outputs)
    return Rounds(start, scores, loser, joint, joker_used, strassen, six_end, six_thrower)


def play_rounds_lanes(config: Config, n: int, seed: int, first: int = 0) -> Rounds:
    """``play_rounds`` in NumPy lanes (every live round a lane, its turns by ``fast.play_turns_lanes``):
    the readable form the compiled kernel is proved equal to."""
    lanes_all = np.arange(n)
    start = (uniforms(key(seed, _START, first + lanes_all), 0) < 0.5).astype(np.int64)  # the draw (KS-7)
    scores = np.zeros((n, 2), dtype=np.int64)
    joker_used = np.zeros((n, 4), dtype=bool)
    strassen = np.zeros((n, 4), dtype=np.int64)
    taken = np.zeros((n, 4), dtype=np.int64)  # turns each seat has played in its round
    current = start.copy()
    joint = np.zeros(n, dtype=np.int64)
    ended = np.zeros(n, dtype=bool)
    loser = np.full(n, -1)
    six_end = np.zeros(n, dtype=bool)
    six_thrower = np.full(n, -1)
    first_points = np.zeros(n, dtype=np.int64)
    live = lanes_all
    while live.size:
        for role in (1, 2):
            live = live[~ended[live]]  # S-7: six equal ends the round before the partner throws
            seat = 2 * current[live] + (role - 1)
            own = scores[live, current[live]]
            joker = (~joker_used[live, seat]) & (own >= LATE)
            joker_used[live, seat] |= joker
            keys = key(seed, _TURN, first + live, seat, taken[live, seat])
            taken[live, seat] += 1
            batch = play_turns_lanes(live.size, None, "optimal", config, keys=keys)
            strassen[live, seat] += batch.strassen
            points = batch.points * np.where(joker, 2, 1)
            six = batch.six
            lanes = live[six]
            ended[lanes] = True
            six_end[lanes] = True
            six_thrower[lanes] = seat[six]
            loser[lanes] = 1 - current[lanes]
            go = ~six
            lanes = live[go]
            if role == 1:
                first_points[lanes] = points[go]
            else:
                gain = np.where(points > 0, first_points[live] + points, 0)
                scores[lanes, current[lanes]] += gain[go]
                joint[lanes] += 1
                out = scores[lanes, current[lanes]] >= TARGET
                loser[lanes[out]] = 1 - current[lanes[out]]
                ended[lanes[out]] = True
                current[lanes] = 1 - current[lanes]
        live = live[~ended[live]]
    return Rounds(start, scores, loser, joint, joker_used, strassen, six_end, six_thrower)


def _prepare(configs: list[Config], n: int) -> None:
    """Build the tables (and load the kernel, if the spans will use it) here, once: forked workers
    inherit them instead of each building its own."""
    for config in configs:
        tables(config)
    if min(n, SPAN) >= COMPILED_FROM:
        from stammtisch.sim.games.kluempchen import kernel  # noqa: F401


def _play_span(config: Config, seed: int, lo: int, hi: int) -> list[Rounds]:
    """The rounds ``lo .. hi - 1`` as one part (a process pool's job)."""
    return [play_rounds(config, hi - lo, seed, lo)]


def _joined(parts: list[Rounds]) -> Rounds:
    return Rounds(*(np.concatenate([getattr(p, name) for p in parts]) for name in Rounds.__slots__))


#: Rounds per job of a process pool (a few tenths of a second each).
SPAN = 50_000


def evening_rounds(rounds: int) -> int:
    """``rounds`` rounded up to whole evenings of ``ROUNDS_PER_EVENING``."""
    return max(1, -(-rounds // ROUNDS_PER_EVENING)) * ROUNDS_PER_EVENING


def run_rounds(
    options: Mapping[str, object] | None,
    rounds: int,
    seed: int = 15,
    workers: int = 1,
    progress: Progress | None = None,
) -> LabResult:
    """Simulate ``rounds`` rounds (whole evenings of ``ROUNDS_PER_EVENING``) under ``options`` (on
    ``workers`` processes; the figures do not depend on their number)."""
    resolved = resolve_options(OPTIONS, dict(options or {}))
    n = evening_rounds(rounds)
    config = config_from(resolved)
    _prepare([config], n)
    (parts,) = play_all([partial(_play_span, config, seed)], n, SPAN, workers, progress)
    return summarise(resolved, _joined(parts))


def summarise(resolved: Mapping[str, Any], played: Rounds) -> LabResult:
    """The lab's figures over whole evenings of played rounds (K-11 to K-14, S-7, S-9)."""
    unit = resolved["base_cents"] * PLAYERS  # S-9/KA-28
    n = len(played.start)
    evenings = n // ROUNDS_PER_EVENING
    loser = played.loser
    units = np.zeros((n, 4), dtype=np.int64)
    lost = played.scores[np.arange(n), loser]
    six_end = played.six_end
    for member in (0, 1):
        seat = 2 * loser + member
        units[np.arange(n), seat] += 1 + (lost < SCHUSTER) + ((lost == 0) & ~six_end)
    normal = ~six_end
    units[normal] += (~played.joker_used[normal]).astype(np.int64)
    thrown = six_end & (played.six_thrower >= 0)
    units[np.where(thrown)[0], played.six_thrower[thrown]] += 1
    per_evening = units.reshape(evenings, ROUNDS_PER_EVENING, 4).sum(axis=1)
    strassen_units = played.strassen.reshape(evenings, ROUNDS_PER_EVENING, 4).sum(axis=1) // 3
    cents = (per_evening + strassen_units) * unit
    start_won = loser != played.start
    return LabResult(
        options={key: resolved[key] for key in MODELLED},
        rounds=n,
        start_wins=Interval(*proportion_interval(int(start_won.sum()), n)),
        joint_turns=Interval(*mean_interval(played.joint.tolist())),
        schuster=Interval(*proportion_interval(int(((lost < SCHUSTER) & normal).sum()), n)),
        schwarz=Interval(*proportion_interval(int(((lost == 0) & normal).sum()), n)),
        six_equal=Interval(*proportion_interval(int(six_end.sum()), n)),
        cents_per_player_evening=Interval(*mean_interval(cents.ravel().astype(float).tolist())),
    )


def compare(
    variant: Mapping[str, object],
    rounds: int,
    seed: int = 15,
    workers: int = 1,
    progress: Progress | None = None,
) -> tuple[LabResult, LabResult]:
    """The default rules and ``variant`` over the same ``rounds`` rounds' dice (common random numbers,
    LAB-1), on ``workers`` processes; ``progress(done, total)`` counts the rounds of both rule sets played so
    far (``sim.parallel``). The variant is checked first, so a bad option is refused before anything is
    simulated."""
    sets = [resolve_options(OPTIONS, {}), resolve_options(OPTIONS, dict(variant))]
    n = evening_rounds(rounds)
    configs = [config_from(resolved) for resolved in sets]
    _prepare(configs, n)
    played = play_all([partial(_play_span, config, seed) for config in configs], n, SPAN, workers, progress)
    default, changed = (summarise(resolved, _joined(parts)) for resolved, parts in zip(sets, played, strict=True))
    return default, changed


#: Variants the web page offers (the CLI takes any option).
VARIANTS = (
    ("third_throw_rule", "keep_on_fail"),
    ("confirmation_budget", "within_turn"),
    ("confirmation_adds_points", "false"),
    ("base_cents", "100"),
)
#: The page's words for the variants (``sim.lab_report``: the option's description serves where none is given).
VARIANT_WORDS = {
    ("third_throw_rule", "keep_on_fail"): Text(
        "3. Wurf: bei Misserfolg bleibt das Ergebnis stehen", "3rd throw: a failed throw keeps the earlier result"
    ),
    ("confirmation_budget", "within_turn"): Text(
        "Bestätigung innerhalb der drei Würfe", "Confirmation within the turn's three throws"
    ),
    ("confirmation_adds_points", "false"): Text(
        "Das bestätigende Klümpchen zählt nicht dazu", "The confirming clump adds no points"
    ),
    ("base_cents", "100"): Text("Grundbetrag 1 € statt 50 Cent", "Base amount 1 € instead of 50 cents"),
}
