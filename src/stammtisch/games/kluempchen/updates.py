"""Named updates of the state's NamedTuples, generated once so the hot path stays fast.

``replacer(PlayerTurn, "step", "log")`` returns ``f(turn, step=..., log=...)``: a copy of ``turn``
with those fields replaced and every other field kept. It is what ``turn._replace(step=..., log=...)``
does, but generated for a fixed set of names: it unpacks the tuple and builds the copy with
``tuple.__new__`` directly, about three times faster than ``_replace`` and twice as fast as the
positional rebuilds it replaces (an engine step rebuilds two or three of these values). Call sites
name every field they change, so a reader never has to count positions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T", bound=tuple[Any, ...])


def replacer(cls: type[T], *names: str) -> Callable[..., T]:
    """A function ``(value, **{name: new}) -> value`` that replaces exactly ``names`` (all required)."""
    fields: tuple[str, ...] = cls._fields  # type: ignore[attr-defined]
    unknown = [name for name in names if name not in fields or name in ("value", "_new", "_cls")]
    if unknown or not names or len(set(names)) != len(names):
        raise ValueError(f"{cls.__name__}: cannot build a replacer for {names!r}")
    kept = [f"_{name}" if name in names else name for name in fields]
    values = ", ".join(fields)
    source = (
        f"def replace_{'_'.join(names)}(value, *, {', '.join(names)}):\n"
        f"    {', '.join(kept)}, = value\n"
        f"    return _new(_cls, ({values},))\n"
    )
    namespace: dict[str, Any] = {"_new": tuple.__new__, "_cls": cls}
    exec(source, namespace)  # noqa: S102 - the source is built from the class's own field names only
    function: Callable[..., T] = namespace[f"replace_{'_'.join(names)}"]
    function.__doc__ = f"A copy of a {cls.__name__} with {', '.join(names)} replaced."
    return function
