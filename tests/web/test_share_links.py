"""Links handed out at the table (issue 10.4): every page that hands out a link shows it absolute (the
address phones use: ``STAMMTISCH_PUBLIC_URL`` or the request's own host, never a loopback address
when the server is on the LAN), as a QR code (inline SVG with role and label) and with a copy button.

TS-5: the organiser (the browser that opened the table) can show the seat links again later; nobody
else can, and a refusal is a readable 403 with the clause in its data.
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.club.members import Role
from stammtisch.web.qr import PUBLIC_URL_VARIABLE, configured_public_url, qr_svg
from stammtisch.web.routes.tables import ORGANISER_COOKIE, organiser_key
from tests.support.club import sign_in

LAN = "http://192.168.178.23:8000"
KLUEMPCHEN = {
    "game": "kluempchen",
    "players": ["A", "B", "C", "D"],
    "options": {"team_draw": "manual"},
    "setup": {"teams": [[0, 1], [2, 3]]},
}


@pytest.fixture
def lan(monkeypatch: pytest.MonkeyPatch) -> str:
    """Served with ``--lan``: the pages' links say the laptop's LAN address."""
    monkeypatch.setenv(PUBLIC_URL_VARIABLE, LAN)
    return LAN


def _open_table(client: TestClient, players: list[str] | None = None) -> dict[str, Any]:
    response = client.post("/api/tables", json={"game": "preisromme", "players": players or ["Anna", "Ben", ""]})
    assert response.status_code == 201, response.text
    return response.json()


def _shares(page: str) -> list[str]:
    """The URLs of the share boxes on a page (the copy buttons' targets)."""
    return [html.unescape(url) for url in re.findall(r'data-copy="([^"]+)"', page)]


def test_qr_svg_is_accessible_inline_svg() -> None:
    svg = str(qr_svg("http://192.168.1.5:8000/p/abc?x=1&y=<2>"))
    assert svg.startswith("<svg ") and svg.endswith("</svg>")
    assert 'role="img"' in svg
    assert 'aria-label="QR: http://192.168.1.5:8000/p/abc?x=1&amp;y=&lt;2&gt;"' in svg  # escaped, not raw
    assert "viewBox" in svg and "width=" not in svg.split(">", 1)[0]  # scales to its box
    assert "http" not in svg.split('aria-label="', 1)[1].split('"', 1)[1]  # no outside resource


def test_public_url_setting_is_checked() -> None:
    assert configured_public_url({PUBLIC_URL_VARIABLE: "https://club.example.org/"}) == "https://club.example.org"
    assert configured_public_url({PUBLIC_URL_VARIABLE: "club.example.org"}) is None  # no scheme: ignored
    assert configured_public_url({PUBLIC_URL_VARIABLE: "ftp://x"}) is None
    assert configured_public_url({}) is None


def test_opening_a_preisromme_table_shows_each_seat_link_as_qr_code_with_copy_button(
    client: TestClient, lan: str
) -> None:
    data = {"title": "Turnier", "seats": "3", "player": ["Anna", "Ben", ""], "bot": "heuristic"}
    page = client.post("/preisromme", data=data)
    assert page.status_code == 200, page.text
    shared = _shares(page.text)
    seat_links = [url for url in shared if "/p/" in url]
    assert len(seat_links) == 2 and all(url.startswith(f"{lan}/p/") for url in seat_links)
    assert any(url.startswith(f"{lan}/screen/") for url in shared)  # LK-2: the table screen, no account
    assert page.text.count('role="img"') == len(shared)
    assert "127.0.0.1" not in page.text and "testserver" not in page.text
    assert 'src="/static/share.js"' in page.text and "<script>" not in page.text  # CSP: no inline script
    assert 'data-testid="seat-links-again"' in page.text  # TS-5: where to find them again


def test_the_json_answer_carries_the_absolute_links_too(client: TestClient, lan: str) -> None:
    links = _open_table(client, ["Anna", "Ben", ""])
    assert links["urls"] == {seat: f"{lan}{path}" for seat, path in links["links"].items()}
    assert links["spectator_url"] == f"{lan}/w/{links['match_id']}"


def test_without_a_public_url_links_use_the_host_the_phone_asked(client: TestClient) -> None:
    links = _open_table(client)
    page = client.get(f"/links/{links['match_id']}", headers={"host": "192.168.1.7:8000"})
    assert page.status_code == 200, page.text
    assert all(url.startswith("http://192.168.1.7:8000/") for url in _shares(page.text))


def test_behind_a_proxy_the_public_url_names_the_links(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Behind an HTTPS proxy, STAMMTISCH_PUBLIC_URL (docs/deploy.md) makes the links say its name."""
    monkeypatch.setenv(PUBLIC_URL_VARIABLE, "https://stammtisch.example.org/")
    links = _open_table(client)
    page = client.get(f"/links/{links['match_id']}")
    shared = _shares(page.text)
    assert shared and all(url.startswith("https://stammtisch.example.org/") for url in shared)


def test_the_table_pages_offer_the_table_screen_link(client: TestClient, lan: str) -> None:
    """LK-2: what a seat or a spectator passes on is the table screen's link, which needs no account."""
    links = _open_table(client)
    assert links["screen"].startswith("/screen/")
    seat = client.get(links["links"]["0"])
    assert seat.status_code == 200
    assert f"{lan}{links['screen']}" in _shares(seat.text)
    watch = client.get(links["spectator"])
    assert f"{lan}{links['screen']}" in _shares(watch.text)


def test_the_match_page_hands_out_a_follow_link(client: TestClient, lan: str) -> None:
    """LK-3: "Open this match on another phone" gives the follow link (no account needed), not ``/m/{id}``."""
    created = client.post("/api/matches", json=KLUEMPCHEN)
    assert created.status_code == 201, created.text
    match_id = created.json()["match_id"]
    page = client.get(f"/m/{match_id}")
    assert page.status_code == 200
    assert 'data-testid="share-match"' in page.text and f'action="/links/{match_id}/share/follow"' in page.text
    assert _shares(page.text) == []
    shown = client.post(f"/links/{match_id}/share/follow")
    assert shown.status_code == 200, shown.text  # followed to the hand-out page
    (url,) = _shares(shown.text)
    assert url.startswith(f"{lan}/f/")


# --- TS-5: the seat links again, for the organiser only -------------------------------------------
def test_s5_the_organiser_sees_the_same_seat_links_again(client: TestClient, lan: str) -> None:
    links = _open_table(client, ["Anna", "Ben", ""])
    assert client.cookies.get(ORGANISER_COOKIE)
    seat_page = client.get(links["spectator"])
    assert f'href="/links/{links["match_id"]}"' in seat_page.text  # her way back
    page = client.get(f"/links/{links['match_id']}")
    assert page.status_code == 200, page.text
    assert page.headers["cache-control"] == "no-store"
    assert page.headers["referrer-policy"] == "no-referrer"
    shown = [url for url in _shares(page.text) if "/p/" in url]
    assert shown == [f"{lan}{links['links']['0']}", f"{lan}{links['links']['1']}"]  # the same ones
    assert "Anna" in page.text and "Ben" in page.text


def test_s5_anybody_else_is_refused_readably(app: FastAPI, client: TestClient) -> None:
    links = _open_table(client)
    with TestClient(app, headers={"accept-language": "en"}) as other:
        sign_in(other, Role.SCRIBE)  # even a scribe: only the organiser's browser
        page = other.get(f"/links/{links['match_id']}")
        assert page.status_code == 403
        assert "Only whoever opened this table" in html.unescape(page.text)
        assert "/p/" not in page.text
        answer = other.get(f"/links/{links['match_id']}", headers={"accept": "application/json"})
        error = answer.json()["error"]
        assert error["clause"] == "TS-5" and error["code"] == "seat/not_organiser"
        assert "TS-5" not in error["en"] and "TS-5" not in error["de"]  # the clause is data, not text


@pytest.mark.parametrize("forged", ["", "x", "A" * 43, "A" * 200])
def test_s5_a_forged_or_foreign_key_is_refused_and_sets_nothing(app: FastAPI, client: TestClient, forged: str) -> None:
    links = _open_table(client)
    with TestClient(app) as other:
        sign_in(other, Role.SCRIBE)
        other.cookies.set(ORGANISER_COOKIE, f"{links['match_id']}.{forged}")
        page = other.get(f"/links/{links['match_id']}", follow_redirects=False)
        assert page.status_code == 403 and "/p/" not in page.text
        keep = other.get(f"/links/{links['match_id']}/keep", params={"key": forged}, follow_redirects=False)
        assert keep.status_code in (403, 422)
        assert ORGANISER_COOKIE not in keep.headers.get("set-cookie", "")


def test_s5_the_keep_link_stores_the_key_in_another_browser_of_hers(app: FastAPI, client: TestClient) -> None:
    """The game's links page loads ``keep_url`` at once; the key in it is the organiser's proof."""
    links = _open_table(client)
    with TestClient(app) as later:
        sign_in(later, Role.SCRIBE)
        assert later.get(f"/links/{links['match_id']}").status_code == 403
        kept = later.get(links["keep_url"])
        assert kept.status_code == 204
        assert later.get(f"/links/{links['match_id']}").status_code == 200


def test_s5_the_key_is_the_hmac_of_the_stored_tokens(app: FastAPI, client: TestClient) -> None:
    links = _open_table(client)
    stored = app.state.table.links.for_match(links["match_id"]) if hasattr(app.state, "table") else None
    assert stored, "the table keeps its links"
    assert organiser_key(stored) == links["organiser_key"]
    assert organiser_key(list(reversed(stored))) == links["organiser_key"]  # order does not matter


def test_s5_a_match_without_seat_links_has_no_organiser_page(client: TestClient) -> None:
    created = client.post("/api/matches", json=KLUEMPCHEN)
    assert created.status_code == 201, created.text
    page = client.get(f"/links/{created.json()['match_id']}", follow_redirects=False)
    assert page.status_code == 403
    assert client.get("/links/no-such-table", follow_redirects=False).status_code == 403  # nothing told


def test_s5_the_cookie_keeps_the_newest_tables_only(client: TestClient) -> None:
    opened = [_open_table(client)["match_id"] for _ in range(14)]
    kept = client.cookies.get(ORGANISER_COOKIE) or ""
    ids = [entry.split(".", 1)[0] for entry in kept.strip('"').split("|")]
    assert ids == list(reversed(opened))[:12]


def test_a_share_box_shows_the_link_shortened_to_fit_and_copies_it_whole(client: TestClient, lan: str) -> None:
    """Issue 24.3: the link's text fits one line of a 390 px phone (the scheme dropped, the token's middle
    left out); its target, the QR code and the copy button keep the whole URL."""
    from stammtisch.web.qr import SHORT_CHARS, short_url

    assert short_url("http://192.168.1.5:8000/w/abc") == "192.168.1.5:8000/w/abc"
    long = "http://192.168.178.23:8000/p/HkbVQauZgsWp6OpbeGFGPSKdvqBqFwfb"
    shown = short_url(long)
    assert len(shown) == SHORT_CHARS and shown.startswith("192.168.178.23:8000/p/") and shown.endswith("…BqFwfb")
    links = _open_table(client)
    organiser = client.get(f"/links/{links['match_id']}").text
    full = f"{lan}{links['links']['0']}"
    assert f'href="{full}"' in organiser and f'data-copy="{full}"' in organiser
    assert f">{short_url(full)}</a>" in organiser and f">{full}</a>" not in organiser
