"""M-12 (issue 13.2): a player nobody expected joins a running Klümpchen evening (E-26).

The step that seats him comes alone with his name, which its event keeps; snapshots, history sentences
and ``players()`` show it after the record's names; undo takes it back with the step; replay from the
log alone gives the same names; the new seat acts like any other. In every mode.
"""

from __future__ import annotations

from typing import Any

import pytest

from stammtisch.games.kluempchen.model import PLAY, ROUND_OVER
from stammtisch.matches import InMemoryRepository, MatchService
from stammtisch.matches.errors import InvalidSeat
from stammtisch.matches.guests import JoinRefused
from tests.matches.conftest import make_service

NAMES = ["Anna", "Ben", "Carl", "Dora"]
MODES = ["table", "digital", "scoresheet"]


def new_evening(service: MatchService, mode: str = "scoresheet", names: list[str] | None = None) -> str:
    setup: dict[str, Any] = {"teams": [[0, 1], [2, 3]]}
    snapshot = service.create(
        "kluempchen", names or NAMES, options={"team_draw": "manual"}, setup=setup, mode=mode, title="Freitag"
    )
    return snapshot.match_id


def play_round(service: MatchService, match_id: str, winners: set[int]) -> None:
    """Plays the running round to its end: in scoresheet mode ``winners`` score 100 a turn, everybody else
    10; at the table dice of 6 points are entered, in digital play the sampled dice count."""
    for _ in range(2000):
        state = service.state(match_id)
        if state.phase != PLAY:
            return
        turn = state.round.turn
        snapshot = service.snapshot(match_id)
        if state.config.mode == "scoresheet":
            points = 100 if turn.owner in winners else 10
            service.act(match_id, turn.owner, f"score {points}", snapshot.seq)
        elif snapshot.turn["kind"] == "chance":
            service.enter_outcome(match_id, "3 4 5 6 6 6" if turn.throws == 0 else "1 2 3", snapshot.seq)
        else:  # stop when allowed, else the first choice offered (throw, a pair to keep, 15 Voll* a)
            offered = [entry["notation"] for entry in snapshot.legal]
            service.act(match_id, turn.thrower, "stop" if "stop" in offered else offered[0], snapshot.seq)
    raise AssertionError("the round did not end")


def between_rounds(service: MatchService, mode: str = "scoresheet") -> str:
    match_id = new_evening(service, mode)
    play_round(service, match_id, {0, 1})
    assert service.state(match_id).phase == ROUND_OVER
    return match_id


@pytest.mark.parametrize("mode", MODES)
def test_m12_the_joining_player_is_named_everywhere_and_plays_the_next_round(mode: str) -> None:
    """M-12, E-26: "join" with the name Karl adds seat 4 named Karl (snapshot, players(), the history
    sentence); Karl starts the draw (E-24) and plays round 2; a fresh service reading the same log
    (another worker, a restart) sees the same."""
    repository = InMemoryRepository()
    service = make_service(repository)
    match_id = between_rounds(service, mode)
    seq = service.snapshot(match_id).seq
    snapshot = service.act(match_id, 2, "join", seq, player="  Karl   Heinz ")
    assert snapshot.players == [*NAMES, "Karl Heinz"] and service.players(match_id) == [*NAMES, "Karl Heinz"]
    assert snapshot.view["seats"] == 5 and snapshot.view["draw_starter"] == 4
    assert snapshot.last_events[-1]["text"]["en"] == "Seat 3 (Carl): join"
    event = service.events(match_id)[-1]
    assert event.payload["player"] == "Karl Heinz" and event.payload["action"] == {"type": "Join", "external": False}
    snapshot = service.act(match_id, 4, "redraw", snapshot.seq)  # the new seat acts like any other
    said = snapshot.last_events[-1]["text"]
    assert said == {"de": "Platz 5 (Karl Heinz): redraw", "en": "Seat 5 (Karl Heinz): redraw"}
    snapshot = service.act(match_id, 4, "team 4 0", snapshot.seq)
    snapshot = service.act(match_id, 4, "team 1 2", snapshot.seq)
    assert service.snapshot(match_id, seat=4).seat == 4
    play_round(service, match_id, {1, 2})
    state = service.state(match_id)
    assert state.phase == ROUND_OVER and (4, 0) in [t.members for t in state.rounds[1].teams]
    fresh = make_service(repository)
    assert fresh.players(match_id) == [*NAMES, "Karl Heinz"]
    assert fresh.state(match_id) == state
    assert make_service(repository, validate_replay=True).state(match_id) == state


def test_m12_undo_takes_the_name_back_with_the_seat() -> None:
    """M-4, M-12: undoing the join removes the seat and its name; a join after it names the new seat anew."""
    service = make_service()
    match_id = between_rounds(service)
    snapshot = service.act(match_id, 0, "join external", service.snapshot(match_id).seq, player="Olaf")
    assert snapshot.players[-1] == "Olaf" and snapshot.view["externals"] == [4]
    snapshot = service.undo(match_id, snapshot.seq)
    assert snapshot.players == NAMES and snapshot.view["seats"] == 4
    with pytest.raises(InvalidSeat):
        service.act(match_id, 4, "close", snapshot.seq)
    snapshot = service.act(match_id, 0, "join", snapshot.seq, player="Paul")
    assert snapshot.players == [*NAMES, "Paul"] and snapshot.view["externals"] == []
    assert make_service(service.repository).players(match_id) == [*NAMES, "Paul"]


def test_m12_a_seating_step_needs_a_name_and_a_name_needs_a_seating_step() -> None:
    """M-12: "join" without a name, a name with another step, a blank or too long name, or a name with
    several steps: refused, nothing written."""
    service = make_service()
    match_id = between_rounds(service)
    seq = service.snapshot(match_id).seq
    cases: list[tuple[Any, str | None]] = [
        ([(0, "join")], None),
        ([(0, "close")], "Karl"),
        ([(0, "join")], "   "),
        ([(0, "join")], "K" * 201),
        ([(0, "join"), (0, "redraw")], "Karl"),
    ]
    for steps, player in cases:
        with pytest.raises(JoinRefused) as error:
            service.submit(match_id, steps, seq, player=player)
        assert error.value.clause == "M-12" and error.value.message.de and error.value.message.en
        assert "M-12" not in error.value.message.en
    assert service.snapshot(match_id).seq == seq and service.players(match_id) == NAMES


def test_m12_the_engine_refusal_comes_first_during_a_round() -> None:
    """E-26: during a round the engine refuses the step (the name does not matter); nothing is written."""
    service = make_service()
    match_id = new_evening(service)
    with pytest.raises(Exception) as error:
        service.act(match_id, 0, "join", service.snapshot(match_id).seq, player="Karl")
    assert getattr(error.value, "clause", None) == "E-26"
    assert service.players(match_id) == NAMES
