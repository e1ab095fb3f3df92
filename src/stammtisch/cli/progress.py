"""Progress bars for long command-line work: ``lab``, ``simulate``, ``solve``, ``backup``, ``restore``.

A bar is drawn on stderr, and only when stderr is a terminal (Rich's test: a TTY, or ``TTY_COMPATIBLE=1``
/ ``FORCE_COLOR`` in the environment) and the command was not asked for ``--json``: scripts, pipes and
JSON readers get exactly the output they got before. A bar starts at its first update, not when it is
made, so a command may fork its workers (``sim.parallel``) before the bar's refresh thread exists.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

from stammtisch.cli.console import stderr

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID

#: Set by a command run with ``--json``: no bar anywhere below it (the games' own simulations included).
QUIET: ContextVar[bool] = ContextVar("stammtisch_progress_quiet", default=False)


def wanted(as_json: bool = False) -> bool:
    """Whether a bar may be drawn: stderr is a terminal and no JSON was asked for."""
    return not as_json and not QUIET.get() and stderr().is_terminal


class Bar:
    """One task's bar: ``update(done)`` with the units done so far (or ``advance()``), ``total`` None
    for work of unknown size (a pulsing bar with the time taken). Does nothing when not ``shown``."""

    def __init__(self, label: str, total: int | None, unit: str = "", shown: bool = True, transient: bool = False):
        self.label, self.total, self.unit, self.shown, self.transient = label, total, unit, shown, transient
        self.done = 0
        self._progress: Progress | None = None
        self._task: TaskID | None = None

    def _start(self) -> None:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            SpinnerColumn,
            TaskProgressColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
        from rich.table import Column

        # On a narrow terminal the description is cut (with "…"), never the counts or the time: Rich's table
        # would squeeze those first.
        console = stderr()
        bar_width = 24 if console.width >= 100 else 12
        room = max(12, console.width - bar_width - len(self.unit) - 2 * len(str(self.total or 0)) - 20)
        described = TextColumn(
            "{task.description}", table_column=Column(max_width=room, no_wrap=True, overflow="ellipsis")
        )
        columns = [SpinnerColumn(), described, BarColumn(bar_width=bar_width)]
        if self.total is None:  # unknown size: the time taken so far
            columns.append(TimeElapsedColumn())
        else:  # what is done (counted in units, else in percent), the time left; at the end the time taken
            counted = [MofNCompleteColumn(), TextColumn(self.unit)] if self.unit else [TaskProgressColumn()]
            columns += [*counted, TimeRemainingColumn(elapsed_when_finished=True)]
        self._progress = Progress(*columns, console=console, transient=self.transient)
        self._progress.start()
        self._task = self._progress.add_task(self.label, total=self.total)

    def update(self, done: int, total: int | None = None, label: str | None = None) -> None:
        """``done`` units are finished (``total``: the whole work, when it is known only now; ``label``: a
        new description)."""
        self.done = done
        if total is not None:
            self.total = total
        if not self.shown:
            return
        if self._progress is None:
            self._start()
        assert self._progress is not None and self._task is not None
        changes: dict[str, object] = {"total": total} if total is not None else {}
        if label:
            changes["description"] = label
        self._progress.update(self._task, completed=done, **changes)  # type: ignore[arg-type]

    __call__ = update

    def advance(self, step: int = 1) -> None:
        self.update(self.done + step)

    def close(self) -> None:
        if self._progress is not None:
            if self.total is not None and self._task is not None:
                self._progress.update(self._task, completed=self.done)
            self._progress.stop()
            self._progress = None


@contextmanager
def bar(label: str, total: int | None, unit: str = "", *, shown: bool = True, transient: bool = False) -> Iterator[Bar]:
    """A ``Bar`` for the ``with`` block, stopped at its end (also on an error). ``shown`` is usually
    ``wanted(as_json)``."""
    found = Bar(label, total, unit, shown, transient)
    try:
        yield found
    finally:
        found.close()
