"""Issue 8: a game's web part plugs in through its package and one registry line; no generic web file
changes. The toy engine (``tests/support/toy.py``) gets a web game (``tests/web/games/toy/``) here."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from stammtisch.games import GAMES
from stammtisch.matches.repository import InMemoryRepository
from stammtisch.matches.service import MatchService
from stammtisch.web import games as registry
from stammtisch.web.app import create_app
from tests.support.club import signed_in
from tests.support.toy import GAME as TOY


@pytest.fixture
def toy_client(monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setitem(registry.WEB_GAMES, "toy", "tests.web.games.toy")
    registry.web_game.cache_clear()
    service = MatchService(InMemoryRepository(), games={**GAMES, "toy": TOY})
    with signed_in(TestClient(create_app(service), headers={"accept-language": "en"})) as client:
        client.service = service  # type: ignore[attr-defined]
        yield client
    registry.web_game.cache_clear()


def test_home_offers_the_new_games_start_link(toy_client: TestClient) -> None:
    page = toy_client.get("/").text
    assert "Secret number" in page and 'href="/toy/new"' in page and "New secret number" in page


def test_the_games_router_templates_and_static_files_are_served(toy_client: TestClient) -> None:
    assert 'data-testid="toy-new"' in toy_client.get("/toy/new").text
    css = toy_client.get("/static/games/toy/toy.css")
    assert css.status_code == 200 and ".toy-board" in css.text


def test_the_match_page_shows_the_games_board_with_its_presenter(toy_client: TestClient) -> None:
    snapshot = toy_client.service.create("toy", ["Anna", "Ben"], mode="table")  # type: ignore[attr-defined]
    page = toy_client.get(f"/m/{snapshot.match_id}").text
    # The public (scribe's) view holds no secret picks: the presenter sees the scores and no choices.
    assert 'data-testid="toy-board"' in page and "Points: 0 / 0 · 0" in page
    assert '<link rel="stylesheet" href="/static/games/toy/toy.css">' in page
    own = toy_client.get(f"/m/{snapshot.match_id}?seat=1").text
    assert "Points: 0 / 0 · 3" in own and 'data-notation="pick 2"' in own  # seat 1's phone: his three picks
