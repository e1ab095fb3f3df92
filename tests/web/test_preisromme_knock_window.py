"""The knock window in digital play (R-4.2-R-4.5, R-5.1, RA-03, RA-06, RA-07): answers inside the
window are simultaneous and resolved by the rule's order, never by arrival; the window closes early
when every seat has answered; when its time runs out, the server passes for the seats that did not
answer (driven explicitly through manual timers: no test sleeps)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.support.club import signed_in
from tests.web.preisromme_support import act, headers, make_app, notations, open_table, seat_state, token


def _window(client: TestClient, links: dict[str, Any]) -> dict[str, Any]:
    view = seat_state(client, token(links, 0))["view"]
    assert view["phase"] == "knock_window", view["phase"]
    return view["window"]


def test_simultaneous_knocks_go_to_the_seat_nearest_after_the_discarder_not_the_first() -> None:
    """R-4.3/RA-07: the next player passes; the seat two after the discarder knocks *after* the seat
    three after it, and still gets the card, plus one stock card (R-5.1)."""
    app = make_app()
    with signed_in(TestClient(app)) as client:
        links = open_table(client, ["Anna", "Ben", "Carl", "Dora"])
        window = _window(client, links)  # the up-card: the dealer (seat 0) is its Ausspielerin
        discarder, nxt = window["discarder"], window["next"]
        second, third = (discarder + 2) % 4, (discarder + 3) % 4
        sizes = seat_state(client, token(links, 0))["view"]["hand_sizes"]
        act(client, token(links, third), "knock")  # arrives first
        act(client, token(links, second), "knock")
        assert seat_state(client, token(links, 0))["view"]["phase"] == "knock_window"  # still open: N has not answered
        act(client, token(links, nxt), "pass")
        view = seat_state(client, token(links, 0))["view"]
        assert view["last_window"]["taken_by"] == second
        assert sorted(view["last_window"]["claimed"]) == sorted([second, third])
        assert view["hand_sizes"][second] == sizes[second] + 2  # the card and one stock card
        assert view["hand_sizes"][nxt] == sizes[nxt] + 1  # her turn's draw
        assert not app.state.deadlines.fire()  # the window closed early: the timer finds nothing


def test_the_next_player_takes_even_after_others_knocked() -> None:
    """R-4.4: the next player's first right, whatever arrived before."""
    with signed_in(TestClient(make_app())) as client:
        links = open_table(client, ["Anna", "Ben", "Carl", "Dora"])
        window = _window(client, links)
        for seat in range(4):
            if seat not in (window["discarder"], window["next"]):
                act(client, token(links, seat), "knock")
        act(client, token(links, window["next"]), "take")
        view = seat_state(client, token(links, 0))["view"]
        assert view["last_window"]["taken_by"] == window["next"]
        assert view["phase"] == "play" and view["current"] == window["next"]


def test_when_the_window_runs_out_the_server_passes_for_those_who_did_not_answer() -> None:
    app = make_app()
    timers = app.state.deadlines
    with signed_in(TestClient(app)) as client:
        links = open_table(client, ["Anna", "Ben", "Carl", "Dora"], knock_window_seconds=15)
        window = _window(client, links)
        assert [(key[0], seconds) for key, (seconds, _) in timers.scheduled.items()] == [(links["match_id"], 15)]
        knocker = (window["discarder"] + 2) % 4
        act(client, token(links, knocker), "knock")
        before = seat_state(client, token(links, 0))
        assert before["view"]["phase"] == "knock_window"
        assert timers.fire(links["match_id"]) == 1
        # P-24: the timer passes only for the knockers' side; the next player's first right (R-4.4)
        # never runs out, so the window waits for her own answer.
        waiting = seat_state(client, token(links, 0))
        assert waiting["view"]["phase"] == "knock_window" and waiting["turn"]["seats"] == [window["next"]]
        act(client, token(links, window["next"]), "pass")
        after = seat_state(client, token(links, 0))
        assert after["view"]["last_window"]["taken_by"] == knocker
        events = app.state.service.events(links["match_id"], before["seq"])
        passes = [e for e in events if e.kind == "action" and e.actor == "timer"]
        assert sorted(e.seat for e in passes) == sorted(
            seat for seat in range(4) if seat not in (window["discarder"], knocker, window["next"])
        )
        assert all(e.payload["action"] == {"type": "Pass"} for e in passes)


def test_a_knock_after_the_window_is_refused_and_a_late_timer_does_nothing() -> None:
    """RA-06: once the window closed the card can no longer be claimed; a timer for a closed window
    (a stale seq) loses without writing anything."""
    app = make_app()
    with signed_in(TestClient(app)) as client:
        links = open_table(client, ["Anna", "Ben", "Carl", "Dora"])
        window = _window(client, links)
        table = app.state.table
        key = (1, 0)
        for seat in range(4):
            if seat != window["discarder"]:
                act(client, token(links, seat), "pass")
        seq = seat_state(client, token(links, 0))["seq"]
        assert table.expire(links["match_id"], key) is False
        assert seat_state(client, token(links, 0))["seq"] == seq
        late = (window["discarder"] + 2) % 4
        refused = client.post(
            "/api/seat/actions?lang=en", json={"seq": seq, "action": "knock"}, headers=headers(token(links, late))
        )
        assert refused.status_code == 422
        error = refused.json()["error"]
        assert (error["code"], error["clause"]) == ("knock/refused", "RA-06")
        assert error["message"].startswith("Knocking is possible only while")


def test_bots_answer_at_once_and_only_people_are_waited_for() -> None:
    app = make_app()
    with signed_in(TestClient(app)) as client:
        links = open_table(client, ["Anna", "", "", ""])
        state = seat_state(client, token(links, 0))
        assert state["turn"]["kind"] == "decision" and state["turn"]["seats"] == [0]
        # Anna lets every window run out: the timers pass for her, the bots play on until she must discard.
        # When she is the next player the window waits for her (P-24: her first right never runs out).
        for _ in range(50):
            state = seat_state(client, token(links, 0))
            if any(n.startswith("discard") for n in notations(state)) or state["turn"]["kind"] == "finished":
                break
            if "pass" in notations(state) and "take" in notations(state):
                act(client, token(links, 0), "pass")
                continue
            assert app.state.deadlines.fire() == 1
        assert any(n.startswith("discard") for n in notations(state))
