"""P-22 at a digital table (R-9.2, RA-19, RA-15 `swapped_joker_must_be_used_same_turn`): a false
laying while a swapped joker is owed is refused, and the table's automatic `withdraw` (engine P-10)
locks the turn except for that joker; once it is laid only the discard remains."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from stammtisch.core.errors import RuleViolation
from stammtisch.games.preisromme.cards import CARD
from stammtisch.matches import InMemoryRepository, MatchService
from stammtisch.matches.seat_links import InMemorySeatLinks
from stammtisch.matches.tables import DigitalTable


class ScriptedCards(random.Random):
    """Deals and draws the scripted cards in order (each must be in the stock); then plays on at random."""

    def __init__(self, codes: Sequence[str]) -> None:
        super().__init__(0)
        self.script = [CARD[code] for code in codes]

    def choice(self, seq):  # type: ignore[no-untyped-def, override]
        if self.script:
            card = self.script.pop(0)
            assert card in seq, f"scripted card {card} is not in the stock"
            return card
        return super().choice(seq)


# Dealing starts at seat 2 (the dealer is seat 1), one card at a time: seat order 1, 2, 3, 0.
HANDS = {
    1: "10H JH QH KH JC 2S 3S 4S 5S 6S 7S 8S 9S",
    2: "10C JK QC KC 2D 3D 4D 5D 6D 7D 8D 9D AS",
    3: "2C 3C 4C 5C 6C 7C 8C 9C AH 2H 3H 4H 5H",
    0: "6H 7H 8H 9H AD 10D JD QD KD 10S JS QS KS",
}
DEAL = [HANDS[seat].split()[index] for index in range(13) for seat in (1, 2, 3, 0)]
UPCARD = "AC"
DRAWS = ["2S", "2D", "2C", "6H", "3S", "3D", "3C", "7H", "4S", "5D"]


def test_p22_a_refused_laying_while_the_joker_is_owed_locks_all_but_the_joker() -> None:
    rng = ScriptedCards([*DEAL, UPCARD, *DRAWS])
    service = MatchService(InMemoryRepository(), rng=lambda match_id: rng)
    table = DigitalTable(service, InMemorySeatLinks())
    opened = table.open(
        "preisromme", ["Anna", "Ben", "Carl", "Dora"], options={"swapped_joker_must_be_used_same_turn": True}
    )
    tokens = opened.tokens

    def act(seat: int, action: str) -> None:
        table.act(tokens[seat], action, table.seat_snapshot(tokens[seat]).seq)

    def pass_window() -> None:
        for seat in list(table.public_snapshot(opened.snapshot.match_id).turn["seats"]):
            act(seat, "pass")

    def legal(seat: int) -> list[str]:
        return [entry["notation"] for entry in table.seat_snapshot(tokens[seat]).legal]

    pass_window()  # the up-card
    for seat, card in ((1, "2S"), (2, "2D"), (3, "2C"), (0, "6H")):  # everybody discards once (RA-08)
        act(seat, f"discard {card}")
        pass_window()
    act(1, "meld run 10H JH QH KH")  # Ben opens with 40
    act(1, "discard 3S")
    pass_window()
    act(2, "meld run 10C JK QC KC")  # Carl opens; his joker stands for the JC
    act(2, "discard 3D")
    pass_window()
    act(3, "discard 3C")
    pass_window()
    act(0, "discard 7H")
    pass_window()
    act(1, "swap 2 JK JC")  # Ben takes Carl's joker: he must lay it this turn
    assert table.seat_snapshot(tokens[1]).view["owed_jokers"] == 1
    with pytest.raises(RuleViolation) as refused:
        act(1, "meld run 4S 5S 7S")  # a false laying (a gap)
    assert refused.value.code == "meld/illegal"
    after = table.seat_snapshot(tokens[1])
    assert after.view["locked"] is True and after.view["owed_jokers"] == 1
    moves = legal(1)  # only layings of the joker: a figure with it or its lay-off; no discard, no withdraw
    assert moves and all(" JK" in f" {move}" for move in moves)
    assert "layoff 1 JK high" in moves and not any(move.split()[0] in ("discard", "withdraw") for move in moves)
    act(1, "layoff 1 JK high")  # the joker goes down after the KH
    assert {move.split()[0] for move in legal(1)} == {"discard"}
    with pytest.raises(RuleViolation) as locked:
        act(1, "meld run 6S 7S 8S")
    assert locked.value.clause == "R-9.2"
