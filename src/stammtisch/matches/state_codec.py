"""A game state as JSON and back, exactly: what a stored state snapshot holds (``matches.state_snapshots``).

Game states are immutable values built from frozen dataclasses, enums, tuples, dicts and plain scalars
(STYLE: state is an immutable value). Each kind has one JSON form:

* ``None``, ``bool``, ``int``, ``str``, ``float``: themselves;
* a tuple: a JSON list (states hold tuples, not lists);
* a list ``{"l": [...]}``, a dict ``{"d": [[key, value], ...]}`` (keys may be ints or tuples),
  a frozenset ``{"s": [...]}``, a fraction ``{"q": [numerator, denominator]}``;
* a dataclass or named tuple ``{"c": n, "f": [field values in field order]}`` (Klümpchen's hot states are
  named tuples: cheaper to build) and an enum member ``{"e": n, "v": value}``,
  where ``n`` indexes the document's class list ``"classes"`` (``module:qualified name``).

Decoding makes only classes of this project's own modules (``stammtisch.``) that are dataclasses, named
tuples or enums,
and sets their fields as stored (no ``__init__``: a state is restored, not built again), so a stored text
cannot make the process run anything else. ``decode(encode(state)) == state`` for every reachable state
of every game (tests/matches/test_state_snapshots.py)."""

from __future__ import annotations

import dataclasses
import enum
import importlib
from fractions import Fraction
from functools import cache
from typing import Any

#: The form of the documents; a change makes stored snapshots unreadable, so they are written anew.
FORMAT = 1
_PREFIX = "stammtisch."


class UnreadableState(ValueError):
    """A stored state that does not decode under this code (another format, a class that moved)."""


@cache
def _fields(kind: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(kind))


def encode(state: Any) -> dict[str, Any]:
    """``state`` as a JSON-ready document."""
    classes: dict[type, int] = {}

    def index(kind: type) -> int:
        found = classes.get(kind)
        if found is None:
            found = classes[kind] = len(classes)
        return found

    def walk(value: Any) -> Any:
        if value is None or isinstance(value, bool | int | str | float) and not isinstance(value, enum.Enum):
            return value
        if isinstance(value, tuple):
            if hasattr(value, "_fields"):  # a named tuple
                return {"c": index(type(value)), "f": [walk(item) for item in value]}
            return [walk(item) for item in value]
        if isinstance(value, enum.Enum):
            return {"e": index(type(value)), "v": walk(value.value)}
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            kind = type(value)
            return {"c": index(kind), "f": [walk(getattr(value, name)) for name in _fields(kind)]}
        if isinstance(value, list):
            return {"l": [walk(item) for item in value]}
        if isinstance(value, dict):
            return {"d": [[walk(key), walk(item)] for key, item in value.items()]}
        if isinstance(value, frozenset):
            return {"s": [walk(item) for item in value]}
        if isinstance(value, Fraction):
            return {"q": [value.numerator, value.denominator]}
        raise TypeError(f"a state holds a {type(value).__name__}, which has no stored form")

    body = walk(state)
    names = [f"{kind.__module__}:{kind.__qualname__}" for kind in classes]
    return {"format": FORMAT, "classes": names, "state": body}


@cache
def _class(name: str) -> type:
    module_name, _, qualified = name.partition(":")
    if not module_name.startswith(_PREFIX):
        raise UnreadableState(f"class {name!r} is not one of this project's")
    try:
        found: Any = importlib.import_module(module_name)
        for part in qualified.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError) as error:
        raise UnreadableState(f"class {name!r} is not known: {error}") from None
    if not isinstance(found, type) or not (
        dataclasses.is_dataclass(found) or issubclass(found, enum.Enum) or _is_named_tuple(found)
    ):
        raise UnreadableState(f"{name!r} is neither a dataclass, a named tuple nor an enum")
    return found


def _is_named_tuple(kind: type) -> bool:
    return issubclass(kind, tuple) and hasattr(kind, "_fields")


def decode(document: Any) -> Any:
    """The state ``encode`` wrote; ``UnreadableState`` for a document this code cannot read."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise UnreadableState("not a state document of this format")
    classes = [_class(str(name)) for name in document.get("classes", ())]
    new = object.__new__
    assign = object.__setattr__

    def walk(value: Any) -> Any:
        if isinstance(value, list):
            return tuple(walk(item) for item in value)
        if not isinstance(value, dict):
            return value
        if "c" in value:
            kind = classes[value["c"]]
            if _is_named_tuple(kind):
                return tuple.__new__(kind, [walk(item) for item in value["f"]])
            made: Any = new(kind)
            for name, item in zip(_fields(kind), value["f"], strict=True):
                assign(made, name, walk(item))
            return made
        if "e" in value:
            return classes[value["e"]](walk(value["v"]))
        if "l" in value:
            return [walk(item) for item in value["l"]]
        if "d" in value:
            return {walk(key): walk(item) for key, item in value["d"]}
        if "s" in value:
            return frozenset(walk(item) for item in value["s"])
        if "q" in value:
            numerator, denominator = value["q"]
            return Fraction(numerator, denominator)
        raise UnreadableState(f"unknown stored form {sorted(value)}")

    try:
        return walk(document["state"])
    except (KeyError, IndexError, TypeError, ValueError) as error:
        raise UnreadableState(f"the stored state does not decode: {error!r}") from None
