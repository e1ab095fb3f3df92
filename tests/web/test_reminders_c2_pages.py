"""C-2, KA-31 on the web (issue 13.2; RM-1 … RM-5): the admin keeps a member's optional birthday on the
member form; the club's days are kept on /reminders; an evening's page loads its reminder lines
(birthday round owed, holiday round voluntary); nothing is booked; bad dates are refused in German
and English with the clause as data, and nothing is written."""

from __future__ import annotations

from datetime import timedelta

from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.club.members import Role
from stammtisch.store.reminders import SqlReminders
from stammtisch.web.routes.reminders import club_today
from tests.support.club import NAMES
from tests.web.conftest import start_evening


def reminders(app: FastAPI) -> SqlReminders:
    return SqlReminders(app.state.service.repository.engine)


def mia(app: FastAPI) -> int:
    return app.state.test_club_ids[Role.MEMBER]


def save_member(client: TestClient, member_id: int, birthday: str, name: str = NAMES[Role.MEMBER]):  # noqa: ANN201
    return client.post(
        f"/members/{member_id}",
        data={"name": name, "short_name": "Mia", "kind": "member", "active": "true", "birthday": birthday},
        follow_redirects=False,
    )


def test_c2_1_the_birthday_kept_on_the_member_form(app: FastAPI, admin_client: TestClient) -> None:
    """C-2.1: the admin enters Mia's birthday; the form shows it again; the evening of her birthday
    says she buys a round for the members present."""
    today = club_today()
    born = today.replace(year=today.year - 30) if (today.month, today.day) != (2, 29) else today.replace(year=1996)
    assert save_member(admin_client, mia(app), born.isoformat()).status_code == 303
    assert f'value="{born.isoformat()}"' in admin_client.get(f"/members/{mia(app)}").text
    page = admin_client.get("/reminders")
    assert "Heute hat Mia Mitglied Geburtstag: Mia Mitglied gibt eine Runde für die anwesenden Mitglieder aus." in (
        page.text
    )
    english = admin_client.get("/reminders", headers={"accept-language": "en"})
    assert "It&#39;s Mia Mitglied&#39;s birthday today" in english.text
    later = (today + timedelta(days=20)).isoformat()
    assert 'data-testid="no-reminders"' in admin_client.get(f"/reminders?day={later}").text


def test_rm4_a_bad_birthday_is_refused_and_nothing_written(app: FastAPI, admin_client: TestClient) -> None:
    """RM-4: a birthday in the future is refused (422, German, clause as data); the name is not changed."""
    answer = save_member(admin_client, mia(app), "2999-01-01", name="Mia Neu")
    assert answer.status_code == 422 and "kann nicht stimmen" in answer.text and 'data-clause="RM-4"' in answer.text
    assert "(RM-4)" not in answer.text
    assert "Mia Neu" not in admin_client.get("/members").text
    assert reminders(app).birthday(mia(app)) is None


def test_c2_2_club_days_are_voluntary_rounds(app: FastAPI, admin_client: TestClient) -> None:
    """C-2.2 / RM-2, RM-5: a club day is added, shown as a voluntary round that week, and removed; a day
    without a name is refused."""
    today = club_today()
    added = admin_client.post(
        "/reminders/dates", data={"label": "Vereinsfahrt", "day": today.isoformat()}, follow_redirects=False
    )
    assert added.status_code == 303
    page = admin_client.get("/reminders")
    assert "Heute: Vereinsfahrt. Eine Runde ist freiwillig" in page.text
    refused = admin_client.post("/reminders/dates", data={"label": " ", "day": today.isoformat()})
    assert refused.status_code == 422 and 'data-clause="RM-5"' in refused.text and "Namen" in refused.text
    (day,) = reminders(app).club_dates()
    assert admin_client.post(f"/reminders/dates/{day.date_id}/delete", follow_redirects=False).status_code == 303
    assert reminders(app).club_dates() == []


def test_ka31_the_evening_page_fragment_and_no_booking(
    app: FastAPI, admin_client: TestClient, client: TestClient
) -> None:
    """KA-31: the evening's reminder lines load from the match's day; the ledger is untouched."""
    today = club_today()
    born = today.replace(year=1990) if (today.month, today.day) != (2, 29) else today.replace(year=1996)
    save_member(admin_client, mia(app), born.isoformat())
    match_id = start_evening(client)
    lines = client.get(f"/reminders/evening/{match_id}")
    assert lines.status_code == 200 and 'data-testid="reminder-birthday"' in lines.text
    assert "Heute hat Mia Mitglied Geburtstag" in lines.text
    assert app.state.bank.ledger.bookings() == []


def test_reminders_need_a_sign_in_to_change(app: FastAPI, member_client: TestClient) -> None:
    """AC-4: a member reads the reminders but may not add club days (scribe and up)."""
    assert member_client.get("/reminders").status_code == 200
    answer = member_client.post("/reminders/dates", data={"label": "X", "day": "2026-12-24"})
    assert answer.status_code == 403
    assert reminders(app).club_dates() == []


def test_c2_the_match_page_loads_the_evening_reminders(app: FastAPI, client: TestClient) -> None:
    """C-2: an evening's page asks for its reminder lines (signed-in viewers); nothing for anonymous ones."""
    match_id = start_evening(client)
    page = client.get(f"/m/{match_id}")
    assert f'hx-get="/reminders/evening/{match_id}"' in page.text


def test_c2_the_bank_dice_day_shows_todays_reminders(app: FastAPI, admin_client: TestClient) -> None:
    """C-2 / KA-31: the bank's attendance section for the dice day loads today's reminder lines, and the
    lines are words only (no booking)."""
    today = club_today()
    page = admin_client.get("/bank")
    assert f'hx-get="/reminders/day/{today.isoformat()}"' in page.text
    reminders(app).add_club_date("Vereinsfahrt", today.month, today.day, None)
    lines = admin_client.get(f"/reminders/day/{today.isoformat()}")
    assert "Heute: Vereinsfahrt. Eine Runde ist freiwillig" in lines.text
    assert app.state.bank.ledger.bookings() == []
