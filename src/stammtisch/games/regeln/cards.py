"""The card file: loading and validating it (the rule cards are data, not code).

The standard deck is ``cards.json`` in this package, read with ``importlib.resources``. A club that
owns the box may bring its own file; ``load_deck(text)`` validates any file the same way.

Schema (JSON)::

    {"format": "stammtisch-regeln-cards", "version": 1, "note": "...",
     "cards": [{"id": "K-W0", "type": "korrektur", "status": "certain",
                "title": {"de": "...", "en": "..."}, "text": {"de": "...", "en": "..."},
                "effect": {"kind": "value", "colour": "white", "value": 0},
                "start": false}, ...]}

* ``id``: unique, letters, digits and ``-`` (the stable key used in notation and logs);
* ``type``: wertung | prognose | korrektur | abstimm | ereignis;
* ``status``: certain | effect_certain | probable | designed (``designed``: the original card is
  lost, this one is ours and shown as such);
* ``title``, ``text``: non-empty German and English strings;
* ``effect``: see ``effects.SCHEMA`` (exactly the listed keys);
* ``start`` (optional, Wertung and Prognose only): the card in force in round 1 (RG-1.5, RG-1.6);
  exactly one per type.

The deck as a whole needs: one start card each for Wertung and Prognose, at least 5 Wertung and 5
Prognose cards (one of each per round; RG-2.1), at least 2 cards of each hand type, and two
Korrektur cards that do not name the same colour (RG-1.8). Whether there are enough hand cards for
the deal depends on the number of players and is checked when a match starts (RG-1.9).

Every problem raises ``CardFileError`` saying which card, which field, what is allowed, and the
line of the file where that card starts.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any

from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text
from stammtisch.games.regeln.effects import SCHEMA, schema_key
from stammtisch.games.regeln.model import CARD_TYPES, HAND_TYPES, ROUNDS, STATUSES, Card, Deck

FORMAT = "stammtisch-regeln-cards"
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9-]*$")
_CARD_KEYS = ("id", "type", "status", "title", "text", "effect", "start")


class CardFileError(RuleViolation):
    """A card file breaks the schema. ``card``, ``field`` and ``line`` locate the problem."""

    code = "regeln/card_file_invalid"

    def __init__(self, message: Text, card: str | None = None, field: str | None = None, line: int | None = None):
        super().__init__("RG-CARDS", message)
        self.card = card
        self.field = field
        self.line = line

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        data.update(card=self.card, field=self.field, line=self.line)
        return data


class _Locator:
    """Finds the line where a card's entry starts (for messages people can act on). The text is read
    once, when first asked: each card's question is then a look-up, so a huge file is checked in linear
    time (every card asks for its line; a search through the whole text per card was quadratic)."""

    _ID = re.compile(r'"id"\s*:\s*("(?:[^"\\]|\\.)*")?')

    def __init__(self, text: str) -> None:
        self.text = text
        self._starts: list[int] | None = None
        self._by_id: dict[str, int] = {}

    def _read(self) -> list[int]:
        if self._starts is None:
            self._starts = []
            line, position = 1, 0
            for match in self._ID.finditer(self.text):
                line += self.text.count("\n", position, match.start())
                position = match.start()
                self._starts.append(line)
                if match.group(1) is not None:
                    try:
                        found = json.loads(match.group(1))
                    except ValueError:
                        continue
                    if isinstance(found, str):
                        self._by_id.setdefault(found, line)
        return self._starts

    def line_of(self, card_id: str | None, index: int) -> int | None:
        starts = self._read()
        if card_id is not None and card_id in self._by_id:
            return self._by_id[card_id]
        return starts[index] if index < len(starts) else None


def _where(card_id: str | None, field: str, line: int | None) -> Text:
    at_de = f"Zeile {line}, " if line else ""
    at_en = f"line {line}, " if line else ""
    if card_id is None and not field.startswith("cards["):
        return Text(f"{at_de}Datei, Feld „{field}“", f"{at_en}the file, field '{field}'")
    card = card_id if card_id is not None else "?"
    return Text(f"{at_de}Karte {card}, Feld „{field}“", f"{at_en}card {card}, field '{field}'")


def _fail(card_id: str | None, field: str, line: int | None, why: Text) -> CardFileError:
    where = _where(card_id, field, line)
    return CardFileError(Text(f"{where.de}: {why.de}", f"{where.en}: {why.en}"), card_id, field, line)


def _check_value(value: object, rule: tuple[str, ...] | str) -> Text | None:
    """``None`` if ``value`` fits ``rule``, else why not (naming what is allowed)."""
    if value is None:
        return Text("fehlt", "is missing")
    if isinstance(rule, tuple):
        if isinstance(value, str) and value in rule:
            return None
        allowed = ", ".join(rule)
        return Text(f"{value!r} ist nicht erlaubt; erlaubt: {allowed}", f"{value!r} is not allowed; allowed: {allowed}")
    if rule == "bool":
        if isinstance(value, bool):
            return None
        return Text("erwartet true oder false", "expected true or false")
    if not isinstance(value, int) or isinstance(value, bool):
        return Text("erwartet eine ganze Zahl", "expected a whole number")
    if rule == "int>=0" and value < 0:
        return Text("erwartet eine Zahl ab 0", "expected a number of at least 0")
    if rule == "int>=1" and value < 1:
        return Text("erwartet eine Zahl ab 1", "expected a number of at least 1")
    if rule == "int!=0" and value == 0:
        return Text("erwartet eine Zahl ungleich 0", "expected a number other than 0")
    return None


def _bilingual(raw: dict[str, Any], key: str, card_id: str, line: int | None) -> Text:
    value = raw.get(key)
    if not isinstance(value, dict):
        raise _fail(card_id, key, line, Text("fehlt (erwartet {de, en})", "is missing (expected {de, en})"))
    for lang in ("de", "en"):
        if not isinstance(value.get(lang), str) or not value[lang].strip():
            raise _fail(card_id, f"{key}.{lang}", line, Text("fehlt oder ist leer", "is missing or empty"))
    extra = sorted(set(value) - {"de", "en"})
    if extra:
        raise _fail(card_id, f"{key}.{extra[0]}", line, Text("unbekannt; erlaubt: de, en", "unknown; allowed: de, en"))
    return Text(value["de"], value["en"])


def _card(raw: object, index: int, locator: _Locator) -> Card:
    if not isinstance(raw, dict):
        raise _fail(
            None, f"cards[{index}]", locator.line_of(None, index), Text("erwartet ein Objekt", "expected an object")
        )
    card_id = raw.get("id")
    line = locator.line_of(card_id if isinstance(card_id, str) else None, index)
    if not isinstance(card_id, str) or not _ID.match(card_id):
        raise _fail(
            None,
            f"cards[{index}].id",
            line,
            Text("fehlt oder ungültig (Buchstaben, Ziffern, -)", "is missing or invalid (letters, digits, -)"),
        )
    extra = sorted(set(raw) - set(_CARD_KEYS))
    if extra:
        allowed = ", ".join(_CARD_KEYS)
        raise _fail(card_id, extra[0], line, Text(f"unbekannt; erlaubt: {allowed}", f"unknown; allowed: {allowed}"))
    for key, allowed_values in (("type", CARD_TYPES), ("status", STATUSES)):
        why = _check_value(raw.get(key), allowed_values)
        if why is not None:
            raise _fail(card_id, key, line, why)
    card_type: str = raw["type"]
    title = _bilingual(raw, "title", card_id, line)
    text = _bilingual(raw, "text", card_id, line)
    start = raw.get("start", False)
    if not isinstance(start, bool):
        raise _fail(card_id, "start", line, Text("erwartet true oder false", "expected true or false"))
    if start and card_type not in ("wertung", "prognose"):
        raise _fail(card_id, "start", line, Text("nur Wertung- und Prognose-Karten", "only Wertung and Prognose cards"))
    effect = raw.get("effect")
    if not isinstance(effect, dict):
        raise _fail(card_id, "effect", line, Text("fehlt (erwartet ein Objekt)", "is missing (expected an object)"))
    schema = SCHEMA[schema_key(card_type, effect)]
    for key, rule in schema.items():
        if key not in effect:
            raise _fail(card_id, f"effect.{key}", line, Text("fehlt", "is missing"))
        why = _check_value(effect[key], rule)
        if why is not None:
            raise _fail(card_id, f"effect.{key}", line, why)
    unknown = sorted(set(effect) - set(schema))
    if unknown:
        allowed = ", ".join(schema)
        raise _fail(
            card_id,
            f"effect.{unknown[0]}",
            line,
            Text(f"unbekannte Wirkung; erlaubt: {allowed}", f"unknown effect key; allowed: {allowed}"),
        )
    return Card(card_id, card_type, raw["status"], title, text, tuple(sorted(effect.items())), start)


def validate(data: object, text: str = "") -> Deck:
    """The deck a parsed card file describes, or ``CardFileError``."""
    locator = _Locator(text)
    if not isinstance(data, dict):
        raise _fail(None, "(file)", None, Text("erwartet ein JSON-Objekt", "expected a JSON object"))
    if data.get("format") != FORMAT:
        raise _fail(None, "format", None, Text(f"erwartet {FORMAT!r}", f"expected {FORMAT!r}"))
    if data.get("version") != 1:
        raise _fail(None, "version", None, Text("erwartet 1", "expected 1"))
    raw_cards = data.get("cards")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise _fail(None, "cards", None, Text("fehlt (erwartet eine Liste)", "is missing (expected a list)"))
    cards: list[Card] = []
    seen: set[str] = set()
    for index, raw in enumerate(raw_cards):
        card = _card(raw, index, locator)
        if card.id in seen:
            raise _fail(card.id, "id", locator.line_of(None, index), Text("doppelt vergeben", "is used twice"))
        seen.add(card.id)
        cards.append(card)
    _check_deck(cards)
    return Deck(tuple(cards))


def _check_deck(cards: list[Card]) -> None:
    """The deck-wide conditions (see the module docstring)."""
    for card_type in ("wertung", "prognose"):
        of_type = [card for card in cards if card.type == card_type]
        if len(of_type) < ROUNDS:
            raise _fail(
                None,
                "cards",
                None,
                Text(
                    f"mindestens {ROUNDS} Karten vom Typ {card_type} nötig, gefunden {len(of_type)}",
                    f"at least {ROUNDS} cards of type {card_type} needed, found {len(of_type)}",
                ),
            )
        starts = [card for card in of_type if card.start]
        if len(starts) != 1:
            raise _fail(
                None,
                "start",
                None,
                Text(
                    f"genau eine Startkarte vom Typ {card_type} nötig, gefunden {len(starts)}",
                    f"exactly one start card of type {card_type} needed, found {len(starts)}",
                ),
            )
    korrektur = [card for card in cards if card.type == "korrektur"]
    colours = {card.colour for card in korrektur}
    if len(korrektur) >= 2 and len(colours) < 2 and None not in colours:
        raise _fail(
            None,
            "cards",
            None,
            Text(
                "zwei Korrektur-Karten verschiedener Farben (oder eine Bonus-Karte) nötig, damit der Aufbau gelingt",
                "two Korrektur cards of different colours (or a bonus card) are needed for the set-up",
            ),
        )
    for card_type in HAND_TYPES:
        count = sum(1 for card in cards if card.type == card_type)
        if count < 2:
            raise _fail(
                None,
                "cards",
                None,
                Text(
                    f"mindestens 2 Karten vom Typ {card_type} nötig, gefunden {count}",
                    f"at least 2 cards of type {card_type} needed, found {count}",
                ),
            )


def load_deck(text: str) -> Deck:
    """Parse and validate a card file's text."""
    try:
        data = json.loads(text)
    except RecursionError:  # nested deeper than the parser goes: no card file is
        raise _fail(
            None,
            "(file)",
            None,
            Text("zu tief verschachtelt (keine Kartendatei)", "nested too deeply (not a card file)"),
        ) from None
    except json.JSONDecodeError as error:
        raise _fail(
            None,
            "(file)",
            error.lineno,
            Text(f"kein gültiges JSON: {error.msg}", f"not valid JSON: {error.msg}"),
        ) from None
    return validate(data, text)


@cache
def standard_deck() -> Deck:
    """The standard deck shipped with the game (package data)."""
    text = resources.files("stammtisch.games.regeln").joinpath("cards.json").read_text(encoding="utf-8")
    return load_deck(text)
