"""E-1 (mandatory throws follow by themselves, K-6.2/KA-02): the table sees every throw of the turn in
order, with the dice set aside and what each throw did (S-3..S-8, KA-03, KA-08, K-4/K-7/K-9), and the
previous player turn after it passed."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.core.protocol import Chance
from stammtisch.games.kluempchen import GAME
from tests.games.kluempchen.helpers import new_state, play, view


def _events(throws: list[dict]) -> list[str | None]:
    return [t["event"]["en"] if t["event"] else None for t in throws]


def test_e1_both_throws_of_one_tap_are_shown() -> None:
    """E-1/K-6.2: after "throw" the 1st and the mandatory 2nd throw both stand in the view, in order."""
    state = play(new_state(), "throw", "3 4 5 6 6 6", "1 2 6")
    throws = view(state)["turn"]["throws"]
    assert [t["faces"] for t in throws] == [[3, 4, 5, 6, 6, 6], [1, 2, 6]]
    assert [t["kept"] for t in throws] == [[6, 6, 6], [6]]  # KA-05 the triple; KA-06 (i) the 6 joins it
    assert [t["number"] for t in throws] == [1, 2] and _events(throws) == [None, None]
    json.dumps(view(state))


def test_s08_confirmation_chain_is_read_throw_by_throw() -> None:
    """S-3/S-4/KA-08/KA-09: Straße, then 15 Voll (a new Würfelfolge each), then a clump confirms 45."""
    state = play(new_state(), "throw", "1 2 3 4 5 6", "1 1 2 2 3 3", "4 4 4 1 2 3", "4 5 6")
    throws = view(state)["turn"]["throws"]
    assert _events(throws) == [
        "Straße: 30 await confirmation",
        "15 Voll: 15 await confirmation",
        "confirmed: 45 count",
        None,
    ]
    assert throws[0]["event"]["de"] == "Straße: 30 stehen zur Bestätigung"
    assert [t["sequence"] for t in throws] == [1, 2, 3, 3]
    assert [t["kept"] for t in throws] == [[], [], [4, 4, 4], [4]]
    state = play(state, "stop")
    previous = view(state)["previous_turn"]
    assert previous["owner"] == 0 and previous["points"] == 53 and previous["how"] == "stop"
    assert previous["throws"] == throws
    assert previous["result"] == {"de": "Platz 1 hört auf: 53 Punkte", "en": "seat 1 stopped: 53 points"}
    assert view(state)["turn"]["throws"] == []  # the next player's turn starts empty


def test_ka03_risk_throw_raised_or_failed() -> None:
    """KA-03 R-B: the 3rd throw must raise the value; the record says which way it went."""
    raised = play(new_state(), "throw", "3 4 5 6 6 6", "1 2 3", "throw", "6 1 2")
    previous = view(raised)["previous_turn"]
    assert _events(previous["throws"]) == [None, None, "risk throw raised: 6 → 12"]
    assert previous["throws"][2]["kept"] == [6] and previous["points"] == 12
    failed = play(new_state(), "throw", "3 4 5 6 6 6", "1 2 3", "throw", "4 1 2")
    previous = view(failed)["previous_turn"]
    assert previous["throws"][2]["event"]["de"].startswith("Risikowurf verloren") and previous["points"] == 0
    free = play(new_state(), "throw", "1 1 2 2 3 4", "keep 1", "2 3 4 5", "throw", "5 5 6 6")
    assert view(free)["previous_turn"]["throws"][-1]["event"]["en"] == "free throw brought nothing countable: 0"


def test_k07_turm_cocked_and_foul_are_noted() -> None:
    """K-7/KA-25, K-9/KA-26, K-4/KA-24: void throws show without dice; the 3rd Turm ends the turn."""
    state = play(new_state(), "joker", "turm", "cocked", "turm")
    throws = view(state)["turn"]["throws"]
    assert [t["void"] for t in throws] == [True] * 3 and all(t["faces"] == [] for t in throws)
    assert _events(throws) == ["Turm (no. 1): throw again", "dice cocked: throw again", "Turm (no. 2): throw again"]
    state = play(state, "turm")
    previous = view(state)["previous_turn"]
    assert previous["joker"] and previous["points"] == 0
    assert previous["throws"][-1]["event"]["de"] == "Turm (3. in Folge): der Wurf endet"
    fouled = play(new_state(), "throw", "3 4 5 6 6 6", "foul off_table")
    previous = view(fouled)["previous_turn"]
    assert [t["faces"] for t in previous["throws"]] == [[3, 4, 5, 6, 6, 6], []]
    assert previous["throws"][1]["event"]["en"] == "foul: a die fell off the table – the turn ends"


def test_choices_fill_in_the_throw_already_shown() -> None:
    """K-6.7/S-8.3: a 2-2-1-1 throw shows at once; the chosen pair / the 15 Voll* option completes it."""
    waiting = play(new_state(), "throw", "1 1 2 2 3 4")
    assert view(waiting)["turn"]["throws"] == [
        {"faces": [1, 1, 2, 2, 3, 4], "kept": [], "event": None, "sequence": 1, "number": 1, "void": False}
    ]
    kept = play(waiting, "keep 2")
    assert view(kept)["turn"]["throws"][0]["kept"] == [2, 2] and len(view(kept)["turn"]["throws"]) == 1
    star = play(new_state(), "throw", "5 5 5 5 2 2", "voll b")
    assert _events(view(star)["turn"]["throws"]) == ["15 Voll* (b): the four 5s stay aside"]


def test_s07_six_equal_stays_readable_after_the_round() -> None:
    """S-7/KA-13: six equal in one throw ends the round; the throw is still shown as the last turn."""
    state = play(new_state(), "throw", "4 4 4 4 4 4")
    previous = view(state)["previous_turn"]
    assert view(state)["phase"] == "round_over" and previous["how"] == "six_equal"
    assert previous["throws"][0]["event"]["en"] == "six equal (4s) in one throw: the round ends"


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False))
def test_every_counted_throw_is_in_the_record(rng) -> None:
    """Invariant: the record's last real throw is the turn's last throw; kept dice come from its faces."""
    state = new_state(4, mode="table")
    for _ in range(120):
        turn = GAME.turn(state)
        if isinstance(turn, Chance):
            count = turn.node.distribution.count
            state = GAME.resolve(state, GAME.parse_outcome(" ".join(str(rng.randint(1, 6)) for _ in range(count))))
        elif hasattr(turn, "seats"):
            seat = turn.seats[0]
            legal = GAME.legal_actions(state, seat)
            if not legal:
                break
            state = GAME.act(state, seat, rng.choice(legal))
        else:
            break
        shown = view(state)["turn"]
        if shown is None:
            continue
        real = [t for t in shown["throws"] if not t["void"]]
        if real:
            assert real[-1]["faces"] == sorted(shown["last_throw"])
        for t in real:
            for face in set(t["kept"]):
                assert t["kept"].count(face) <= t["faces"].count(face)
