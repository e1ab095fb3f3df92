"""Digital mode: the app rolls (the service samples every chance event); sampled dice cannot be
undone (M-5), so nobody can re-roll."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.conftest import HTMX, start_evening, state


def test_the_team_draw_is_rolled_by_the_app(client: TestClient) -> None:
    """K-2/KA-22: in digital play the draw rolls are sampled at once; play starts."""
    match_id = start_evening(client, mode="digital", teams=False)
    snap = state(client, match_id)
    assert snap["view"]["phase"] == "play" and snap["seq"] >= 4
    assert len(snap["view"]["teams"]) == 2


def test_roll_button_throws_the_dice(client: TestClient) -> None:
    match_id = start_evening(client, mode="digital")
    page = client.get(f"/m/{match_id}?lang=de").text
    assert 'data-testid="pad"' not in page  # nobody types dice in digital play
    assert 'data-notation="throw"' in page and "Würfeln" in page
    seq = state(client, match_id)["seq"]
    response = client.post(f"/m/{match_id}/act", data={"seq": seq, "seat": "0", "notation": "throw"}, headers=HTMX)
    assert response.status_code == 200
    snap = state(client, match_id)
    assert snap["seq"] >= seq + 2  # the throw and the sampled dice (more if throw 2 follows at once)
    assert any(event.get("sampled") for event in snap["last_events"])
    assert snap["can_undo"] is False
    response = client.post(f"/m/{match_id}/undo?lang=en", data={"seq": snap["seq"]}, headers=HTMX)
    assert response.status_code == 422 and 'data-clause="M-5"' in response.text
