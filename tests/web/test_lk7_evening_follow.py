"""LK-7 (docs/access.md): one follow link for a whole Bier-Pong evening. Cells: anonymous with the link
(page and board: names, standings and cups only, following the games), the scribe's hand-out page (QR,
one link at a time), a withdrawn link, an ended link (12 hours; an hour after the evening's last game),
an unknown token, and the hand-out page refused to anyone who may not create."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.web.tables import table_for
from tests.web.games.bierpong.test_evening import create, win_for_a


def _link(client: TestClient, evening: str) -> str:
    made = client.post(f"/bierpong/evenings/{evening}/share", follow_redirects=False)
    assert made.status_code == 303
    page = client.get(f"/bierpong/evenings/{evening}/share").text
    assert "<svg" in page and 'data-testid="revoke"' in page  # a QR code, and the way to withdraw it
    start = page.index('href="', page.index("data-share-url") - 200) + len('href="')
    url = page[start : page.index('"', start)]
    assert "/fe/" in url
    return "/fe/" + url.rsplit("/fe/", 1)[1]


def test_lk7_anonymous_with_the_link_follows_the_evening_names_and_cups_only(
    client: TestClient, anonymous_client: TestClient
) -> None:
    evening = create(client, title="Freitag", format="knockout", how="entered", teams="Ana\nBen\nCem")
    path = _link(client, evening)
    assert _link(client, evening) == path  # asking again shows the same link
    page = anonymous_client.get(path)
    assert page.status_code == 200, page.text[:400]
    assert "Freitag" in page.text and "Ana" in page.text and "noch nicht begonnen" in page.text
    assert 'hx-get="' + path + '/board"' in page.text  # it fetches itself again: it follows the evening
    started = client.post(
        f"/bierpong/evenings/{evening}/games", data={"round": "1", "slot": "2"}, follow_redirects=False
    )
    match_id = started.headers["location"].rsplit("/", 1)[-1]
    board = anonymous_client.get(f"{path}/board?lang=en").text
    assert "running" in board and "0:0" in board
    assert match_id not in board and "/m/" not in board and "seed" not in board  # names and cups only
    win_for_a(client, match_id)
    board = anonymous_client.get(f"{path}/board?lang=en").text
    assert "10:0" in board
    # The link admits to nothing else: the evening page and the game want a sign-in.
    for other in (f"/bierpong/evenings/{evening}", f"/m/{match_id}", f"/bierpong/evenings/{evening}/share"):
        assert anonymous_client.get(other, follow_redirects=False).status_code in (303, 401)


def test_lk4_lk7_a_withdrawn_evening_link_is_refused_and_a_new_one_admits(
    client: TestClient, anonymous_client: TestClient
) -> None:
    evening = create(client, title="Freitag", format="round_robin", how="entered", teams="Ana\nBen")
    path = _link(client, evening)
    assert client.post(f"/bierpong/evenings/{evening}/share/revoke", follow_redirects=False).status_code == 303
    for url in (path, f"{path}/board"):
        refused = anonymous_client.get(url)
        assert refused.status_code == 410
        assert "zurückgezogen" in refused.text and "was withdrawn" in refused.text and "LK-4" in refused.text
    fresh = _link(client, evening)
    assert fresh != path and anonymous_client.get(fresh).status_code == 200


def test_lk5_lk7_an_evening_link_ends_twelve_hours_after_it_was_made_or_an_hour_after_the_last_game(
    app: FastAPI, client: TestClient, anonymous_client: TestClient
) -> None:
    evening = create(client, title="Freitag", format="round_robin", how="entered", teams="Ana\nBen")
    path = _link(client, evening)
    table = table_for(app)
    now = datetime.now(UTC)
    table.clock = lambda: now + timedelta(hours=11)
    assert anonymous_client.get(path).status_code == 200  # the evening runs long: still in force
    table.clock = lambda: now + timedelta(hours=12, minutes=1)
    ended = anonymous_client.get(path)
    assert ended.status_code == 410 and "gilt nicht mehr" in ended.text and "LK-5" in ended.text
    table.clock = lambda: datetime.now(UTC)
    second = create(client, title="Samstag", format="round_robin", how="entered", teams="Ana\nBen")
    path = _link(client, second)
    started = client.post(
        f"/bierpong/evenings/{second}/games", data={"round": "1", "slot": "1"}, follow_redirects=False
    )
    win_for_a(client, started.headers["location"].rsplit("/", 1)[-1])  # the only game: the evening is over
    assert anonymous_client.get(path).status_code == 200  # time to look at the result at the table
    table.clock = lambda: datetime.now(UTC) + timedelta(hours=1, minutes=1)
    assert anonymous_client.get(path).status_code == 410


def test_lk6_lk7_an_unknown_evening_link_and_a_hand_out_page_for_members_only_with_create(
    client: TestClient, anonymous_client: TestClient, member_client: TestClient
) -> None:
    unknown = anonymous_client.get("/fe/no-such-token")
    assert unknown.status_code == 404 and "unbekannt" in unknown.text and "is not known" in unknown.text
    evening = create(client, title="Freitag", format="round_robin", how="entered", teams="Ana\nBen")
    assert member_client.post(f"/bierpong/evenings/{evening}/share", follow_redirects=False).status_code == 403
    assert anonymous_client.post(f"/bierpong/evenings/{evening}/share", follow_redirects=False).status_code in (
        303,
        401,
        403,
    )
