"""The bank's tables as rows for CSV (and JSON lines): the ledger and the season report (issue 13.6)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stammtisch.club.bank.model import Booking, reason_text
from stammtisch.club.members.model import Member


def season_csv_rows(data: dict[str, Any]) -> list[list[Any]]:
    """The season report as CSV rows: one line per member (money in cents, then the Klümpchen figures).
    ``data``: ``report`` (SeasonReport), ``figures`` (member -> PlayerFigures), ``names`` (member -> Member)."""
    report = data["report"]
    names: dict[int, Member] = data["names"]
    rows: list[list[Any]] = [
        [
            "member_id",
            "name",
            "carried_cents",
            "charged_cents",
            "credited_cents",
            "paid_cents",
            "balance_cents",
            "evenings",
            "rounds",
            "lost",
            "schuster",
            "schwarz",
            "jokers_buried",
            "strassen_units",
            "six_equal",
            "best_score",
        ]
    ]
    for line in report.members:
        f = data["figures"].get(line.member_id)
        figures = (
            [
                f.evenings,
                f.rounds,
                f.lost,
                f.schuster,
                f.schwarz,
                f.jokers_buried,
                f.strassen_units,
                f.six_equal,
                f.best_score,
            ]
            if f
            else [0] * 9
        )
        member = names.get(line.member_id)
        rows.append(
            [
                line.member_id,
                member.name if member else "",
                line.carried_cents,
                line.charged_cents,
                line.credited_cents,
                line.paid_cents,
                line.balance_cents,
                *figures,
            ]
        )
    return rows


def ledger_csv_rows(book: Sequence[Booking]) -> list[list[Any]]:
    """The ledger as CSV rows (a header, then one booking per row; stable English column names)."""
    rows: list[list[Any]] = [
        [
            "booking_id",
            "day",
            "member_id",
            "reason",
            "reason_de",
            "reason_en",
            "member_cents",
            "cash_cents",
            "bank_cents",
            "evening",
            "round",
            "booked_by",
            "booked_at",
            "note",
            "reverses",
        ]
    ]
    for b in book:
        text = reason_text(b.reason)
        rows.append(
            [
                b.booking_id,
                b.on.isoformat(),
                b.member_id if b.member_id is not None else "",
                b.reason.value,
                text.de,
                text.en,
                b.member_cents,
                b.cash_cents,
                b.bank_cents,
                b.evening or "",
                b.round if b.round is not None else "",
                b.booked_by if b.booked_by is not None else "",
                b.booked_at.isoformat(),
                b.note,
                b.reverses if b.reverses is not None else "",
            ]
        )
    return rows
