"""M-10, AC-5, KA-33 (issue 31.1) on SQLite and PostgreSQL: a closed Klümpchen evening (and a tournament's
score sheet) is corrected to
the end through the routes, with the written reason: the treasurer takes the close and the last throw
back, enters the corrected throw and closes again, through the JSON API and through the pages' forms;
the bank then holds the evening's new settlement (the old bookings reversed, the new ones booked, both
with who and why). Without a reason, or by a scribe, the change is refused in words."""

from __future__ import annotations

import random
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.club.bank.ledger import balances, bank_balance
from stammtisch.club.members import Role
from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.evening import evening_totals
from stammtisch.games.kluempchen.model import CloseEvening
from tests.support.club import NAMES
from tests.web.records_support import signed_in, store_app_fixture, store_url_fixture  # noqa: F401  (fixtures)
from tests.web.test_tournament_pages import create, draw, enter, fill

REASON = "Letzter Wurf falsch eingetragen"
#: Seed 0's evening ends on the throw "1 3 6" (3 dice); thrown as "1 1 1", the round goes on with six
#: dice ("1 1 1 1 1 1") and the bank takes 4.50 instead of 3.00.
SEED = 0
CORRECTED = ("1 1 1", "1 1 1 1 1 1")


def closed_evening(app: FastAPI) -> str:
    """A Klümpchen evening of the club's four accounts, played with random legal steps and closed."""
    service = app.state.service
    names = [NAMES[r] for r in (Role.ADMIN, Role.TREASURER, Role.SCRIBE, Role.MEMBER)]
    match_id: str = service.create("kluempchen", names, {"mode": "digital"}, {"externals": [0]}).match_id
    rng = random.Random(SEED)
    while not isinstance(turn := GAME.turn(state := service.state(match_id)), Finished):
        seq = service.snapshot(match_id).seq
        if isinstance(turn, Chance):
            service.enter_outcome(match_id, sample(turn.node, rng), seq)
            continue
        legal = GAME.legal_actions(state, turn.seats[0])
        service.act(
            match_id,
            turn.seats[0],
            CloseEvening() if CloseEvening() in legal and state.rounds else rng.choice(legal),
            seq,
        )
    assert app.state.bank.ledger.is_booked(match_id)
    return match_id


def seq_of(app: FastAPI, match_id: str) -> int:
    return int(app.state.service.snapshot(match_id).seq)


def the_bank_holds_the_new_settlement(app: FastAPI, match_id: str, treasurer: int) -> None:
    book = app.state.bank.ledger.bookings()
    paid, received, bank = evening_totals(app.state.service.state(match_id))
    assert bank == 450  # the corrected throw changed the money (3.00 before)
    assert bank_balance(book) == bank
    seats = app.state.bank.club.seats(match_id)
    got = balances(book)
    net = [r - p for p, r in zip(paid, received, strict=True)]
    assert [got.get(seats[seat], 0) for seat in range(len(paid))] == net
    redone = [b for b in book if REASON in b.note]
    assert redone and all(b.booked_by == treasurer for b in redone)
    assert {b.reverses is None for b in redone} == {True, False}  # reversals and new bookings


def test_the_api_corrects_a_closed_evening_and_the_bank_rebooks_it(store_app: FastAPI) -> None:
    app = store_app
    match_id = closed_evening(app)
    with signed_in(app, Role.TREASURER) as treasurer:
        for _ in range(2):  # the close, then the last throw
            answer = treasurer.post(
                f"/api/matches/{match_id}/undo", json={"seq": seq_of(app, match_id), "reason": REASON}
            )
            assert answer.status_code == 200, answer.text
        for faces in CORRECTED:
            body = {"seq": seq_of(app, match_id), "outcome": faces, "reason": REASON}
            answer = treasurer.post(f"/api/matches/{match_id}/actions", json=body)
            assert answer.status_code == 200, answer.text
        seat = GAME.turn(app.state.service.state(match_id)).seats[0]
        body = {"seq": seq_of(app, match_id), "seat": seat, "action": "close", "reason": REASON}
        answer = treasurer.post(f"/api/matches/{match_id}/actions", json=body)
        assert answer.status_code == 200, answer.text
    the_bank_holds_the_new_settlement(app, match_id, app.state.test_club_ids[Role.TREASURER])


def test_the_forms_correct_a_closed_evening_and_the_bank_rebooks_it(store_app: FastAPI) -> None:
    app = store_app
    match_id = closed_evening(app)
    with signed_in(app, Role.TREASURER) as treasurer:
        for _ in range(2):
            form = {"seq": str(seq_of(app, match_id)), "reason": REASON}
            answer = treasurer.post(f"/m/{match_id}/undo", data=form, follow_redirects=False)
            assert answer.status_code == 303, answer.text
        board = treasurer.get(f"/m/{match_id}")
        assert 'data-testid="correction-reason"' in board.text and REASON in board.text  # the field, filled
        for faces in CORRECTED:
            form = {"seq": str(seq_of(app, match_id)), "outcome": faces, "reason": REASON}
            answer = treasurer.post(f"/m/{match_id}/outcome", data=form, follow_redirects=False)
            assert answer.status_code == 303, answer.text
        seat = GAME.turn(app.state.service.state(match_id)).seats[0]
        form = {"seq": str(seq_of(app, match_id)), "seat": str(seat), "notation": "close", "reason": REASON}
        answer = treasurer.post(f"/m/{match_id}/act", data=form, follow_redirects=False)
        assert answer.status_code == 303, answer.text
    the_bank_holds_the_new_settlement(app, match_id, app.state.test_club_ids[Role.TREASURER])


def refusal(answer: Any) -> str:
    return str(answer.json()["error"]["en"])


def test_a_correction_without_reason_or_by_a_scribe_is_refused_in_words(store_app: FastAPI) -> None:
    app = store_app
    match_id = closed_evening(app)
    with signed_in(app, Role.TREASURER) as treasurer:
        answer = treasurer.post(f"/api/matches/{match_id}/undo", json={"seq": seq_of(app, match_id), "reason": REASON})
        assert answer.status_code == 200
        seat = GAME.turn(app.state.service.state(match_id)).seats[0]
        before = seq_of(app, match_id)
        answer = treasurer.post(
            f"/api/matches/{match_id}/actions", json={"seq": before, "seat": seat, "action": "close"}
        )
        assert answer.status_code in (409, 422) and "written reason" in refusal(answer)
    scribe: TestClient
    with signed_in(app, Role.SCRIBE) as scribe:
        body = {"seq": before, "seat": seat, "action": "close", "reason": REASON}
        answer = scribe.post(f"/api/matches/{match_id}/actions", json=body)
        assert answer.status_code == 403 and "treasurer" in refusal(answer)
        form = {"seq": str(before), "seat": str(seat), "notation": "close", "reason": REASON}
        answer = scribe.post(f"/m/{match_id}/act", data=form, follow_redirects=False)
        assert answer.status_code == 403
    assert seq_of(app, match_id) == before  # nothing written


def test_a_closed_tournament_sheet_is_corrected_through_its_form(store_app: FastAPI) -> None:
    """M-10 on a score sheet: after its last game is taken back with a reason, the sheet shows the
    reason field and its game form takes the corrected game with the reason; without one it is refused."""
    app = store_app
    with signed_in(app, Role.TREASURER) as treasurer:
        url = create(treasurer, 8)
        sheet = draw(treasurer, url, 1, "s")[0]
        fill(treasurer, sheet, random.Random(2))
        assert app.state.service.is_closed(sheet)
        form = {"seq": str(seq_of(app, sheet)), "reason": REASON}
        assert treasurer.post(f"/m/{sheet}/undo", data=form, follow_redirects=False).status_code == 303
        page = treasurer.get(f"/sheet/{sheet}").text
        assert 'data-testid="correction-reason"' in page and REASON in page
        refused = enter(treasurer, sheet, "1", ["", "10", "20", "30"])
        assert refused.status_code == 422 and "Begründung" in refused.text
        corrected = enter(treasurer, sheet, "1", ["", "10", "20", "30"], reason=REASON)
        assert corrected.status_code == 303, corrected.text
    events = app.state.service.events(sheet)
    assert events[-1].reason == REASON and app.state.service.snapshot(sheet).finished
