"""``stammtisch bank`` and ``stammtisch export``: the club's bank from the terminal (issue 13; KA-30,
KA-32, KA-33), on the same database as the server (``STAMMTISCH_DATABASE_URL`` or the data directory).

* ``bank balances`` – every member's balance, the cash in the box and the bank's balance (closed
  Klümpchen evenings are booked first; evenings that cannot be booked are listed with the reason);
* ``bank pay NAME AMOUNT [--out] [--day D] [--note N]`` – cash paid in (``--out``: paid out to her);
* ``bank spend AMOUNT --note PURPOSE [--day D]`` – the bank's spending (C-6.1, the dice tour);
* ``bank fine NAME late|absent [--day D]`` – an attendance fine (KA-30);
* ``bank report [--season DAY] [--csv FILE]`` – the season report of the season containing DAY;
* ``bank close-season DAY`` – close the (ended) season containing DAY: nothing more is booked on it;
* ``bank season-start [MM-DD]`` – show the season start (and a change already decided), or set it: from
  the next season on, a closed season never moves (SE-1 … SE-4, docs/bank.md);
* ``export [--format json|csv] [--out DIR]`` – every match's event log (JSON lines), members, the
  ledger and the closed seasons; CSV: the ledger and the current season's report.
Refusals print German then English and write nothing.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from stammtisch.cli.console import fail, stdout
from stammtisch.club.spreadsheet import write_rows
from stammtisch.core.text import Text

if TYPE_CHECKING:
    from stammtisch.club.bank.season import SeasonCalendar
    from stammtisch.store.ledger_sync import EveningBooker

app = typer.Typer(help="The club's bank: balances, payments, fines, the season report.", no_args_is_help=True)


@contextmanager
def bank() -> Iterator[EveningBooker]:
    """The bank on the configured database; refusals end in a bilingual message."""
    from stammtisch.core.errors import RuleViolation
    from stammtisch.matches.service import MatchService
    from stammtisch.store.config import database_url
    from stammtisch.store.database import open_store
    from stammtisch.store.errors import StoreError
    from stammtisch.store.ledger_sync import EveningBooker

    try:
        store = open_store(database_url())
    except StoreError as error:
        fail(Text(str(error), str(error)))
    try:
        yield EveningBooker(MatchService(store.repository), store.engine)
    except RuleViolation as error:
        fail(error.message)
    finally:
        store.close()


def _day(text: str | None) -> date:
    from stammtisch.store.ledger_sync import CLUB_ZONE

    if not text:
        return datetime.now(UTC).astimezone(CLUB_ZONE).date()
    try:
        return date.fromisoformat(text)
    except ValueError:
        fail(
            Text(
                f"Datum {text!r} geht nicht: erwartet wird ein Tag wie 2026-05-08.",
                f"Date {text!r} is not allowed: give a day like 2026-05-08.",
            )
        )


def _member(booker: EveningBooker, name: str) -> int:
    from stammtisch.club.bank.errors import UnknownMember
    from stammtisch.club.members.names import name_key

    found = booker.club.member_by_key(name_key(name))
    if found is None:
        raise UnknownMember(repr(name))
    return found.member_id


def _money(cents: int) -> str:
    from stammtisch.club.bank.ledger import euros

    return euros(cents, "de")


@app.command("balances")
def balances_command() -> None:
    """Every member's balance (negative: owes the bank), the cash and the bank's balance."""
    from stammtisch.club.bank.ledger import balances, bank_balance, cash

    with bank() as booker:
        problems = booker.sync_all()
        book = booker.ledger.bookings()
        owed = balances(book)
        console = stdout()
        for member in sorted(booker.club.members(), key=lambda m: m.name.casefold()):
            console.print(f"{member.name:<30} {_money(owed.get(member.member_id, 0)):>14}", markup=False)
        console.print(f"{'Kasse (bar) / cash':<30} {_money(cash(book)):>14}", markup=False)
        console.print(f"{'Stand der Kasse / bank balance':<30} {_money(bank_balance(book)):>14}", markup=False)
        for match_id, problem in problems.items():
            console.print(
                f"nicht gebucht / not booked {match_id}: {problem.message.de} / {problem.message.en}", markup=False
            )


def _book(name: str | None, reason: str, amount: str, day: str | None, note: str) -> None:
    from stammtisch.club.bank.ledger import parse_euros
    from stammtisch.club.bank.model import Reason, booking

    with bank() as booker:
        cents = parse_euros(amount)
        who = _member(booker, name) if name is not None else None
        (booking_id,) = booker.ledger.append(
            [booking(who, Reason(reason), cents, _day(day), datetime.now(UTC), note=note)]
        )
        stdout().print(f"gebucht / booked #{booking_id}: {_money(cents)}", markup=False)


@app.command("pay")
def pay(
    name: Annotated[str, typer.Argument(help="the member's name")],
    amount: Annotated[str, typer.Argument(help="euros, e.g. 12,50")],
    out: Annotated[bool, typer.Option("--out", help="the bank pays her (a pay-out)")] = False,
    day: Annotated[str | None, typer.Option("--day", help="the day (YYYY-MM-DD), default today")] = None,
    note: Annotated[str, typer.Option("--note")] = "",
) -> None:
    """Cash paid in by a member (or, with --out, paid out to her)."""
    _book(name, "cash_out" if out else "cash_in", amount, day, note)


@app.command("spend")
def spend(
    amount: Annotated[str, typer.Argument(help="euros, e.g. 120")],
    note: Annotated[str, typer.Option("--note", help="the purpose, e.g. Würfeltour 2026")] = "",
    day: Annotated[str | None, typer.Option("--day")] = None,
) -> None:
    """The bank's spending (C-6.1: the dice tour)."""
    if not note.strip():
        fail(Text("Eine Ausgabe braucht einen Zweck (--note).", "Spending needs a purpose (--note)."))
    _book(None, "spending", amount, day, note)


@app.command("fine")
def fine_command(
    name: Annotated[str, typer.Argument(help="the member's name")],
    kind: Annotated[str, typer.Argument(help="late or absent")],
    day: Annotated[str | None, typer.Option("--day")] = None,
) -> None:
    """An attendance fine (KA-30): late 3 €, absent 8 €; externals and the excused are not fined."""
    if kind not in ("late", "absent"):
        fail(
            Text(
                f"{kind!r} gibt es nicht: erlaubt sind late oder absent.",
                f"{kind!r} does not exist: use late or absent.",
            )
        )
    from stammtisch.club.bank.attendance import Attendance, fine, parse_window
    from stammtisch.club.bank.model import booking
    from stammtisch.club.members.model import Kind

    with bank() as booker:
        member_id = _member(booker, name)
        member = booker.club.member(member_id)
        marked = Attendance(
            member_id,
            present=kind != "absent",
            arrived=None,
            left=None,
            external=bool(member and member.kind is Kind.EXTERNAL),
        )
        if kind == "late":
            from datetime import time

            marked = Attendance(member_id, present=True, arrived=time(23, 59), external=marked.external)
        due = fine(marked, parse_window("20:00-22:00"))
        if due is None:
            stdout().print("keine Strafe (extern) / no fine (external)", markup=False)
            return
        reason, cents = due
        booker.ledger.append([booking(member_id, reason, cents, _day(day), datetime.now(UTC))])
        stdout().print(f"gebucht / booked: {name} {_money(cents)}", markup=False)


@app.command("report")
def report(
    season: Annotated[str | None, typer.Option("--season", help="a day in the season, default today")] = None,
    csv_file: Annotated[Path | None, typer.Option("--csv", help="also write the report as CSV")] = None,
) -> None:
    """The season report (KA-32): cash, income by reason, each member's balance and figures."""
    from stammtisch.club.bank.model import reason_text
    from stammtisch.club.bank.report import season_report

    with bank() as booker:
        chosen = _calendar(booker).season_of(_day(season))
        booker.sync_all()
        figures = booker.figures(chosen.start, chosen.end)
        result = season_report(chosen, booker.ledger.bookings(until=chosen.end), figures=figures)
        names = {m.member_id: m.name for m in booker.club.members()}
        console = stdout()
        console.print(f"Saison / season {chosen.label} ({chosen.start} – {chosen.end})", markup=False)
        console.print(f"Kasse zu Beginn / cash at start: {_money(result.cash_start)}", markup=False)
        console.print(f"Kasse am Ende / cash at end:     {_money(result.cash_end)}", markup=False)
        for reason, cents in result.by_reason:
            text = reason_text(reason)
            console.print(f"  {text.de} / {text.en}: {_money(cents)}", markup=False)
        for line in result.members:
            console.print(
                f"  {names.get(line.member_id, line.member_id)!s:<28} {_money(line.balance_cents):>14}", markup=False
            )
        if csv_file is not None:
            from stammtisch.club.bank.export import season_csv_rows

            _write_csv(
                csv_file,
                season_csv_rows(
                    {"report": result, "figures": figures, "names": {m.member_id: m for m in booker.club.members()}}
                ),
            )


@app.command("close-season")
def close_season(day: Annotated[str, typer.Argument(help="a day in the season to close")]) -> None:
    """Close an ended season: nothing more is booked on its days (KA-32)."""
    with bank() as booker:
        chosen = _calendar(booker).season_of(_day(day))
        if chosen.end >= _day(None):
            fail(
                Text(
                    f"Die Saison {chosen.label} läuft noch bis {chosen.end}: abgeschlossen wird sie danach.",
                    f"The season {chosen.label} runs until {chosen.end}: it is closed after that.",
                )
            )
        booker.ledger.close_season(chosen, None, datetime.now(UTC))
        stdout().print(f"abgeschlossen / closed: {chosen.label}", markup=False)


def _calendar(booker: EveningBooker) -> SeasonCalendar:
    """The club's season starts over time (SE-1)."""
    from stammtisch.store.settings import SqlSettings

    return SqlSettings(booker.ledger.engine).season_calendar()


@app.command("season-start")
def season_start(
    start: Annotated[str | None, typer.Argument(help="the new start as MM-DD, e.g. 08-01; none: show it")] = None,
) -> None:
    """Show or set the season start (SE-2: a change applies from the next season on)."""
    from stammtisch.club.bank.season import parse_start, start_text

    with bank() as booker:
        today = _day(None)
        if start is not None:
            from stammtisch.store.settings import SqlSettings

            SqlSettings(booker.ledger.engine).set_season_start(parse_start(start), today, datetime.now(UTC))
        seasons = _calendar(booker)
        running = seasons.season_of(today)
        console = stdout()
        console.print(f"Saisonbeginn / season start: {start_text(seasons.start_on(today))}", markup=False)
        console.print(
            f"laufende Saison / running season: {running.label} ({running.start} – {running.end})", markup=False
        )
        pending = seasons.pending(today)
        if pending is not None:
            first = seasons.season_of(pending.effective)
            console.print(f"ab / from {pending.effective}: Beginn / start {start_text(pending.start)}", markup=False)
            console.print(f"nächste Saison / next season: {first.label} ({first.start} – {first.end})", markup=False)


def _write_csv(path: Path, rows: list[list[Any]]) -> None:
    with path.open("w", newline="", encoding="utf-8-sig") as handle:
        write_rows(handle, rows)  # formula-looking cells neutralised (club.spreadsheet)


def export(
    format: Annotated[str, typer.Option("--format", help="json or csv")] = "json",
    out: Annotated[Path, typer.Option("--out", help="the directory to write into")] = Path("stammtisch-export"),
) -> None:
    """Export matches (event logs, JSON lines), members, the ledger and seasons; or the ledger as CSV."""
    if format not in ("json", "csv"):
        fail(
            Text(
                f"Format {format!r} gibt es nicht: erlaubt sind json und csv.",
                f"Format {format!r} does not exist: use json or csv.",
            )
        )
    from stammtisch.club.bank.export import ledger_csv_rows
    from stammtisch.club.settings import SEASON_START
    from stammtisch.store.settings import SqlSettings

    out.mkdir(parents=True, exist_ok=True)
    with bank() as booker:
        book = booker.ledger.bookings()
        if format == "csv":
            _write_csv(out / "ledger.csv", ledger_csv_rows(book))
            stdout().print(f"{out / 'ledger.csv'}", markup=False)
            return
        service = booker.service
        with (out / "matches.jsonl").open("w", encoding="utf-8") as handle:
            for record in reversed(service.list_matches(10_000_000)):
                line = {"match": record.to_json(), "events": [e.to_json() for e in service.events(record.match_id)]}
                handle.write(json.dumps(line, ensure_ascii=False, sort_keys=True, default=str) + "\n")
        members = [
            {
                "member_id": m.member_id,
                "name": m.name,
                "short_name": m.short_name,
                "kind": m.kind.value,
                "active": m.active,
                "guest": m.guest,
            }
            for m in booker.club.members()
        ]
        (out / "members.json").write_text(
            json.dumps(members, ensure_ascii=False, indent=1, sort_keys=True), encoding="utf-8"
        )
        with (out / "ledger.jsonl").open("w", encoding="utf-8") as handle:
            for row in ledger_csv_rows(book)[1:]:
                handle.write(json.dumps(dict(zip(ledger_csv_rows([])[0], row, strict=True)), ensure_ascii=False) + "\n")
        seasons = [{"start": s.start.isoformat(), "end": s.end.isoformat()} for s in booker.ledger.closed_seasons()]
        (out / "seasons.json").write_text(json.dumps(seasons, indent=1), encoding="utf-8")
        starts = [  # SE-1: the season start over time (month-day, in force from a day on)
            {"effective": v.effective.isoformat(), "start": v.value, "changed_at": v.changed_at.isoformat()}
            for v in SqlSettings(booker.ledger.engine).values(SEASON_START)
        ]
        (out / "season_starts.json").write_text(json.dumps(starts, indent=1), encoding="utf-8")
        from stammtisch.store.export import export_tables

        tables = export_tables(booker.ledger.engine, out / "tables")  # every record the backup has (docs/backup.md)
        stdout().print(
            f"{out}: matches.jsonl members.json ledger.jsonl seasons.json season_starts.json, "
            f"tables/ ({len(tables)} tables)",
            markup=False,
        )
