"""Totals across tables and the prize ranking (RA-23, RA-24, PT-3, PT-4).

RA-24: a player's result is the sum of her 16 game scores over both passes, ranked across all
tables. A game score follows the scoring the sheets were played with (RA-23 ``scoring``):

* ``penalty_points`` (default): the booked penalty points; lower is better, ranked ascending;
* ``winner_collects``: the net score, credits minus penalty points (the winner is credited with the
  others' sum); higher is better, ranked descending.

Raw totals are not normalised for tables of 3 or 5 (RA-24 ``normalise_table_size`` = false).
Ties share a rank (standard competition ranking: 1, 2, 2, 4) unless the organiser chose
tie-breaks, applied in the order given:

* ``second_pass``: the better second-pass total (lower, or higher under ``winner_collects``);
* ``games_won``: more games won (went out) is better;
* ``lots``: drawing lots, reproducible from the tournament's lots seed (PT-4).

Every placing carries a bilingual explanation of how it came about.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from stammtisch.club.tournament.errors import TournamentRefused
from stammtisch.core.text import Text

TIE_BREAKS = ("second_pass", "games_won", "lots")

_CRITERIA = {
    "second_pass": Text("Summe im 2. Durchgang (weniger ist besser)", "second-pass total (lower is better)"),
    "games_won": Text("gewonnene Spiele (mehr ist besser)", "games won (more is better)"),
    "lots": Text("Los", "drawing lots"),
}
_SECOND_PASS_NET = Text("Summe im 2. Durchgang (mehr ist besser)", "second-pass total (higher is better)")

#: RA-23 scorings; under ``winner_collects`` a higher net score is better.
PENALTY_POINTS = "penalty_points"
WINNER_COLLECTS = "winner_collects"


def higher_is_better(scoring: str) -> bool:
    return scoring == WINNER_COLLECTS


def _criterion_text(criterion: str, scoring: str) -> Text:
    if criterion == "second_pass" and higher_is_better(scoring):
        return _SECOND_PASS_NET
    return _CRITERIA[criterion]


def check_tie_break(tie_break: Sequence[str]) -> tuple[str, ...]:
    """RA-24: the organiser's tie-breaks, each at most once; empty means ties share a rank."""
    chosen = tuple(tie_break)
    unknown = [key for key in chosen if key not in TIE_BREAKS]
    if unknown or len(set(chosen)) != len(chosen):
        raise TournamentRefused(
            "RA-24",
            Text(
                f"Unbekannte oder doppelte Entscheidung bei Gleichstand: {', '.join(chosen)} "
                f"(möglich: {', '.join(TIE_BREAKS)}).",
                f"Unknown or repeated tie-break: {', '.join(chosen)} (possible: {', '.join(TIE_BREAKS)}).",
            ),
        )
    return chosen


@dataclass(frozen=True, slots=True)
class SheetGame:
    """One game as booked on a table's sheet: the winner's 0-based seat (None: nobody went out),
    Rommé-Hand, each seat's booked penalty points (already doubled after a Rommé-Hand) and credits
    (RA-23 ``winner_collects``: the winner's share of the others' sum; empty or zeros otherwise)."""

    winner: int | None
    romme_hand: bool
    penalties: tuple[int, ...]
    credits: tuple[int, ...] = ()

    def score(self, seat: int, scoring: str = PENALTY_POINTS) -> int:
        """RA-23: the seat's score in this game: penalty points, or the net score (credits minus
        penalty points) under ``winner_collects``."""
        if higher_is_better(scoring):
            credit = self.credits[seat] if self.credits else 0
            return credit - self.penalties[seat]
        return self.penalties[seat]


@dataclass(frozen=True, slots=True)
class TableSheet:
    """One table's pass: the registration numbers in seat order, the games booked so far and the
    scoring the sheet is played with (RA-23)."""

    pass_no: int
    table_no: int
    players: tuple[int, ...]
    games: tuple[SheetGame, ...]
    games_due: int
    scoring: str = PENALTY_POINTS

    @property
    def finished(self) -> bool:
        return len(self.games) >= self.games_due

    def running_totals(self) -> tuple[tuple[int, ...], ...]:
        """R-2.1: the sheet's running totals after each game, per seat (in the sheet's scoring)."""
        totals = [0] * len(self.players)
        rows = []
        for game in self.games:
            totals = [t + game.score(seat, self.scoring) for seat, t in enumerate(totals)]
            rows.append(tuple(totals))
        return tuple(rows)


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """A player's results: per pass total, games won, total of both passes."""

    number: int
    name: str
    pass_totals: tuple[int, ...]
    games_played: int
    games_won: int

    @property
    def total(self) -> int:
        return sum(self.pass_totals)


@dataclass(frozen=True, slots=True)
class Placing:
    rank: int
    result: PlayerResult
    shared: bool
    explanation: Text
    prize: str = ""


@dataclass(frozen=True, slots=True)
class Standings:
    placings: tuple[Placing, ...]
    complete: bool  # every table of both passes has all its games
    tie_break: tuple[str, ...]
    scoring: str = PENALTY_POINTS

    @property
    def higher_is_better(self) -> bool:
        return higher_is_better(self.scoring)


def player_results(names: Mapping[int, str], sheets: Sequence[TableSheet], passes: int = 2) -> list[PlayerResult]:
    """RA-24: each player's totals are the sums of her game scores (RA-23, in each sheet's scoring)
    on the sheets she sat at; raw sums, whatever the table size (``normalise_table_size`` = false)."""
    totals = {number: [0] * passes for number in names}
    played = dict.fromkeys(names, 0)
    won = dict.fromkeys(names, 0)
    for sheet in sheets:
        for seat, number in enumerate(sheet.players):
            for game in sheet.games:
                totals[number][sheet.pass_no - 1] += game.score(seat, sheet.scoring)
                played[number] += 1
                won[number] += game.winner == seat
    return [PlayerResult(n, names[n], tuple(totals[n]), played[n], won[n]) for n in sorted(names)]


def lots_order(seed: str, numbers: Sequence[int]) -> dict[int, int]:
    """PT-4: each player's position in the lots drawn from ``seed`` (only used where the
    organiser chose ``lots``)."""
    order = sorted(numbers)
    random.Random(f"preisromme-lots:{seed}").shuffle(order)
    return {number: position for position, number in enumerate(order)}


def _key(result: PlayerResult, tie_break: Sequence[str], lots: Mapping[int, int], sign: int = 1) -> tuple[int, ...]:
    """Sort key, smaller is better; ``sign`` -1 where higher scores are better (RA-23)."""
    parts = [sign * result.total]
    for criterion in tie_break:
        if criterion == "second_pass":
            parts.append(sign * result.pass_totals[-1])
        elif criterion == "games_won":
            parts.append(-result.games_won)
        else:
            parts.append(lots[result.number])
    return tuple(parts)


def _criterion_value(result: PlayerResult, criterion: str, lots: Mapping[int, int]) -> str:
    if criterion == "second_pass":
        return str(result.pass_totals[-1])
    if criterion == "games_won":
        return str(result.games_won)
    return f"#{lots[result.number] + 1}"


def rank(
    results: Sequence[PlayerResult],
    tie_break: Sequence[str] = (),
    lots_seed: str = "",
    prizes: Sequence[str] = (),
    complete: bool = True,
    scoring: str = PENALTY_POINTS,
) -> Standings:
    """RA-24: ascending totals (descending net scores under RA-23 ``winner_collects``); equal totals
    are separated by the tie-breaks in order, and players equal in every one share a rank (1, 2, 2, 4).
    ``prizes[i]`` goes to rank ``i + 1``; players sharing a rank are all shown with its prize (the
    organiser decides how to split it)."""
    chosen = check_tie_break(tie_break)
    lots = lots_order(lots_seed, [r.number for r in results]) if "lots" in chosen else {}
    sign = -1 if higher_is_better(scoring) else 1
    ordered = sorted(results, key=lambda r: (_key(r, chosen, lots, sign), r.number))
    by_total: dict[int, list[PlayerResult]] = {}
    for result in ordered:
        by_total.setdefault(result.total, []).append(result)
    placings = []
    previous_key: tuple[int, ...] | None = None
    current_rank = 0
    for position, result in enumerate(ordered, start=1):
        key = _key(result, chosen, lots, sign)
        if key != previous_key:
            current_rank = position
            previous_key = key
        equal = [r for r in ordered if _key(r, chosen, lots, sign) == key]
        group = by_total[result.total]
        explanation = _explain(result, group, equal, chosen, lots, current_rank, scoring)
        prize = prizes[current_rank - 1] if current_rank <= len(prizes) else ""
        placings.append(Placing(current_rank, result, len(equal) > 1, explanation, prize))
    return Standings(tuple(placings), complete, chosen, scoring)


def _names(results: Sequence[PlayerResult]) -> str:
    return ", ".join(r.name for r in results)


def _explain(
    result: PlayerResult,
    group: Sequence[PlayerResult],
    equal: Sequence[PlayerResult],
    chosen: Sequence[str],
    lots: Mapping[int, int],
    place: int,
    scoring: str = PENALTY_POINTS,
) -> Text:
    """A sentence saying why ``result`` has its rank."""
    total = result.total
    if len(group) == 1:
        return Text(f"{total} Punkte.", f"{total} points.")
    head = Text(
        f"{total} Punkte, gleich wie {_names([r for r in group if r is not result])}.",
        f"{total} points, the same as {_names([r for r in group if r is not result])}.",
    )
    if chosen:
        parts_de, parts_en = [], []
        for criterion in chosen:
            values = ", ".join(f"{r.name} {_criterion_value(r, criterion, lots)}" for r in group)
            parts_de.append(f"{_criterion_text(criterion, scoring).de}: {values}")
            parts_en.append(f"{_criterion_text(criterion, scoring).en}: {values}")
        tail_de = " Entscheidung bei Gleichstand (RA-24): " + "; ".join(parts_de) + "."
        tail_en = " Tie-break (RA-24): " + "; ".join(parts_en) + "."
    else:
        tail_de = tail_en = ""
    if len(equal) > 1:
        shared = Text(
            f" Geteilter Platz {place} (RA-24: Gleichstand teilt den Platz).",
            f" Shared place {place} (RA-24: ties share a place).",
        )
    else:
        shared = Text(f" Damit Platz {place}.", f" Hence place {place}.")
    return Text(head.de + tail_de + shared.de, head.en + tail_en + shared.en)
