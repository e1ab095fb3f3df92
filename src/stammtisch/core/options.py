"""Declared house-rule options.

Each game declares its options with the default taken from the rulings and the clause the option
varies. A match stores the resolved options it started with, so old matches replay under their
own rules.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from stammtisch.core.errors import InvalidOption
from stammtisch.core.text import Text


@dataclass(frozen=True, slots=True)
class Option:
    """One house rule: ``key`` as named in the rulings, its default and what it may be.

    ``choices`` restricts a text option to named values; ``minimum``/``maximum`` bound an int.
    """

    key: str
    default: bool | int | str
    clause: str
    description: Text
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def validate(self, value: object) -> bool | int | str:
        """``value`` if it fits this option, else ``InvalidOption`` saying why."""
        kind = type(self.default)
        if kind is bool:
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("true", "false", "1", "0", "yes", "no"):
                return value.lower() in ("true", "1", "yes")
            raise self._error(value, Text("erwartet ja/nein (true/false)", "expected true or false"))
        if kind is int:
            if isinstance(value, bool):
                raise self._error(value, Text("erwartet eine ganze Zahl", "expected a whole number"))
            if isinstance(value, str):
                try:
                    value = int(value.strip())
                except ValueError:
                    raise self._error(value, Text("erwartet eine ganze Zahl", "expected a whole number")) from None
            if not isinstance(value, int):
                raise self._error(value, Text("erwartet eine ganze Zahl", "expected a whole number"))
            if self.minimum is not None and value < self.minimum:
                raise self._error(value, Text(f"mindestens {self.minimum}", f"at least {self.minimum}"))
            if self.maximum is not None and value > self.maximum:
                raise self._error(value, Text(f"höchstens {self.maximum}", f"at most {self.maximum}"))
            return value
        if not isinstance(value, str):
            raise self._error(value, Text("erwartet einen Text", "expected a text value"))
        if self.choices and value not in self.choices:
            allowed = ", ".join(self.choices)
            raise self._error(value, Text(f"erlaubt: {allowed}", f"allowed: {allowed}"))
        return value

    def _error(self, value: object, why: Text) -> InvalidOption:
        return InvalidOption(
            self.clause,
            Text(
                f"Hausregel {self.key} = {value!r} ist ungültig: {why.de}",
                f"house rule {self.key} = {value!r} is invalid: {why.en}",
            ),
        )


@dataclass(frozen=True, slots=True)
class Options(Mapping[str, Any]):
    """Resolved option values: every declared key present, every value validated. Immutable.
    (The field is ``pairs``: a field named ``values`` would hide ``Mapping.values()``.)"""

    pairs: tuple[tuple[str, Any], ...] = field(default=())

    def __getitem__(self, key: str) -> Any:
        for name, value in self.pairs:
            if name == key:
                return value
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return (name for name, _ in self.pairs)

    def __len__(self) -> int:
        return len(self.pairs)

    def to_json(self) -> dict[str, Any]:
        return dict(self.pairs)


def resolve_options(declared: tuple[Option, ...], given: Mapping[str, object] | None = None) -> Options:
    """Defaults overridden by ``given``; an unknown key or a bad value raises ``InvalidOption``."""
    given = dict(given or {})
    by_key = {option.key: option for option in declared}
    unknown = sorted(set(given) - set(by_key))
    if unknown:
        known = ", ".join(sorted(by_key))
        raise InvalidOption(
            "options",
            Text(
                f"unbekannte Hausregel(n): {', '.join(unknown)} (bekannt: {known})",
                f"unknown house rule(s): {', '.join(unknown)} (known: {known})",
            ),
        )
    return Options(
        tuple(
            (option.key, option.validate(given[option.key]) if option.key in given else option.default)
            for option in declared
        )
    )
