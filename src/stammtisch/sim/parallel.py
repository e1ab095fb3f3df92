"""Lab games on every core: the games cut into spans of consecutive indices, played by a process pool.

Every lab game depends only on the seed and its own index (LAB-1's keyed streams), never on the games
played before it in the same process, so a span ``[lo, hi)`` gives the same games wherever it is played.
The spans are cut by a fixed size (not by the number of workers) and put back in index order: the figures
are the same for any number of workers (``tests/sim/test_lab6_workers.py``).

Workers are forked (Linux): they inherit the loaded modules and compiled kernels, so a run starts in a
few milliseconds. ``progress(done, total)`` is called with 0 once the workers exist and then with the
games done so far (of every work), from the calling thread: a caller may start a progress display (a
thread of its own) at the first call, after every fork.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")
#: ``work(lo, hi)``: the results of the games with indices lo .. hi - 1, in order (one per game, or one
#: for the whole span: the lists of the spans are joined in order either way).
Work = Callable[[int, int], list[T]]
#: ``progress(done, total)``: games done so far of all works together.
Progress = Callable[[int, int], None]


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def spans(total: int, size: int) -> list[tuple[int, int]]:
    """``range(total)`` cut into consecutive spans of ``size`` (the last one shorter)."""
    size = max(1, size)
    return [(lo, min(lo + size, total)) for lo in range(0, total, size)]


def _leave_interrupts_to_the_parent() -> None:
    """In a worker: Ctrl-C stops the run through the parent (which stops the workers), not one span."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_job(job: tuple[Work[T], int, int, int]) -> tuple[int, int, int, list[T]]:
    work, w, lo, hi = job
    return w, lo, hi, work(lo, hi)


def play_all(
    works: Sequence[Work[T]],
    total: int,
    span: int,
    workers: int = 1,
    progress: Progress | None = None,
) -> list[list[T]]:
    """Each ``work`` over the games ``0 .. total - 1``: per work, its spans' results joined in index
    order. With ``workers`` > 1 and more than one span the spans of all works share one pool of forked
    processes; else everything runs here."""
    cut = spans(total, span)
    planned = total * len(works)

    def report(done: int) -> None:
        if progress is not None:
            progress(done, planned)

    jobs = [(w, lo, hi) for w in range(len(works)) for lo, hi in cut]
    found: list[list[list[T]]] = [[[] for _ in cut] for _ in works]
    done = 0
    if workers <= 1 or len(jobs) <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        report(0)
        for w, lo, hi in jobs:
            found[w][lo // max(1, span)] = works[w](lo, hi)
            done += hi - lo
            report(done)
        return [[game for part in parts for game in part] for parts in found]
    context = multiprocessing.get_context("fork")
    pool = context.Pool(min(workers, len(jobs)), initializer=_leave_interrupts_to_the_parent)
    try:
        report(0)
        for w, lo, hi, result in pool.imap_unordered(_play_job, [(works[w], w, lo, hi) for w, lo, hi in jobs]):
            found[w][lo // max(1, span)] = result
            done += hi - lo
            report(done)
    except BaseException:
        # A failed span or Ctrl-C: the workers are stopped at once, not left to play the spans queued.
        pool.terminate()
        raise
    pool.close()
    pool.join()
    return [[game for part in parts for game in part] for parts in found]
