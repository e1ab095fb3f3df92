"""What a seat sees (``view``) and the conformance helper ``hide_others``.

Everyone sees the mats (the cards in force, the card under vote, the covered cards, the public
part of the Kartenablage, the unused Wertung and Prognose cards), the chips and the pool, every
seat's tiles, hand size, place card and score, the scorepad and the last revealed vote. A seat
also sees its own hand, its own vote until the reveal, and its own prediction. Nobody sees another
hand, the face-down cards set aside at the deal, a vote before the last one arrives (only *that*
a seat has voted), or a prediction before the Prediction Round reveals it on the scorepad.

Cards are named by id; the texts are the card file's and are looked up once per file through the
view's ``deck`` fingerprint (``catalogue``), so a view is small and every update stays cheap.
"""

from __future__ import annotations

import random
from typing import Literal, NotRequired, TypedDict

from stammtisch.core.redeal import redeal_hands
from stammtisch.games.regeln import confirmation, rules, scoring, unknown_hands
from stammtisch.games.regeln.catalogue import fingerprint
from stammtisch.games.regeln.model import COLOURS, Predict, ScoreLine, State, Vote, replace
from stammtisch.games.regeln.notation import format_action


class VoteView(TypedDict):
    yes: bool
    tiles: int


class LastVoteView(TypedDict):
    card: str
    player: int
    votes: list[VoteView]
    adopted: bool | None
    tie: bool


class LineView(TypedDict):
    incidents_before: int
    chip_points: int
    bonus: int
    incidents_after: int
    interim: int
    prediction: int
    total: int
    predicted: int | None
    noted_colour: str | None
    place: int


class PredictionView(TypedDict):
    value: int
    colour: str | None


class TransferView(TypedDict):
    seat: int
    amount: int


class ProposalView(TypedDict):
    """RGO-22: a proposed report the table is answering (public: everyone saw who spoke)."""

    notation: str
    proposer: int
    confirmed: list[int]


class DrawView(TypedDict):
    seat: int
    places: list[int]


class View(TypedDict):
    """A Regeln table as ``seat`` (or, without the seat keys, the public) sees it."""

    game: Literal["regeln"]
    phase: str
    round: int
    seats: int
    active: int
    on_turn: list[int]
    wertung: str | None
    prognose: str | None
    korrektur: list[str | None]
    abstimm: list[str | None]
    ereignis: list[str | None]
    under_vote: str | None
    covered: list[str]
    discard: list[str]
    set_aside: int
    wertung_unused: list[str]
    prognose_unused: list[str]
    hand_sizes: list[int]
    tiles: list[int]
    used_tiles: list[int]
    chips: list[dict[str, int]]
    pool: dict[str, int]
    voted: list[bool]
    predicted: list[bool]
    last_vote: LastVoteView | None
    owed: list[TransferView]
    places: list[int | None]
    punktbeste: int | None
    punktletzte: int | None
    scores: list[int]
    scorepad: list[list[LineView]]
    #: The card file, by fingerprint: the texts of its cards are looked up once (``catalogue``).
    deck: str
    #: RGO-22: whether the table confirms reports; the pending proposal; proposals withdrawn so far;
    #: the objector who proposes next; the player the rule book asks (who decides alone after two
    #: objections).
    confirm_by_table: bool
    proposal: ProposalView | None
    objections: int
    next_proposer: int | None
    reporter: int | None
    #: RGO-23: table mode without the deal: hands are counts until a card is played.
    unknown_hands: bool
    #: RG-5.2: while tied seats draw place cards, who draws next and the place cards still in the draw
    #: (public: the table sees the draw); None otherwise.
    draw: DrawView | None
    seat: NotRequired[int]
    hand: NotRequired[list[str]]
    my_vote: NotRequired[VoteView | None]
    my_prediction: NotRequired[PredictionView | None]


def _vote(vote: Vote) -> VoteView:
    return {"yes": vote.yes, "tiles": vote.tiles}


def _line(line: ScoreLine) -> LineView:
    return {
        "incidents_before": line.incidents_before,
        "chip_points": line.chip_points,
        "bonus": line.bonus,
        "incidents_after": line.incidents_after,
        "interim": line.interim,
        "prediction": line.prediction,
        "total": line.total,
        "predicted": line.predicted,
        "noted_colour": line.noted_colour,
        "place": line.place,
    }


def _draw(state: State) -> DrawView | None:
    """RG-5.2: the seat drawing a contested place card and the cards it draws from."""
    if state.phase != "ranking":
        return None
    seat, places = scoring.next_draw(state)
    return {"seat": seat, "places": list(places)}


def view(state: State, seat: int | None) -> View:
    """Everything ``seat`` may see (``None``: the public table)."""
    on_turn = list(rules.deciding(state))
    places = list(state.places)
    record = state.last_vote
    result: View = {
        "game": "regeln",
        "phase": state.phase,
        "round": state.round,
        "seats": state.seats,
        "active": state.active,
        "on_turn": on_turn,
        "wertung": state.wertung,
        "prognose": state.prognose,
        "korrektur": list(state.korrektur),
        "abstimm": list(state.abstimm),
        "ereignis": list(state.ereignis),
        "under_vote": state.under_vote if state.under_vote is not None else state.deferred_card,
        "covered": list(state.covered),
        "discard": list(state.discard),
        "set_aside": len(state.set_aside) + state.unseen_aside,
        "wertung_unused": list(state.wertung_unused),
        "prognose_unused": list(state.prognose_unused),
        "hand_sizes": [unknown_hands.hand_count(state, s) for s in range(state.seats)],
        "unknown_hands": state.unknown_hands,
        "tiles": list(state.tiles),
        "used_tiles": list(state.used_tiles),
        "chips": [dict(zip(COLOURS, mine, strict=True)) for mine in state.chips],
        "pool": dict(zip(COLOURS, state.pool, strict=True)),
        "voted": [v is not None for v in state.votes] if state.phase == "vote" else [False] * state.seats,
        "predicted": [p is not None for p in state.predictions],
        "last_vote": None
        if record is None
        else {
            "card": record.card,
            "player": record.player,
            "votes": [_vote(v) for v in record.votes],
            "adopted": record.adopted,
            "tie": record.tie,
        },
        "owed": [{"seat": t.seat, "amount": t.amount} for t in state.queue],
        "places": places,
        "punktbeste": places.index(1) if 1 in places else None,
        "punktletzte": places.index(state.seats) if state.seats in places else None,
        "scores": list(state.scores),
        "scorepad": [[_line(line) for line in lines] for lines in state.scorepad],
        "deck": fingerprint(state.deck),
        "confirm_by_table": state.confirm_by_table,
        "proposal": None
        if state.proposal is None or state.proposer is None
        else {
            "notation": format_action(state.proposal),
            "proposer": state.proposer,
            "confirmed": list(state.confirmed),
        },
        "objections": state.objections,
        "next_proposer": state.proposer if state.proposal is None else None,
        "reporter": confirmation.reporter(state) if state.phase in confirmation.REPORT_PHASES else None,
        "draw": _draw(state),
    }
    if seat is not None:
        result["seat"] = seat
        result["hand"] = list(state.hands[seat])
        mine = state.votes[seat] if state.phase == "vote" else None
        result["my_vote"] = None if mine is None else _vote(mine)
        prediction = state.predictions[seat]
        result["my_prediction"] = (
            None if prediction is None else {"value": prediction.value, "colour": prediction.colour}
        )
    return result


def hide_others(state: State, seat: int | None, seed: int) -> State:
    """``state`` with everything ``seat`` may not see replaced: the other hands and the face-down
    cards redealt (same sizes), other seats' unrevealed votes and predictions redrawn."""
    rng = random.Random(seed)
    others = [s for s in range(state.seats) if s != seat]
    hands, set_aside = redeal_hands(state.hands, others, state.set_aside, rng, state.deck.sort)
    votes = list(state.votes)
    if state.phase == "vote":
        for s in others:
            if votes[s] is not None:
                votes[s] = Vote(rng.random() < 0.5, rng.randint(1, state.tiles[s]))
    predictions: list[Predict | None] = list(state.predictions)
    for s in others:
        if predictions[s] is not None:
            old = predictions[s]
            assert old is not None
            colour = rng.choice(COLOURS) if old.colour is not None else None
            predictions[s] = Predict(rng.randint(1, state.seats), colour)
    return replace(state, hands=hands, set_aside=set_aside, votes=tuple(votes), predictions=tuple(predictions))
