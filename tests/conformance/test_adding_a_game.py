"""The walkthrough of docs/adding-a-game.md, run: the toy game of tests/support/toy.py is registered
with one line in the games registry and from then on passes the conformance suite, reproduces a
count record, gets the random bot, plays as a match through the match service and simulates from
the command line, with no other line of its own (no web, CLI or match extension: the generic ones)."""

from __future__ import annotations

import doctest
import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stammtisch.bots.base import RandomBot
from stammtisch.bots.registry import bots_for
from stammtisch.cli.app import app
from stammtisch.games import GAMES
from stammtisch.matches import InMemoryRepository, MatchService
from tests.conformance.counts import compute
from tests.conformance.test_conformance import conform
from tests.support.play import new_state, random_game
from tests.support.toy import GAME as TOY


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The one line a new game adds to ``stammtisch/games/__init__.py`` (its slug in ``SLUGS``), in ``GAMES``."""
    monkeypatch.setitem(GAMES, "toy", TOY)


@pytest.mark.usefixtures("registered")
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_registered_toy_passes_the_conformance_suite(seats: int) -> None:
    conform(GAMES["toy"], seats, seed=seats)


@pytest.mark.usefixtures("registered")
def test_the_registered_toy_has_counts_the_random_bot_and_plays_to_the_end() -> None:
    record = compute(GAMES["toy"], 2, {"rounds": 3})
    assert [run["steps"] for run in record["runs"]] == [9, 9, 9]  # three rounds: two picks and a die each
    assert bots_for(TOY) == {"random": RandomBot}
    final = random_game(TOY, new_state(TOY, 3, {"rounds": 2}), random.Random(1))
    assert TOY.result(final) is not None


@pytest.mark.usefixtures("registered")
def test_the_registered_toy_plays_as_a_match() -> None:
    service = MatchService(InMemoryRepository(), rng=lambda match_id: random.Random(0))
    snapshot = service.create("toy", ["Anna", "Ben"], {"rounds": 2}, mode="digital")
    while snapshot.turn["kind"] == "decision":
        for seat in snapshot.turn["seats"]:
            legal = service.snapshot(snapshot.match_id, seat).legal
            snapshot = service.act(snapshot.match_id, seat, legal[0]["notation"], snapshot.seq)
    assert snapshot.turn["kind"] == "finished"


@pytest.mark.usefixtures("registered")
def test_the_registered_toy_simulates_from_the_command_line() -> None:
    args = ["simulate", "toy", "--games", "3", "--seed", "1", "--json", "--bots", "random", "--players", "2"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert figures["game"] == "toy" and figures["games"] == 3


def test_the_guides_examples_run() -> None:
    """Every ``>>>`` example of docs/adding-a-game.md gives what the guide says (issue 27 §3)."""
    guide = Path(__file__).resolve().parents[2] / "docs" / "adding-a-game.md"
    try:
        failures, tried = doctest.testfile(str(guide), module_relative=False, optionflags=doctest.ELLIPSIS)
    finally:
        GAMES.pop("toy", None)  # the guide registers the toy for its examples and removes it at the end
    assert tried >= 10 and failures == 0
