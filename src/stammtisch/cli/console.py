"""Printing for the command line: Rich consoles and the one way a command gives up.

Every refusal a user can cause ends in :func:`fail`: a short message in German and English and a
non-zero exit code, never a traceback.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

import typer

from stammtisch.core.text import Text

if TYPE_CHECKING:
    from rich.console import Console

#: Exit code for bad input (unknown game, bad option, unusable data directory): like a usage error.
USAGE_ERROR = 2


def stdout() -> Console:
    """A console on the current ``sys.stdout`` (created per call so test runners can capture it).
    Rich is imported here, on first use, not when the CLI starts."""
    from rich.console import Console

    return Console(highlight=False)


def stderr() -> Console:
    from rich.console import Console

    return Console(stderr=True, highlight=False)


def fail(message: Text | str, code: int = USAGE_ERROR) -> NoReturn:
    """Print ``message`` (German, then English) to stderr and exit with ``code``."""
    lines = [message.de, message.en] if isinstance(message, Text) else [message]
    console = stderr()
    for line in lines:
        console.print(line, markup=False, soft_wrap=True)
    raise typer.Exit(code)
