"""`stammtisch simulate`: bot-vs-bot evenings with a JSON summary, reproducible for a seed."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from stammtisch.cli.app import app

runner = CliRunner()
TIMINGS = ("elapsed_seconds", "games_per_second")


def simulate_json(*args: str) -> dict[str, object]:
    result = runner.invoke(app, ["simulate", "kluempchen", "--json", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def without_timings(summary: dict[str, object]) -> dict[str, object]:
    return {key: value for key, value in summary.items() if key not in TIMINGS}


def test_json_summary_has_the_documented_fields() -> None:
    summary = simulate_json("--games", "12", "--seed", "4")
    assert summary["game"] == "kluempchen"
    assert summary["games"] == 12
    assert summary["seed"] == 4
    assert summary["rounds"] == 12  # one round per evening by default
    assert summary["average_turns"] > 0
    assert set(summary["average_points_per_team_position"]) == {"1", "2"}
    assert set(summary["average_points_per_bot"]) == {"heuristic", "random"}
    assert set(summary["loss_rate_per_bot"]) == {"heuristic", "random"}
    assert summary["loss_rate_per_bot"]["heuristic"] + summary["loss_rate_per_bot"]["random"] == 1
    assert summary["elapsed_seconds"] >= 0
    assert summary["games_per_second"] > 0


def test_the_same_seed_gives_the_same_figures() -> None:
    first = simulate_json("--games", "10", "--seed", "7", "--rounds", "2", "--teams", "drawn", "--players", "5")
    other = simulate_json("--games", "10", "--seed", "8", "--rounds", "2", "--teams", "drawn", "--players", "5")
    # Stored once from a run. Update only when a change to the game, the bots or the simulation is meant to
    # change what seed 7 plays.
    assert without_timings(first) == {
        "game": "kluempchen",
        "games": 10,
        "seed": 7,
        "players": 5,
        "bots": ["heuristic", "random"],
        "rounds": 20,
        "average_turns": 33.6,
        "average_actions_per_game": 317.8,
        "average_points_per_team_position": {"1": 134.4, "2": 141.0, "3": 138.05},
        "average_points_per_bot": {"heuristic": 157.16, "random": 125.56},
        "loss_rate_per_bot": {"heuristic": 0.08, "random": 0.54},
        "average_net_cents_per_bot": {"heuristic": -40.0, "random": -400.0},
    }
    assert without_timings(first) != without_timings(other)
    assert first["rounds"] == 20
    assert set(first["average_points_per_team_position"]) == {"1", "2", "3"}


def test_one_bot_per_player_and_only_random_bots() -> None:
    summary = simulate_json("--games", "4", "--bots", "random,heuristic,random,heuristic")
    assert summary["bots"] == ["random", "heuristic", "random", "heuristic"]
    assert set(simulate_json("--games", "3", "--bots", "random")["average_points_per_bot"]) == {"random"}


def test_without_json_a_table_is_printed() -> None:
    result = runner.invoke(app, ["simulate", "kluempchen", "--games", "3", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "average turns" in result.output
    assert "loss rate per bot" in result.output


def test_unknown_bot_game_and_player_count_are_refused_without_traceback() -> None:
    for args, words in (
        (["simulate", "kluempchen", "--bots", "genius"], "genius"),
        (["simulate", "schach"], "schach"),
        (["simulate", "kluempchen", "--players", "3"], "4"),
        (["simulate", "kluempchen", "--games", "0"], "--games"),
        (["simulate", "kluempchen", "--teams", "mixed"], "--teams"),
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert words in result.output
        assert "Traceback" not in result.output
