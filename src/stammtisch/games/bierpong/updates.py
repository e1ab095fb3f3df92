"""Fast copies of the frozen state values with some fields changed.

``dataclasses.replace`` goes through ``__init__`` with keyword arguments and checks every field; on
the hot path (a few copies per throw) that dominated the engine's time. ``evolve(value, **changes)``
builds the copy directly, with a copier generated once per class from its own field names.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")

_COPIERS: dict[tuple[type, tuple[str, ...]], Callable[[Any, dict[str, Any]], Any]] = {}


def _copier(cls: type, changed: tuple[str, ...]) -> Callable[[Any, dict[str, Any]], Any]:
    names = [f.name for f in fields(cls)]
    unknown = set(changed) - set(names)
    if unknown:
        raise TypeError(f"{cls.__name__} has no field(s) {sorted(unknown)}")
    # Each slot is set through its own member descriptor (bound once, as a global of the generated
    # function): no attribute-name lookup and no frozen ``__setattr__`` per field.
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    lines = ["def copy(o, kw):", "    n = _new(_cls)"]
    for name in names:
        namespace[f"_set_{name}"] = vars(cls)[name].__set__
        value = f"kw[{name!r}]" if name in changed else f"o.{name}"
        lines.append(f"    _set_{name}(n, {value})")
    lines.append("    return n")
    exec("\n".join(lines), namespace)  # noqa: S102 - built from the class's own field names only
    function: Callable[[Any, dict[str, Any]], Any] = namespace["copy"]
    return function


def evolve(value: T, **changes: Any) -> T:
    """A copy of the frozen dataclass ``value`` with ``changes`` (a copier per class and set of changed
    names, generated on first use; an unknown name raises ``TypeError``)."""
    key = (type(value), tuple(changes))
    copier = _COPIERS.get(key)
    if copier is None:
        copier = _COPIERS[key] = _copier(*key)
    result: T = copier(value, changes)
    return result
