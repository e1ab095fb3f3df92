"""KS-4, K-10.1, K-10.3, KA-15 (issue 15.2): advice with both teams' jokers in the state is the same from
the CLI's flags (``--own-jokers``/``--other-jokers``), from the advice function and from the page's API;
impossible joker states are refused in both languages with the clause."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from stammtisch.cli.app import app as cli_app
from stammtisch.core.errors import IllegalAction
from stammtisch.sim.games.kluempchen.advice import Spot, advise
from stammtisch.sim.games.kluempchen.game import load_solution
from stammtisch.sim.games.kluempchen.jokers import ALL, P1, P2
from stammtisch.web.games.kluempchen import advice as web_advice
from tests.web.conftest import start_evening, state

runner = CliRunner()
TARGET = 10


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data directory holding the joker solve to ``TARGET`` (stored by ``solve``, whose default keeps the
    jokers); the page's advice reads solutions for ``TARGET`` instead of 150 (a 150 solve takes about 25 s)."""
    monkeypatch.setenv("STAMMTISCH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(web_advice, "TARGET", TARGET)
    solved = runner.invoke(cli_app, ["solve", "kluempchen", "--target", str(TARGET), "--json"])
    assert solved.exit_code == 0, solved.output
    assert json.loads(solved.output)["jokers"] is True
    return tmp_path / "data"


def _cli(*args: str) -> dict:  # type: ignore[type-arg]
    out = runner.invoke(cli_app, ["advise", "kluempchen", "--target", str(TARGET), "--json", *args])
    assert out.exit_code == 0, out.output
    found: dict = json.loads(out.output)  # type: ignore[type-arg]
    return found


def _evening(client: TestClient) -> str:
    """A new evening at the table (teams 1+2 against 3+4, Anna starts): both teams hold both jokers."""
    return start_evening(client)


def test_flags_with_jokers_equal_the_advice_function(data_dir: Path) -> None:
    """KS-4: the flags' jokers reach the advice: the CLI's JSON is ``advise`` on the same spot with masks,
    the win probabilities count every joker left, and they differ from the joker-free reading."""
    solution = load_solution({}, TARGET, data_dir / "solver", jokers=True)
    assert solution is not None and solution.jokers is not None
    cli = _cli("--own", "3", "--other", "6", "--own-jokers", "2", "--other-jokers", "12", "--role", "1")
    direct = advise(Spot(3, 6, 1, 0, False, False, None, (P2, ALL)), {}, solution).to_json()
    assert cli == direct and cli["with_jokers"] is True
    assert [c["action"] for c in cli["choices"]] == ["throw"]  # player 1's joker is gone: nothing to announce
    assert cli["choices"][0]["win_probability"] == pytest.approx(float(solution.jokers[3, 6, P2, ALL]), abs=1e-6)
    plain = _cli("--own", "3", "--other", "6", "--role", "1")
    assert plain["with_jokers"] is False


def test_pre_turn_joker_advice_is_the_same_from_cli_and_api(data_dir: Path, client: TestClient) -> None:
    """K-10.3: before player 1's first throw at 0:0 with all four jokers the page's API and the CLI's flags
    give the same choices (throw, announce the joker) with the same figures."""
    match_id = _evening(client)
    api = client.get(f"/api/matches/{match_id}/kluempchen/advice").json()
    assert api["decision"] is True and api["with_jokers"] is True
    assert {c["action"] for c in api["choices"]} == {"throw", "joker"}
    cli = _cli("--own", "0", "--other", "0", "--own-jokers", "12", "--other-jokers", "12")
    assert api == {"decision": True, **cli}


def test_mid_turn_after_a_joker_the_same_from_cli_and_api(data_dir: Path, client: TestClient) -> None:
    """KA-15: after announcing the joker and throwing 1 1 1 2 3 4, then 1 5 6, player 1 decides between
    the 3rd throw and stopping; his joker is spent (own team: player 2's left). CLI and API agree."""
    match_id = _evening(client)
    for step in ({"seat": "0", "notation": "joker", "faces": "111234"}, {"faces": "1 5 6"}):
        seq = state(client, match_id)["seq"]
        assert client.post(f"/m/{match_id}/dice", data={"seq": seq, **step}).status_code in (200, 303)
    api = client.get(f"/api/matches/{match_id}/kluempchen/advice").json()
    assert api["decision"] is True and api["with_jokers"] is True
    cli = _cli("--joker", "--kept", "1111", "--own-jokers", "2", "--other-jokers", "12")
    assert api == {"decision": True, **cli}
    assert {c["action"] for c in cli["choices"]} == {"stop", "throw"}


@pytest.mark.parametrize(
    ("args", "clause"),
    [
        (["--own-jokers", "3", "--other-jokers", "12"], "K-10.1"),
        (["--own-jokers", "112", "--other-jokers", "12"], "K-10.1"),
        (["--own-jokers", "12"], "KS-4"),
        (["--joker", "--own-jokers", "12", "--other-jokers", "0"], "KA-15"),
        (["--joker-left", "--own-jokers", "2", "--other-jokers", "0"], "K-10.1"),
        (["--role", "2", "--joker-left", "--own-jokers", "1", "--other-jokers", "0"], "K-10.1"),
    ],
)
def test_impossible_joker_states_are_refused(args: list[str], clause: str) -> None:
    """K-10.1/KA-15/KS-4: masks outside a team's two jokers, one side only, an announced joker still left, a
    joker to announce that is gone: refused with German and English text and the clause (also as JSON)."""
    out = runner.invoke(cli_app, ["advise", "kluempchen", *args])
    assert out.exit_code == 2 and f"Regel {clause}" in out.output and f"rule {clause}" in out.output
    as_json = runner.invoke(cli_app, ["advise", "kluempchen", "--json", *args])
    error = json.loads(as_json.output)["error"]
    assert as_json.exit_code == 2 and error["clause"] == clause and error["de"] and error["en"]


def test_the_advice_function_refuses_inconsistent_jokers() -> None:
    """KA-15: the check lives in ``advise`` itself, so page, API and CLI refuse alike."""
    with pytest.raises(IllegalAction) as refused:
        advise(Spot(0, 0, 2, 0, True, False, None, (P2, 0)))
    assert refused.value.clause == "KA-15"
    assert advise(Spot(0, 0, 2, 0, True, False, None, (P1, 0))).choices
