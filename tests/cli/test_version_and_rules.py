"""`stammtisch --version` and `stammtisch rules` (the rule text, K-0 … C-6, in German and English)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

import stammtisch
from stammtisch.cli.app import app

runner = CliRunner()
RULE_TEXT = Path(__file__).resolve().parents[2] / "docs" / "rules" / "kluempchen.txt"
PACKAGED_RULES = Path(stammtisch.__file__).parent / "games" / "kluempchen" / "rules_de.txt"


def test_version_prints_the_package_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"stammtisch {stammtisch.__version__}"


def test_packaged_german_rules_are_the_original_text() -> None:
    """The German original is the authority: the packaged copy must be byte-identical."""
    assert PACKAGED_RULES.read_bytes() == RULE_TEXT.read_bytes()


def test_rules_in_german_print_the_original() -> None:
    result = runner.invoke(app, ["rules", "kluempchen", "--lang", "de"])
    assert result.exit_code == 0, result.output
    assert "Das Erfurter Würfelspiel" in result.output
    assert "Was wird gezählt" in result.output
    assert "Extraregeln für die Erfurter Freitagswürfler" in result.output


def test_rules_default_to_german() -> None:
    result = runner.invoke(app, ["rules", "kluempchen"])
    assert result.exit_code == 0
    assert "Spielregeln" in result.output


def test_rules_in_english_render_the_translation() -> None:
    result = runner.invoke(app, ["rules", "kluempchen", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "The Erfurt dice game" in result.output
    assert "What is counted" in result.output
    assert "Joker ins Grab" in result.output
    assert "#" not in result.output.splitlines()[0]  # Markdown is rendered, not printed raw


def test_rules_of_an_unknown_game_is_a_clear_error() -> None:
    result = runner.invoke(app, ["rules", "schach"])
    assert result.exit_code == 2
    assert "schach" in result.output
    assert "Traceback" not in result.output


def test_rules_with_an_unknown_language_is_refused() -> None:
    result = runner.invoke(app, ["rules", "kluempchen", "--lang", "fr"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
