"""The generic new-match page (issue 27.1, web.routes.generic) answers for every registered game, built
from what its engine declares, and its form is either taken (a match that opens) or refused in words."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from stammtisch.games import GAMES

NAMES = ["Anna", "Ben", "Carl", "Dora", "Emil", "Frieda", "Gustav", "Hanna"]


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_game_has_a_generic_new_match_page_that_starts_or_refuses_in_words(client: TestClient, slug: str) -> None:
    engine = GAMES[slug]
    page = client.get(f"/games/{slug}/new")
    assert page.status_code == 200 and engine.title.de in page.text
    for option in engine.options:
        if option.key != "mode":
            assert f'name="option.{option.key}"' in page.text and option.clause in page.text
    for mode in [str(mode) for mode in engine.info.play_modes] + ["bogus"]:
        names = NAMES[: max(engine.min_seats, 2)]
        answer = client.post(f"/games/{slug}", data={"player": names, "mode": mode}, follow_redirects=False)
        assert answer.status_code in (303, 422), (mode, answer.status_code, answer.text[:300])
        if answer.status_code == 303:
            assert client.get(answer.headers["location"]).status_code == 200
        else:
            assert 'role="alert"' in answer.text


def test_an_unknown_game_has_no_new_match_page(client: TestClient) -> None:
    assert client.get("/games/nope/new").status_code == 404
