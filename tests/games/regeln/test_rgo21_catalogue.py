"""RGO-21: a view names its card file by fingerprint and its cards by id; the texts are looked up
once per card file (``catalogue``), so every update a phone gets stays small."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.regeln import GAME
from stammtisch.games.regeln.cards import load_deck, standard_deck
from stammtisch.games.regeln.catalogue import catalogue, catalogue_of, fingerprint, known_deck


def test_rgo21_a_view_carries_no_card_texts() -> None:
    """The 48 texts were 23 KB of JSON in every view; a view now names the deck and card ids only."""
    state = GAME.start(4, GAME.configure())
    for seat in (None, 0, 3):
        shown = GAME.view(state, seat)
        assert "cards" not in shown
        assert shown["deck"] == fingerprint(standard_deck())
        assert len(json.dumps(shown)) < 4_000


def test_rgo21_the_fingerprint_names_the_content_not_the_layout() -> None:
    """The same cards written differently share a fingerprint; a changed title gets a new one."""
    text = json.dumps(json.loads(_standard_text()), indent=4, ensure_ascii=True)
    assert fingerprint(load_deck(text)) == fingerprint(standard_deck())
    data = json.loads(_standard_text())
    data["cards"][0]["title"]["de"] = "Unsere Schachtel"
    other = load_deck(json.dumps(data))
    assert fingerprint(other) != fingerprint(standard_deck())
    assert known_deck(fingerprint(other)) is other
    shown = catalogue_of(fingerprint(other))
    assert shown is not None and shown[data["cards"][0]["id"]]["title_de"] == "Unsere Schachtel"


def test_rgo21_an_unknown_fingerprint_is_none() -> None:
    assert catalogue_of("0" * 16) is None


def test_rgo21_the_catalogue_holds_every_card_in_file_order() -> None:
    deck = standard_deck()
    assert list(catalogue(deck)) == [card.id for card in deck.cards]
    assert catalogue(deck)["A-SIEGER2"]["designed"] is True


@settings(max_examples=15)
@given(st.integers(min_value=0, max_value=10_000))
def test_rgo21_every_card_a_view_names_is_in_its_catalogue(seed: int) -> None:
    """Whatever a game reaches, every card id a view shows (mats, hand, under vote, last vote) can be
    looked up in the catalogue the view names."""
    for state in playout_states(seed, seats=3, limit=250):
        for seat in (None, 0):
            shown = GAME.view(state, seat)
            texts = catalogue_of(shown["deck"])
            assert texts is not None
            named = [shown["wertung"], shown["prognose"], shown["under_vote"], *shown["korrektur"]]
            named += [*shown["abstimm"], *shown["ereignis"], *shown["covered"], *shown["discard"]]
            named += [*shown["wertung_unused"], *shown["prognose_unused"], *shown.get("hand", [])]
            if shown["last_vote"] is not None:
                named.append(shown["last_vote"]["card"])
            assert all(card in texts for card in named if card is not None)


def _standard_text() -> str:
    from importlib import resources

    return resources.files("stammtisch.games.regeln").joinpath("cards.json").read_text(encoding="utf-8")


def playout_states(seed: int, seats: int, limit: int) -> Iterator[Any]:
    """The states of one random game (uniform legal actions, sampled chance), at most ``limit``."""
    rng = random.Random(seed)
    state = GAME.start(seats, GAME.configure())
    for _ in range(limit):
        yield state
        turn = GAME.turn(state)
        if isinstance(turn, Finished):
            return
        if isinstance(turn, Chance):
            state = GAME.resolve(state, sample(turn.node, rng))
        else:
            seat = turn.seats[0]
            state = GAME.act(state, seat, rng.choice(GAME.legal_actions(state, seat)))
