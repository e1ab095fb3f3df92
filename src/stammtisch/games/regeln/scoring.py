"""The Scoring Round (RG-4), the Prediction Round (RG-5), standings with drawn ties, and the end (RG-6).

Order inside a Scoring and Prediction Round (RG-R10): (1) incidents at the start (the first speaker;
ours: the chip-count incidents), (2) chip points under the Wertung with the Korrektur values, (3)
the bonus, (4) interim standings, (5) rank incidents, (6) predictions against the standings after
(5), (7) final standings, place cards, Punktbeste and Punktletzte. Every standing with tied seats
is settled by drawing the contested place cards (RG-5.2, RG-R09): a chance event per seat, anew at
every standing (RG-R09 as ruled; ours: RGO-6).
"""

from __future__ import annotations

from typing import Any

from stammtisch.core.protocol import Result
from stammtisch.games.regeln import effects, unknown_hands
from stammtisch.games.regeln.mats import place
from stammtisch.games.regeln.model import ROUNDS, TILES, Card, ScoreLine, State, replace

# --- standings -------------------------------------------------------------------------------


def begin_ranking(state: State, stage: str, totals: tuple[int, ...]) -> State:
    """Places for ``totals`` (higher is better); ties are drawn (RG-5.2)."""
    # RG-R09 (as ruled): a tie is drawn anew at every standing, even when no total changed since the
    # last one; a draw never carries over.
    ranking = tuple(
        1 + sum(1 for other in totals if other > total) if totals.count(total) == 1 else None for total in totals
    )
    state = replace(state, ranking=ranking, ranking_stage=stage, ranking_totals=totals, phase="ranking")
    return settle_ranking(state)


def _contested(state: State, seat: int) -> tuple[int, ...]:
    totals = state.ranking_totals
    total = totals[seat]
    first = 1 + sum(1 for other in totals if other > total)
    group = [s for s in range(state.seats) if totals[s] == total]
    taken = {state.ranking[s] for s in group}
    return tuple(p for p in range(first, first + len(group)) if p not in taken)


def next_draw(state: State) -> tuple[int, tuple[int, ...]]:
    """The seat that draws next and the place cards it draws from."""
    seat = state.ranking.index(None)
    return seat, _contested(state, seat)


def settle_ranking(state: State) -> State:
    """Assign forced places (the last card of a group); wait for a draw, or go on."""
    while None in state.ranking:
        seat, contested = next_draw(state)
        if len(contested) > 1:
            return replace(state, phase="ranking")
        ranking = list(state.ranking)
        ranking[seat] = contested[0]
        state = replace(state, ranking=tuple(ranking))
    state = replace(state, last_ranking_totals=state.ranking_totals)
    return after_ranking(state)


def after_ranking(state: State) -> State:
    stage = state.ranking_stage
    if stage == "setup":
        # RG-1.10, RG-R16: "1. Platz" (also Punktbeste) starts; everyone writes the first prediction.
        return replace(state, places=state.ranking, active=state.ranking.index(1), phase="predict")
    if stage == "interim":
        return _rank_incidents(state)
    if stage == "prediction":
        return _score_predictions(state)
    return end_round(state)


# --- the Scoring Round -------------------------------------------------------------------------


def in_force(state: State, card_type: str) -> tuple[Card, ...]:
    ids = state.korrektur if card_type == "korrektur" else state.abstimm if card_type == "abstimm" else state.ereignis
    return tuple(state.deck.card(c) for c in ids if c is not None)


def begin_scoring(state: State) -> State:
    """RG-4.2: the Scoring Round starts; the table first enters who spoke first if an Ereignis in force
    asks (RG-R15)."""
    if any(effects.trigger(card) == "first_to_speak_in_scoring" for card in in_force(state, "ereignis")):
        return replace(state, phase="first_speaker", first_speaker=None)
    return score_chips(replace(state, first_speaker=None))


def score_chips(state: State) -> State:
    """RG-R10 steps 1-4: start incidents, chip points (Wertung + Korrektur values), bonus, interim."""
    assert state.wertung is not None
    wertung = state.deck.card(state.wertung)
    korrektur = in_force(state, "korrektur")
    incidents = in_force(state, "ereignis")
    values = effects.colour_values(korrektur)
    per_colour = state.config.k_b4_per == "colour"
    lines = []
    for seat in range(state.seats):
        mine = state.chips[seat]
        before = 0
        for card in incidents:
            if effects.trigger(card) == "first_to_speak_in_scoring" and state.first_speaker == seat:
                before += int(card.param("points"))
            before += effects.chip_count_incident(card, seat, state.chips)
        prediction = state.predictions[seat]
        noted = prediction.colour if prediction is not None else None
        chips = effects.chip_points(wertung, mine, values, noted)
        bonus = 0
        if wertung.param("add_bonus"):
            bonus = sum(
                effects.bonus(card, mine, state.chips, per_colour)
                for card in korrektur
                if card.param("kind") == "bonus"
            )
        interim = state.scores[seat] + before + chips + bonus
        lines.append(
            ScoreLine(
                incidents_before=before,
                chip_points=chips,
                bonus=bonus,
                interim=interim,
                predicted=prediction.value if prediction is not None else None,
                noted_colour=noted,
            )
        )
    state = replace(state, lines=tuple(lines))
    totals = tuple(line.interim for line in lines)
    if any(effects.trigger(card) in ("rank_first_after_interim", "rank_last_after_interim") for card in incidents):
        return begin_ranking(state, "interim", totals)
    return begin_ranking(state, "prediction", totals)


def _rank_incidents(state: State) -> State:
    """RG-R10 step 5: incidents by rank in the interim standings (e.g. 1st place loses 10)."""
    incidents = in_force(state, "ereignis")
    lines = []
    for seat, line in enumerate(state.lines):
        place = state.ranking[seat]
        assert place is not None
        after = sum(effects.rank_incident(card, place, state.seats) for card in incidents)
        lines.append(replace(line, incidents_after=after))
    state = replace(state, lines=tuple(lines))
    return begin_ranking(state, "prediction", tuple(line.interim + line.incidents_after for line in lines))


def _score_predictions(state: State) -> State:
    """RG-5.1, RG-R09: the predictions are revealed and scored against the standings."""
    assert state.prognose is not None
    prognose = state.deck.card(state.prognose)
    places = tuple(p for p in state.ranking if p is not None)
    lines = []
    for seat, line in enumerate(state.lines):
        points = 0
        if line.predicted is not None:
            points = effects.prediction_points(prognose, seat, line.predicted, places)
        total = line.interim + line.incidents_after + points
        lines.append(replace(line, prediction=points, total=total))
    state = replace(state, lines=tuple(lines))
    return begin_ranking(state, "final", tuple(line.total for line in lines))


def end_round(state: State) -> State:
    """RG-5.2, RG-5.3, RG-6: final standings and place cards; tiles back to 4; the old Wertung and
    Prognose to the bottom of the Kartenablage; the next rules are chosen, or the game ends."""
    lines = tuple(replace(line, place=state.ranking[seat] or 0) for seat, line in enumerate(state.lines))
    assert state.wertung is not None and state.prognose is not None
    state = replace(
        state,
        scores=tuple(line.total for line in lines),
        scorepad=(*state.scorepad, lines),
        lines=(),
        places=state.ranking,
        tiles=(TILES,) * state.seats,
        used_tiles=(0,) * state.seats,
        discard=(*state.discard, state.wertung, state.prognose),
        wertung=None,
        prognose=None,
        predictions=(None,) * state.seats,
        first_speaker=None,
        stood=False,
        speakers=(),
    )
    if state.deferred_card is not None and state.deferred_slot is not None:
        state = place(state, state.deferred_card, state.deferred_slot)
        state = replace(state, deferred_card=None, deferred_slot=None)
    if state.config.return_chips_after_scoring:
        state = replace(state, chips=((0, 0, 0, 0),) * state.seats, pool=(state.total_chips,) * 4)
    if state.round >= ROUNDS or state.last_round or unknown_hands.all_empty(state):
        return replace(state, phase="over")
    return replace(state, round=state.round + 1, phase="choose_wertung")


# --- the end ---------------------------------------------------------------------------------------


def result(state: State) -> Result:
    """RG-6.1, RG-R14: most points wins; a tie is shared (option ``winner_tiebreak``)."""
    scores = state.scores
    if state.config.winner_tiebreak == "draw_place_cards" and None not in state.places:
        order = sorted(range(state.seats), key=lambda s: state.places[s] or 0)
        ranking: tuple[tuple[int, ...], ...] = tuple((s,) for s in order)
    else:
        ranking = tuple(
            tuple(s for s in range(state.seats) if scores[s] == value) for value in sorted(set(scores), reverse=True)
        )
    details: dict[str, Any] = {
        "rounds": len(state.scorepad),
        "places": [p for p in state.places],
        "scorepad": [[_line_json(line) for line in lines] for lines in state.scorepad],
    }
    return Result(scores, ranking, details)


def _line_json(line: ScoreLine) -> dict[str, Any]:
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
