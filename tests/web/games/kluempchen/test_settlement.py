"""Round end on the page: who lost, each player's units and cents with the reasons (K-11..K-13),
the externals' share (C-4.2) and payouts (C-4.1, KA-29), the bank's total; one button per choice."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

FACES = {6: "1 1 1 2 3 4", 5: "2 3 4 5 6", 4: "2 3 5 6", 3: "1 5 6", 2: "5 6", 1: "5"}


def play_round(service: Any, match_id: str) -> None:
    """Every turn: three ones, a fourth one, stop (20 points); until the round is over."""
    for _ in range(500):
        snap = service.snapshot(match_id)
        if snap.view["phase"] != "play":
            return
        free = snap.view["turn"]["free"]
        notations = {entry["notation"]: entry["seat"] for entry in snap.legal}
        if snap.turn["kind"] == "chance":
            service.enter_outcome(match_id, FACES[free], snap.seq)
        elif "stop" in notations:
            service.act(match_id, notations["stop"], "stop", snap.seq)
        else:
            service.submit(match_id, [(notations["throw"], "throw"), (None, FACES[free])], snap.seq)
    raise AssertionError("the round did not end")


def test_round_end_shows_who_pays_what(app: FastAPI, client: TestClient) -> None:
    service = app.state.service
    snap = service.create(
        "kluempchen",
        ["Anna", "Ben", "Carl", "Dora", "Emil"],
        options={"team_draw": "manual"},
        setup={"teams": [[0, 1], [2, 3], [4]], "externals": [3]},
    )
    play_round(service, snap.match_id)
    page = client.get(f"/m/{snap.match_id}?lang=en").text
    assert "Round 1: who pays what" in page and "Lost: Emil" in page
    assert "one unit = €2.50" in page
    # Members pay whole units; the external Dora pays without her own share (C-4.2) ...
    assert "Joker ins Grab (unused joker) ×1" in page and "€2.00" in page
    # ... and is paid her share of what the others paid (KA-29).
    assert "The bank pays out to externals" in page
    bank = service.snapshot(snap.match_id).view["totals"]["bank_cents"]
    assert f"€{bank / 100:.2f}" in page
    # After a round any seat may choose: one button each, not one per seat.
    assert page.count('data-notation="next"') == 1 and page.count('data-notation="close"') == 1
    german = client.get(f"/m/{snap.match_id}?lang=de").text
    assert "Runde 1: wer zahlt was" in german and "2,50\xa0€" in german


def test_scoresheet_mode_enters_points(client: TestClient) -> None:
    """Scoresheet mode: the scribe types each turn's result; no dice pad, no button per result."""
    from tests.web.conftest import HTMX, start_evening, state

    match_id = start_evening(client, mode="scoresheet")
    page = client.get(f"/m/{match_id}?lang=en").text
    assert 'action="/m/' in page and "/score" in page and 'data-testid="pad"' not in page
    assert page.count('data-notation="score') == 0
    seq = state(client, match_id)["seq"]
    response = client.post(f"/m/{match_id}/score", data={"seq": seq, "seat": 0, "points": 20}, headers=HTMX)
    assert response.status_code == 200
    response = client.post(
        f"/m/{match_id}/score", data={"seq": seq + 1, "seat": 1, "points": 10, "joker": "true"}, headers=HTMX
    )
    assert response.status_code == 200 and 'data-testid="score-0">30<' in response.text
    response = client.post(f"/m/{match_id}/score?lang=en", data={"seq": seq + 2, "seat": 2, "points": 1}, headers=HTMX)
    assert response.status_code == 422  # 1 point cannot be thrown


def test_k16_scoresheet_entry_says_who_threw(client: TestClient) -> None:
    """K-16.1–K-16.3 in scoresheet mode: the form asks who threw; the partner's Straßen go to his own
    account and a joker with a stand-in is refused (nothing written)."""
    from tests.web.conftest import HTMX, start_evening, state

    match_id = start_evening(client, mode="scoresheet")
    page = client.get(f"/m/{match_id}?lang=en").text
    assert "Who threw?" in page and 'name="thrower" value="1"' in page
    assert "Wer hat geworfen?" in client.get(f"/m/{match_id}?lang=de").text
    seq = state(client, match_id)["seq"]
    refused = client.post(
        f"/m/{match_id}/score?lang=en",
        data={"seq": seq, "seat": 0, "points": 20, "joker": "true", "thrower": "1"},
        headers=HTMX,
    )
    assert refused.status_code == 422 and state(client, match_id)["seq"] == seq
    response = client.post(
        f"/m/{match_id}/score", data={"seq": seq, "seat": 0, "points": 0, "strassen": 1, "thrower": "1"}, headers=HTMX
    )
    assert response.status_code == 200
    assert state(client, match_id)["view"]["strassen"][:2] == [0, 1]  # the thrower's account (K-16.3)
