"""Digital Preisrommé tables as use cases: a false laying locks the turn (R-9.2, RA-19, engine P-10),
bots get only their seat's view, the knock window's length is a table option (RA-07)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from stammtisch.bots.games.preisromme.heuristic import HeuristicBot
from stammtisch.core.errors import RuleViolation
from stammtisch.games.preisromme.cards import CARD, JOKER
from stammtisch.matches import InMemoryRepository, MatchService
from stammtisch.matches.errors import InvalidMatch
from stammtisch.matches.games.preisromme import window_key
from stammtisch.matches.seat_links import InMemorySeatLinks
from stammtisch.matches.tables import DigitalTable


def _table(seed: int = 4) -> DigitalTable:
    service = MatchService(InMemoryRepository(), rng=lambda match_id: random.Random(seed))
    return DigitalTable(service, InMemorySeatLinks())


def _until_everyone_discarded(table: DigitalTable, match_id: str, tokens: dict[int, str]) -> dict[str, Any]:
    """Everybody passes every window and discards her first card, until all have discarded once (RA-08)."""
    for _ in range(200):
        public = table.public_snapshot(match_id)
        view = public.view
        if view["phase"] == "play" and all(view["discarded_once"]):
            return view
        for seat in public.turn["seats"]:
            mine = table.seat_snapshot(tokens[seat])
            legal = [entry["notation"] for entry in mine.legal]
            choice = "pass" if "pass" in legal else next(n for n in legal if n.startswith("discard"))
            table.act(tokens[seat], choice, mine.seq)
            break
    raise AssertionError("the first Umlauf did not complete")


def test_a_false_laying_is_refused_and_locks_the_turn() -> None:
    table = _table()
    opened = table.open("preisromme", ["Anna", "Ben", "Carl", "Dora"])
    match_id, tokens = opened.snapshot.match_id, opened.tokens
    view = _until_everyone_discarded(table, match_id, tokens)
    seat = view["current"]
    mine = table.seat_snapshot(tokens[seat])
    hand = [code for code in mine.view["hand"] if CARD[code] != JOKER]
    first = hand[0]
    other = next(code for code in hand if code[-1] != first[-1] and code[:-1] != first[:-1])
    third = next(code for code in hand if code not in (first, other) and code[:-1] not in (first[:-1], other[:-1]))
    with pytest.raises(RuleViolation) as refused:
        table.act(tokens[seat], f"meld run {first} {other} {third}", mine.seq)
    assert refused.value.code == "meld/illegal" and refused.value.clause.startswith("R")
    after = table.seat_snapshot(tokens[seat])
    assert after.view["locked"] is True
    assert after.view["hand"] == mine.view["hand"]  # the cards are back in her hand
    assert {entry["notation"].split()[0] for entry in after.legal} == {"discard"}
    withdrawn = table.service.events(match_id, mine.seq)
    assert [event.payload["action"]["type"] for event in withdrawn] == ["Withdraw"]


def test_bots_get_only_their_own_seats_view() -> None:
    table = _table()
    seen: list[tuple[int, dict[str, Any]]] = []

    class Spy(HeuristicBot):
        def __init__(self, seat: int) -> None:
            self.seat = seat

        def choose(self, view: dict[str, Any], legal: tuple[Any, ...], rng: random.Random) -> Any:
            seen.append((self.seat, view))
            return super().choose(view, legal, rng)

    opened = table.open("preisromme", ["Anna", "", "", ""])
    match_id = opened.snapshot.match_id
    table._bots[match_id] = {seat: Spy(seat) for seat in (1, 2, 3)}
    anna = opened.tokens[0]
    for _ in range(30):
        mine = table.seat_snapshot(anna)
        if not mine.legal:
            break
        legal = [entry["notation"] for entry in mine.legal]
        table.act(anna, "pass" if "pass" in legal else legal[-1], mine.seq)
    assert seen
    for seat, view in seen:
        assert view["seat"] == seat and "hands" not in view and "stock" not in view
        assert len(view["hand"]) == view["hand_sizes"][seat]


def test_the_knock_window_length_is_a_table_option_kept_with_the_match() -> None:
    table = _table()
    opened = table.open("preisromme", ["Anna", "Ben"], deadline_seconds=7, bot="random")
    assert table.deadline_seconds(opened.snapshot.match_id) == 7
    assert table.service.record(opened.snapshot.match_id).setup["knock_window_seconds"] == 7
    assert window_key(opened.snapshot.view) == (1, 0)
    with pytest.raises(InvalidMatch):
        table.open("preisromme", ["Anna", "Ben"], deadline_seconds=0)
    with pytest.raises(InvalidMatch):
        table.open("preisromme", ["", ""])
