"""KA-33/KA-30/KA-32 on the web (issue 13): the treasurer records payments and fines and sees every
balance, the season report (phone, A4, CSV); a member sees her own balance; bad input is refused in
German and English with the clause as data, and nothing is written; roles per docs/access.md (AC-4)."""

from __future__ import annotations

import csv
import html
import io
import random
import re
from datetime import date

from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.club.bank.season import season_of
from stammtisch.club.members import Role
from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.model import CloseEvening
from tests.support.club import NAMES
from tests.web.conftest import start_evening


def ids(app: FastAPI) -> dict[Role, int]:
    members = {m.name: m.member_id for m in app.state.bank.club.members()}
    return {role: members[name] for role, name in NAMES.items()}


def ledger_size(app: FastAPI) -> int:
    return len(app.state.bank.ledger.bookings())


def test_treasurer_records_a_payment_and_sees_the_balance(app: FastAPI, treasurer_client: TestClient) -> None:
    mia = ids(app)[Role.MEMBER]
    page = treasurer_client.get("/bank")
    assert page.status_code == 200 and "Zahlung buchen" in page.text
    answer = treasurer_client.post(
        "/bank/payments", data={"member": str(mia), "reason": "cash_in", "amount": "12,50", "day": "2026-05-08"}
    )
    assert answer.status_code == 200 and "Gebucht." in answer.text
    assert "12,50" in answer.text
    (b,) = app.state.bank.ledger.bookings()
    assert (b.member_id, b.member_cents, b.cash_cents, b.booked_by) == (mia, 1250, 1250, ids(app)[Role.TREASURER])
    detail = treasurer_client.get(f"/bank/members/{mia}")
    assert "Bareinzahlung" in detail.text and "Guthaben" in detail.text


def test_bad_payments_are_refused_bilingually_and_write_nothing(app: FastAPI, treasurer_client: TestClient) -> None:
    mia = ids(app)[Role.MEMBER]
    cases = [
        ({"member": str(mia), "reason": "cash_in", "amount": "-5"}, "positiver Betrag", "KA-33"),
        ({"member": "99999", "reason": "cash_in", "amount": "5"}, "kein Mitglied 99999", "KA-33"),
        ({"member": str(mia), "reason": "lost", "amount": "5"}, "Diese Art Buchung", "KA-33"),
        ({"member": "", "reason": "spending", "amount": "5"}, "Zweck", "C-6.1"),
        ({"member": str(mia), "reason": "cash_in", "amount": "5", "day": "gestern"}, "Datum", "KA-32"),
    ]
    for form, german, clause in cases:
        answer = treasurer_client.post("/bank/payments", data=form)
        assert answer.status_code == 422, form
        assert german in answer.text and f'data-clause="{clause}"' in answer.text
        assert f"({clause})" not in answer.text  # the clause is a link, not part of the sentence
        link = re.search(r'class="rule-link" href="([^"]+)"', answer.text)
        assert link is not None and treasurer_client.get(html.unescape(link.group(1))).status_code == 200
    english = treasurer_client.post(
        "/bank/payments",
        data={"member": str(mia), "reason": "cash_in", "amount": "-5"},
        headers={"accept-language": "en"},
    )
    assert "positive amount in euros" in english.text
    assert ledger_size(app) == 0


def test_a_booking_on_a_closed_season_is_refused(app: FastAPI, treasurer_client: TestClient) -> None:
    mia = ids(app)[Role.MEMBER]
    answer = treasurer_client.post("/bank/season/close", data={"start": "2024-05-01"})
    assert answer.status_code == 200 and "abgeschlossen" in answer.text
    refused = treasurer_client.post(
        "/bank/payments", data={"member": str(mia), "reason": "cash_in", "amount": "5", "day": "2025-04-30"}
    )
    assert refused.status_code == 422 and "Saison 2024/25 ist abgeschlossen" in refused.text
    running = treasurer_client.post("/bank/season/close", data={"start": season_of(date.today()).start.isoformat()})
    assert running.status_code == 422 and "läuft noch" in running.text
    assert ledger_size(app) == 0


def test_attendance_fines_of_a_dice_day(app: FastAPI, treasurer_client: TestClient) -> None:
    people = ids(app)
    answer = treasurer_client.post(
        "/bank/fines",
        data={
            "day": "2026-05-08",
            "window": "20:00-22:00",
            f"mark-{people[Role.MEMBER]}": "late",
            f"mark-{people[Role.SCRIBE]}": "absent",
            f"mark-{people[Role.ADMIN]}": "excused",
        },
    )
    assert answer.status_code == 200 and "Strafen gebucht." in answer.text
    got = {b.member_id: (b.reason.value, -b.member_cents) for b in app.state.bank.ledger.bookings()}
    assert got == {people[Role.MEMBER]: ("late", 300), people[Role.SCRIBE]: ("absent", 800)}
    bad = treasurer_client.post("/bank/fines", data={"day": "2026-05-09", "window": "22:00-20:00"})
    assert bad.status_code == 422 and "Anwesenheitszeit" in bad.text and len(got) == ledger_size(app)


def test_roles(app: FastAPI, member_client: TestClient, client: TestClient, anonymous_client: TestClient) -> None:
    assert member_client.get("/bank").status_code == 403
    assert client.get("/bank/season").status_code == 403  # the scribe
    assert member_client.post("/bank/payments", data={"member": "1", "amount": "5"}).status_code == 403
    mine = member_client.get("/me/bank")
    assert mine.status_code == 200 and NAMES[Role.MEMBER] in mine.text and "alles bezahlt" in mine.text
    assert anonymous_client.get("/me/bank", follow_redirects=False).status_code in (303, 401)


def play_to_the_end(app: FastAPI, match_id: str, seed: int) -> None:
    service = app.state.service
    rng = random.Random(seed)
    for _ in range(5000):
        state = service.state(match_id)
        turn = GAME.turn(state)
        seq = service.snapshot(match_id).seq
        if isinstance(turn, Finished):
            return
        if isinstance(turn, Chance):
            service.enter_outcome(match_id, sample(turn.node, rng), seq)
            continue
        legal = GAME.legal_actions(state, turn.seats[0])
        action = CloseEvening() if CloseEvening() in legal and state.rounds else rng.choice(legal)
        service.act(match_id, turn.seats[0], action, seq)
    raise AssertionError("the evening did not end")


def test_a_closed_evening_is_booked_and_reported(
    app: FastAPI, client: TestClient, treasurer_client: TestClient, member_client: TestClient
) -> None:
    names = [NAMES[r] for r in (Role.ADMIN, Role.TREASURER, Role.SCRIBE, Role.MEMBER)]
    match_id = start_evening(client, mode="digital", players=names)
    play_to_the_end(app, match_id, 4)
    assert app.state.bank.ledger.is_booked(match_id)
    book = app.state.bank.ledger.bookings()
    assert book and all(b.evening == match_id for b in book)
    mia = ids(app)[Role.MEMBER]
    own = sum(b.member_cents for b in book if b.member_id == mia)
    mine = member_client.get("/me/bank")
    assert mine.status_code == 200
    if own:
        assert "Abend" in mine.text
    report = treasurer_client.get("/bank/season?start=" + book[0].on.isoformat())
    assert report.status_code == 200 and "Klümpchen-Statistik" in report.text and NAMES[Role.MEMBER] in report.text
    printable = treasurer_client.get("/bank/season?print=1&start=" + book[0].on.isoformat())
    assert printable.status_code == 200 and "bank-print.css" in printable.text
    table = treasurer_client.get("/bank/season.csv?start=" + book[0].on.isoformat())
    rows = list(csv.reader(io.StringIO(table.content.decode("utf-8-sig"))))
    assert rows[0][:3] == ["member_id", "name", "carried_cents"]
    by_name = {row[1]: row for row in rows[1:]}
    assert int(by_name[NAMES[Role.MEMBER]][6]) == own
    assert int(by_name[NAMES[Role.MEMBER]][8]) >= 1  # rounds played
    ledger = treasurer_client.get("/bank/ledger.csv?start=" + book[0].on.isoformat())
    lines = list(csv.reader(io.StringIO(ledger.content.decode("utf-8-sig"))))
    assert len(lines) == len(book) + 1 and sum(int(r[8]) for r in lines[1:]) == sum(b.bank_cents for b in book)
