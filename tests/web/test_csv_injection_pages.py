"""Issue 31.4 on the pages: a player name like ``=HYPERLINK(…)`` typed by a scribe becomes a guest and
reaches the treasurer's season CSV, a ledger note starting with ``=`` the ledger CSV; both arrive with
the spreadsheet-safe prefix, the amounts as numbers."""

from __future__ import annotations

import csv
import io

from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.club.members import Role
from tests.support.club import NAMES
from tests.web.conftest import start_evening
from tests.web.test_bank_ka33_pages import ids, play_to_the_end

ATTACK = '=HYPERLINK("http://e.vil","x")'


def rows_of(answer: object) -> list[list[str]]:
    content = answer.content  # type: ignore[attr-defined]
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))


def test_formula_names_and_notes_reach_the_csv_neutralised(
    app: FastAPI, client: TestClient, treasurer_client: TestClient
) -> None:
    players = [ATTACK, NAMES[Role.TREASURER], NAMES[Role.SCRIBE], NAMES[Role.MEMBER]]
    match_id = start_evening(client, mode="digital", players=players)
    play_to_the_end(app, match_id, 4)
    book = app.state.bank.ledger.bookings()
    day = book[0].on.isoformat()
    mia = ids(app)[Role.MEMBER]
    form = {"member": str(mia), "reason": "cash_in", "amount": "5,00", "day": day, "note": "=1+1"}
    assert treasurer_client.post("/bank/payments", data=form, follow_redirects=False).status_code == 303
    season = rows_of(treasurer_client.get(f"/bank/season.csv?start={day}"))
    names = [row[1] for row in season[1:]]
    assert "'" + ATTACK in names and ATTACK not in names
    ledger = rows_of(treasurer_client.get(f"/bank/ledger.csv?start={day}"))
    notes = [row[13] for row in ledger[1:]]
    assert "'=1+1" in notes
    for row in season[1:] + ledger[1:]:
        assert not any(cell.startswith(("=", "+", "@", "\t", "\r")) for cell in row), row
        assert all(not cell.startswith("-") or cell.lstrip("-").isdigit() for cell in row), row
