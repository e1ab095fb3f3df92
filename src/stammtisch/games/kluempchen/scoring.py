"""Scoring helpers ("Was wird gezählt"): clump values, combinations and six-dice patterns.

Pure functions over face counts (a 6-tuple: how many dice show 1..6), tested alone.
"""

from __future__ import annotations

from functools import lru_cache

STRASSE = 30  # S-3
VOLL = 15  # S-4
VOLL_STAR = 15  # S-5

# Six-dice patterns (KA-05), the result of classify().
SIX_EQUAL, STRASSE_PATTERN, VOLL_PATTERN, VOLL_STAR_PATTERN, ANSCHLUSS_PATTERN = range(5)
KEEP, TWO_PAIRS = 5, 6


def base(face: int) -> int:
    """S-1: a triple of ones is worth 10, any other triple its face value."""
    return 10 if face == 1 else face


def clump(face: int, count: int) -> int:
    """S-2: three equal = base, each further equal die doubles (3x1=10, 4x1=20, 5x1=40, 6x1=80)."""
    if count < 3:
        return 0
    return base(face) << (count - 3)


def anschluss(first: int, second: int) -> int:
    """S-6: two triples add their values (555 666 = 11)."""
    return base(first) + base(second)


def counts_of(faces: tuple[int, ...]) -> tuple[int, int, int, int, int, int]:
    """How many of ``faces`` show 1..6."""
    c = [0, 0, 0, 0, 0, 0]
    for f in faces:
        c[f - 1] += 1
    return (c[0], c[1], c[2], c[3], c[4], c[5])


def clump_value(kept: tuple[int, ...]) -> int:
    """KA-04/KA-07: the value of the single clump of >= 3 among the kept dice (a pair is ignored)."""
    best = 0
    for index, n in enumerate(kept):
        if n >= 3:
            value = clump(index + 1, n)
            if value > best:
                best = value
    return best


@lru_cache(maxsize=512)
def classify(faces: tuple[int, ...]) -> tuple[int, int, tuple[int, int, int, int, int, int]]:
    """KA-05: a six-dice throw's pattern, its points (combinations) and the dice kept.

    Returns ``(pattern, points, kept)``: ``SIX_EQUAL`` (round ends, S-7), ``STRASSE_PATTERN`` (30),
    ``VOLL_PATTERN`` (15), ``VOLL_STAR_PATTERN`` (choice a/b, S-8.3), ``ANSCHLUSS_PATTERN``
    (base + base), ``TWO_PAIRS`` (the player keeps one pair, K-6.7) or ``KEEP`` with the forced group:
    5-1 keeps five, 4-1-1 four, 3-x the triple (K-6.5), 2-1-1-1-1 the pair (K-6.6)."""
    counts = counts_of(faces)
    shape = sorted(counts, reverse=True)
    none = (0, 0, 0, 0, 0, 0)
    if shape[0] == 6:
        return SIX_EQUAL, clump(counts.index(6) + 1, 6), none
    if shape[0] == 1:
        return STRASSE_PATTERN, STRASSE, none
    if shape[:3] == [2, 2, 2]:
        return VOLL_PATTERN, VOLL, none
    if shape[:2] == [4, 2]:
        return VOLL_STAR_PATTERN, VOLL_STAR, none
    if shape[:2] == [3, 3]:
        a = counts.index(3)
        b = counts.index(3, a + 1)
        return ANSCHLUSS_PATTERN, anschluss(a + 1, b + 1), none
    if shape[:2] == [2, 2]:
        return TWO_PAIRS, 0, none
    top = shape[0]  # 5, 4, 3 or 2: keep exactly that group
    face = counts.index(top)
    kept = [0, 0, 0, 0, 0, 0]
    kept[face] = top
    return KEEP, 0, (kept[0], kept[1], kept[2], kept[3], kept[4], kept[5])


def pairs_of(faces: tuple[int, ...]) -> tuple[int, ...]:
    """The faces showing exactly twice, ascending (the choices of K-6.7)."""
    counts = counts_of(faces)
    return tuple(index + 1 for index, n in enumerate(counts) if n == 2)


def voll_star_faces(faces: tuple[int, ...]) -> tuple[int, int]:
    """(face of the four, face of the pair) of a 4-2 throw."""
    counts = counts_of(faces)
    return counts.index(4) + 1, counts.index(2) + 1
