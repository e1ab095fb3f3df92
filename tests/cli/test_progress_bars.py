"""Issue 25.7: long command-line work shows a progress bar on a terminal (stderr), and none with ``--json``
or when stderr is not a terminal, so scripts read exactly what they read before. The terminal is
simulated with Rich's ``TTY_COMPATIBLE=1``; the final frame of the bar is what a test can read."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stammtisch.cli.app import app

TERMINAL = {"TTY_COMPATIBLE": "1", "TTY_INTERACTIVE": "0", "COLUMNS": "120"}
PIPE = {"TTY_COMPATIBLE": "0"}


def run(args: list[str], env: dict[str, str]):  # noqa: ANN201
    return CliRunner().invoke(app, args, env=env)


def plain(text: str) -> str:
    """Without the terminal's colour and cursor codes."""
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)


LAB = ["lab", "proempeln", "--option", "specials_mandatory=false", "--games", "60", "--workers", "1"]


def test_lab_shows_a_bar_of_both_rule_sets_on_a_terminal() -> None:
    """The bar counts the games of the default rules and the variant (2 × 60) in the chosen language; the
    figures still go to stdout alone."""
    shown = run([*LAB, "--lang", "en"], TERMINAL)
    assert shown.exit_code == 0, shown.output
    bar = plain(shown.stderr)
    assert "Prömpeln: default and variant" in bar and "120/120 games" in bar
    assert "seat 1 (starts) wins" in shown.stdout and "━" not in shown.stdout
    german = plain(run(LAB, TERMINAL).stderr)
    assert "Prömpeln: Standard und Variante" in german and "120/120 Spiele" in german


@pytest.mark.parametrize(("extra", "env"), [(["--json"], TERMINAL), ([], PIPE)], ids=["json", "not-a-terminal"])
def test_lab_is_silent_with_json_or_without_a_terminal(extra: list[str], env: dict[str, str]) -> None:
    quiet = run([*LAB, *extra], env)
    assert quiet.exit_code == 0, quiet.output
    assert quiet.stderr == ""
    if extra:
        assert json.loads(quiet.stdout)["default"]["games"] == 60


def test_lab_figures_are_the_same_on_any_number_of_workers() -> None:
    """``--workers`` changes who plays the games, not the figures (LAB-6)."""
    one = run([*LAB, "--json"], PIPE)
    two = run([*LAB[:-1], "2", "--json"], PIPE)
    assert json.loads(one.stdout) == json.loads(two.stdout)


def test_simulate_shows_a_bar_on_a_terminal_only() -> None:
    """``simulate``: the bar on a terminal; none with ``--json`` (also where a game's own simulation would
    show one) and none in a pipe."""
    args = ["simulate", "proempeln", "--games", "3", "--bots", "advisor"]
    shown = run(args, TERMINAL)
    assert shown.exit_code == 0, shown.output
    assert "proempeln: 3 games" in plain(shown.stderr) and "100%" in plain(shown.stderr)
    assert run([*args, "--json"], TERMINAL).stderr == ""
    assert run(args, PIPE).stderr == ""


def test_solve_shows_a_bar_while_it_solves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``solve``: the share of score pairs solved, to 100%; none with ``--json``; none for a stored result."""
    monkeypatch.setenv("STAMMTISCH_DATA_DIR", str(tmp_path))
    args = ["solve", "kluempchen", "--target", "12", "--no-jokers", "--force"]
    shown = run(args, TERMINAL)
    assert shown.exit_code == 0, shown.output
    assert "Klümpchen" in plain(shown.stderr) and "100%" in plain(shown.stderr)
    assert run([*args, "--json"], TERMINAL).stderr == ""
    stored = run(args[:-1], TERMINAL)
    assert stored.exit_code == 0 and "100%" not in plain(stored.stderr)


def test_backup_and_restore_show_a_bar_on_a_terminal_only(tmp_path: Path) -> None:
    """``backup``: the tables written; ``restore``: its five steps; the summary lines stay on stdout, and
    in a pipe stderr stays empty."""
    from tests.store.backup_world import fill_club

    source = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    fill_club(source)
    file = tmp_path / "club.backup"
    made = run(["backup", str(file)], {**TERMINAL, "STAMMTISCH_DATABASE_URL": source})
    assert made.exit_code == 0, made.output
    bar = plain(made.stderr)
    assert "Sichern / backing up" in bar and "Tabellen / tables" in bar and "rows from" in made.stdout
    done, total = re.search(r"(\d+)/(\d+) Tabellen", bar).groups()  # type: ignore[union-attr]
    assert done == total and int(total) > 5
    target = f"sqlite:///{tmp_path / 'new.sqlite3'}"
    restored = run(["restore", str(file)], {**TERMINAL, "STAMMTISCH_DATABASE_URL": target})
    assert restored.exit_code == 0, restored.output
    assert "Wiederherstellen / restoring" in plain(restored.stderr) and "5/5 Schritte / steps" in plain(restored.stderr)
    again = run(["backup", str(tmp_path / "again.backup")], {**PIPE, "STAMMTISCH_DATABASE_URL": source})
    assert again.exit_code == 0 and again.stderr == ""
