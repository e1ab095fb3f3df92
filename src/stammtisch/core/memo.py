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
from typing import Any, Generic, ParamSpec, Protocol, TypeVar, cast

Params = ParamSpec("Params")
Result = TypeVar("Result")
Result_co = TypeVar("Result_co", covariant=True)


class Memo(Protocol, Generic[Params, Result_co]):
    """A memoised function: called like the original, with ``cache_clear``/``cache_size`` and the
    original as ``__wrapped__`` (for callers that keep their own memo of its results)."""

    @property
    def __wrapped__(self) -> Callable[Params, Result_co]: ...

    def __call__(self, *args: Params.args, **kwargs: Params.kwargs) -> Result_co: ...

    def cache_clear(self) -> None: ...

    def cache_size(self) -> int: ...


def bounded_cache(limit: int) -> Callable[[Callable[Params, Result]], Memo[Params, Result]]:
    """Memoise a pure function of hashable positional arguments, keeping at most ``limit`` results."""

    def decorate(function: Callable[Params, Result]) -> Memo[Params, Result]:
        table: dict[tuple[Any, ...], Result] = {}
        compute: Callable[..., Result] = function  # called with the positional arguments only

        def cached(*args: Any) -> Result:
            try:
                return table[args]
            except KeyError:
                pass
            if len(table) >= limit:
                table.clear()
            found = table[args] = compute(*args)
            return found

        wrapper = update_wrapper(cached, function)  # sets __wrapped__, __name__, __doc__
        setattr(wrapper, "cache_clear", table.clear)  # noqa: B010 (a function gets attributes by setattr)
        setattr(wrapper, "cache_size", table.__len__)  # noqa: B010
        # A function with these attributes set is a Memo; mypy cannot see attributes added at run time.
        return cast(Memo[Params, Result], wrapper)

    return decorate
