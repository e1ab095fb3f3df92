"""Totals across tables and the prize ranking (RA-23, RA-24, PT-3, PT-4).

RA-24: a player's result is the sum of her 16 game scores over both passes, ranked across all
tables. A game score follows the scoring the sheets were played with (RA-23 ``scoring``):

* ``penalty_points`` (default): the booked penalty points; lower is better, ranked ascending;
* ``winner_collects``: the net score, credits minus penalty points (the winner is credited with the
  others' sum); higher is better, ranked descending.

Raw totals are not normalised for tables of 3 or 5 (RA-24 ``normalise_table_size`` = false, the
default). With ``normalise_table_size`` = true (PT-6) each player's score of one table-pass is multiplied
by f(k) = 3k / (4(k − 1)) for the size k of the table she sat at in that pass (k = 4: 1, k = 3: 9/8,
k = 5: 15/16), computed exactly with ``Fraction``; ranking, ties and tie-breaks use these exact
normalised totals, the raw totals stay available next to them.
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
from fractions import Fraction

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


def table_factor(size: int) -> Fraction:
    """PT-6: f(k) = 3k / (4(k − 1)). At a table of k a player is among the losers in (k − 1)/k of the
    games on average, against 3/4 at a table of four; the ratio puts every table on the footing of a
    table of four and leaves a table of four unchanged. ``size`` 0 (not seated in that pass yet): 1."""
    if size == 0:
        return Fraction(1)
    return Fraction(3 * size, 4 * (size - 1))


def points_text(value: int | Fraction) -> Text:
    """PT-6: a total as shown: whole numbers as they are, others with one decimal (rounded half away
    from zero; German with a decimal comma)."""
    exact = Fraction(value)
    if exact.denominator == 1:
        shown = str(exact.numerator)
        return Text(shown, shown)
    tenths = (abs(exact) * 10 + Fraction(1, 2)).__floor__()
    sign = "-" if exact < 0 else ""
    shown = f"{sign}{tenths // 10}.{tenths % 10}"
    return Text(shown.replace(".", ","), shown)


def factor_text(factor: Fraction) -> str:
    """PT-6: the exact factor, e.g. ``1``, ``9/8``, ``15/16``."""
    return str(factor)


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
    """A player's results: per pass raw total, games won, total of both passes. With ``normalised``
    (RA-24 ``normalise_table_size`` = true, PT-6) ``pass_sizes`` holds the size of the table she sat at
    in each pass (0: not seated yet) and each pass's raw total is multiplied by its ``table_factor``;
    ``total`` is then the exact normalised total and ``raw_total`` the plain sum."""

    number: int
    name: str
    pass_totals: tuple[int, ...]
    games_played: int
    games_won: int
    pass_sizes: tuple[int, ...] = ()
    normalised: bool = False

    @property
    def pass_factors(self) -> tuple[Fraction, ...]:
        """PT-6: the factor of each pass (all 1 for raw totals)."""
        if not self.normalised:
            return tuple(Fraction(1) for _ in self.pass_totals)
        sizes = self.pass_sizes or (0,) * len(self.pass_totals)
        return tuple(table_factor(size) for size in sizes)

    @property
    def pass_scores(self) -> tuple[int | Fraction, ...]:
        """The per-pass totals that count: raw, or multiplied by the pass's factor (PT-6)."""
        if not self.normalised:
            return self.pass_totals
        return tuple(total * factor for total, factor in zip(self.pass_totals, self.pass_factors, strict=True))

    @property
    def raw_total(self) -> int:
        return sum(self.pass_totals)

    @property
    def total(self) -> int | Fraction:
        """RA-24 total: the raw sum, or the exact normalised sum under PT-6."""
        if not self.normalised:
            return self.raw_total
        return sum(self.pass_scores, Fraction(0))

    @property
    def total_text(self) -> Text:
        return points_text(self.total)

    def pass_text(self, index: int) -> Text:
        return points_text(self.pass_scores[index])


@dataclass(frozen=True, slots=True)
class Placing:
    rank: int
    result: PlayerResult
    shared: bool
    explanation: Text
    prize: str = ""
    #: PT-4a-bis: (place, prize) of the places a shared place skips (places 3 after 1, 2, 2, 4), shown
    #: with the players sharing it, so no prize of the organiser's list disappears from the standings.
    skipped_prizes: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Unranked:
    """PT-8: a player who plays only one of the two passes (withdrew, arrived late, replaced or
    replacing): listed with her points and marked, without a place or a prize, because RA-24's
    result is the sum of all 16 games. ``passes`` are the passes she plays; ``note`` says why."""

    result: PlayerResult
    passes: tuple[int, ...]
    note: Text


@dataclass(frozen=True, slots=True)
class Standings:
    placings: tuple[Placing, ...]
    complete: bool  # every table of both passes has all its games
    tie_break: tuple[str, ...]
    scoring: str = PENALTY_POINTS
    unranked: tuple[Unranked, ...] = ()

    @property
    def higher_is_better(self) -> bool:
        return higher_is_better(self.scoring)


def player_results(
    names: Mapping[int, str], sheets: Sequence[TableSheet], passes: int = 2, normalise: bool = False
) -> list[PlayerResult]:
    """RA-24: each player's totals are the sums of her game scores (RA-23, in each sheet's scoring)
    on the sheets she sat at; raw sums whatever the table size (``normalise_table_size`` = false),
    or with ``normalise`` each pass's sum times f(k) of her table in that pass (PT-6)."""
    totals = {number: [0] * passes for number in names}
    sizes = {number: [0] * passes for number in names}
    played = dict.fromkeys(names, 0)
    won = dict.fromkeys(names, 0)
    for sheet in sheets:
        for seat, number in enumerate(sheet.players):
            sizes[number][sheet.pass_no - 1] = len(sheet.players)
            for game in sheet.games:
                totals[number][sheet.pass_no - 1] += game.score(seat, sheet.scoring)
                played[number] += 1
                won[number] += game.winner == seat
    return [
        PlayerResult(n, names[n], tuple(totals[n]), played[n], won[n], tuple(sizes[n]), normalise)
        for n in sorted(names)
    ]


def lots_order(seed: str, numbers: Sequence[int], lottery_key: str | None = None) -> dict[int, int]:
    """PT-4: each player's position in the lots drawn from ``seed`` (only used where the
    organiser chose ``lots``) under the tournament game's ``lottery_key`` (default: the default game's)."""
    if lottery_key is None:
        from stammtisch.club.tournament.port import default_game  # the port imports this module

        lottery_key = default_game().lottery_key
    order = sorted(numbers)
    random.Random(f"{lottery_key}-lots:{seed}").shuffle(order)
    return {number: position for position, number in enumerate(order)}


def _key(
    result: PlayerResult, tie_break: Sequence[str], lots: Mapping[int, int], sign: int = 1
) -> tuple[int | Fraction, ...]:
    """Sort key, smaller is better; ``sign`` -1 where higher scores are better (RA-23). Exact
    normalised values under PT-6."""
    parts: list[int | Fraction] = [sign * result.total]
    for criterion in tie_break:
        if criterion == "second_pass":
            parts.append(sign * result.pass_scores[-1])
        elif criterion == "games_won":
            parts.append(-result.games_won)
        else:
            parts.append(lots[result.number])
    return tuple(parts)


def _criterion_value(result: PlayerResult, criterion: str, lots: Mapping[int, int]) -> Text:
    if criterion == "second_pass":
        return result.pass_text(len(result.pass_totals) - 1)
    if criterion == "games_won":
        return Text(str(result.games_won), str(result.games_won))
    return Text(f"#{lots[result.number] + 1}", f"#{lots[result.number] + 1}")


def rank(
    results: Sequence[PlayerResult],
    tie_break: Sequence[str] = (),
    lots_seed: str = "",
    prizes: Sequence[str] = (),
    complete: bool = True,
    scoring: str = PENALTY_POINTS,
    lottery_key: str | None = None,
) -> Standings:
    """RA-24: ascending totals (descending net scores under RA-23 ``winner_collects``); equal totals
    are separated by the tie-breaks in order, and players equal in every one share a rank (1, 2, 2, 4).
    ``prizes[i]`` goes to rank ``i + 1``; players sharing a rank are all shown with its prize (the
    organiser decides how to split it)."""
    chosen = check_tie_break(tie_break)
    lots = lots_order(lots_seed, [r.number for r in results], lottery_key) if "lots" in chosen else {}
    sign = -1 if higher_is_better(scoring) else 1
    ordered = sorted(results, key=lambda r: (_key(r, chosen, lots, sign), r.number))
    by_total: dict[int | Fraction, list[PlayerResult]] = {}
    for result in ordered:
        by_total.setdefault(result.total, []).append(result)
    placings = []
    previous_key: tuple[int | Fraction, ...] | None = None
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
        skipped = tuple(
            (place, prizes[place - 1])
            for place in range(current_rank + 1, current_rank + len(equal))
            if place <= len(prizes) and prizes[place - 1]
        )
        if skipped:
            explanation = _with_skipped(explanation, current_rank, prize, skipped)
        placings.append(Placing(current_rank, result, len(equal) > 1, explanation, prize, skipped))
    return Standings(tuple(placings), complete, chosen, scoring)


def _with_skipped(explanation: Text, place: int, prize: str, skipped: Sequence[tuple[int, str]]) -> Text:
    """PT-4a-bis: name the prizes of the places the shared place skips."""
    listed_de = "; ".join(f"Platz {p}: {text}" for p, text in skipped)
    listed_en = "; ".join(f"place {p}: {text}" for p, text in skipped)
    own_de = f" (Platz {place}: {prize})" if prize else ""
    own_en = f" (place {place}: {prize})" if prize else ""
    return Text(
        f"{explanation.de} Der geteilte Platz{own_de} überspringt Plätze; deren Preise gehören zu diesem "
        f"Platz: {listed_de}. Wie sie verteilt werden, entscheidet die Turnierleitung.",
        f"{explanation.en} The shared place{own_en} skips places; their prizes belong to this place: "
        f"{listed_en}. How they are split is the organiser's decision.",
    )


def _normalisation(result: PlayerResult) -> Text:
    """PT-6: how a normalised total came about: the raw total and each pass's raw sum × factor."""
    if not result.normalised:
        return Text("", "")
    passes_de, passes_en = [], []
    for index, (raw, size, factor) in enumerate(
        zip(result.pass_totals, result.pass_sizes or (0,) * len(result.pass_totals), result.pass_factors, strict=True)
    ):
        if size == 0:
            continue
        passes_de.append(f"Durchgang {index + 1}: {raw} × {factor_text(factor)} (Tisch zu {size})")
        passes_en.append(f"pass {index + 1}: {raw} × {factor_text(factor)} (table of {size})")
    return Text(
        f" (umgerechnet nach Tischgröße, RA-24/PT-6: {'; '.join(passes_de) or '–'}; roh {result.raw_total})",
        f" (normalised for table size, RA-24/PT-6: {'; '.join(passes_en) or '–'}; raw {result.raw_total})",
    )


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
    total = result.total_text
    how = _normalisation(result)
    if len(group) == 1:
        return Text(f"{total.de} Punkte{how.de}.", f"{total.en} points{how.en}.")
    head = Text(
        f"{total.de} Punkte{how.de}, gleich wie {_names([r for r in group if r is not result])}.",
        f"{total.en} points{how.en}, the same as {_names([r for r in group if r is not result])}.",
    )
    if chosen:
        parts_de, parts_en = [], []
        for criterion in chosen:
            values = [(r.name, _criterion_value(r, criterion, lots)) for r in group]
            parts_de.append(f"{_criterion_text(criterion, scoring).de}: {', '.join(f'{n} {v.de}' for n, v in values)}")
            parts_en.append(f"{_criterion_text(criterion, scoring).en}: {', '.join(f'{n} {v.en}' for n, v in values)}")
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
