"""``stammtisch rebuild-views``: make the read models again from the match logs (docs/read-models.md).

The server keeps them as matches are written and rebuilds them by itself at start when the code that
makes them changed; this command is for the operator who wants it done now (after restoring an old
backup, or to check the figures), with a progress bar. Safe while the server runs: every row is made
in its own transaction from a log that is only ever appended to."""

from __future__ import annotations

import time

import typer

from stammtisch.cli.console import stdout
from stammtisch.core.text import Text


def rebuild_views() -> None:
    """Rebuild the statistics' and the bank's read models from the match logs."""
    from stammtisch.cli.progress import bar, wanted
    from stammtisch.store import open_store
    from stammtisch.store.stats import StatsBook

    store = open_store()
    try:
        began = time.perf_counter()
        book = StatsBook(store.engine)
        with bar("Lesemodelle / read models", None, "Partien / matches", shown=wanted()) as shown:
            count = book.rebuild(progress=shown.update)
        seconds = time.perf_counter() - began
    finally:
        store.close()
    messages = [
        Text(
            f"{count} Partien gelesen, Lesemodelle neu erstellt in {seconds:.1f} s.",
            f"{count} matches read, read models rebuilt in {seconds:.1f} s.",
        )
    ]
    for match_id, why in sorted(book.failed.items()):
        messages.append(
            Text(
                f"Partie {match_id} ließ sich nicht nachspielen und fehlt in den Statistiken: {why}",
                f"Match {match_id} did not replay and is missing from the statistics: {why}",
            )
        )
    console = stdout()
    for message in messages:
        console.print(message.de, markup=False, soft_wrap=True)
        console.print(message.en, markup=False, soft_wrap=True)
    if book.failed:
        raise typer.Exit(1)
