"""``stammtisch bank`` and ``stammtisch export`` (issue 13; KA-30, KA-32, KA-33): payments, spending,
fines, balances, the season report as text and CSV, closing a season, the export files; every
refusal in German and English with a non-zero exit and nothing written."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stammtisch.cli.app import app
from stammtisch.store import open_store
from stammtisch.store.ledger import SqlLedger
from tests.support.club import quick_argon2


@pytest.fixture(autouse=True)
def _quick(monkeypatch: pytest.MonkeyPatch) -> None:
    quick_argon2(monkeypatch)


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    values = {"STAMMTISCH_DATABASE_URL": f"sqlite:///{tmp_path / 'club.sqlite3'}", "STAMMTISCH_PUBLIC_URL": ""}
    run(values, "club", "init", "--name", "V", "--admin", "Anna", "--password-stdin", stdin="anna-geheim\n")
    run(values, "user", "add", "Ben", "--role", "member", "--external")
    return values


def run(env: dict[str, str], *args: str, stdin: str | None = None):  # noqa: ANN201
    return CliRunner().invoke(app, list(args), env=env, input=stdin)


def book(env: dict[str, str]) -> list:
    return SqlLedger(open_store(env["STAMMTISCH_DATABASE_URL"]).engine).bookings()


def test_payments_fines_and_balances(env: dict[str, str]) -> None:
    assert run(env, "bank", "fine", "Anna", "absent", "--day", "2026-05-08").exit_code == 0
    assert "no fine" in run(env, "bank", "fine", "Ben", "late").stdout  # externals are exempt (KA-30)
    paid = run(env, "bank", "pay", "anna", "5,50", "--day", "2026-05-09")
    assert paid.exit_code == 0, paid.output
    assert run(env, "bank", "spend", "1", "--note", "Würfeltour", "--day", "2026-05-09").exit_code == 0
    shown = run(env, "bank", "balances")
    assert shown.exit_code == 0 and "-2,50 €" in shown.stdout and "4,50 €" in shown.stdout
    assert [b.reason.value for b in book(env)] == ["absent", "cash_in", "spending"]


def test_refusals_write_nothing(env: dict[str, str]) -> None:
    for args, german, english in [
        (("bank", "pay", "Anna", "--", "-5"), "positiver Betrag", "positive amount"),
        (("bank", "pay", "Zoe", "5"), "kein Mitglied", "no member"),
        (("bank", "pay", "Anna", "5", "--day", "gestern"), "Datum", "Date"),
        (("bank", "spend", "5"), "Zweck", "purpose"),
        (("bank", "fine", "Anna", "zu spät"), "gibt es nicht", "does not exist"),
        (("export", "--format", "xml"), "gibt es nicht", "does not exist"),
    ]:
        answer = run(env, *args)
        assert answer.exit_code != 0 and german in answer.output and english in answer.output, args
    assert book(env) == []


def test_closed_season_refuses_bookings(env: dict[str, str]) -> None:
    assert run(env, "bank", "close-season", "2025-01-01").exit_code == 0
    refused = run(env, "bank", "pay", "Anna", "5", "--day", "2025-04-30")
    assert refused.exit_code != 0 and "2024/25" in refused.output and "closed" in refused.output
    assert run(env, "bank", "pay", "Anna", "5", "--day", "2025-05-01").exit_code == 0
    running = run(env, "bank", "close-season", "2099-01-01")
    assert running.exit_code != 0 and "läuft noch" in running.output


def test_report_and_export(env: dict[str, str], tmp_path: Path) -> None:
    run(env, "bank", "fine", "Anna", "late", "--day", "2026-04-30")
    run(env, "bank", "pay", "Anna", "10", "--day", "2026-05-01")
    target = tmp_path / "season.csv"
    shown = run(env, "bank", "report", "--season", "2026-05-01", "--csv", str(target))
    assert shown.exit_code == 0, shown.output
    assert "2026/27" in shown.stdout and "cash at end:     10,00 €" in shown.stdout
    rows = list(csv.reader(target.open(encoding="utf-8-sig")))
    anna = next(r for r in rows if r[1] == "Anna")
    assert (anna[2], anna[6]) == ("-300", "700")  # carried over from 30 April, then paid 10 €
    out = tmp_path / "export"
    assert run(env, "export", "--out", str(out)).exit_code == 0
    members = json.loads((out / "members.json").read_text(encoding="utf-8"))
    assert {m["name"] for m in members} == {"Anna", "Ben"}
    lines = [json.loads(line) for line in (out / "ledger.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [line["reason"] for line in lines] == ["late", "cash_in"]
    assert (out / "matches.jsonl").exists() and json.loads((out / "seasons.json").read_text()) == []
    assert json.loads((out / "season_starts.json").read_text()) == []  # 1 May, never changed
    assert run(env, "bank", "season-start", "08-01").exit_code == 0
    assert run(env, "export", "--out", str(out)).exit_code == 0
    starts = json.loads((out / "season_starts.json").read_text())
    assert [start["start"] for start in starts] == ["08-01"]  # SE-1: the change and the day it holds from
    assert run(env, "export", "--format", "csv", "--out", str(out)).exit_code == 0
    assert (out / "ledger.csv").read_text(encoding="utf-8-sig").startswith("booking_id,day,member_id")
