"""Issue 15.2: the advice card on the Klümpchen page (opt-in per evening) and the advice API give what the
CLI's advice function gives for the same spot."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from fastapi.testclient import TestClient

from stammtisch.games.kluempchen.model import CONTINUE, PlayerTurn
from stammtisch.sim import kernels
from stammtisch.sim.games.kluempchen import game
from stammtisch.sim.games.kluempchen.advice import Spot, advise
from stammtisch.sim.games.kluempchen.game import (
    GameSolution,
    load_solution,
    solutions_dir,
    store_solution,
    turn_options,
)
from stammtisch.store.config import DATA_DIR_VARIABLE
from stammtisch.web.games.kluempchen.advice import TARGET, warm_up
from tests.web.conftest import HTMX, start_evening, state


def _to_continue(client: TestClient, match_id: str) -> None:
    """Anna throws 1 1 1 2 3 4, then 1 5 6: 1111 (20) kept, the 3rd throw or stop is hers to choose."""
    for step in ({"seat": "0", "notation": "throw", "faces": "111234"}, {"faces": "1 5 6"}):
        seq = state(client, match_id)["seq"]
        assert client.post(f"/m/{match_id}/dice", data={"seq": seq, **step}).status_code in (200, 303)


def _stored(tmp_path: Path, monkeypatch: Any) -> GameSolution:
    """A whole-game solution in the server's data directory (every chance one half: the card's numbers
    are the advice function's, whatever they are)."""
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path))
    t = TARGET
    stored = GameSolution(turn_options({}), t, np.full((t, t), 0.5), np.full((t, t, t + 1), 0.5), 1, 1, 0.0)
    store_solution(stored, solutions_dir(tmp_path))
    solution = load_solution({}, TARGET, solutions_dir(tmp_path))
    assert solution is not None
    return solution


def test_card_is_opt_in_and_matches_the_advice_function(client: TestClient, tmp_path: Path, monkeypatch: Any) -> None:
    solution = _stored(tmp_path, monkeypatch)
    match_id = start_evening(client)
    _to_continue(client, match_id)
    page = client.get(f"/m/{match_id}?lang=en").text
    assert 'data-testid="advice"' in page
    hidden = client.get(f"/m/{match_id}/kluempchen/advice?lang=en", headers=HTMX)
    assert 'data-testid="advice-on"' in hidden.text and "advice-choices" not in hidden.text
    shown = client.get(f"/m/{match_id}/kluempchen/advice?show=1&lang=en", headers=HTMX)
    assert 'data-testid="advice-choices"' in shown.text
    again = client.get(f"/m/{match_id}/kluempchen/advice?lang=en", headers=HTMX)  # the cookie keeps it on
    assert 'data-testid="advice-choices"' in again.text
    api = client.get(f"/api/matches/{match_id}/kluempchen/advice").json()
    turn = PlayerTurn(0, 1, 0, step=CONTINUE, throws=2, kept=(4, 0, 0, 0, 0, 0), free=2)
    direct = advise(Spot(0, 0, 1, 0, False, False, turn), {}, solution).to_json()
    assert api == {"decision": True, **direct}
    assert sorted(c["action"] for c in api["choices"]) == ["stop", "throw"]
    first = api["choices"][0]
    assert f'data-action="{first["action"]}"' in again.text and first["en"] in again.text
    off = client.get(f"/m/{match_id}/kluempchen/advice?show=0&lang=en", headers=HTMX)
    assert 'data-testid="advice-on"' in off.text


def test_no_decision_no_advice(client: TestClient) -> None:
    match_id = start_evening(client)
    seq = state(client, match_id)["seq"]
    client.post(f"/m/{match_id}/dice", data={"seq": seq, "seat": "0", "notation": "throw", "faces": "111234"})
    api = client.get(f"/api/matches/{match_id}/kluempchen/advice").json()
    assert api["decision"] is False and api["choices"] == []


def test_a_server_loads_the_stored_solution_before_the_first_advice(tmp_path: Path, monkeypatch: Any) -> None:
    """Issue 15.2 (advice is instant): with a solution stored, the server's warm-up reads it and loads the
    solver's kernels, so the first card does not wait; without one it loads nothing."""
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path))
    directory = solutions_dir(tmp_path)
    warm_up()  # nothing stored: nothing to load
    assert load_solution({}, TARGET, directory) is None
    t = TARGET
    stored = GameSolution(turn_options({}), t, np.full((t, t), 0.5), np.full((t, t, t + 1), 0.5), 1, 1, 0.0)
    store_solution(stored, directory)
    before = dict(game._LOADED)
    warm_up()
    loaded = [s for key, s in game._LOADED.items() if key not in before]
    assert len(loaded) == 1 and loaded[0].target == TARGET and float(loaded[0].v1[3, 4]) == 0.5
    assert kernels.sweep_column.signatures  # compiled (or loaded from the cache) for the advice's sweeps
    assert load_solution({}, TARGET, directory) is loaded[0]  # the card's read is the kept copy
