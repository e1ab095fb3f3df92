"""Scoresheet mode: which turn results can happen at all (docs/rulings/kluempchen.md, "Scoresheet bound").

A successful turn is worth ``30 x s + (other combinations) + final clump`` where ``s`` Straßen and
the other combinations (15 Voll, 15 Voll* a, Anschluss, six equal over several throws) form the
chain that was confirmed (S-8, KA-08), and the final clump is 3, 4 or 5 equal dice (S-1/S-2; six in
one throw ends the round instead). The chain is bounded: two combinations under ``within_turn``
(three throws, the last one must confirm), ``scoresheet_chain_limit`` under ``fresh_sequence``.
A joker doubles the whole result (KA-15). A turn that ends 0 may have thrown up to one more Straße
than the chain bound (they count for the Straßen account, KA-20).
"""

from __future__ import annotations

from functools import lru_cache

from stammtisch.games.kluempchen.model import Config, EnterSixEqual, EnterTurn
from stammtisch.games.kluempchen.scoring import STRASSE, VOLL, VOLL_STAR, anschluss, clump

CLUMPS = tuple(sorted({clump(face, n) for face in range(1, 7) for n in (3, 4, 5)}))
OTHER_COMBINATIONS = tuple(
    sorted(
        {VOLL, VOLL_STAR}
        | {anschluss(a, b) for a in range(1, 7) for b in range(a + 1, 7)}
        | {clump(face, 6) for face in range(1, 7)}
    )
)


def chain_bound(config: Config) -> int:
    """How many combinations one turn may confirm in a chain."""
    return 2 if not config.fresh_sequence else config.scoresheet_chain_limit


@lru_cache(maxsize=64)
def _sums(count: int) -> frozenset[int]:
    """Every sum of exactly ``count`` non-Straße combinations (repetition allowed)."""
    sums = {0}
    for _ in range(count):
        sums = {s + c for s in sums for c in OTHER_COMBINATIONS}
    return frozenset(sums)


@lru_cache(maxsize=64)
def results(config: Config, strassen: int) -> frozenset[int]:
    """Every positive turn result (before the joker) with exactly ``strassen`` Straßen in the chain."""
    bound = chain_bound(config)
    found: set[int] = set()
    for others in range(0, bound - strassen + 1):
        for chain in _sums(others):
            pending = STRASSE * strassen + chain
            if strassen + others == 0:
                found.update(CLUMPS)
            elif config.confirmation_adds_points:
                found.update(pending + c for c in CLUMPS)
            else:
                found.add(pending)
    return frozenset(found)


def max_strassen(config: Config, points: int) -> int:
    """The most Straßen a turn with this result can have thrown."""
    return chain_bound(config) + (1 if points == 0 else 0)


def achievable(config: Config, points: int, joker: bool, strassen: int) -> bool:
    """Whether a turn can end with ``points`` (already doubled with a joker) and ``strassen`` Straßen."""
    if points < 0 or strassen < 0 or strassen > max_strassen(config, points):
        return False
    if points == 0:
        return True
    if joker:
        if points % 2:
            return False
        points //= 2
    return points in results(config, strassen)


@lru_cache(maxsize=256)
def entries(config: Config, joker_available: bool, partner: int = -1) -> tuple[EnterTurn | EnterSixEqual, ...]:
    """Every legal scoresheet entry, canonical order: thrown by the owner (without joker, then with
    joker), then thrown by his ``partner`` for him (K-16.1; no joker, K-16.2; -1: no partner); each by
    Straßen, then points; then the six-equal events by Straßen, the owner's first."""
    found: list[EnterTurn | EnterSixEqual] = []
    throwers = (-1,) if partner < 0 else (-1, partner)
    for thrower in throwers:
        jokers = (False, True) if joker_available and thrower < 0 else (False,)
        for joker in jokers:
            for strassen in range(0, chain_bound(config) + 2):
                points = [0] if strassen == chain_bound(config) + 1 else [0, *sorted(results(config, strassen))]
                factor = 2 if joker else 1
                found.extend(EnterTurn(p * factor, joker, strassen, thrower) for p in points)
    for thrower in throwers:
        found.extend(EnterSixEqual(s, thrower) for s in range(0, chain_bound(config) + 1))
    return tuple(found)
