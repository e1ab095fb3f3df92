"""ST-1..ST-6 on the web (docs/statistics.md): /stats and /stats/member/{id} for any signed-in member,
names not seats, the hand-computed evening's figures in the reader's language, the season picker,
the game pages linked, refusals in words with the clause as data."""

from __future__ import annotations

import re

from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.club.members import Role
from stammtisch.core.replay import ActionStep
from stammtisch.store.members import SqlClub
from tests.club.stats.small_club import OPTIONS, SETUP, sheet_steps
from tests.support.club import NAMES

SEATS = [NAMES[Role.ADMIN], NAMES[Role.TREASURER], NAMES[Role.SCRIBE], NAMES[Role.MEMBER]]


def _evening(app: FastAPI) -> None:
    service = app.state.service
    engine = service.repository.engine
    created = service.create("kluempchen", SEATS, dict(OPTIONS), dict(SETUP), mode="scoresheet")
    ids = app.state.test_club_ids
    roles = [Role.ADMIN, Role.TREASURER, Role.SCRIBE, Role.MEMBER]
    SqlClub(engine).set_seats(created.match_id, [(seat, ids[role]) for seat, role in enumerate(roles)])
    steps = sheet_steps()
    service.submit(created.match_id, [(s.seat, s.action) for s in steps if isinstance(s, ActionStep)], 0)


def _row(page: str, name: str) -> list[str]:
    row = re.search(rf'<tr data-member="{re.escape(name)}">(.*?)</tr>', page, re.S)
    assert row is not None, name
    return re.findall(r"<td>(.*?)</td>", row.group(1))


def test_st6_a_member_reads_the_club_statistics(app: FastAPI, member_client: TestClient) -> None:
    """ST-6: names, not seat numbers; the hand-computed figures; German decimals and percentages."""
    _evening(app)
    page = member_client.get("/stats").text
    assert "Punkte je Wurf" in page and "Platz 1" not in page
    # Evenings, rounds, lost, points per Wurf, risk, Schuster rate, Schwarz, jokers, Straßen, best Wurf
    assert _row(page, NAMES[Role.ADMIN]) == ["1", "1", "0", "31,3", "–", "0 %", "0", "0", "0", "40"]
    assert _row(page, NAMES[Role.MEMBER]) == ["1", "1", "1", "0,0", "–", "100 %", "1", "1", "0", "0"]
    assert '<svg role="img" aria-label="Punkte je Wurf"' in page
    assert "am höchsten Sven Schreiber (36,0)" in page  # the caption: seat 2 (36 per Wurf) leads
    assert 'href="/proempeln/stats"' in page and 'href="/bierpong/stats"' in page


def test_st6_english_page(app: FastAPI, member_client: TestClient) -> None:
    _evening(app)
    page = member_client.get("/stats?lang=en").text
    assert "Points per Wurf" in page
    assert _row(page, NAMES[Role.ADMIN])[3] == "31.3"


def test_st6_member_page_in_words(app: FastAPI, member_client: TestClient) -> None:
    """ST-6: one member's figures per game, her seasons' chart with its table."""
    _evening(app)
    member = app.state.test_club_ids[Role.TREASURER]
    page = member_client.get(f"/stats/member/{member}?lang=en").text
    assert NAMES[Role.TREASURER] in page
    facts = dict(re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", page))
    assert facts["Points per Wurf"] == "20.0" and facts["Straßen"] == "1" and facts["Jokers buried"] == "1"
    assert "Points per Wurf per season" in page


def test_st2_the_season_picker(app: FastAPI, member_client: TestClient) -> None:
    """ST-2: an earlier season shows no figures; ``all`` every season."""
    _evening(app)
    earlier = member_client.get("/stats?season=2020-05-01").text
    assert "2020/21" in earlier and "noch keine beendeten Spiele" in earlier
    everything = member_client.get("/stats?season=all").text
    assert "Alle Saisons" in everything and NAMES[Role.ADMIN] in everything


def test_st2_a_season_that_is_no_day_is_refused(member_client: TestClient) -> None:
    answer = member_client.get("/stats?season=gestern", headers={"accept": "application/json"})
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert error["clause"] == "ST-2" and "ST-2" not in error["message"]
    assert "gestern" in error["de"] and "gestern" in error["en"]


def test_st1_an_unknown_member_is_refused(member_client: TestClient) -> None:
    answer = member_client.get("/stats/member/9999", headers={"accept": "application/json"})
    assert answer.status_code == 404
    assert answer.json()["error"]["clause"] == "ST-1"
    page = member_client.get("/stats/member/9999")
    assert page.status_code == 404 and "kein Mitglied 9999" in page.text


def test_st6_statistics_need_a_sign_in(anonymous_client: TestClient) -> None:
    """AC-4: statistics are ``view``: anonymous visitors are sent to sign in."""
    answer = anonymous_client.get("/stats", follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == "/signin?next=/stats"


def test_st6_the_games_own_statistics_pages_link_back(member_client: TestClient) -> None:
    """ST-4: Prömpeln's and Bier-Pong's own statistics pages are linked from /stats and link back."""
    for path in ("/proempeln/stats", "/bierpong/stats"):
        page = member_client.get(path).text
        assert 'href="/stats"' in page and "Statistik aller Spiele" in page, path


def test_st6_statistics_are_classified_view() -> None:
    """AC-4: every statistics route needs ``view`` (any signed-in member), whatever the path."""
    from stammtisch.club.members.access import Permission
    from stammtisch.web.auth.policy import classify

    for path in ("/stats", "/stats/member/{member_id}"):
        assert classify("GET", path).permission is Permission.VIEW


def test_st5_the_server_reads_the_stored_matches_at_start(app: FastAPI) -> None:
    """ST-5: a new server process reads the stored summaries in the background (the read model,
    docs/read-models.md), so its first statistics page waits for no log at all."""
    from stammtisch.web.app import create_app

    _evening(app)
    restarted = create_app(database_url=str(app.state.service.repository.engine.url))
    restarted.state.stats_warm_up.join(timeout=60)
    assert restarted.state.stats_book.reads == 0
    assert len(restarted.state.stats_book.summaries()) == 1
