"""Issue 25.4: the Klümpchen advice card is right or silent. Without a stored whole-game solution for the
evening's house rules it ranks nothing (a ranking by the turn's expected points alone put "announce the
joker" first on a team's very first throw), says so in words in both languages, and never tells a phone
to run a command."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from stammtisch.store.config import DATA_DIR_VARIABLE
from tests.web.conftest import HTMX, start_evening, state


@pytest.fixture(autouse=True)
def _no_stored_solution(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path / "data"))


def _first_throw(client: TestClient, match_id: str) -> None:
    """Anna's first throw of the evening (two teams): the joker, the third throw and stopping are open."""
    seq = state(client, match_id)["seq"]
    answer = client.post(f"/m/{match_id}/dice", data={"seq": seq, "seat": "0", "notation": "throw", "faces": "111234"})
    assert answer.status_code in (200, 303)
    seq = state(client, match_id)["seq"]
    assert client.post(f"/m/{match_id}/dice", data={"seq": seq, "faces": "1 5 6"}).status_code in (200, 303)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_without_a_solution_the_card_ranks_nothing_and_names_no_command(client: TestClient, lang: str) -> None:
    match_id = start_evening(client)
    _first_throw(client, match_id)
    card = client.get(f"/m/{match_id}/kluempchen/advice?show=1&lang={lang}", headers=HTMX).text
    assert 'data-testid="advice-unsolved"' in card and "advice-choices" not in card
    assert "stammtisch solve" not in card and "solve kluempchen" not in card and "command" not in card.lower()
    words = "nicht berechnet" if lang == "de" else "not computed"
    assert words in card
    api = client.get(f"/api/matches/{match_id}/kluempchen/advice").json()
    assert api["decision"] is True and api["solved"] is False and api["choices"] == [] and api["best"] is None


def test_the_match_page_never_names_the_solve_command(client: TestClient) -> None:
    match_id = start_evening(client)
    _first_throw(client, match_id)
    client.get(f"/m/{match_id}/kluempchen/advice?show=1", headers=HTMX)
    for lang in ("de", "en"):
        page = client.get(f"/m/{match_id}?lang={lang}").text
        assert "stammtisch solve" not in page
