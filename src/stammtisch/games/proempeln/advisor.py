"""The special-move advisor: exact expected points, no sampling.

For one player with a landing distribution ``p`` over 0-3 (the stoppers independent and alike;
optionally another distribution for the Doppellörer middle stopper), it computes

* the exact distribution-weighted value of one round under each move (none, L, K, P, D), by
  enumerating the multisets of seven landings (120 of them) with multinomial probabilities;
  the player claims Meier whenever that does not lower the score and always claims a King;
* for the Kniffel, the optimal two-phase replay policy exactly: for every kept multiset ``K`` the
  value ``W(K) = Σ_N P(N)·g(K+N)`` over the multisets ``N`` of the replayed stoppers, and
  ``h(m) = max_{K ⊆ m} W(K)``, once for the last replay (``g`` = final score) and once for the first
  (``g`` = value of the last replay) — 2 × 3432 terms;
* a dynamic programme over (round, specials left): ``V(7, ·) = E[D]`` and, for rounds 1-6,
  ``V(r, S) = max_a E[a] + (1 − king_a)·V(r+1, S∖{a})`` over the moves allowed by PR-R08/PR-R09.
  A King ends the game (PR-R07), so the rounds after it are worth nothing to the player.

The objective is the player's own expected points from this round on; other players (and their
Kings) are not modelled. ``advise`` returns the table of values for the player about to play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations
from math import factorial
from typing import Any

from stammtisch.games.proempeln import scoring
from stammtisch.games.proempeln.model import MEIER_POINTS, ROUNDS, SPECIALS, Config

Counts = tuple[int, int, int, int]
Dist = tuple[float, float, float, float]

# --- multisets of landings --------------------------------------------------------------------


@lru_cache(maxsize=16)
def multisets(size: int) -> tuple[tuple[Counts, int], ...]:
    """Every multiset of ``size`` landings as counts of 0, 1, 2, 3, with its number of orderings."""
    out = []
    for c0 in range(size + 1):
        for c1 in range(size - c0 + 1):
            for c2 in range(size - c0 - c1 + 1):
                c3 = size - c0 - c1 - c2
                coef = factorial(size) // (factorial(c0) * factorial(c1) * factorial(c2) * factorial(c3))
                out.append(((c0, c1, c2, c3), coef))
    return tuple(out)


def _probabilities(size: int, p: Sequence[float]) -> list[tuple[Counts, float]]:
    powers = [[p[v] ** c for c in range(size + 1)] for v in range(4)]
    return [
        (m, coef * powers[0][m[0]] * powers[1][m[1]] * powers[2][m[2]] * powers[3][m[3]]) for m, coef in multisets(size)
    ]


@lru_cache(maxsize=1)
def _subsets() -> dict[Counts, tuple[Counts, ...]]:
    """For each multiset of seven, its sub-multisets (what a Kniffel player may keep)."""
    return {
        m: tuple(
            (a, b, c, d)
            for a in range(m[0] + 1)
            for b in range(m[1] + 1)
            for c in range(m[2] + 1)
            for d in range(m[3] + 1)
        )
        for m, _ in multisets(7)
    }


def _values(m: Counts) -> tuple[int, ...]:
    return (0,) * m[0] + (1,) * m[1] + (2,) * m[2] + (3,) * m[3]


def _add(a: Counts, b: Counts) -> Counts:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


# --- one round --------------------------------------------------------------------------------


def run_value(effective: str, values: Sequence[int], config: Config) -> int:
    """The best recordable score of a run: Meier claimed when it does not lower the score."""
    base = scoring.unclaimed(effective, values, config)
    if scoring.is_meier(values, config.meier_requires_mix):
        return max(base, scoring.score(effective, values, "meier", config))
    return base


@lru_cache(maxsize=64)
def _final_table(effective: str, config: Config) -> dict[Counts, int]:
    return {m: run_value(effective, _values(m), config) for m, _ in multisets(7)}


@dataclass(frozen=True, slots=True)
class Kniffel:
    """The exact Kniffel policy for one distribution: ``keep_last[m]``/``keep_first[m]`` the best
    multiset to keep before the last/first replay, and ``value`` the expected score."""

    value: float
    first: dict[Counts, float]
    keep_first: dict[Counts, Counts]
    keep_last: dict[Counts, Counts]


def _replay_phase(g: dict[Counts, float], p: Sequence[float]) -> tuple[dict[Counts, float], dict[Counts, Counts]]:
    """One replay decision: ``h(m) = max_{K ⊆ m} W(K)`` and the maximising ``K`` (ties: keep more)."""
    by_size = [_probabilities(size, p) for size in range(8)]
    w: dict[Counts, float] = {}
    for kept_size in range(8):
        new = by_size[7 - kept_size]
        for kept, _ in multisets(kept_size):
            w[kept] = sum(prob * g[_add(kept, n)] for n, prob in new)
    h: dict[Counts, float] = {}
    keep: dict[Counts, Counts] = {}
    for m, subs in _subsets().items():
        best_k, best = m, w[m]
        for k in subs:
            if w[k] > best + 1e-12:
                best_k, best = k, w[k]
        h[m], keep[m] = best, best_k
    return h, keep


@lru_cache(maxsize=256)
def kniffel(p: Dist, config: Config) -> Kniffel:
    """The exact Kniffel policy and value for landing distribution ``p`` (cached: it is pure)."""
    final = {m: float(v) for m, v in _final_table("K", config).items()}
    last, keep_last = _replay_phase(final, p)
    first, keep_first = _replay_phase(last, p)
    value = sum(prob * first[m] for m, prob in _probabilities(7, p))
    return Kniffel(value, first, keep_first, keep_last)


def replay_choice(values: Sequence[int], replays_left: int, policy: Kniffel) -> tuple[int, ...]:
    """The bottles (1-7) to replay, given the current values in bottle order; () means stop."""
    m: Counts = (values.count(0), values.count(1), values.count(2), values.count(3))
    keep = (policy.keep_first if replays_left >= 2 else policy.keep_last)[m]
    left = list(keep)
    replay = []
    for bottle, value in enumerate(values, start=1):
        if left[value]:
            left[value] -= 1
        else:
            replay.append(bottle)
    return tuple(replay)


@dataclass(frozen=True, slots=True)
class RoundValue:
    """One move's exact expected round score and the chance that the run is a (claimed) King."""

    move: str
    expected: float
    king: float


def round_values(p: Dist, config: Config, middle: Dist | None = None) -> dict[str, RoundValue]:
    """Expected round score of each move (none, L, K, P, D) for landing distribution ``p``."""
    seven = _probabilities(7, p)
    out: dict[str, RoundValue] = {}
    king = p[3] ** 7
    for move in ("none", "L", "P"):
        table = _final_table(move, config)
        out[move] = RoundValue(move, sum(prob * table[m] for m, prob in seven), king)
    out["K"] = RoundValue("K", kniffel(tuple(p), config).value, 0.0)
    mid = middle or p
    expected = 0.0
    meier_mix_needed = config.meier_requires_mix
    for outer, prob in _probabilities(6, p):
        outer_sum = outer[1] + 2 * outer[2] + 3 * outer[3]
        for centre in range(4):
            value = outer_sum * centre
            if centre in (1, 2) and outer[0] == 0 and outer[3] == 0:
                ones = outer[1] + (centre == 1)
                twos = outer[2] + (centre == 2)
                if not meier_mix_needed or (ones and twos):
                    claimed = MEIER_POINTS * centre
                    value = max(value, claimed)
            expected += prob * mid[centre] * value
    out["D"] = RoundValue("D", expected, p[3] ** 6 * mid[3])
    return out


# --- the whole game ---------------------------------------------------------------------------


def allowed_moves(round_: int, left: frozenset[str], config: Config) -> tuple[str, ...]:
    """The moves a player may announce (PR-R08, PR-R09), canonical order."""
    if round_ == ROUNDS:
        return ("D",)
    forced = config.specials_mandatory and len(left) >= ROUNDS - round_
    return (*(() if forced else ("none",)), *(s for s in SPECIALS if s in left))


@dataclass(frozen=True, slots=True)
class MoveValue:
    """Announcing ``move`` now: ``this_round`` expected points of this round, ``total`` expected
    points from this round to the end (the rest played optimally), ``king`` the chance of a King,
    ``advantage`` the total minus the best other choice (for a special: playing it now versus
    keeping it for later; for ``none``: keeping all for later versus the best special now)."""

    move: str
    this_round: float
    total: float
    king: float
    advantage: float = 0.0


@dataclass(frozen=True, slots=True)
class Advice:
    """The advisor's answer for the player about to play ``round`` with ``specials_left``."""

    round: int
    specials_left: tuple[str, ...]
    moves: tuple[MoveValue, ...]
    best: str
    round_values: tuple[RoundValue, ...]
    table: tuple[tuple[int, tuple[str, ...], float], ...]

    def value(self, move: str) -> float:
        return next(m.total for m in self.moves if m.move == move)

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "specials_left": list(self.specials_left),
            "best": self.best,
            "moves": [
                {"move": m.move, "this_round": m.this_round, "total": m.total, "king": m.king, "advantage": m.advantage}
                for m in self.moves
            ],
            "round_values": {r.move: r.expected for r in self.round_values},
            "table": [{"round": r, "specials_left": list(s), "value": v} for r, s, v in self.table],
        }


def _all_lefts() -> list[frozenset[str]]:
    return [frozenset(c) for size in range(4) for c in combinations(SPECIALS, size)]


def value_table(values: dict[str, RoundValue], config: Config) -> dict[tuple[int, frozenset[str]], float]:
    """``V(round, specials left)`` for rounds 1-7 (and 8 = game over, 0)."""
    table: dict[tuple[int, frozenset[str]], float] = {}
    lefts = _all_lefts()
    for left in lefts:
        table[(ROUNDS + 1, left)] = 0.0
    for round_ in range(ROUNDS, 0, -1):
        for left in lefts:
            table[(round_, left)] = max(
                _q(values, table, round_, left, move) for move in allowed_moves(round_, left, config)
            )
    return table


def _q(
    values: dict[str, RoundValue],
    table: dict[tuple[int, frozenset[str]], float],
    round_: int,
    left: frozenset[str],
    move: str,
) -> float:
    value = values[move]
    rest = table[(round_ + 1, left - {move})]
    return value.expected + (1.0 - value.king) * rest


@dataclass(frozen=True, slots=True)
class _Plan:
    values: dict[str, RoundValue]
    table: dict[tuple[int, frozenset[str]], float]
    rows: tuple[tuple[int, tuple[str, ...], float], ...]


@lru_cache(maxsize=256)
def _plan(p: Dist, config: Config, middle: Dist | None) -> _Plan:
    values = round_values(p, config, middle)
    table = value_table(values, config)
    ordered = sorted(table.items(), key=lambda item: (item[0][0], len(item[0][1]), sorted(item[0][1])))
    rows = tuple((r, tuple(s for s in SPECIALS if s in left), v) for (r, left), v in ordered if r <= ROUNDS)
    return _Plan(values, table, rows)


def clear_caches() -> None:
    """Forget every cached computation (for timing a cold start)."""
    for cached in (multisets, _subsets, _final_table, _plan, kniffel):
        cached.cache_clear()


def advise(
    round_: int, specials_left: Sequence[str], p: Dist, config: Config | None = None, middle: Dist | None = None
) -> Advice:
    """The table of values for the player about to play ``round_`` (1-7) with ``specials_left``."""
    config = config or Config()
    plan = _plan(tuple(p), config, None if middle is None else tuple(middle))
    values, table = plan.values, plan.table
    left = frozenset(specials_left)
    moves = tuple(
        MoveValue(move, values[move].expected, _q(values, table, round_, left, move), values[move].king)
        for move in allowed_moves(round_, left, config)
    )
    moves = tuple(
        replace(m, advantage=m.total - max((o.total for o in moves if o.move != m.move), default=m.total))
        for m in moves
    )
    best = max(moves, key=lambda m: m.total).move
    rows = plan.rows
    return Advice(round_, tuple(s for s in SPECIALS if s in left), moves, best, tuple(values.values()), rows)
