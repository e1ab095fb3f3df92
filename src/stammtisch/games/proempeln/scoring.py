"""Scoring of one run, on its final stopper values (A.4 scoring function of the rulings).

``values`` is always the seven final values in bottle order (index bottle-1); under the
Doppellörer bottle 4 is the middle stopper, the multiplier.
"""

from __future__ import annotations

from collections.abc import Sequence

from stammtisch.games.proempeln.model import MEIER_POINTS, MIDDLE, Config

#: Lampenlörer values (PR-4.1, PR-R03): 0 counts -3 and 3 counts +6 (replacing, not on top).
LAMP_VALUES: tuple[int, int, int, int] = (-3, 1, 2, 6)
PAIR_POINTS = 10


def plain(values: Sequence[int]) -> int:
    """A regular run (PR-1.3, PR-3.1): the sum of the values, 0-21."""
    return sum(values)


def lampenlorer(values: Sequence[int]) -> int:
    """Lampenlörer (PR-4.1, PR-R03): -21 to 42."""
    return sum(LAMP_VALUES[v] for v in values)


def pairs(values: Sequence[int], zero_pairs: bool = True) -> int:
    """Pairs of equal values (PR-R02): sum over values of count // 2; 0s count if ``zero_pairs``."""
    counts = [0, 0, 0, 0]
    for v in values:
        counts[v] += 1
    return sum(counts[v] // 2 for v in range(4) if v or zero_pairs)


def pash7(values: Sequence[int], zero_pairs: bool = True) -> int:
    """Pash-7 (PR-4.3, PR-R01): 10 per pair replacing the sum; at most 30."""
    return PAIR_POINTS * pairs(values, zero_pairs)


def multiplier(values: Sequence[int]) -> int:
    """The Doppellörer multiplier: the middle stopper's value (PR-4.4)."""
    return values[MIDDLE - 1]


def doppellorer(values: Sequence[int]) -> int:
    """Doppellörer (PR-4.4, PR-R11): the six outer values summed, times the middle value (0-54)."""
    outer = sum(values) - values[MIDDLE - 1]
    return outer * values[MIDDLE - 1]


def unclaimed(effective: str, values: Sequence[int], config: Config) -> int:
    """The run's score without a passive claim, under the special whose rules apply."""
    if effective == "L":
        return lampenlorer(values)
    if effective == "P":
        return pash7(values, config.pash7_zero_pairs)
    if effective == "D":
        return doppellorer(values)
    return plain(values)


def is_meier(values: Sequence[int], requires_mix: bool = True) -> bool:
    """Meier (PR-5.1, PR-R05): only 1s and 2s, both present unless ``requires_mix`` is off. Under the
    Doppellörer the middle stopper is one of the seven, so the multiplier must be 1 or 2 as well."""
    if any(v not in (1, 2) for v in values):
        return False
    return not requires_mix or (1 in values and 2 in values)


def is_king(effective: str, values: Sequence[int]) -> bool:
    """Königszug (PR-5.2, PR-R07): seven 3s, never in a Kniffel."""
    return effective != "K" and all(v == 3 for v in values)


def meier_score(effective: str, values: Sequence[int]) -> int:
    """A claimed Meier replaces the score with 21, times the multiplier under D (PR-R06)."""
    return MEIER_POINTS * (multiplier(values) if effective == "D" else 1)


def score(effective: str, values: Sequence[int], claim: str, config: Config) -> int:
    """The recorded round score of a run with its (valid) claim (PR-R06, PR-R07).

    A King records the run's ordinary value (21, L 42, P 30, D 54). A Meier replaces the score as
    claimed; with ``passive_resolution = best_of`` the better of claimed and unclaimed counts."""
    base = unclaimed(effective, values, config)
    if claim != "meier":
        return base
    meier = meier_score(effective, values)
    return max(meier, base) if config.passive_resolution == "best_of" else meier


def valid_claims(effective: str, values: Sequence[int], config: Config) -> tuple[str, ...]:
    """The passive claims whose condition holds for these final values, in canonical order."""
    claims: list[str] = []
    if is_meier(values, config.meier_requires_mix):
        claims.append("meier")
    if is_king(effective, values):
        claims.append("king")
    return tuple(claims)


def auto_claim(effective: str, values: Sequence[int], config: Config) -> str:
    """The claim ``auto_claim_passive`` makes (PR-R17): a valid King always (it never lowers the
    score), a valid Meier when it does not lower the score, else none."""
    claims = valid_claims(effective, values, config)
    if "king" in claims:
        return "king"
    if "meier" in claims and score(effective, values, "meier", config) >= unclaimed(effective, values, config):
        return "meier"
    return "none"
