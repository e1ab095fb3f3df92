"""No 500 for odd input (issue 31.5), on SQLite and PostgreSQL: the inputs that broke the server in the
probe are answered with a 4xx in plain words (German and English), nothing written: ids beyond the
store's integer range on the member, booking and token routes; non-ASCII and NUL in match ids (the
Klümpchen advice route among them); a NUL in a match title or a bank note; deeply nested JSON; numbers
beyond 64 bits in JSON; an over-long address. The pages of a Prömpeln table opened through
``POST /api/tables`` open (they were a 500)."""

from __future__ import annotations

import pytest
from fastapi import FastAPI

from stammtisch.club.members import Role
from tests.web.records_support import signed_in, store_app_fixture, store_url_fixture  # noqa: F401  (fixtures)

BIG = str(2**63 + 5)
HUGE = "9" * 40


def words(answer: object) -> str:
    text = str(answer.text)  # type: ignore[attr-defined]
    assert "Traceback" not in text and "Internal Server Error" not in text
    return text


@pytest.mark.parametrize("lang", ["de", "en"])
def test_odd_ids_and_characters_are_refused_in_words(store_app: FastAPI, lang: str) -> None:
    app = store_app
    match_id = app.state.service.create("kluempchen", ["A", "B", "C", "D"], {"mode": "digital"}).match_id
    with signed_in(app, Role.ADMIN, **{"accept-language": lang}) as admin:
        probes = [
            ("GET", f"/members/{BIG}", None),
            ("GET", f"/members/{HUGE}", None),
            ("POST", f"/members/{BIG}/role", {"role": "member"}),
            ("POST", f"/members/{BIG}/disable", {}),
            ("GET", f"/bank/members/{BIG}", None),
            ("POST", f"/bank/bookings/{BIG}/reverse", {"note": "x"}),
            ("POST", f"/account/tokens/{BIG}/revoke", {}),
            ("GET", "/m/ä/kluempchen/advice?show=1", None),
            ("GET", "/api/matches/%C3%A4/kluempchen/advice", None),
            ("GET", f"/m/{match_id}%00/kluempchen/advice", None),
            ("GET", "/m/a%00b", None),
            ("GET", f"/m/{match_id}?seat={HUGE}", None),
            ("GET", "/m/" + "a" * 5000, None),
            ("POST", "/bank/payments", {"member": "1", "reason": "cash_in", "amount": "5", "note": "a\x00b"}),
            ("POST", "/evenings", {"title": "Frei\x00tag", "player": ["A", "B", "C", "D"], "mode": "table"}),
        ]
        for method, path, data in probes:
            answer = admin.request(method, path, data=data, follow_redirects=False)
            assert 400 <= answer.status_code < 500, (path[:60], answer.status_code)
            words(answer)
        for body in (
            {"game": "kluempchen", "players": ["A", "B", "C", "D"], "title": "t\x00"},
            {"game": "kluempchen", "players": ["A\x00", "B", "C", "D"]},
        ):
            answer = admin.post("/api/matches", json=body)
            assert answer.status_code in (400, 422), answer.text
            assert answer.json()["error"][lang]
        deep = "[" * 5000 + "]" * 5000
        for raw in (deep, '{"seq": ' + HUGE + ', "outcome": "1 2 3"}'):
            answer = admin.post(
                f"/api/matches/{match_id}/actions", content=raw, headers={"content-type": "application/json"}
            )
            assert answer.status_code in (400, 422), answer.text
            assert answer.json()["error"][lang]
    assert app.state.service.snapshot(match_id).seq == 0
    assert not app.state.bank.ledger.bookings()


def test_the_pages_of_a_proempeln_table_opened_through_the_api_open(store_app: FastAPI) -> None:
    app = store_app
    with signed_in(app, Role.SCRIBE) as scribe:
        opened = scribe.post("/api/tables", json={"game": "proempeln", "players": ["Anna", "Ben", ""]})
        assert opened.status_code == 201, opened.text
        table = opened.json()
    for link in table["links"].values():
        with signed_in(app, None) as phone:
            seat = phone.get(link, follow_redirects=True)
            assert seat.status_code == 200, seat.text[:300]
            board = phone.get(f"/seat/{table['match_id']}/board")
            assert board.status_code == 200 and 'data-testid="view"' in board.text
    with signed_in(app, Role.MEMBER) as member:
        assert member.get(table["spectator"]).status_code == 200
