"""Issue 24 (leftover of LK-6): the plain-words page for a withdrawn or foreign link is mostly read on a
phone without an account. Its links must lead somewhere such a phone can open: the rule text and the
start page only ask for a sign-in there, so that phone gets the sentence alone; a signed-in reader keeps
the rule link and the way back."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.club.members import Role
from stammtisch.web.app import create_app
from stammtisch.web.routes.tables import SEAT_COOKIE
from tests.support.club import setup_club, sign_in


@pytest.fixture
def app(tmp_path: Path) -> Iterator[FastAPI]:
    app = create_app(database_url=f"sqlite:///{tmp_path / 'links.sqlite3'}")
    setup_club(app)
    yield app
    app.state.service.repository.engine.dispose()


def _table(scribe: TestClient) -> dict[str, Any]:
    opened = scribe.post("/api/tables", json={"game": "preisromme", "players": ["Anna", "Ben", ""]})
    assert opened.status_code == 201, opened.text
    return opened.json()


def _main_links(page: str) -> list[str]:
    """The links of the page's content (the header's sign-in and language switch aside)."""
    main = page.split('id="main"', 1)[1]
    return re.findall(r'<a\b[^>]*href="([^"]+)"', main)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_refused_link_leads_a_phone_without_an_account_nowhere_it_cannot_open(app: FastAPI, lang: str) -> None:
    with TestClient(app, headers={"accept-language": lang}) as scribe, TestClient(app) as nobody:
        sign_in(scribe, Role.SCRIBE)
        table = _table(scribe)
        match_id, old = table["match_id"], table["links"]["1"]
        assert nobody.get(old).status_code == 200
        assert scribe.post(f"/links/{match_id}/seats/1/renew").status_code == 200
        other = _table(scribe)
        token = other["links"]["0"].rsplit("/", 1)[-1]
        answers = {
            "withdrawn": nobody.get(f"{old}?lang={lang}"),
            "foreign": nobody.get(f"/seat/{match_id}?lang={lang}", headers={"cookie": f"{SEAT_COOKIE}={token}"}),
        }
        for case, answer in answers.items():
            assert answer.status_code in (403, 410), (case, answer.status_code)
            links = _main_links(answer.text)
            assert not [href for href in links if href.startswith(("/rules", "/signin")) or href == "/"], (case, links)
            for href in links:  # whatever is left opens without an account
                assert nobody.get(href, follow_redirects=False).status_code == 200, (case, href)
        # The scribe, signed in, keeps the rule link and the way back on the same refusal.
        page = scribe.get(f"{old}?lang={lang}")
        assert page.status_code == 410
        assert any(href.startswith("/rules/") for href in _main_links(page.text)) and 'href="/"' in page.text
