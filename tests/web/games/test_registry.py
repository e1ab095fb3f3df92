"""Issue 8, games as plug-ins: every web game is found through the registry by slug (``web.games``),
brings its templates, static files, router and presenter through ``WebGame`` (``web.plugin``), and
no generic web file names a game."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from stammtisch.games import GAMES
from stammtisch.web.games import WEB_GAMES, web_game, web_games
from stammtisch.web.rendering import make_environment

WEB = Path(__file__).parents[3] / "src" / "stammtisch" / "web"


def test_every_web_game_is_a_registered_engine_with_its_own_slug() -> None:
    assert [game.slug for game in web_games()] == list(WEB_GAMES)
    for game in web_games():
        assert game.slug in GAMES
        assert web_game(game.slug) is game
    assert web_game("no-such-game") is None


def test_a_games_templates_are_found_by_slug_and_name() -> None:
    env = make_environment()
    for game in web_games():
        if game.board_template is not None:
            assert game.board_template.startswith(f"{game.slug}/")
            env.get_template(game.board_template)
        if game.templates is not None:
            for path in game.templates.rglob("*.html"):
                env.get_template(f"{game.slug}/{path.relative_to(game.templates).as_posix()}")


def test_a_games_static_files_are_served_under_its_slug(client: TestClient) -> None:
    for game in web_games():
        for name in game.stylesheets:
            assert game.static is not None and (game.static / name).is_file()
            response = client.get(game.static_url(name))
            assert response.status_code == 200 and "text/css" in response.headers["content-type"]


def test_home_offers_what_each_game_can_start(client: TestClient) -> None:
    page = client.get("/?lang=en").text
    for game in web_games():
        assert GAMES[game.slug].title.get("en") in page
        for start in game.starts:
            assert f'href="{start.href}"' in page
            assert client.get(start.href).status_code == 200, start.href


def test_no_generic_web_file_names_a_game() -> None:
    """Outside ``web/games/<slug>*`` only the registry (``web/games/__init__.py``) names a game."""
    slugs = re.compile(r"\b(" + "|".join(map(re.escape, GAMES)) + r")\b")
    registry = WEB / "games" / "__init__.py"
    naming = []
    for path in WEB.rglob("*"):
        relative = path.relative_to(WEB).as_posix()
        if not path.is_file() or path == registry or relative.startswith("games/") or "__pycache__" in relative:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        naming += [f"{relative}: {match.group(0)}" for match in slugs.finditer(text)]
    assert not naming, naming
