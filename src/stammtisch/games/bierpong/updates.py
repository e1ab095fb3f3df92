"""Fast copies of the frozen state values with some fields changed.

``dataclasses.replace`` goes through ``__init__`` with keyword arguments and checks every field; on
the hot path (a few copies per throw) that dominated the engine's time. ``evolve(value, **changes)``
builds the copy directly, with a copier generated once per class and set of changed names.

How a copy is built: a frozen dataclass refuses attribute assignment (its ``__setattr__`` raises), and
going around it field by field (``object.__setattr__`` or the slot descriptors) costs three times a
plain assignment. So each class gets a *draft* twin: a plain class with exactly the same ``__slots__``
(hence the same memory layout). The copier fills a draft with ordinary assignments and then turns it
into the frozen class by assigning ``__class__``, which Python allows between classes of the same
layout. The result is an ordinary frozen instance (equal, hashable, refusing assignment), never
changed after it is returned.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")

_COPIERS: dict[tuple[type, tuple[str, ...]], Callable[[Any, dict[str, Any]], Any]] = {}
_DRAFTS: dict[type, type] = {}


def _draft(cls: type) -> type:
    """The mutable twin of the frozen slotted dataclass ``cls`` (same slots, so same layout)."""
    draft = _DRAFTS.get(cls)
    if draft is None:
        slots = cls.__dict__.get("__slots__")
        if cls.__bases__ != (object,) or slots is None or tuple(slots) != tuple(f.name for f in fields(cls)):
            raise TypeError(f"{cls.__name__}: evolve needs a slotted dataclass deriving from object only")
        draft = _DRAFTS[cls] = type(f"{cls.__name__}Draft", (), {"__slots__": tuple(slots)})
    return draft


def _copier(cls: type, changed: tuple[str, ...]) -> Callable[[Any, dict[str, Any]], Any]:
    names = [f.name for f in fields(cls)]
    unknown = set(changed) - set(names)
    if unknown:
        raise TypeError(f"{cls.__name__} has no field(s) {sorted(unknown)}")
    namespace: dict[str, Any] = {"_new": object.__new__, "_draft": _draft(cls), "_cls": cls}
    lines = ["def copy(o, kw):", "    n = _new(_draft)"]
    for name in names:
        value = f"kw[{name!r}]" if name in changed else f"o.{name}"
        lines.append(f"    n.{name} = {value}")
    lines += ["    n.__class__ = _cls", "    return n"]
    exec("\n".join(lines), namespace)  # noqa: S102 - built from the class's own field names only
    function: Callable[[Any, dict[str, Any]], Any] = namespace["copy"]
    return function


def constructor(cls: type[T]) -> Callable[..., T]:
    """A positional constructor of the frozen slotted dataclass ``cls`` (every field given, in
    declaration order; for classes without ``__post_init__``): the same value as ``cls(...)`` without
    ``__init__``'s guarded assignment per field. For values made on the hot path."""
    klass: type = cls
    names = [f.name for f in fields(klass)]
    namespace: dict[str, Any] = {"_new": object.__new__, "_draft": _draft(klass), "_cls": klass}
    lines = [f"def make({', '.join(names)}):", "    n = _new(_draft)"]
    lines += [f"    n.{name} = {name}" for name in names]
    lines += ["    n.__class__ = _cls", "    return n"]
    exec("\n".join(lines), namespace)  # noqa: S102 - built from the class's own field names only
    function: Callable[..., T] = namespace["make"]
    return function


def copier(cls: type[T], *changed: str) -> Callable[..., T]:
    """A positional copier of the frozen slotted dataclass ``cls``: ``copy(value, *new_values)`` with
    one new value per name in ``changed``, in that order. The same copy as ``evolve(value, **changes)``
    without building and looking up the keyword dictionary: for the copies made on every throw."""
    klass: type = cls
    names = [f.name for f in fields(klass)]
    unknown = set(changed) - set(names)
    if unknown or len(set(changed)) != len(changed):
        raise TypeError(f"{klass.__name__}: unknown or repeated field(s) in {changed}")
    namespace: dict[str, Any] = {"_new": object.__new__, "_draft": _draft(klass), "_cls": klass}
    arguments = [f"_{i}" for i in range(len(changed))]
    lines = [f"def copy(o, {', '.join(arguments)}):" if arguments else "def copy(o):", "    n = _new(_draft)"]
    for name in names:
        value = arguments[changed.index(name)] if name in changed else f"o.{name}"
        lines.append(f"    n.{name} = {value}")
    lines += ["    n.__class__ = _cls", "    return n"]
    exec("\n".join(lines), namespace)  # noqa: S102 - built from the class's own field names only
    function: Callable[..., T] = namespace["copy"]
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
