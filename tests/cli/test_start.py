"""The CLI starts fast (issue 8): importing it, ``--version``, ``--help`` and ``rules`` load neither the
store (SQLAlchemy, Alembic), nor the web stack (nor pydantic, which Typer 0.29 loads for every
parameter), nor any game engine (the games registry's slugs, which ``--help`` lists, load none). Checked
by the modules a fresh interpreter holds afterwards, not by a clock (speed is measured in bench/, not in
unit tests)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from stammtisch.games import SLUGS

HEAVY = (
    "sqlalchemy",
    "alembic",
    "fastapi",
    "starlette",
    "uvicorn",
    "pydantic",
    "psycopg",
    "stammtisch.store",
    "stammtisch.web",
    "stammtisch.bots",
    "stammtisch.core.protocol",
    *(f"stammtisch.games.{slug}" for slug in SLUGS),
)

SCRIPT = """
import json, sys
import typer
from stammtisch.cli.app import app
args = json.loads(sys.argv[1])
if args:
    try:
        typer.main.get_command(app).main(args=args, standalone_mode=False)
    except SystemExit:
        pass
heavy = json.loads(sys.argv[2])
loaded = sorted(name for name in sys.modules if any(name == h or name.startswith(h + ".") for h in heavy))
print("\\nLOADED " + json.dumps(loaded))
"""


def loaded_after(*args: str, heavy: tuple[str, ...] = HEAVY) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, json.dumps(list(args)), json.dumps(heavy)],
        capture_output=True,
        text=True,
        check=True,
    )
    marker = done.stdout.rsplit("LOADED ", 1)[1]
    return list(json.loads(marker))


def test_importing_the_cli_loads_no_store_web_or_engine() -> None:
    assert loaded_after() == []


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["rules", "kluempchen"], ["rules", "proempeln"]])
def test_quick_commands_load_no_store_web_or_engine(args: list[str]) -> None:
    assert loaded_after(*args) == []


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["rules", "kluempchen"]])
def test_plain_output_needs_no_rich(args: list[str]) -> None:
    """Rich is loaded for tables and Markdown only; the version, the help and a plain rule text do
    without it (with Typer's Rich help, ``--help`` alone took about 0.15 s more)."""
    assert loaded_after(*args, heavy=("rich",)) == []
