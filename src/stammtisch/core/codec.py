"""JSON form of actions and outcomes: ``{"type": "ClassName", field: value, ...}``.

Tuples become lists and back; nested dataclasses (a ``DiceOutcome`` inside an outcome) nest.
Decoding checks field types against the dataclass annotations, so a malformed payload from the
network becomes an ``InvalidNotation`` and never reaches the rules.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import lru_cache
from typing import Any

from stammtisch.core.chance import DiceOutcome
from stammtisch.core.errors import InvalidNotation
from stammtisch.core.text import Text

_CORE_TYPES: tuple[type, ...] = (DiceOutcome,)


def encode(value: Any) -> Any:
    """JSON-ready form of a dataclass value (recursively)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        data: dict[str, Any] = {"type": type(value).__name__}
        for f in dataclasses.fields(value):
            data[f.name] = encode(getattr(value, f.name))
        return data
    if isinstance(value, tuple | list):
        return [encode(item) for item in value]
    return value


def _invalid(game: str, why: str, warum: str) -> InvalidNotation:
    return InvalidNotation(f"{game}/notation", Text(warum, why))


@lru_cache(maxsize=256)
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _check(value: Any, hint: Any, known: dict[str, type], game: str, where: str) -> Any:
    origin = typing.get_origin(hint)
    if hint is Any:
        return value
    if origin in (typing.Union, types.UnionType):
        errors = []
        for option in typing.get_args(hint):
            try:
                return _check(value, option, known, game, where)
            except InvalidNotation as error:
                errors.append(error)
        raise errors[0]
    if hint is type(None):
        if value is None:
            return None
        raise _invalid(game, f"{where}: expected nothing", f"{where}: kein Wert erwartet")
    if origin is typing.Literal:
        if value in typing.get_args(hint):
            return value
        allowed = ", ".join(map(str, typing.get_args(hint)))
        raise _invalid(
            game, f"{where}: {value!r} is not one of {allowed}", f"{where}: {value!r} ist keiner von {allowed}"
        )
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise _invalid(game, f"{where}: expected a list", f"{where}: Liste erwartet")
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_check(item, args[0], known, game, where) for item in value)
        if len(args) != len(value):
            raise _invalid(game, f"{where}: expected {len(args)} entries", f"{where}: {len(args)} Einträge erwartet")
        return tuple(_check(item, arg, known, game, where) for item, arg in zip(value, args, strict=True))
    if hint is bool:
        if isinstance(value, bool):
            return value
        raise _invalid(game, f"{where}: expected true/false", f"{where}: ja/nein erwartet")
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise _invalid(game, f"{where}: expected a whole number", f"{where}: ganze Zahl erwartet")
    if hint is str:
        if isinstance(value, str):
            return value
        raise _invalid(game, f"{where}: expected text", f"{where}: Text erwartet")
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _decode(value, {hint.__name__: hint, **known}, game)
    return value


def _decode(data: object, known: dict[str, type], game: str) -> Any:
    if not isinstance(data, dict):
        raise _invalid(game, "expected a JSON object", "JSON-Objekt erwartet")
    name = data.get("type")
    cls = known.get(name) if isinstance(name, str) else None
    if cls is None:
        allowed = ", ".join(sorted(known))
        raise _invalid(
            game, f"unknown type {name!r} (allowed: {allowed})", f"unbekannter Typ {name!r} (erlaubt: {allowed})"
        )
    hints = _hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    extra = sorted(set(data) - set(fields) - {"type"})
    if extra:
        raise _invalid(
            game, f"{name}: unknown field(s) {', '.join(extra)}", f"{name}: unbekannte(s) Feld(er) {', '.join(extra)}"
        )
    kwargs = {}
    for field_name, f in fields.items():
        if field_name not in data:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise _invalid(game, f"{name}: field {field_name} is missing", f"{name}: Feld {field_name} fehlt")
            continue
        kwargs[field_name] = _check(data[field_name], hints[field_name], known, game, f"{name}.{field_name}")
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as error:
        raise _invalid(game, f"{name}: {error}", f"{name}: {error}") from None


def decode(data: object, allowed: tuple[type, ...], game: str = "game") -> Any:
    """The value that ``encode`` produced; only ``allowed`` types (and core outcome types) decode."""
    known = {cls.__name__: cls for cls in (*allowed, *_CORE_TYPES)}
    return _decode(data, known, game)
