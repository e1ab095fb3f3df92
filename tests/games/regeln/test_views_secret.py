"""DESIGN "views" and RG-3.2, RG-1.11: over whole random games no view shows another seat's hand, the
cards set aside face down, a vote before the last one is in, or a prediction before it is scored."""

from __future__ import annotations

import json
import random
from typing import Any

from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.regeln import GAME
from stammtisch.games.regeln.model import State, replace


def strings(value: Any, skip: str = "cards") -> set[str]:
    found: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key != skip:
                found |= strings(item, skip)
    elif isinstance(value, list):
        for item in value:
            found |= strings(item, skip)
    elif isinstance(value, str):
        found.add(value)
    return found


def public_cards(state: State) -> set[str]:
    shown = {*state.korrektur, *state.abstimm, *state.ereignis, state.wertung, state.prognose, state.under_vote}
    shown |= {*state.covered, *state.discard, *state.wertung_unused, *state.prognose_unused, state.deferred_card}
    if state.last_vote is not None:
        shown.add(state.last_vote.card)
    return {c for c in shown if c is not None}


def check(state: State) -> None:
    for seat in (*range(state.seats), None):
        view = GAME.view(state, seat)
        seen = strings(view)
        secret = {c for s in range(state.seats) if s != seat for c in state.hands[s]} | set(state.set_aside)
        assert not (seen & (secret - public_cards(state))), (state.phase, seat)
        if state.phase in ("vote", "predict"):
            assert GAME.view(GAME.hide_others(state, seat, 1), seat) == view


def test_no_view_leaks_in_whole_games() -> None:
    for seed in range(4):
        rng = random.Random(seed)
        state = GAME.start(3 + seed % 3, GAME.configure())
        while True:
            check(state)
            turn = GAME.turn(state)
            if isinstance(turn, Finished):
                break
            if isinstance(turn, Chance):
                state = GAME.resolve(state, sample(turn.node, rng))
            else:
                seat = rng.choice(turn.seats)
                state = GAME.act(state, seat, rng.choice(GAME.legal_actions(state, seat)))


def test_a_vote_changes_no_other_view_before_the_reveal() -> None:
    """RG-3.2: until the last vote arrives, another seat's view is the same whatever was voted."""
    rng = random.Random(3)
    state = GAME.start(4, GAME.configure())
    while state.phase != "vote":
        turn = GAME.turn(state)
        if isinstance(turn, Chance):
            state = GAME.resolve(state, sample(turn.node, rng))
        else:
            seat = turn.seats[0]
            state = GAME.act(state, seat, GAME.legal_actions(state, seat)[0])
    voter = 1
    views = set()
    for action in GAME.legal_actions(state, voter):
        after = GAME.act(state, voter, action)
        views.add(json.dumps([GAME.view(after, s) for s in (0, 2, 3, None)], sort_keys=True))
    assert len(views) == 1


def _swapped(state: State, seat: int, field: str, value: Any) -> State:
    values = list(getattr(state, field))
    values[seat] = value
    return replace(state, **{field: tuple(values)})


def test_rg3_2_before_the_last_vote_no_view_shows_any_vote_over_whole_games() -> None:
    """RG-3.2, RG-1.11 (conformance, issue 12): over whole random games, at every state where someone has
    still to vote, every vote already given may be replaced by any other vote that seat could have given,
    and no other seat's view nor the public one changes: nothing of a vote shows before the last one
    arrives. The same for the secret predictions, at every decision until they are scored."""
    checked = 0
    for seed in range(3):
        rng = random.Random(100 + seed)
        state = GAME.start(3 + seed, GAME.configure())
        choices: dict[str, dict[int, tuple[Any, ...]]] = {"votes": {}, "predictions": {}}
        while True:
            turn = GAME.turn(state)
            if isinstance(turn, Finished):
                break
            if isinstance(turn, Chance):
                state = GAME.resolve(state, sample(turn.node, rng))
                continue
            if state.phase == "vote":  # what each seat could answer when the decision opened
                for seat in turn.seats:
                    choices["votes"].setdefault(seat, GAME.legal_actions(state, seat))
            elif state.phase == "predict":
                choices["votes"] = {}
                for seat in turn.seats:
                    choices["predictions"].setdefault(seat, GAME.legal_actions(state, seat))
            else:
                choices["votes"] = {}
            for field, alternatives in choices.items():
                given = getattr(state, field)
                for seat in (s for s in alternatives if given[s] is not None):
                    others = [s for s in (*range(state.seats), None) if s != seat]
                    before = [GAME.view(state, s) for s in others]
                    for alternative in alternatives[seat]:
                        changed = _swapped(state, seat, field, alternative)
                        assert [GAME.view(changed, s) for s in others] == before, (state.phase, seat, alternative)
                        checked += 1
            if state.phase == "choose_prognose":
                choices["predictions"] = {}  # the last ones are scored: the next rule asks anew
            seat = rng.choice(turn.seats)
            state = GAME.act(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert checked > 1000
