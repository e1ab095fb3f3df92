"""Totals across tables and the prize ranking (RA-24, PT-3, PT-4).

RA-24: a player's result is the sum of her 16 game scores over both passes (penalty points, RA-23:
lower is better), ranked ascending across all tables. Ties share a rank (standard competition
ranking: 1, 2, 2, 4) unless the organiser chose tie-breaks, applied in the order given:

* ``second_pass``: the lower second-pass total is better;
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
    Rommé-Hand, and each seat's booked penalty points (already doubled after a Rommé-Hand)."""

    winner: int | None
    romme_hand: bool
    penalties: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TableSheet:
    """One table's pass: the registration numbers in seat order and the games booked so far."""

    pass_no: int
    table_no: int
    players: tuple[int, ...]
    games: tuple[SheetGame, ...]
    games_due: int

    @property
    def finished(self) -> bool:
        return len(self.games) >= self.games_due

    def running_totals(self) -> tuple[tuple[int, ...], ...]:
        """R-2.1: the sheet's running totals after each game, per seat."""
        totals = [0] * len(self.players)
        rows = []
        for game in self.games:
            totals = [t + p for t, p in zip(totals, game.penalties, strict=True)]
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


def player_results(names: Mapping[int, str], sheets: Sequence[TableSheet], passes: int = 2) -> list[PlayerResult]:
    """RA-24: each player's totals are the sums of her entries on the sheets she sat at."""
    totals = {number: [0] * passes for number in names}
    played = dict.fromkeys(names, 0)
    won = dict.fromkeys(names, 0)
    for sheet in sheets:
        for seat, number in enumerate(sheet.players):
            for game in sheet.games:
                totals[number][sheet.pass_no - 1] += game.penalties[seat]
                played[number] += 1
                won[number] += game.winner == seat
    return [PlayerResult(n, names[n], tuple(totals[n]), played[n], won[n]) for n in sorted(names)]


def lots_order(seed: str, numbers: Sequence[int]) -> dict[int, int]:
    """PT-4: each player's position in the lots drawn from ``seed`` (only used where the
    organiser chose ``lots``)."""
    order = sorted(numbers)
    random.Random(f"preisromme-lots:{seed}").shuffle(order)
    return {number: position for position, number in enumerate(order)}


def _key(result: PlayerResult, tie_break: Sequence[str], lots: Mapping[int, int]) -> tuple[int, ...]:
    parts = [result.total]
    for criterion in tie_break:
        if criterion == "second_pass":
            parts.append(result.pass_totals[-1])
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
) -> Standings:
    """RA-24: ascending totals; equal totals are separated by the tie-breaks in order, and players
    equal in every one share a rank (1, 2, 2, 4). ``prizes[i]`` goes to rank ``i + 1``; players
    sharing a rank are all shown with its prize (the organiser decides how to split it)."""
    chosen = check_tie_break(tie_break)
    lots = lots_order(lots_seed, [r.number for r in results]) if "lots" in chosen else {}
    ordered = sorted(results, key=lambda r: (_key(r, chosen, lots), r.number))
    by_total: dict[int, list[PlayerResult]] = {}
    for result in ordered:
        by_total.setdefault(result.total, []).append(result)
    placings = []
    previous_key: tuple[int, ...] | None = None
    current_rank = 0
    for position, result in enumerate(ordered, start=1):
        key = _key(result, chosen, lots)
        if key != previous_key:
            current_rank = position
            previous_key = key
        equal = [r for r in ordered if _key(r, chosen, lots) == key]
        group = by_total[result.total]
        explanation = _explain(result, group, equal, chosen, lots, current_rank)
        prize = prizes[current_rank - 1] if current_rank <= len(prizes) else ""
        placings.append(Placing(current_rank, result, len(equal) > 1, explanation, prize))
    return Standings(tuple(placings), complete, chosen)


def _names(results: Sequence[PlayerResult]) -> str:
    return ", ".join(r.name for r in results)


def _explain(
    result: PlayerResult,
    group: Sequence[PlayerResult],
    equal: Sequence[PlayerResult],
    chosen: Sequence[str],
    lots: Mapping[int, int],
    place: int,
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
            parts_de.append(f"{_CRITERIA[criterion].de}: {values}")
            parts_en.append(f"{_CRITERIA[criterion].en}: {values}")
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
