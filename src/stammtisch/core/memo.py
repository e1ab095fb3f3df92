"""``bounded_cache``: a memo for pure functions on hot paths, lighter than ``functools.lru_cache``.

An ``lru_cache`` keeps a linked list of its entries that the cyclic garbage collector walks at every
full collection, and it relinks an entry at every hit. Engines that memoise hundreds of thousands of
small results (figures a hand can lay, say) pay for both. This memo is a plain dict from the
positional arguments to the result: a hit is one dict lookup, and a dict whose keys and results hold
only numbers, strings and tuples of them is left alone by the collector. It is bounded the simplest
way: when ``limit`` entries are reached, it starts afresh (a pure function loses nothing but time).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import update_wrapper
from typing import Any, TypeVar

Result = TypeVar("Result")


def bounded_cache(limit: int) -> Callable[[Callable[..., Result]], Callable[..., Result]]:
    """Memoise a pure function of hashable positional arguments, keeping at most ``limit`` results."""

    def decorate(function: Callable[..., Result]) -> Callable[..., Result]:
        table: dict[tuple[Any, ...], Result] = {}

        def cached(*args: Any) -> Result:
            try:
                return table[args]
            except KeyError:
                pass
            if len(table) >= limit:
                table.clear()
            found = table[args] = function(*args)
            return found

        cached.cache_clear = table.clear  # type: ignore[attr-defined]
        cached.cache_size = table.__len__  # type: ignore[attr-defined]
        return update_wrapper(cached, function)

    return decorate
