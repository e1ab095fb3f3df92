"""Printing for the command line: Rich consoles and the one way a command gives up.

Every refusal a user can cause ends in :func:`fail`: a short message in German and English and a
non-zero exit code, never a traceback.
"""

from __future__ import annotations

from typing import NoReturn

import typer
from rich.console import Console

from stammtisch.core.text import Text

#: Exit code for bad input (unknown game, bad option, unusable data directory): like a usage error.
USAGE_ERROR = 2


def stdout() -> Console:
    """A console on the current ``sys.stdout`` (created per call so test runners can capture it)."""
    return Console(highlight=False)


def stderr() -> Console:
    return Console(stderr=True, highlight=False)


def fail(message: Text | str, code: int = USAGE_ERROR) -> NoReturn:
    """Print ``message`` (German, then English) to stderr and exit with ``code``."""
    lines = [message.de, message.en] if isinstance(message, Text) else [message]
    console = stderr()
    for line in lines:
        console.print(line, markup=False, soft_wrap=True)
    raise typer.Exit(code)
