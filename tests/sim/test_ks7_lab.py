"""Issue 15.4 (KS-7): the house-rule lab compares rules with intervals; refusals are bilingual."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from stammtisch.cli.app import app
from stammtisch.sim.games.kluempchen.lab import run_rounds

runner = CliRunner()


def test_keep_on_fail_shortens_rounds() -> None:
    """KA-03: when a failed 3rd throw keeps the earlier result, turns score more often and rounds are
    clearly shorter (the intervals do not overlap)."""
    default = run_rounds({}, 1200, seed=3)
    variant = run_rounds({"third_throw_rule": "keep_on_fail"}, 1200, seed=4)
    assert variant.joint_turns.high < default.joint_turns.low
    for result in (default, variant):
        assert 0.0 <= result.start_wins.low <= result.start_wins.value <= result.start_wins.high <= 1.0
        assert result.cents_per_player_evening.value > 0


def test_money_follows_the_base_amount() -> None:
    """S-9/KA-28: a unit is base x players, so doubling the base doubles the money (same seed, same rounds)."""
    single = run_rounds({}, 300, seed=5)
    double = run_rounds({"base_cents": 100}, 300, seed=5)
    assert double.cents_per_player_evening.value == 2 * single.cents_per_player_evening.value


def test_cli_lab_json_and_refusals() -> None:
    result = runner.invoke(
        app, ["lab", "kluempchen", "--option", "third_throw_rule=keep_on_fail", "--games", "120", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["variant"]["options"]["third_throw_rule"] == "keep_on_fail"
    bad = runner.invoke(app, ["lab", "kluempchen", "--option", "third_throw_rule=sometimes", "--games", "120"])
    assert bad.exit_code != 0
    assert "ungültig" in bad.output and "invalid" in bad.output and "KA-03" in bad.output
    malformed = runner.invoke(app, ["lab", "kluempchen", "--option", "third_throw_rule", "--games", "120"])
    assert malformed.exit_code != 0 and "KEY=VALUE" in malformed.output
