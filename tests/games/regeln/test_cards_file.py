"""The card file (issue 12 §2): the standard deck, and broken files refused with the card, the field,
what is allowed and the line."""

from __future__ import annotations

import copy
import json
from collections import Counter
from importlib import resources
from typing import Any

import pytest

from stammtisch.core.errors import InvalidSetup
from stammtisch.games.regeln import GAME
from stammtisch.games.regeln.cards import CardFileError, load_deck, standard_deck, validate
from stammtisch.games.regeln.catalogue import catalogue_of

RAW: dict[str, Any] = json.loads(
    resources.files("stammtisch.games.regeln").joinpath("cards.json").read_text(encoding="utf-8")
)


def broken(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(RAW)
    change(data)
    return data


def card(data: dict[str, Any], card_id: str) -> dict[str, Any]:
    found: dict[str, Any] = next(c for c in data["cards"] if c["id"] == card_id)
    return found


def test_standard_deck_has_48_cards_by_type() -> None:
    """RG-1.5 … RG-1.7: 7 Wertung, 5 Prognose, 16 Korrektur, 10 Abstimm, 10 Ereignis."""
    deck = standard_deck()
    assert Counter(c.type for c in deck.cards) == {
        "wertung": 7,
        "prognose": 5,
        "korrektur": 16,
        "abstimm": 10,
        "ereignis": 10,
    }
    status = Counter(c.status for c in deck.cards)
    assert status == {"certain": 20, "effect_certain": 5, "probable": 3, "designed": 20}


def test_lost_cards_are_marked_as_designed() -> None:
    """regeln-cards.md §10: every card we designed for a lost one says so (and the view shows it)."""
    deck = standard_deck()
    assert deck.card("A-SIEGER2").status == "designed"
    assert deck.card("K-B4").status == "certain"
    state = GAME.start(3, GAME.configure())
    shown = catalogue_of(GAME.view(state, None)["deck"])
    assert shown is not None and shown["A-SIEGER2"]["designed"] is True


def check_refused(data: dict[str, Any], card_id: str | None, field: str, words: str) -> CardFileError:
    text = json.dumps(data, ensure_ascii=False, indent=1)
    with pytest.raises(CardFileError) as error:
        load_deck(text)
    assert error.value.card == card_id and error.value.field == field
    assert words in error.value.message.en and error.value.message.de
    assert error.value.to_json()["clause"] == "RG-CARDS"
    return error.value


def test_unknown_effect_key() -> None:
    data = broken(lambda d: card(d, "K-W0")["effect"].update(double=True))
    error = check_refused(data, "K-W0", "effect.double", "allowed: kind, colour, value")
    assert error.line is not None and error.line > 1


def test_unknown_effect_value_names_what_is_allowed() -> None:
    data = broken(lambda d: card(d, "K-W0")["effect"].update(colour="red"))
    check_refused(data, "K-W0", "effect.colour", "allowed: white, purple, yellow, green")
    data = broken(lambda d: card(d, "A-JA1")["effect"].update(condition="voted_loudly"))
    check_refused(data, "A-JA1", "effect.condition", "'voted_loudly' is not allowed")


def test_missing_title() -> None:
    data = broken(lambda d: card(d, "E-SPRICHT-3").pop("title"))
    check_refused(data, "E-SPRICHT-3", "title", "missing")
    data = broken(lambda d: card(d, "E-SPRICHT-3")["title"].update(en=""))
    check_refused(data, "E-SPRICHT-3", "title.en", "missing or empty")


def test_bad_type_duplicate_id_and_missing_start() -> None:
    check_refused(broken(lambda d: card(d, "K-W0").update(type="joker")), "K-W0", "type", "allowed: wertung")
    check_refused(broken(lambda d: d["cards"].append(copy.deepcopy(card(d, "K-W0")))), "K-W0", "id", "twice")
    check_refused(broken(lambda d: card(d, "W-EINFACH").pop("start")), None, "start", "exactly one start card")
    check_refused(broken(lambda d: card(d, "K-W0")["effect"].update(value=-1)), "K-W0", "effect.value", "at least 0")


def test_korrektur_cards_must_allow_the_set_up() -> None:
    """RG-1.8: two face-up Korrektur cards of different colours must be possible."""

    def only_white(data: dict[str, Any]) -> None:
        data["cards"] = [c for c in data["cards"] if c["type"] != "korrektur" or c["id"].startswith("K-W")]

    check_refused(broken(only_white), None, "cards", "different colours")


def test_not_json_reports_the_line() -> None:
    with pytest.raises(CardFileError) as error:
        load_deck('{\n "format": "stammtisch-regeln-cards",\n "cards": [\n}')
    assert error.value.line == 4 and "not valid JSON" in error.value.message.en


def test_a_club_file_starts_a_match() -> None:
    """A match can start with the club's own file (setup["cards"]); a broken one is refused."""
    own = broken(lambda d: card(d, "A-SIEGER2")["title"].update(de="Unsere Karte"))
    state = GAME.start(4, GAME.configure(), {"cards": json.dumps(own)})
    assert state.deck.card("A-SIEGER2").title.de == "Unsere Karte"
    with pytest.raises(CardFileError):
        GAME.start(4, GAME.configure(), {"cards": broken(lambda d: card(d, "K-W0").pop("effect"))})
    small = broken(lambda d: d.update(cards=[c for c in d["cards"] if c["id"][0] in "WPK" or c["id"][-1] == "2"]))
    with pytest.raises(InvalidSetup) as setup_error:
        GAME.start(5, GAME.configure(), {"cards": small})
    assert setup_error.value.clause == "RG-1.9"


def test_validate_accepts_the_parsed_standard_file() -> None:
    assert len(validate(RAW).cards) == 48
