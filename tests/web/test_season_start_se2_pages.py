"""SE-1 … SE-3 on the web (docs/bank.md; access in docs/access.md): ``/bank/season/start`` shows the
season start, the running season and a decided change; the admin or the treasurer sets it (a change
waits for the next season once the club has booked anything); a bad date is refused in German and
English with the clause as data and nothing written; members and scribes may not; the season report
and the statistics follow the configured start."""

from __future__ import annotations

import re
from datetime import date

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.club.bank.season import season_of
from stammtisch.club.members import Role
from stammtisch.club.settings import SEASON_START
from stammtisch.store.settings import SqlSettings
from stammtisch.web.routes import bank
from tests.web.test_bank_ka33_pages import ids
from tests.web.test_stats_pages import _evening

TODAY = date(2026, 11, 24)


@pytest.fixture
def fixed_day(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bank's pages take today from the club's clock; these tests fix it to 24 November 2026."""
    monkeypatch.setattr(bank, "_today", lambda: TODAY)


def settings(app: FastAPI) -> SqlSettings:
    return SqlSettings(app.state.bank.ledger.engine)


def set_start(client: TestClient, day: str, month: str, **headers: str):  # noqa: ANN201
    return client.post("/bank/season/start", data={"day": day, "month": month}, headers=headers)


def test_se1_the_page_shows_the_start_and_the_running_season(
    app: FastAPI, treasurer_client: TestClient, fixed_day: None
) -> None:
    page = treasurer_client.get("/bank/season/start")
    assert page.status_code == 200
    assert "Die Saison beginnt am 1. Mai." in page.text
    assert "Laufende Saison: 2026/27 (01.05.2026 – 30.04.2027)." in page.text
    assert 'data-testid="pending"' not in page.text
    english = treasurer_client.get("/bank/season/start", headers={"accept-language": "en"})
    assert "The season starts on 1 May." in english.text and "2026-05-01 – 2027-04-30" in english.text
    assert 'href="/bank/season/start"' in treasurer_client.get("/bank/season").text


def test_se2_an_empty_book_takes_the_new_start_at_once(
    app: FastAPI, treasurer_client: TestClient, fixed_day: None
) -> None:
    answer = set_start(treasurer_client, "1", "8")
    assert answer.status_code == 200 and 'data-testid="done"' in answer.text
    assert "Die Saison beginnt am 1. August." in answer.text
    assert "Laufende Saison: 2026/27 (01.08.2026 – 31.07.2027)." in answer.text
    (stored,) = settings(app).values(SEASON_START)
    assert (stored.value, stored.changed_by) == ("08-01", ids(app)[Role.TREASURER])
    report = treasurer_client.get("/bank/season", params={"start": "2026-07-31"})
    assert "01.08.2025 – 31.07.2026" in report.text and "Saisonbericht 2025/26" in report.text
    assert 'href="/bank/season?start=2026-08-01">2026/27 →' in report.text
    assert "Nach dem 31.07.2026 wird die Saison abgeschlossen" in report.text


def test_se2_with_bookings_the_change_waits_and_a_short_season_bridges(
    app: FastAPI, treasurer_client: TestClient, fixed_day: None
) -> None:
    mia = ids(app)[Role.MEMBER]
    paid = treasurer_client.post(
        "/bank/payments", data={"member": str(mia), "reason": "cash_in", "amount": "5", "day": "2026-06-01"}
    )
    assert paid.status_code == 200
    page = set_start(treasurer_client, "1", "8")
    assert "Die Saison beginnt am 1. Mai." in page.text
    pending = re.search(r'data-testid="pending">(.*?)</p>', page.text, re.S)
    assert pending is not None
    said = " ".join(pending.group(1).split())
    assert "Beschlossen: ab 01.05.2027 beginnt die Saison am 1. August." in said
    assert "Dazwischen liegt eine kurze Saison 2027 (01.05.2027 – 31.07.2027)." in said
    short = treasurer_client.get("/bank/season", params={"start": "2027-06-01"})
    assert "Saisonbericht 2027" in short.text and "01.05.2027 – 31.07.2027" in short.text
    assert 'href="/bank/season?start=2026-05-01">← 2026/27' in short.text
    assert 'href="/bank/season?start=2027-08-01">2027/28 →' in short.text
    withdrawn = set_start(treasurer_client, "1", "5")
    assert 'data-testid="pending"' not in withdrawn.text and settings(app).values(SEASON_START) == []


@pytest.mark.parametrize(("day", "month"), [("31", "2"), ("29", "2"), ("x", "8"), ("1", "13")])
def test_ka32_a_bad_date_is_refused_bilingually_and_nothing_written(
    app: FastAPI, admin_client: TestClient, fixed_day: None, day: str, month: str
) -> None:
    refused = set_start(admin_client, day, month)
    assert refused.status_code == 422
    assert 'data-clause="KA-32"' in refused.text and "(KA-32)" not in refused.text
    assert "Saisonbeginn" in refused.text and "29. Februar" in refused.text
    if day.isdigit():
        assert f"Saisonbeginn {day}.{month}. geht nicht" in refused.text
    english = set_start(admin_client, day, month, **{"accept-language": "en"})
    assert english.status_code == 422 and "29 February" in english.text
    assert settings(app).values(SEASON_START) == []


def test_se3_a_closed_season_that_would_move_is_refused_on_the_page(
    app: FastAPI, treasurer_client: TestClient, fixed_day: None
) -> None:
    from datetime import UTC, datetime

    from stammtisch.club.bank.season import Season

    app.state.bank.ledger.close_season(Season(date(2027, 5, 1), date(2028, 4, 30)), None, datetime.now(UTC))
    refused = set_start(treasurer_client, "1", "8")
    assert refused.status_code == 422 and 'data-clause="SE-3"' in refused.text
    assert "abgeschlossene Saison 2027/28" in refused.text
    assert settings(app).values(SEASON_START) == []


@pytest.mark.parametrize("role", [Role.MEMBER, Role.SCRIBE])
def test_ac4_only_admin_and_treasurer_set_the_season_start(app: FastAPI, role: Role, fixed_day: None) -> None:
    from tests.support.club import sign_in

    with TestClient(app, headers={"accept-language": "de"}) as client:
        sign_in(client, role)
        assert client.get("/bank/season/start").status_code == 403
        assert set_start(client, "1", "8").status_code == 403
    with TestClient(app) as anonymous:
        answer = anonymous.post("/bank/season/start", data={"day": "1", "month": "8"}, follow_redirects=False)
        assert answer.status_code in (303, 401, 403)
    assert settings(app).values(SEASON_START) == []


def test_st2_the_statistics_seasons_follow_the_start(app: FastAPI, treasurer_client: TestClient) -> None:
    """The statistics pick and label seasons by the club's start (today's real date: the match is
    played now)."""
    assert set_start(treasurer_client, "1", "8").status_code == 200  # before anything is booked: at once
    _evening(app)
    running = season_of(date.today(), (8, 1))
    page = treasurer_client.get("/stats")
    assert page.status_code == 200
    assert f'<option value="{running.start.isoformat()}" selected>{running.label}</option>' in page.text
    assert f"Diese Saison läuft vom {running.start:%d.%m.%Y} bis {running.end:%d.%m.%Y}." in page.text
    member = treasurer_client.get(f"/stats/member/{ids(app)[Role.MEMBER]}")
    assert f'<th scope="row">{running.label}</th>' in member.text
