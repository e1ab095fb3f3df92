"""Games as plug-ins on the command line (issue 8): every CLI game is found through the registry by
its slug, and a game without a CLI module plays and simulates in the plain form from its first day
(the toy game of ``tests/support/toy.py``, registered for the test only)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from stammtisch.cli.app import app
from stammtisch.cli.games import SLUG_HELP, cli_game
from stammtisch.cli.plugin import CliGame
from stammtisch.games import GAMES, SLUGS
from tests.support import toy

runner = CliRunner()


@pytest.fixture
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, toy.GAME.slug, toy.GAME)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_cli_game_is_found_by_its_slug(slug: str) -> None:
    found = cli_game(slug)
    assert isinstance(found, CliGame) and found.slug == slug
    assert slug in GAMES  # a CLI game is a registered engine


def test_every_verb_command_loads() -> None:
    for slug in SLUGS:
        for verb in cli_game(slug).commands:
            result = runner.invoke(app, [verb, slug, "--help"])
            assert result.exit_code == 0, result.output


@pytest.mark.usefixtures("toy_registered")
def test_a_game_without_a_cli_module_plays_in_the_plain_form() -> None:
    result = runner.invoke(app, ["play", "toy", "--players", "2", "--bots", "1", "--bot", "random", "--lang", "en"],
                           input="1\n" * 3)  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Anna, your move:" in result.output
    assert "my_pick" in result.output and "last_reveal" in result.output  # the view, listed key by key
    assert "The end" in result.output and "score" in result.output


@pytest.mark.usefixtures("toy_registered")
def test_a_game_without_a_cli_module_simulates_in_the_plain_form() -> None:
    args = ["simulate", "toy", "--games", "4", "--players", "3", "--bots", "random", "--seed", "2", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert figures["game"] == "toy" and figures["games"] == 4 and set(figures["average_score_per_bot"]) == {"random"}
    # Stored once from a run (timings left out). Update only when a change to the toy game, the random bot or
    # the plain simulation is meant to change what seed 2 plays.
    assert {key: value for key, value in figures.items() if key not in ("elapsed_seconds", "games_per_second")} == {
        "game": "toy",
        "games": 4,
        "seed": 2,
        "players": 3,
        "bots": ["random"],
        "average_actions_per_game": 9.0,
        "average_score_per_bot": {"random": 4.0},
    }


@pytest.mark.usefixtures("toy_registered")
def test_a_game_without_an_advisor_is_told_which_games_have_one() -> None:
    result = runner.invoke(app, ["advise", "toy"])
    assert result.exit_code == 2
    assert "Einen Berater gibt es für toy nicht" in result.output and "There is no advisor for toy" in result.output


def test_help_lists_every_registered_game() -> None:
    """Issue 27 §3: ``--help`` names every game of the registry, with a CLI part or without."""
    assert all(slug in SLUG_HELP for slug in SLUGS)
    for command in ("play", "simulate", "rules"):
        result = runner.invoke(app, [command, "--help"], env={"COLUMNS": "400"})
        assert result.exit_code == 0, result.output
        assert all(slug in result.output for slug in SLUGS), command


@pytest.mark.usefixtures("toy_registered")
def test_a_game_without_bots_plays_and_simulates_with_the_default_bot() -> None:
    """Issue 27 §3: no ``Unknown bot 'heuristic'``: the default bot of a game without bots is the random bot."""
    played = runner.invoke(app, ["play", "toy", "--players", "2", "--bots", "1", "--lang", "en"], input="1\n" * 3)
    assert played.exit_code == 0, played.output
    assert "The end" in played.output
    simulated = runner.invoke(app, ["simulate", "toy", "--games", "2", "--players", "2", "--seed", "1", "--json"])
    assert simulated.exit_code == 0, simulated.output
    assert json.loads(simulated.output)["games"] == 2
