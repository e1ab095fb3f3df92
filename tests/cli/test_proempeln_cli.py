"""Prömpeln on the command line (issue 4, parts 3, 4, 6): ``play`` at the table (one key per
stopper) and against bots (stoppers sampled from skill models), ``simulate`` reproducible for a
seed, ``advise`` as a Rich table and JSON, ``rules`` in German and English; refusals bilingual."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stammtisch.cli.app import app
from stammtisch.matches import MatchService
from stammtisch.store import open_store

runner = CliRunner()


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets an empty data directory (the learned models are read from there)."""
    monkeypatch.setenv("STAMMTISCH_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("STAMMTISCH_DATABASE_URL", raising=False)
    return tmp_path


def invoke(*args: str, script: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=script)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_play_at_the_table_with_one_key_per_stopper() -> None:
    """PR-2.2: two humans at the table; ``1`` takes the first choice, stoppers are typed 0-3 or x."""
    run = "1\n" + "3\n2\nx\n9\n1\n0\n3\n2\n" + "1\n"  # announce none, seven stoppers (9 is refused), record
    code, output = invoke(
        "play", "proempeln", "--players", "2", "--bots", "0", "--mode", "table", "--lang", "en", script=run * 2
    )
    assert code == 0
    assert "0, 1, 2, 3 or x (invalid)" in output
    assert "Anna: 11 points (total 11)" in output
    assert "Ben: 11 points (total 11)" in output
    assert "Round 1 of 7" in output


def test_play_against_bots_to_the_end() -> None:
    """Digital: the bots' and the human's stoppers are sampled; the game ends with a king."""
    code, output = invoke("play", "proempeln", "--players", "3", "--seed", "4", "--lang", "en", script="1\n" * 200)
    assert code == 0
    assert "🎯" in output and "(Bot)" in output
    assert "is king" in output or "I am king" in output


# ``simulate proempeln --games 6 --seed 7 --players 3`` without its timings, stored once from a run. Update it only
# when a change to the game, the bots or the simulation is meant to change what a seed plays.
NEW_PLAYER = {"source": "new player", "samples": 0, "distribution": [0.25] * 4}
EXPECTED_SIMULATION = {
    "game": "proempeln",
    "games": 6,
    "seed": 7,
    "players": 3,
    "bots": ["heuristic", "random"],
    "skills": [{"seat": seat, **NEW_PLAYER} for seat in range(3)],
    "average_total_per_bot": {"heuristic": 98.444, "random": 50.889},
    "win_rate_per_bot": {"heuristic": 0.667, "random": 0.0},
    "kings_per_bot": {"heuristic": 0, "random": 0},
    "average_round_score_per_move": {
        "D": 7.278, "K": 14.333, "K?": 6.0, "L": 9.923, "L?": 3.2, "P": 24.667, "P?": 4.333, "none": 8.833,
    },
    "king_share": 0.0,
    "stechen_share": 0.0,
}  # fmt: skip


def test_simulate_json_is_reproducible_for_a_seed() -> None:
    args = ("simulate", "proempeln", "--games", "6", "--seed", "7", "--json", "--players", "3")
    first = json.loads(invoke(*args)[1])
    first.pop("elapsed_seconds")  # timings vary; every other figure is fixed by the seed
    first.pop("games_per_second")
    assert first == EXPECTED_SIMULATION
    assert first["games"] == 6 and first["players"] == 3
    assert set(first["average_total_per_bot"]) == {"heuristic", "random"}
    assert first["skills"][0] == {"seat": 0, "source": "new player", "samples": 0, "distribution": [0.25] * 4}


def test_simulate_with_given_counts_and_a_learned_player(data_dir: Path) -> None:
    store = open_store(f"sqlite:///{data_dir / 'stammtisch.sqlite3'}")
    try:
        service = MatchService(store.repository)
        snap = service.create("proempeln", ["Anna", "Ben"], mode="table")
        steps = [(0, "none"), *((None, f"s0 b{b} 3") for b in range(1, 8))]
        service.submit(snap.match_id, steps, snap.seq)
    finally:
        store.close()
    code, output = invoke(
        "simulate", "proempeln", "--games", "3", "--seed", "1", "--json", "--players", "2",
        "--bots", "advisor,specials", "--skill", "Anna", "--skill", "0,0,0,40",
    )  # fmt: skip
    assert code == 0, output
    figures = json.loads(output)
    assert figures["skills"][0]["source"] == "Anna" and figures["skills"][0]["samples"] == 7
    assert figures["skills"][1]["samples"] == 40 and figures["skills"][1]["distribution"][3] > 0.9


def test_advise_table_and_json() -> None:
    code, output = invoke("advise", "proempeln", "2,5,8,6", "--round", "3", "--specials", "LK", "--lang", "en")
    assert code == 0
    assert "round 3, left LK" in output and "Kniffel" in output and "until the end" in output
    assert "from 21 stoppers" in output
    code, output = invoke("advise", "proempeln", "Nobody", "--round", "6", "--specials", "P", "--json")
    data = json.loads(output)
    assert data["samples"] == 0 and data["best"] == "P"
    assert [m["move"] for m in data["moves"]] == ["P"]  # PR-R08: the last special is forced in round 6


def test_advise_says_when_a_player_has_no_skill_data() -> None:
    """Issue 14: a name without stored stoppers is answered, but the model used is named (uniform while
    the club has no stoppers either), in the table's language and in the JSON (both languages)."""
    code, output = invoke("advise", "proempeln", "Nobody", "--lang", "en")
    assert code == 0 and "There is no skill data for 'Nobody'" in output and "a uniform model is used" in output
    code, output = invoke("advise", "proempeln", "Nobody")
    assert code == 0 and "Für „Nobody“ gibt es keine gespeicherten Prömpel" in output
    code, output = invoke("advise", "proempeln", "Nobody", "--json")
    note = json.loads(output)["note"]
    assert "gleichverteilten Modell" in note["de"] and "uniform model" in note["en"]
    code, output = invoke("advise", "proempeln", "2,5,8,6", "--json")
    assert "note" not in json.loads(output)  # counts are the player's own data


def test_advise_refuses_bad_input_in_both_languages() -> None:
    code, output = invoke("advise", "proempeln", "--specials", "LXX")
    assert code == 2 and "PR-4.0c" in output and "Spezialzüge" in output
    code, output = invoke("advise", "proempeln", "--round", "5", "--specials", "LKP")
    assert code == 2 and "PR-2.6" in output
    code, output = invoke("advise", "bierpong")  # Klümpchen has an advisor too since issue 15.2
    assert code == 2 and "Prömpeln" in output


def test_rules_in_german_and_english() -> None:
    code, german = invoke("rules", "proempeln", "--lang", "de")
    assert code == 0 and "Lampenlörer" in german and "Spezialzüge" in german
    code, english = invoke("rules", "proempeln", "--lang", "en")
    assert code == 0 and "Special moves" in english
    assert "double listener" not in english and "Doppellörer" in english  # rulings §A.2
