"""RG-3 Move Round: card play (RG-3.1), the secret vote (RG-3.2, RG-R01), tiles (RG-3.3, RG-R02),
payments (RG-3.4 … RG-3.7, RG-R04 … RG-R06), the end of a move (RG-3.8, RG-3.9, RG-R07) and the
worked payment example (RG-7.1)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from stammtisch.core.errors import NotYourTurn
from stammtisch.core.protocol import Decision
from stammtisch.games.regeln import GAME
from stammtisch.games.regeln.checks import BadVote, CardNotInHand, ChipUnavailable, KorrekturColourRuled
from stammtisch.games.regeln.model import Cover, Decide, PayChip, PlayCard, State, TakeChip, Transfer, Vote

from .support import ready, take_first, with_chips, with_hand


def table(card: str = "K-W2", seats: int = 3) -> State:
    """Seat 0 (Ingrid, player A) is active and holds ``card``; everyone holds 2 white and 1 green."""
    state = ready(seats)
    state = with_hand(replace(state, active=0), 0, card)
    return with_chips(state, [(2, 0, 0, 1)] * seats)


def test_rg3_1_only_a_card_from_the_own_hand() -> None:
    """RG-3.1: the active player plays one of his cards; any other card is refused, nothing changes."""
    state = table()
    foreign = next(c for c in state.hands[1])
    with pytest.raises(CardNotInHand) as error:
        GAME.act(state, 0, PlayCard(foreign))
    assert error.value.clause == "RG-3.1" and foreign in error.value.message.en
    with pytest.raises(NotYourTurn):
        GAME.act(state, 1, PlayCard(foreign))
    after = GAME.act(state, 0, PlayCard("K-W2"))
    assert after.under_vote == "K-W2" and "K-W2" not in after.hands[0]
    assert GAME.turn(after) == Decision((0, 1, 2))


def test_rg3_2_votes_are_secret_until_the_last_one() -> None:
    """RG-3.2: each vote goes into a hidden slot; others see only *that* a seat voted."""
    state = GAME.act(table(), 0, PlayCard("K-W2"))
    state = GAME.act(state, 1, Vote(False, 3))
    assert GAME.view(state, 0)["voted"] == [False, True, False]
    assert GAME.view(state, 0)["my_vote"] is None and GAME.view(state, 1)["my_vote"] == {"yes": False, "tiles": 3}
    assert GAME.view(state, None)["last_vote"] is None
    assert GAME.turn(state) == Decision((0, 2))


def test_rg_r01_vote_needs_one_to_stock_tiles() -> None:
    """RG-R01, RG-R02: at least one tile (no abstention), at most the tiles in stock."""
    state = GAME.act(table(), 0, PlayCard("K-W2"))
    with pytest.raises(BadVote) as error:
        GAME.act(state, 1, Vote(True, 5))
    assert error.value.clause == "RG-R02" and "4" in error.value.message.en
    with pytest.raises(BadVote) as error:
        GAME.act(state, 1, Vote(True, 0))
    assert error.value.clause == "RG-R01"


def test_rg3_2_tiles_decide_and_rg3_3_tile_economy() -> None:
    """RG-3.2: Yes tiles against No tiles; RG-3.3, RG-R02: one tile back, the others used."""
    state = GAME.act(table(), 0, PlayCard("K-W2"))
    state = GAME.act(state, 0, Vote(True, 3))
    state = GAME.act(state, 1, Vote(False, 1))
    state = GAME.act(state, 2, Vote(False, 1))
    assert state.adopted is True and state.tiles == (2, 4, 4) and state.used_tiles == (2, 0, 0)
    assert state.last_vote is not None and state.last_vote.tie is False


def test_rg_r01_tie_decided_by_the_active_player() -> None:
    """RG-R01: Yes = No is decided by the active player freely, whatever he voted."""
    state = GAME.act(table(), 0, PlayCard("K-W2"))
    state = GAME.act(state, 0, Vote(False, 1))
    state = GAME.act(state, 1, Vote(True, 2))
    state = GAME.act(state, 2, Vote(False, 1))
    assert state.phase == "tie" and GAME.turn(state) == Decision((0,))
    assert GAME.legal_actions(state, 0) == (Decide(True), Decide(False))
    state = GAME.act(state, 0, Decide(True))
    assert state.adopted is True


def test_rg7_1_payment_example() -> None:
    """RG-7.1, RG-3.4, RG-3.6, RG-R04, RG-R19, the rule book's example (the translator's names: Ingrid is
    player A, Hans B, Klaus C): Ingrid alone votes Yes, Hans and Klaus No; under A-EINZELGAENGER5 and
    A-LINKS2 Ingrid gets 5 (sole dissenter), Hans 2 (he voted like his left neighbour Klaus), Klaus
    nothing (his left neighbour Ingrid voted otherwise); tiles do not matter; Ingrid settles first."""
    ingrid, hans, klaus = 0, 1, 2
    state = GAME.act(table(), 0, PlayCard("K-W2"))
    state = GAME.act(state, ingrid, Vote(True, 1))
    state = GAME.act(state, hans, Vote(False, 3))
    state = GAME.act(state, klaus, Vote(False, 1))
    assert state.adopted is False and state.phase == "payment"
    assert state.queue == (Transfer(ingrid, 5), Transfer(hans, 2))
    before = [sum(mine) for mine in state.chips]
    state = take_first(state)
    assert [sum(mine) - was for mine, was in zip(state.chips, before, strict=True)] == [5, 2, 0]


def test_rg3_4_receiver_picks_colours() -> None:
    """RG-R05: the receiver picks the colour of each chip from the pool."""
    state = GAME.act(table(), 0, PlayCard("K-W2"))
    for seat, vote in ((0, Vote(True, 1)), (1, Vote(False, 2)), (2, Vote(False, 1))):
        state = GAME.act(state, seat, vote)
    assert GAME.legal_actions(state, 0) == tuple(TakeChip(c) for c in ("white", "purple", "yellow", "green"))
    state = GAME.act(state, 0, TakeChip("purple"))
    assert state.chips[0] == (2, 1, 0, 1)


def test_rg3_7_last_chip_of_a_colour_returns_all_of_it() -> None:
    """RG-3.7, RG-R06: whoever takes the pool's last chip of a colour: everyone returns all chips of
    that colour (including the one just taken) and the payment goes on."""
    state = with_chips(table(), [(2, 0, 0, 1), (2, 0, 14, 1), (2, 0, 0, 1)])
    assert state.pool[2] == 1
    state = GAME.act(state, 0, PlayCard("K-W2"))
    for seat, vote in ((0, Vote(True, 1)), (1, Vote(False, 2)), (2, Vote(False, 1))):
        state = GAME.act(state, seat, vote)
    state = GAME.act(state, 0, TakeChip("yellow"))
    assert state.pool[2] == 15 and all(mine[2] == 0 for mine in state.chips)
    assert state.queue[0] == Transfer(0, 4)


def test_rg_r05_payer_picks_and_pays_only_what_he_has() -> None:
    """RG-R05: the payer picks which of his chips to pay; a colour he lacks is refused; no debt."""
    state = replace(table(), abstimm=("A-JA1", "A-NEIN1"), ereignis=("E-ABGELEHNT-2", "E-AERMSTER10"))
    state = with_chips(state, [(1, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)])
    state = GAME.act(state, 0, PlayCard("K-W2"))
    for seat, vote in ((0, Vote(True, 1)), (1, Vote(False, 2)), (2, Vote(False, 1))):
        state = GAME.act(state, seat, vote)
    # A: +1 (voted yes), then -2 (E-ABGELEHNT-2); B and C +1 each (voted no).
    assert state.queue == (Transfer(0, 1), Transfer(0, -2), Transfer(1, 1), Transfer(2, 1))
    state = GAME.act(state, 0, TakeChip("green"))
    with pytest.raises(ChipUnavailable) as error:
        GAME.act(state, 0, PayChip("purple"))
    assert error.value.clause == "RG-R05"
    state = GAME.act(state, 0, PayChip("green"))
    state = GAME.act(state, 0, PayChip("white"))  # now A holds nothing: the rest is dropped
    assert state.chips[0] == (0, 0, 0, 0) and state.queue[0] == Transfer(1, 1)


def test_rg3_8_rejected_card_goes_to_the_bottom_of_the_discard() -> None:
    """RG-3.8: a rejected card goes to the bottom of the Kartenablage; RG-3.9: the left player is next."""
    state = GAME.act(table(), 0, PlayCard("K-W2"))
    for seat, vote in ((0, Vote(True, 1)), (1, Vote(False, 2)), (2, Vote(False, 1))):
        state = GAME.act(state, seat, vote)
    state = take_first(state)
    assert state.discard[-1] == "K-W2" and state.under_vote is None
    assert state.phase == "play" and state.active == 1


def test_rg3_8_korrektur_of_a_ruled_colour_must_cover_it() -> None:
    """RG-3.8, RG-1.8, RG-R07: K-Y2 must cover K-Y0 (space 1); covering K-B2 is refused."""
    state = GAME.act(table("K-Y2"), 0, PlayCard("K-Y2"))
    for seat, vote in ((0, Vote(True, 3)), (1, Vote(False, 1)), (2, Vote(False, 1))):
        state = GAME.act(state, seat, vote)
    state = take_first(state)
    assert state.phase == "cover" and GAME.legal_actions(state, 0) == (Cover(0),)
    with pytest.raises(KorrekturColourRuled) as error:
        GAME.act(state, 0, Cover(1))
    assert error.value.clause == "RG-3.8"
    state = GAME.act(state, 0, Cover(0))
    assert state.korrektur == ("K-Y2", "K-B2") and state.covered == ("K-Y0",)


def test_rg3_8_free_choice_for_abstimm_and_new_colours() -> None:
    """RG-3.8, RG-R07: an Abstimm card (or a Korrektur of a new colour) covers either space."""
    state = GAME.act(table("A-SIEGER2"), 0, PlayCard("A-SIEGER2"))
    for seat, vote in ((0, Vote(True, 3)), (1, Vote(False, 1)), (2, Vote(False, 1))):
        state = GAME.act(state, seat, vote)
    state = take_first(state)
    assert GAME.legal_actions(state, 0) == (Cover(0), Cover(1))
    state = GAME.act(state, 0, Cover(1))
    assert state.abstimm == ("A-EINZELGAENGER5", "A-SIEGER2") and state.covered == ("A-LINKS2",)


def test_rg3_5_card_under_vote_does_not_pay_for_itself() -> None:
    """RG-3.5: an adopted Abstimm card is not in force for the payment of its own vote."""
    state = GAME.act(table("A-JA1"), 0, PlayCard("A-JA1"))
    for seat, vote in ((0, Vote(True, 3)), (1, Vote(True, 2)), (2, Vote(True, 2))):
        state = GAME.act(state, seat, vote)
    # all voted alike: nobody is a lone dissenter, everyone votes like the left neighbour (+2 each)
    assert state.queue == (Transfer(0, 2), Transfer(1, 2), Transfer(2, 2))


def test_rg_r13_empty_hands_are_skipped() -> None:
    """RG-R13: a player without cards is skipped as active player (but still votes)."""
    state = table()
    state = replace(state, hands=(state.hands[0], (), state.hands[2]))
    state = GAME.act(state, 0, PlayCard("K-W2"))
    assert GAME.turn(state) == Decision((0, 1, 2))
    for seat, vote in ((0, Vote(True, 1)), (1, Vote(False, 2)), (2, Vote(False, 1))):
        state = GAME.act(state, seat, vote)
    state = take_first(state)
    assert state.active == 2
