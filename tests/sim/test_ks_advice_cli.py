"""Issue 15.2: advice at the table; the CLI prints exactly what the advice function (the API's) gives."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stammtisch.cli.app import app
from stammtisch.games.kluempchen.model import CONTINUE, PlayerTurn
from stammtisch.sim.games.kluempchen.advice import Spot, advise
from stammtisch.sim.games.kluempchen.game import load_solution

runner = CliRunner()


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("STAMMTISCH_DATA_DIR", str(tmp_path))
    return tmp_path


def test_solve_stores_and_advice_reads_it(data_dir: Path) -> None:
    """KS-5: solve stores the result; advise reads it; the CLI's JSON equals advise() on the same spot
    (the joker-free solve, ``--no-jokers``, KS-4)."""
    solved = runner.invoke(app, ["solve", "kluempchen", "--target", "10", "--no-jokers", "--json"])
    assert solved.exit_code == 0, solved.output
    summary = json.loads(solved.output)
    assert summary["states"] > 0 and 0.5 < summary["start_win_probability"] < 1 and summary["jokers"] is False
    again = json.loads(runner.invoke(app, ["solve", "kluempchen", "--target", "10", "--no-jokers", "--json"]).output)
    assert again["stored_result_reused"] is True
    args = ["advise", "kluempchen", "--target", "10", "--own", "2", "--other", "5", "--role", "2"]
    cli = runner.invoke(app, [*args, "--partner", "3", "--kept", "222", "--json"])
    assert cli.exit_code == 0, cli.output
    solution = load_solution({}, 10, data_dir / "solver")
    turn = PlayerTurn(0, 1, 0, step=CONTINUE, throws=2, kept=(0, 3, 0, 0, 0, 0), free=3)
    direct = advise(Spot(2, 5, 2, 3, False, False, turn), {}, solution).to_json()
    assert json.loads(cli.output) == direct
    assert direct["solved"] and {c["action"] for c in direct["choices"]} == {"throw", "stop"}


def test_solve_keeps_the_jokers_of_the_rules_by_default(data_dir: Path) -> None:
    """K-10, KS-4: the default rules give every player a joker, so a plain ``solve`` solves with them in the
    state and stores that solve; the joker-free solve is not stored by it."""
    solved = runner.invoke(app, ["solve", "kluempchen", "--target", "10", "--json"])
    assert solved.exit_code == 0, solved.output
    summary = json.loads(solved.output)
    assert summary["jokers"] is True and summary["stored_result_reused"] is False
    assert summary["start_win_probability"] != summary["start_win_probability_without_jokers"]
    assert load_solution({}, 10, data_dir / "solver", jokers=True) is not None
    assert load_solution({}, 10, data_dir / "solver") is None
    text = " ".join(runner.invoke(app, ["solve", "kluempchen", "--target", "10"]).output.split())  # unwrapped
    assert "mit Jokern / with jokers" in text and "gespeichert / stored result" in text


def test_advice_without_a_solution_ranks_by_points(data_dir: Path) -> None:
    out = runner.invoke(app, ["advise", "kluempchen", "--pairs", "16", "--json"])
    data = json.loads(out.output)
    assert data["solved"] is False and data["best"] == "keep 1"


def test_refusals_are_bilingual(data_dir: Path) -> None:
    """K-6.7 / K-11.1: bad spots are refused with both languages and the rule."""
    bad_pair = runner.invoke(app, ["advise", "kluempchen", "--pairs", "77"])
    assert bad_pair.exit_code != 0 and "K-6.7" in bad_pair.output and "two different faces" in bad_pair.output
    out_of_range = runner.invoke(app, ["advise", "kluempchen", "--own", "150"])
    assert out_of_range.exit_code != 0 and "K-11.1" in out_of_range.output
    unknown = runner.invoke(app, ["solve", "skat"])
    assert unknown.exit_code != 0 and "keinen Löser" in unknown.output and "no solver" in unknown.output


def test_advice_for_a_stored_match(data_dir: Path) -> None:
    """--match ID: the spot is read from the stored evening (its view), with the evening's house rules."""
    from stammtisch.matches.service import MatchService
    from stammtisch.store.config import database_url
    from stammtisch.store.database import open_store

    store = open_store(database_url({"STAMMTISCH_DATA_DIR": str(data_dir)}))
    try:
        service = MatchService(store.repository)
        snap = service.create(
            "kluempchen",
            ["Anna", "Ben", "Carl", "Dora"],
            options={"team_draw": "manual"},
            setup={"teams": [[0, 1], [2, 3]]},
            mode="table",
            title="Freitag",
        )
        match_id = snap.match_id
        seq = service.act(match_id, 0, "throw", snap.seq).seq
        seq = service.enter_outcome(match_id, "1 1 1 2 3 4", seq).seq
        service.enter_outcome(match_id, "1 5 6", seq)
    finally:
        store.close()
    out = runner.invoke(app, ["advise", "kluempchen", "--match", match_id, "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert [c["action"] for c in data["choices"]] == ["stop", "throw"]
    missing = runner.invoke(app, ["advise", "kluempchen", "--match", "nope"])
    assert missing.exit_code != 0
