"""The game mat's card spaces (RG-1.2, RG-R18): two spaces each for Korrektur, Abstimm and Ereignis,
and laying an adopted card on one of them (RG-3.8)."""

from __future__ import annotations

from stammtisch.games.regeln.model import State, replace


def slots(state: State, card_type: str) -> tuple[str | None, str | None]:
    """The two spaces of ``card_type`` (korrektur, abstimm or ereignis)."""
    if card_type == "korrektur":
        return state.korrektur
    if card_type == "abstimm":
        return state.abstimm
    return state.ereignis


def with_slots(state: State, card_type: str, value: tuple[str | None, str | None]) -> State:
    if card_type == "korrektur":
        return replace(state, korrektur=value)
    if card_type == "abstimm":
        return replace(state, abstimm=value)
    return replace(state, ereignis=value)


def place(state: State, card_id: str, slot: int) -> State:
    """RG-3.8, RG-R07: the card lies on the one in ``slot``, which is out of play for good."""
    card_type = state.deck.card(card_id).type
    current = list(slots(state, card_type))
    old = current[slot]
    assert old is not None
    current[slot] = card_id
    state = with_slots(state, card_type, (current[0], current[1]))
    return replace(state, covered=(*state.covered, old), under_vote=None)
